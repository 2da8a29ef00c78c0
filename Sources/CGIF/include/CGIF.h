// giflib's reader behind one call: the first image of a GIF, composed on its logical screen.
#include <stddef.h>
#include <stdint.h>

/// Decodes the first image of the GIF `data` (`size` bytes) to straight RGBA rows the size of its logical screen
/// (transparent outside the image and where its graphics control names a transparent colour), refusing a screen of
/// more than `pixelLimit` pixels or `sideLimit` a side before allocating it. Only the first image is read, however
/// many frames follow. Returns 0 and sets `*pixels` (free it with galley_gif_free), or non-zero with `error` saying
/// why; `*width` and `*height` are set once the screen is read.
int galley_gif_decode(const uint8_t *data, size_t size, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                      uint32_t *width, uint32_t *height, char *error, size_t errorCapacity);

/// Frees what galley_gif_decode returned.
void galley_gif_free(void *pointer);
