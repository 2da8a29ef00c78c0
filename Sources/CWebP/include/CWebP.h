// libwebp's encoder behind two calls: its advanced API (WebPConfig, WebPPicture, a memory writer) needs structs
// initialised by inline functions and a writer callback, simpler to drive from C.
#include <stddef.h>
#include <stdint.h>

/// Encodes `rgba` (`width` × `height` pixels, straight alpha, `stride` bytes per row) as WebP: lossless with every
/// pixel kept exactly, transparent ones included, when `lossless` is non-zero; else lossy at `quality` (0…100).
/// `stops` is asked as the encoder goes (libwebp's progress hook): non-zero stops it, and the call fails.
/// Returns the encoded size and sets `*output` (free it with galley_webp_free), or 0 when encoding fails or stops.
size_t galley_webp_encode(const uint8_t *rgba, int width, int height, int stride, int lossless, float quality,
                          int (*stops)(void), uint8_t **output);

/// Frees what galley_webp_encode returned.
void galley_webp_free(void *pointer);

/// Decodes the WebP `data` (`size` bytes; a still image, or an animation's first frame is refused) to straight
/// RGBA rows, refusing one of more than `pixelLimit` pixels or `sideLimit` a side before allocating it. Returns 0
/// and sets `*pixels` (free it with galley_webp_free), or non-zero with `error` saying why; `*width` and `*height`
/// are set once the header is read.
int galley_webp_decode(const uint8_t *data, size_t size, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                       uint32_t *width, uint32_t *height, char *error, size_t errorCapacity);
