// libpng reports errors by longjmp, which Swift cannot catch, so the one call Galley makes to write a PNG
// lives here, with the setjmp that turns a libpng error into a return value.
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

// PNG colour types (the values of IHDR's field).
enum { CPNG_COLOR_GREY = 0, CPNG_COLOR_RGB = 2, CPNG_COLOR_PALETTE = 3, CPNG_COLOR_RGBA = 6 };

// How an image's pixels are stored, at 8 bits a sample: `colorType` (CPNG_COLOR_*), and for a palette its
// `paletteCount` (1–256) entries as straight-alpha RGBA, 4 bytes each; a tRNS chunk is written up to the last entry
// that is not opaque.
typedef struct {
    int colorType;
    const uint8_t *palette;
    int paletteCount;
} CPNG_format;

// Encodes an image as a PNG in memory in `format`: from rows of 8-bit straight-alpha RGBA for RGBA, the same rows
// with their fourth bytes dropped as libpng writes them for RGB (no RGB copy of the image is made), rows of one
// byte a pixel (grey levels or palette indices) otherwise. With an sRGB chunk and a pHYs chunk of
// `pixelsPerMeter` (0 for none). `compressionLevel` is zlib's 0–9, `filters` libpng's PNG_FILTER_* bit set (0
// for libpng's default), `strategy` zlib's (CPNG_STRATEGY_*). On success returns 0 and hands back a malloc'd
// buffer the caller frees with CPNG_free; on failure returns -1 with libpng's message in `error`.
int CPNG_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, const CPNG_format *format,
                uint32_t pixelsPerMeter, int compressionLevel, int filters, int strategy, uint8_t **output,
                size_t *outputLength, char *error, size_t errorCapacity);

// A deflate state kept between pieces (zlib's deflateReset, not a new 270 KB state per piece; ISA-L's level
// buffer); one per thread.
typedef struct CPNG_compressor CPNG_compressor;

// The deflate implementations a compressor may use: zlib, or Intel's ISA-L (igzip), several times faster at its
// levels 0 to 3.
#define CPNG_DEFLATER_ZLIB 0
#define CPNG_DEFLATER_ISAL 1

// A compressor by `deflater` at its `compressionLevel` (zlib 0 to 9 with `strategy`; ISA-L 0 to 3), or NULL when
// it cannot start.
CPNG_compressor *CPNG_compressor_new(int compressionLevel, int strategy, int deflater);

void CPNG_compressor_free(CPNG_compressor *compressor);

// Compresses `rows` rows of a PNG image as one piece of its zlib stream, so pieces can be compressed on several
// threads and joined (pigz's way): each row is a filter byte 0 (none) and the row's RGB, or RGBA when `hasAlpha`,
// taken from 8-bit RGBA `pixels` (`stride` bytes apart). The piece is raw deflate with no dictionary from the
// piece before, ended by a full flush (a byte-aligned end that lets the next piece follow) or, when `isLast`, by
// the final block. Returns 0 with a malloc'd buffer (CPNG_free), its length, and the Adler-32 of the piece's
// uncompressed bytes; -1 when zlib fails or memory runs out.
int CPNG_compress_piece(CPNG_compressor *compressor, const uint8_t *pixels, uint32_t width, uint32_t rows,
                        size_t stride, int hasAlpha, int isLast, uint8_t **output, size_t *outputLength,
                        uint32_t *adler);

// CPNG_compress_piece's piece from rows of one-byte indices (`width` bytes a row) into `table`, 256 entries of 4
// bytes: each pixel written as its entry's first `channels` bytes (1: a grey level or palette index, 3: RGB,
// 4: RGBA).
int CPNG_compress_indexed_piece(CPNG_compressor *compressor, const uint8_t *indices, uint32_t width, uint32_t rows,
                                const uint8_t *table, int channels, int isLast, uint8_t **output,
                                size_t *outputLength, uint32_t *adler);

// Writes a PNG through libpng from pieces CPNG_compress_piece or CPNG_compress_indexed_piece made, in order: the
// same header chunks as CPNG_encode for `format`, then one zlib stream (header, the pieces, the Adler-32 of the
// whole joined from the pieces') as IDAT chunks, then IEND. `rawLengths[i]` is piece i's uncompressed length in
// bytes. Returns as CPNG_encode.
int CPNG_write_pieces(uint32_t width, uint32_t height, const CPNG_format *format, uint32_t pixelsPerMeter,
                      int compressionLevel,
                      const uint8_t *const *pieces, const size_t *pieceLengths, const uint32_t *adlers,
                      const uint64_t *rawLengths, size_t count, uint8_t **output, size_t *outputLength, char *error,
                      size_t errorCapacity);

// zlib's strategies (Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE).
enum { CPNG_STRATEGY_DEFAULT = 0, CPNG_STRATEGY_FILTERED = 1, CPNG_STRATEGY_RLE = 3 };

// Decodes a PNG from memory to straight-alpha RGBA8 (any bit depth or colour type is converted). On success
// returns 0 with a malloc'd buffer of width × height × 4 bytes the caller frees with CPNG_free; on failure -1
// with libpng's message in `error`. Images over `pixelLimit` pixels or `sideLimit` pixels a side are refused before
// decoding, their size returned. Decoding ends with the last row: compressed data after it is not read.
int CPNG_decode_rgba(const uint8_t *data, size_t length, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                     uint32_t *width, uint32_t *height, char *error, size_t errorCapacity);

void CPNG_free(void *buffer);

// libpng's filter bits, for callers that cannot see png.h.
#define CPNG_FILTER_NONE 0x08
#define CPNG_FILTER_SUB 0x10
#define CPNG_FILTER_UP 0x20
#define CPNG_FILTER_AVG 0x40
#define CPNG_FILTER_PAETH 0x80

#endif
