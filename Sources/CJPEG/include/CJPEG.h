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
