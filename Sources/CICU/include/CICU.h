// The few ICU calls Galley makes, under names that do not change between ICU releases.
//
// ICU's headers rename each function with a version suffix through macros that Swift cannot import, and
// Foundation on Linux ships its own copy of ICU's types, which clash with the system's in one Swift module.
// So this header speaks plain C types only: opaque handles, int32_t codes and uint16_t text.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

typedef struct CICU_Bidi CICU_Bidi;
typedef struct CICU_BreakIterator CICU_BreakIterator;

// ICU's UErrorCode: zero is success, negative values are warnings, positive values are failures.
const char *CICU_errorName(int32_t status);

CICU_Bidi *CICU_ubidi_open(void);
void CICU_ubidi_close(CICU_Bidi *bidi);
// paragraphLevel: 0 left-to-right, 1 right-to-left, 0xFE (UBIDI_DEFAULT_LTR) from the first strong character.
void CICU_ubidi_setPara(CICU_Bidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                        int32_t *status);
const uint8_t *CICU_ubidi_getLevels(CICU_Bidi *bidi, int32_t *status);
uint8_t CICU_ubidi_getParaLevel(const CICU_Bidi *bidi);
void CICU_ubidi_reorderVisual(const uint8_t *levels, int32_t length, int32_t *indexMap);

// UScriptCode values Galley names; ICU keeps them stable across releases.
#define CICU_SCRIPT_COMMON 0
#define CICU_SCRIPT_INHERITED 1
#define CICU_SCRIPT_ARABIC 2
#define CICU_SCRIPT_HAN 17
#define CICU_SCRIPT_HEBREW 19
#define CICU_SCRIPT_LATIN 25
#define CICU_SCRIPT_UNKNOWN 103

int32_t CICU_uscript_getScript(int32_t codepoint, int32_t *status);
const char *CICU_uscript_getShortName(int32_t script);

// UBreakIteratorType values.
#define CICU_BREAK_CHARACTER 0
#define CICU_BREAK_WORD 1
#define CICU_BREAK_LINE 2

CICU_BreakIterator *CICU_ubrk_open(int32_t type, const char *locale, const uint16_t *text, int32_t length,
                                   int32_t *status);
void CICU_ubrk_close(CICU_BreakIterator *iterator);
void CICU_ubrk_setText(CICU_BreakIterator *iterator, const uint16_t *text, int32_t length, int32_t *status);
int32_t CICU_ubrk_first(CICU_BreakIterator *iterator);
int32_t CICU_ubrk_next(CICU_BreakIterator *iterator);
int32_t CICU_ubrk_getRuleStatus(CICU_BreakIterator *iterator);

// UProperty values for u_getIntPropertyValue.
#define CICU_PROPERTY_EAST_ASIAN_WIDTH 0x1004
#define CICU_PROPERTY_LINE_BREAK 0x1008

// ULineBreak values (UAX #14 classes) that Galley's rules test.
#define CICU_LB_AMBIGUOUS 1           // AI
#define CICU_LB_ALPHABETIC 2          // AL
#define CICU_LB_BREAK_AFTER 4         // BA
#define CICU_LB_CLOSE_PUNCTUATION 8   // CL
#define CICU_LB_EXCLAMATION 11        // EX
#define CICU_LB_IDEOGRAPHIC 14        // ID
#define CICU_LB_INFIX_NUMERIC 16      // IS
#define CICU_LB_NONSTARTER 18         // NS
#define CICU_LB_NUMERIC 19            // NU
#define CICU_LB_OPEN_PUNCTUATION 20   // OP
#define CICU_LB_COMPLEX_CONTEXT 24    // SA
#define CICU_LB_CLOSE_PARENTHESIS 36  // CP
#define CICU_LB_HEBREW_LETTER 38      // HL

// Rule statuses and errors.
#define CICU_LINE_HARD 100       // UBRK_LINE_HARD: statuses 100…199 mark a mandatory line break
#define CICU_LINE_HARD_LIMIT 200 // UBRK_LINE_HARD_LIMIT
#define CICU_WORD_NONE_LIMIT 100 // UBRK_WORD_NONE_LIMIT: word statuses from here on are words, not spaces or marks
#define CICU_MEMORY_ALLOCATION_ERROR 7 // U_MEMORY_ALLOCATION_ERROR

// UEastAsianWidth values.
#define CICU_EA_HALFWIDTH 2
#define CICU_EA_FULLWIDTH 3
#define CICU_EA_WIDE 5

int32_t CICU_u_getIntPropertyValue(int32_t codepoint, int32_t property);

#endif
