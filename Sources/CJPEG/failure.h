/* How libjpeg's errors reach the shim's callers, for the encoder and the decoder alike: its error manager with the
   jump the shim set and the caller's message buffer; on_failure writes libjpeg's message there and jumps back. */
#ifndef GALLEY_JPEG_FAILURE_H
#define GALLEY_JPEG_FAILURE_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>

struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t capacity;
};

/* libjpeg's error_exit: the message, then the jump (libjpeg must not return from it). */
void galley_jpeg_on_failure(j_common_ptr info);

#endif
