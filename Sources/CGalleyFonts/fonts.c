#include "CGalleyFonts.h"

#define FONT(symbol, file)                                                                                     \
    extern const unsigned char galley_font_##symbol##_start[];                                                 \
    extern const unsigned char galley_font_##symbol##_end[];
#include "fonts.def"
#undef FONT

#define FONT(symbol, file) {file, galley_font_##symbol##_start, galley_font_##symbol##_end},
static const struct {
    const char *path;
    const unsigned char *start;
    const unsigned char *end;
} embedded[] = {
#include "fonts.def"
};
#undef FONT

size_t CGalleyFonts_count(void) { return sizeof embedded / sizeof embedded[0]; }

const char *CGalleyFonts_file(size_t index, const unsigned char **data, size_t *length) {
    if (index >= CGalleyFonts_count()) return NULL;
    *data = embedded[index].start;
    *length = (size_t)(embedded[index].end - embedded[index].start);
    return embedded[index].path;
}
