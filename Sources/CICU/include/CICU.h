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

int32_t CICU_u_getIntPropertyValue(int32_t codepoint, int32_t property);

#endif
