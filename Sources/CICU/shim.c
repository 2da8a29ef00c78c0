#include "CICU.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>

_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar is UTF-16");
_Static_assert(USCRIPT_LATIN == CICU_SCRIPT_LATIN && USCRIPT_HAN == CICU_SCRIPT_HAN, "script codes");
_Static_assert(UBRK_LINE == CICU_BREAK_LINE && UCHAR_LINE_BREAK == CICU_PROPERTY_LINE_BREAK, "ICU constants");
_Static_assert(UCHAR_EAST_ASIAN_WIDTH == CICU_PROPERTY_EAST_ASIAN_WIDTH, "ICU constants");
_Static_assert(U_LB_AMBIGUOUS == CICU_LB_AMBIGUOUS && U_LB_ALPHABETIC == CICU_LB_ALPHABETIC &&
                   U_LB_BREAK_AFTER == CICU_LB_BREAK_AFTER && U_LB_CLOSE_PUNCTUATION == CICU_LB_CLOSE_PUNCTUATION &&
                   U_LB_EXCLAMATION == CICU_LB_EXCLAMATION && U_LB_IDEOGRAPHIC == CICU_LB_IDEOGRAPHIC &&
                   U_LB_INFIX_NUMERIC == CICU_LB_INFIX_NUMERIC && U_LB_NONSTARTER == CICU_LB_NONSTARTER &&
                   U_LB_NUMERIC == CICU_LB_NUMERIC && U_LB_OPEN_PUNCTUATION == CICU_LB_OPEN_PUNCTUATION &&
                   U_LB_COMPLEX_CONTEXT == CICU_LB_COMPLEX_CONTEXT &&
                   U_LB_CLOSE_PARENTHESIS == CICU_LB_CLOSE_PARENTHESIS &&
                   U_LB_HEBREW_LETTER == CICU_LB_HEBREW_LETTER,
               "line-break classes");
_Static_assert(UBRK_LINE_HARD == CICU_LINE_HARD && UBRK_LINE_HARD_LIMIT == CICU_LINE_HARD_LIMIT &&
                   UBRK_WORD_NONE_LIMIT == CICU_WORD_NONE_LIMIT &&
                   U_MEMORY_ALLOCATION_ERROR == CICU_MEMORY_ALLOCATION_ERROR,
               "rule statuses");
_Static_assert(U_EA_HALFWIDTH == CICU_EA_HALFWIDTH && U_EA_FULLWIDTH == CICU_EA_FULLWIDTH && U_EA_WIDE == CICU_EA_WIDE,
               "East Asian widths");

const char *CICU_errorName(int32_t status) { return u_errorName((UErrorCode)status); }

CICU_Bidi *CICU_ubidi_open(void) { return (CICU_Bidi *)ubidi_open(); }
void CICU_ubidi_close(CICU_Bidi *bidi) { ubidi_close((UBiDi *)bidi); }
void CICU_ubidi_setPara(CICU_Bidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                        int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, paragraphLevel, NULL, &code);
    *status = code;
}
const uint8_t *CICU_ubidi_getLevels(CICU_Bidi *bidi, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    const UBiDiLevel *levels = ubidi_getLevels((UBiDi *)bidi, &code);
    *status = code;
    return levels;
}
uint8_t CICU_ubidi_getParaLevel(const CICU_Bidi *bidi) { return ubidi_getParaLevel((const UBiDi *)bidi); }
void CICU_ubidi_reorderVisual(const uint8_t *levels, int32_t length, int32_t *indexMap) {
    ubidi_reorderVisual(levels, length, indexMap);
}

int32_t CICU_uscript_getScript(int32_t codepoint, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UScriptCode script = uscript_getScript(codepoint, &code);
    *status = code;
    return script;
}
const char *CICU_uscript_getShortName(int32_t script) { return uscript_getShortName((UScriptCode)script); }

CICU_BreakIterator *CICU_ubrk_open(int32_t type, const char *locale, const uint16_t *text, int32_t length,
                                   int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UBreakIterator *iterator = ubrk_open((UBreakIteratorType)type, locale, (const UChar *)text, length, &code);
    *status = code;
    return (CICU_BreakIterator *)iterator;
}
void CICU_ubrk_close(CICU_BreakIterator *iterator) { ubrk_close((UBreakIterator *)iterator); }
void CICU_ubrk_setText(CICU_BreakIterator *iterator, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &code);
    *status = code;
}
int32_t CICU_ubrk_first(CICU_BreakIterator *iterator) { return ubrk_first((UBreakIterator *)iterator); }
int32_t CICU_ubrk_next(CICU_BreakIterator *iterator) { return ubrk_next((UBreakIterator *)iterator); }
int32_t CICU_ubrk_getRuleStatus(CICU_BreakIterator *iterator) {
    return ubrk_getRuleStatus((UBreakIterator *)iterator);
}

int32_t CICU_u_getIntPropertyValue(int32_t codepoint, int32_t property) {
    return u_getIntPropertyValue(codepoint, (UProperty)property);
}
