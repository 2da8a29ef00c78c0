// libjpeg-turbo's encoder behind one call: its API reports errors through a longjmp from a callback, which Swift
// cannot catch, so a C shim sets the jump and turns it into a return value.
#include <stddef.h>
#include <stdint.h>

/// Encodes `rgbx` (`width` × `height` pixels, four bytes each, the fourth ignored, `stride` bytes a row) as a
/// baseline JPEG at `quality` (1…100), 4:2:0 chroma subsampling above quality 90 off (4:4:4), with a JFIF header
/// of `dotsPerInch`. `stops` is asked before each band of rows: non-zero stops the encoder and the call fails.
/// Returns the encoded size and sets `*output` (free it with galley_jpeg_free), or 0 with `error` (at most
/// `errorCapacity` bytes) holding libjpeg's message.
size_t galley_jpeg_encode(const uint8_t *rgbx, int width, int height, size_t stride, int quality, int dotsPerInch,
                          int (*stops)(void), uint8_t **output, char *error, size_t errorCapacity);

/// Frees what galley_jpeg_encode returned.
void galley_jpeg_free(void *pointer);

/// Decodes the JPEG `data` (`size` bytes) to straight RGBA rows (four bytes a pixel), refusing one of more than
/// `pixelLimit` pixels or `sideLimit` a side before allocating it, and reads its EXIF orientation through libexif
/// (1…8, 1 when it has none). Returns 0 and sets `*pixels` (free it with galley_jpeg_free), or non-zero with `error`
/// holding libjpeg's message; `*width` and `*height` are set once the header is read.
int galley_jpeg_decode(const uint8_t *data, size_t size, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                       uint32_t *width, uint32_t *height, int *orientation, char *error, size_t errorCapacity);
