#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <libexif/exif-data.h>

#include "failure.h"

/* libjpeg's warnings (a truncated file among them) are not failures: a damaged photo still shows. */
static void on_decode_warning(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

/* A progressive JPEG may hold any number of scans, each a pass over the whole image: more than a real photo's few
   dozen is refused, as djpeg's -maxscan does, so a small file cannot cost minutes. */
enum { scan_limit = 1000 };

struct decode_progress {
    struct jpeg_progress_mgr manager;
};

static void on_decode_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->is_decompressor && decompress->input_scan_number > scan_limit) {
        struct failure *failure = (struct failure *)info->err;
        snprintf(failure->message, failure->capacity, "more than %d progressive scans", scan_limit);
        longjmp(failure->jump, 1);
    }
}

static int exif_orientation(const uint8_t *data, size_t size) {
    if (size > UINT32_MAX) return 1;
    ExifData *exif = exif_data_new_from_data(data, (unsigned int)size);
    if (!exif) return 1;
    int orientation = 1;
    ExifEntry *entry = exif_content_get_entry(exif->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
    if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1) {
        int value = exif_get_short(entry->data, exif_data_get_byte_order(exif));
        if (value >= 1 && value <= 8) orientation = value;
    }
    exif_data_unref(exif);
    return orientation;
}

int galley_jpeg_decode(const uint8_t *data, size_t size, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                       uint32_t *width, uint32_t *height, int *orientation, char *error, size_t errorCapacity) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    *orientation = 1;
    if (errorCapacity) error[0] = 0;
    struct jpeg_decompress_struct info;
    struct failure failure = {.message = error, .capacity = errorCapacity};
    /* Kept where a longjmp leaves it: the rows, once allocated. */
    uint8_t *volatile rows = NULL;
    struct decode_progress progress = {.manager = {.progress_monitor = on_decode_progress}};
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = galley_jpeg_on_failure;
    failure.manager.emit_message = on_decode_warning;
    if (setjmp(failure.jump)) {
        free(rows);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_create_decompress(&info);
    info.progress = &progress.manager;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (info.image_width > sideLimit || info.image_height > sideLimit ||
        (uint64_t)info.image_width * info.image_height > pixelLimit) {
        snprintf(error, errorCapacity, "too many pixels");
        jpeg_destroy_decompress(&info);
        return 2;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    rows = malloc(stride * info.output_height);
    if (!rows) {
        snprintf(error, errorCapacity, "out of memory");
        jpeg_destroy_decompress(&info);
        return 3;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = rows + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    *pixels = rows;
    *orientation = exif_orientation(data, size);
    return 0;
}
