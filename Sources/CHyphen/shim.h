// libhyphen (Hunspell's hyphenation library, Debian's libhyphen-dev) has no pkg-config file: its one header.
#include <hyphen.h>
