// Embeds every file fonts.def names into the library's read-only data, so a built Galley finds its default
// fonts wherever the binary goes. `.incbin` looks the files up on the include path, which Package.swift points
// at the repository's Fonts/. A `;` separates statements on x86-64 and AArch64 alike.
#define FONT(symbol, file)                                                                                     \
    .global galley_font_##symbol##_start; .global galley_font_##symbol##_end; .balign 16;                      \
    galley_font_##symbol##_start: .incbin file; galley_font_##symbol##_end: .byte 0;

    .section .rodata
#include "fonts.def"

    .section .note.GNU-stack, "", @progbits
