// The default fonts, compiled into the library (fonts.S), so a built Galley needs no Fonts/ directory at run time.
#ifndef CGALLEYFONTS_H
#define CGALLEYFONTS_H

#include <stddef.h>

// How many font files are embedded.
size_t CGalleyFonts_count(void);

// Embedded file `index` (0 ..< count): returns its path under Fonts/ (such as "Inter/Inter-roman.var.ttf") and
// sets `data` and `length` to its bytes, which live as long as the process; NULL for an index out of range.
const char *CGalleyFonts_file(size_t index, const unsigned char **data, size_t *length);

#endif
