#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "failure.h"

void galley_jpeg_on_failure(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    if (failure->capacity > 0) {
        char message[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, message);
        strncpy(failure->message, message, failure->capacity - 1);
        failure->message[failure->capacity - 1] = 0;
    }
    longjmp(failure->jump, 1);
}

/* Where libjpeg's memory destination keeps its buffer: on the heap, so that the buffer it last grew to is what
   an error's longjmp finds and frees (a local changed after setjmp would be indeterminate there). */
struct destination {
    unsigned char *buffer;
    unsigned long length;
};

size_t galley_jpeg_encode(const uint8_t *rgbx, int width, int height, size_t stride, int quality, int dotsPerInch,
                          int (*stops)(void), uint8_t **output, char *error, size_t errorCapacity) {
    *output = NULL;
    if (errorCapacity) error[0] = 0;
    struct destination *const destination = calloc(1, sizeof *destination);
    if (!destination) return 0;
    struct jpeg_compress_struct info;
    struct failure failure = {.message = error, .capacity = errorCapacity};
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = galley_jpeg_on_failure;
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&info);
        free(destination->buffer);
        free(destination);
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &destination->buffer, &destination->length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    /* Text's coloured edges blur under 4:2:0; from quality 90 up, keep the colour at full resolution. */
    if (quality >= 90) {
        info.comp_info[0].h_samp_factor = info.comp_info[0].v_samp_factor = 1;
    }
    info.density_unit = 1;
    info.X_density = info.Y_density = (UINT16)dotsPerInch;
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        if (stops && (info.next_scanline & 255) == 0 && stops()) {
            if (errorCapacity) strncpy(error, "stopped", errorCapacity - 1);
            jpeg_destroy_compress(&info);
            free(destination->buffer);
            free(destination);
            return 0;
        }
        JSAMPROW row = (JSAMPROW)(rgbx + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *output = destination->buffer;
    size_t length = (size_t)destination->length;
    free(destination);
    return length;
}

void galley_jpeg_free(void *pointer) { free(pointer); }
