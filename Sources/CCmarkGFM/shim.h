// cmark-gfm, GitHub's CommonMark parser with its extensions (Debian's libcmark-gfm-dev and
// libcmark-gfm-extensions-dev; libcmark-gfm.pc links both libraries).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
