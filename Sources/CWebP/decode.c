#include "CWebP.h"

#include <stdio.h>

#include <webp/decode.h>

int galley_webp_decode(const uint8_t *data, size_t size, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                       uint32_t *width, uint32_t *height, char *error, size_t errorCapacity) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    if (errorCapacity) error[0] = 0;
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) {
        snprintf(error, errorCapacity, "libwebp cannot read its header");
        return 1;
    }
    *width = (uint32_t)features.width;
    *height = (uint32_t)features.height;
    if (features.has_animation) {
        snprintf(error, errorCapacity, "an animated WebP (give a still picture)");
        return 1;
    }
    if ((uint32_t)features.width > sideLimit || (uint32_t)features.height > sideLimit ||
        (uint64_t)features.width * (uint64_t)features.height > pixelLimit) {
        snprintf(error, errorCapacity, "too many pixels");
        return 2;
    }
    int decodedWidth = 0, decodedHeight = 0;
    uint8_t *rgba = WebPDecodeRGBA(data, size, &decodedWidth, &decodedHeight);
    if (!rgba) {
        snprintf(error, errorCapacity, "libwebp cannot decode it");
        return 1;
    }
    *pixels = rgba;
    return 0;
}
