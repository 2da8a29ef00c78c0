#include "CGIF.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

struct source {
    const uint8_t *data;
    size_t size;
    size_t read;
};

static int read_bytes(GifFileType *gif, GifByteType *buffer, int count) {
    struct source *source = gif->UserData;
    size_t left = source->size - source->read;
    size_t taken = (size_t)count < left ? (size_t)count : left;
    memcpy(buffer, source->data + source->read, taken);
    source->read += taken;
    return (int)taken;
}

void galley_gif_free(void *pointer) { free(pointer); }

static int fail(GifFileType *gif, uint8_t *canvas, uint8_t *row, int code, char *error, size_t capacity,
                const char *message) {
    snprintf(error, capacity, "%s", message);
    free(canvas);
    free(row);
    if (gif) DGifCloseFile(gif, NULL);
    return code;
}

int galley_gif_decode(const uint8_t *data, size_t size, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                      uint32_t *width, uint32_t *height, char *error, size_t errorCapacity) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    if (errorCapacity) error[0] = 0;
    struct source source = {data, size, 0};
    int status = 0;
    GifFileType *gif = DGifOpen(&source, read_bytes, &status);
    if (!gif) return fail(NULL, NULL, NULL, 1, error, errorCapacity, GifErrorString(status));
    *width = (uint32_t)gif->SWidth;
    *height = (uint32_t)gif->SHeight;
    if (gif->SWidth <= 0 || gif->SHeight <= 0)
        return fail(gif, NULL, NULL, 1, error, errorCapacity, "its screen is empty");
    if ((uint32_t)gif->SWidth > sideLimit || (uint32_t)gif->SHeight > sideLimit ||
        (uint64_t)gif->SWidth * (uint64_t)gif->SHeight > pixelLimit)
        return fail(gif, NULL, NULL, 2, error, errorCapacity, "too many pixels");
    size_t screenWidth = (size_t)gif->SWidth, screenHeight = (size_t)gif->SHeight;
    uint8_t *canvas = calloc(screenWidth * screenHeight, 4);
    if (!canvas) return fail(gif, NULL, NULL, 3, error, errorCapacity, "out of memory");
    int transparent = -1;
    for (;;) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR)
            return fail(gif, canvas, NULL, 1, error, errorCapacity, GifErrorString(gif->Error));
        if (record == TERMINATE_RECORD_TYPE)
            return fail(gif, canvas, NULL, 1, error, errorCapacity, "it holds no image");
        if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *extension = NULL;
            if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR)
                return fail(gif, canvas, NULL, 1, error, errorCapacity, GifErrorString(gif->Error));
            if (code == GRAPHICS_EXT_FUNC_CODE && extension && extension[0] >= 4) {
                GraphicsControlBlock control;
                if (DGifExtensionToGCB(extension[0], extension + 1, &control) == GIF_OK)
                    transparent = control.TransparentColor;
            }
            while (extension) {
                if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR)
                    return fail(gif, canvas, NULL, 1, error, errorCapacity, GifErrorString(gif->Error));
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR)
            return fail(gif, canvas, NULL, 1, error, errorCapacity, GifErrorString(gif->Error));
        const GifImageDesc *image = &gif->Image;
        const ColorMapObject *colors = image->ColorMap ? image->ColorMap : gif->SColorMap;
        if (!colors) return fail(gif, canvas, NULL, 1, error, errorCapacity, "it has no colour table");
        if (image->Width <= 0 || image->Height <= 0 || image->Left < 0 || image->Top < 0)
            return fail(gif, canvas, NULL, 1, error, errorCapacity, "its image is empty or off its screen");
        /* An image larger than its screen would cost decoding its every pixel, however few are shown: held to the
           screen's own limits (LZW packs thousands of pixels in a code, so a small file can describe billions). */
        if ((uint32_t)image->Width > sideLimit || (uint32_t)image->Height > sideLimit ||
            (uint64_t)image->Width * (uint64_t)image->Height > pixelLimit) {
            *width = (uint32_t)image->Width;
            *height = (uint32_t)image->Height;
            return fail(gif, canvas, NULL, 2, error, errorCapacity, "too many pixels");
        }
        uint8_t *row = malloc((size_t)image->Width);
        if (!row) return fail(gif, canvas, NULL, 3, error, errorCapacity, "out of memory");
        /* Interlaced images come in four passes of rows. */
        static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
        int passes = image->Interlace ? 4 : 1;
        for (int pass = 0; pass < passes; pass++) {
            int start = image->Interlace ? starts[pass] : 0, step = image->Interlace ? steps[pass] : 1;
            for (int y = start; y < image->Height; y += step) {
                if (DGifGetLine(gif, row, image->Width) == GIF_ERROR)
                    return fail(gif, canvas, row, 1, error, errorCapacity, GifErrorString(gif->Error));
                size_t screenY = (size_t)image->Top + (size_t)y;
                if (screenY >= screenHeight) continue;
                for (int x = 0; x < image->Width; x++) {
                    size_t screenX = (size_t)image->Left + (size_t)x;
                    if (screenX >= screenWidth || row[x] == transparent || row[x] >= colors->ColorCount) continue;
                    const GifColorType *color = &colors->Colors[row[x]];
                    uint8_t *pixel = canvas + (screenY * screenWidth + screenX) * 4;
                    pixel[0] = color->Red;
                    pixel[1] = color->Green;
                    pixel[2] = color->Blue;
                    pixel[3] = 255;
                }
            }
        }
        free(row);
        DGifCloseFile(gif, NULL);
        *pixels = canvas;
        return 0;
    }
}
