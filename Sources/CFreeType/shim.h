#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include FT_STROKER_H
#include FT_BITMAP_H
#include FT_MODULE_H

/* FT_Error_String is NULL unless FreeType was built with error strings (Debian's is not); fterrors.h is made to be
   included again with FT_ERRORDEF defined, which gives the same table from the header every build has. */
#undef FTERRORS_H_
#undef __FTERRORS_H__
#define FT_ERROR_START_LIST static inline const char *galley_ft_error_message(FT_Error error) { switch (error) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST default: return 0; } }
#include FT_ERRORS_H
