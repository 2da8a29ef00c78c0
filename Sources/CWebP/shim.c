#include "CWebP.h"

#include <webp/encode.h>

// libwebp's progress hook: its user data is the caller's `stops`; returning 0 aborts the encoding.
static int galley_webp_progress(int percent, const WebPPicture *picture) {
    (void)percent;
    int (*stops)(void) = (int (*)(void))picture->user_data;
    return stops == NULL || !stops();
}

size_t galley_webp_encode(const uint8_t *rgba, int width, int height, int stride, int lossless, float quality,
                          int (*stops)(void), uint8_t **output) {
    *output = NULL;
    WebPConfig config;
    if (!WebPConfigInit(&config)) return 0;
    config.lossless = lossless ? 1 : 0;
    config.exact = lossless ? 1 : 0;  // keep the colour of transparent pixels: the image decodes exactly
    config.quality = quality;
    config.method = lossless ? 1 : 4;  // lossless: fast, as PNG is written at zlib level 1
    if (!WebPValidateConfig(&config)) return 0;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return 0;
    picture.use_argb = lossless ? 1 : 0;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, rgba, stride)) {
        WebPPictureFree(&picture);
        return 0;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    picture.progress_hook = galley_webp_progress;
    picture.user_data = (void *)stops;
    int ok = WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return 0;
    }
    *output = writer.mem;
    return writer.size;
}

void galley_webp_free(void *pointer) { WebPFree(pointer); }
