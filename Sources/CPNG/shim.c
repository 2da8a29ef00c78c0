#include "CPNG.h"

#include <isa-l/igzip_lib.h>
#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CPNG_FILTER_PAETH == PNG_FILTER_PAETH && CPNG_FILTER_SUB == PNG_FILTER_SUB, "filter bits");

struct sink {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
};

struct failure {
    jmp_buf jump;
    char *message;
    size_t capacity;
};

static void on_error(png_structp png, png_const_charp message) {
    struct failure *failure = png_get_error_ptr(png);
    if (failure->capacity > 0) {
        strncpy(failure->message, message, failure->capacity - 1);
        failure->message[failure->capacity - 1] = 0;
    }
    longjmp(failure->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep bytes, png_size_t length) {
    struct sink *sink = png_get_io_ptr(png);
    if (sink->failed) return;
    if (sink->length + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 65536;
        while (capacity < sink->length + length) capacity *= 2;
        uint8_t *grown = realloc(sink->data, capacity);
        if (!grown) {
            sink->failed = 1;
            png_error(png, "out of memory while encoding the PNG");
            return;
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, bytes, length);
    sink->length += length;
}

static void on_flush(png_structp png) { (void)png; }

/* A libpng writer reporting to `failure`, or NULL (with the message in `failure`) when libpng cannot start. The
   caller still sets its own setjmp: the jump must land in a frame that is still running. */
static png_structp start_writing(struct failure *failure) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, on_error, on_warning);
    if (!png && failure->capacity > 0) strncpy(failure->message, "libpng could not start", failure->capacity - 1);
    return png;
}

/* IHDR for the format's colour type at 8 bits, its PLTE and tRNS for a palette, an sRGB chunk, and pHYs when
   `pixelsPerMeter` is not 0. */
static void set_header(png_structp png, png_infop info, uint32_t width, uint32_t height, const CPNG_format *format,
                       uint32_t pixelsPerMeter) {
    png_set_IHDR(png, info, width, height, 8, format->colorType, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (format->colorType == CPNG_COLOR_PALETTE) {
        png_color colors[256];
        png_byte alphas[256];
        int count = format->paletteCount < 256 ? format->paletteCount : 256, translucent = 0;
        for (int i = 0; i < count; i++) {
            const uint8_t *entry = format->palette + 4 * i;
            colors[i] = (png_color){entry[0], entry[1], entry[2]};
            alphas[i] = entry[3];
            if (entry[3] != 255) translucent = i + 1;
        }
        png_set_PLTE(png, info, colors, count);
        if (translucent > 0) png_set_tRNS(png, info, alphas, translucent, NULL);
    }
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (pixelsPerMeter > 0) png_set_pHYs(png, info, pixelsPerMeter, pixelsPerMeter, PNG_RESOLUTION_METER);
}

int CPNG_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, const CPNG_format *format,
                uint32_t pixelsPerMeter, int compressionLevel, int filters, int strategy, uint8_t **output,
                size_t *outputLength, char *error, size_t errorCapacity) {
    struct failure failure = {.message = error, .capacity = errorCapacity};
    struct sink sink = {0};
    png_structp png = start_writing(&failure);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    /* Volatile for the same reason as in CPNG_decode_rgba. */
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(failure.jump)) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(rows);
        free(sink.data);
        return -1;
    }
    png_set_write_fn(png, &sink, on_write, on_flush);
    set_header(png, info, width, height, format, pixelsPerMeter);
    png_set_compression_level(png, compressionLevel);
    png_set_compression_strategy(png, strategy);
    if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory for row pointers");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * stride);
    png_set_rows(png, info, rows);
    int transform = format->colorType == CPNG_COLOR_RGB ? PNG_TRANSFORM_STRIP_FILLER_AFTER : PNG_TRANSFORM_IDENTITY;
    png_write_png(png, info, transform, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *output = sink.data;
    *outputLength = sink.length;
    return 0;
}

struct CPNG_compressor {
    /* zlib's state, or with `isal` ISA-L's (igzip) and its level's buffer. */
    int isal;
    int isalLevel;
    struct isal_zstream isalStream;
    uint8_t *isalLevelBuffer;
    /* The band's filtered rows, one after another: ISA-L takes a band's input whole, in one call. */
    uint8_t *band;
    size_t bandCapacity;
    z_stream stream;
    uint8_t *row;
    size_t rowCapacity;
    /* Where deflate writes a piece before it is copied out at its length: sized for the worst case, so a piece
       of a few dozen kilobytes would otherwise take a fresh mapping of hundreds. */
    uint8_t *output;
    size_t outputCapacity;
};

/* The size of ISA-L's level buffer at `level` (1 to 3), as igzip_lib.h recommends; 0 for level 0. */
static uint32_t isal_level_buffer_size(int level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
    }
}

CPNG_compressor *CPNG_compressor_new(int compressionLevel, int strategy, int deflater) {
    CPNG_compressor *compressor = calloc(1, sizeof *compressor);
    if (!compressor) return NULL;
    if (deflater == CPNG_DEFLATER_ISAL) {
        compressor->isal = 1;
        compressor->isalLevel = compressionLevel < 0 ? 0 : compressionLevel > 3 ? 3 : compressionLevel;
        uint32_t size = isal_level_buffer_size(compressor->isalLevel);
        compressor->isalLevelBuffer = size ? malloc(size) : NULL;
        if (size && !compressor->isalLevelBuffer) {
            free(compressor);
            return NULL;
        }
        return compressor;
    }
    /* memLevel 7 (a 16K-entry hash, half zlib's default): on the benchmark note, deflate takes 3.6 % less time
       for a file 0.13 % larger; 9 took 6 % more. */
    if (deflateInit2(&compressor->stream, compressionLevel, Z_DEFLATED, -15, 7, strategy) != Z_OK) {
        free(compressor);
        return NULL;
    }
    return compressor;
}

void CPNG_compressor_free(CPNG_compressor *compressor) {
    if (!compressor) return;
    if (!compressor->isal) deflateEnd(&compressor->stream);
    free(compressor->isalLevelBuffer);
    free(compressor->band);
    free(compressor->row);
    free(compressor->output);
    free(compressor);
}

/* Where a piece's rows come from: 8-bit RGBA rows (`stride` bytes apart), or rows of one-byte indices into
   `table`'s four-byte entries; `channels` bytes of each pixel (or entry) are written. */
struct rows {
    const uint8_t *pixels;
    size_t stride;
    const uint8_t *table;
    size_t channels;
};

/* Fills `row` (after its filter byte) with row `y` of `rows`. */
static void fill_row(uint8_t *row, const struct rows *rows, uint32_t width, uint32_t y) {
    const uint8_t *source = rows->pixels + (size_t)y * rows->stride;
    uint8_t *target = row + 1;
    if (rows->table) {
        const uint8_t *table = rows->table;
        switch (rows->channels) {
        case 1:
            for (uint32_t x = 0; x < width; x++) target[x] = table[4 * source[x]];
            break;
        case 3:
            /* A whole entry (4 bytes) at a time, the fourth overwritten by the next pixel: the row has a spare byte. */
            for (uint32_t x = 0; x < width; x++, target += 3) memcpy(target, table + 4 * source[x], 4);
            break;
        default:
            for (uint32_t x = 0; x < width; x++, target += 4) memcpy(target, table + 4 * source[x], 4);
        }
    } else if (rows->channels == 4) {
        memcpy(target, source, (size_t)width * 4);
    } else {
        for (uint32_t x = 0; x < width; x++, source += 4, target += 3) memcpy(target, source, 4);
    }
}

/* compress_rows through ISA-L: the band's rows laid out whole (a filter byte 0 before each), their Adler-32 taken
   by ISA-L's vectorised checksum, then one raw deflate call ended by a full flush or, when `isLast`, the final
   block, its output buffer grown while ISA-L asks for room. */
static int compress_rows_isal(CPNG_compressor *compressor, const struct rows *source, uint32_t width, uint32_t rows,
                              int isLast, uint8_t **output, size_t *outputLength, uint32_t *adler) {
    size_t rowLength = 1 + (size_t)width * source->channels;
    size_t length = rowLength * rows;
    /* One spare byte: RGB is copied a whole pixel (4 bytes) at a time, the fourth overwritten by the next. */
    if (compressor->bandCapacity < length + 1) {
        uint8_t *grown = realloc(compressor->band, length + 1);
        if (!grown) return -1;
        compressor->band = grown;
        compressor->bandCapacity = length + 1;
    }
    for (uint32_t y = 0; y < rows; y++) {
        uint8_t *row = compressor->band + (size_t)y * rowLength;
        row[0] = 0;
        fill_row(row, source, width, y);
    }
    *adler = isal_adler32(1, compressor->band, length);
    struct isal_zstream *stream = &compressor->isalStream;
    isal_deflate_init(stream);
    stream->level = (uint32_t)compressor->isalLevel;
    stream->level_buf = compressor->isalLevelBuffer;
    stream->level_buf_size = isal_level_buffer_size(compressor->isalLevel);
    stream->gzip_flag = IGZIP_DEFLATE;
    stream->flush = isLast ? NO_FLUSH : FULL_FLUSH;
    stream->end_of_stream = isLast ? 1 : 0;
    stream->next_in = compressor->band;
    stream->avail_in = (uint32_t)length;
    /* Stored blocks bound what incompressible data takes; grown below if ISA-L asks for more. */
    size_t capacity = length + length / 16 + 1024;
    if (compressor->outputCapacity < capacity) {
        free(compressor->output);
        compressor->output = malloc(capacity);
        compressor->outputCapacity = compressor->output ? capacity : 0;
        if (!compressor->output) return -1;
    }
    capacity = compressor->outputCapacity;
    size_t written = 0;
    for (;;) {
        stream->next_out = compressor->output + written;
        stream->avail_out = (uint32_t)(capacity - written);
        if (isal_deflate(stream) != COMP_OK) return -1;
        written = capacity - stream->avail_out;
        int done = stream->avail_in == 0 && (isLast ? stream->internal_state.state == ZSTATE_END
                                                    : stream->avail_out > 0);
        if (done) break;
        size_t larger = capacity * 2;
        uint8_t *grown = realloc(compressor->output, larger);
        if (!grown) return -1;
        compressor->output = grown;
        compressor->outputCapacity = capacity = larger;
    }
    uint8_t *piece = malloc(written ? written : 1);
    if (!piece) return -1;
    memcpy(piece, compressor->output, written);
    *output = piece;
    *outputLength = written;
    return 0;
}

static int compress_rows(CPNG_compressor *compressor, const struct rows *source, uint32_t width, uint32_t rows,
                         int isLast, uint8_t **output, size_t *outputLength, uint32_t *adler) {
    if (compressor->isal) return compress_rows_isal(compressor, source, width, rows, isLast, output, outputLength, adler);
    z_stream *stream = &compressor->stream;
    size_t rowLength = 1 + (size_t)width * source->channels;
    if (deflateReset(stream) != Z_OK) return -1;
    /* One spare byte: RGB is copied a whole pixel (4 bytes) at a time, the fourth overwritten by the next. */
    if (compressor->rowCapacity < rowLength + 1) {
        uint8_t *grown = realloc(compressor->row, rowLength + 1);
        if (!grown) return -1;
        compressor->row = grown;
        compressor->rowCapacity = rowLength + 1;
    }
    uint8_t *row = compressor->row;
    /* deflateBound covers the data; a full flush adds at most an empty stored block (5 bytes) and the bits
       before it. */
    size_t capacity = deflateBound(stream, (uLong)(rowLength * rows)) + 16;
    if (compressor->outputCapacity < capacity) {
        free(compressor->output);
        compressor->output = malloc(capacity);
        compressor->outputCapacity = compressor->output ? capacity : 0;
        if (!compressor->output) return -1;
    }
    uint8_t *buffer = compressor->output;
    stream->next_out = buffer;
    stream->avail_out = (uInt)capacity;
    uLong checksum = adler32(0, Z_NULL, 0);
    int status = Z_OK;
    row[0] = 0;
    for (uint32_t y = 0; y < rows && status == Z_OK; y++) {
        fill_row(row, source, width, y);
        checksum = adler32(checksum, row, (uInt)rowLength);
        stream->next_in = row;
        stream->avail_in = (uInt)rowLength;
        status = deflate(stream, Z_NO_FLUSH);
        if (stream->avail_in != 0) status = Z_BUF_ERROR;
    }
    if (status == Z_OK) status = deflate(stream, isLast ? Z_FINISH : Z_FULL_FLUSH);
    int ended = isLast ? status == Z_STREAM_END : status == Z_OK;
    size_t length = capacity - stream->avail_out;
    uint8_t *piece = ended ? malloc(length ? length : 1) : NULL;
    if (!piece) return -1;
    memcpy(piece, buffer, length);
    *output = piece;
    *outputLength = length;
    *adler = (uint32_t)checksum;
    return 0;
}

int CPNG_compress_piece(CPNG_compressor *compressor, const uint8_t *pixels, uint32_t width, uint32_t rows,
                        size_t stride, int hasAlpha, int isLast, uint8_t **output, size_t *outputLength,
                        uint32_t *adler) {
    struct rows source = {.pixels = pixels, .stride = stride, .table = NULL, .channels = hasAlpha ? 4 : 3};
    return compress_rows(compressor, &source, width, rows, isLast, output, outputLength, adler);
}

int CPNG_compress_indexed_piece(CPNG_compressor *compressor, const uint8_t *indices, uint32_t width, uint32_t rows,
                                const uint8_t *table, int channels, int isLast, uint8_t **output,
                                size_t *outputLength, uint32_t *adler) {
    struct rows source = {.pixels = indices, .stride = width, .table = table, .channels = (size_t)channels};
    return compress_rows(compressor, &source, width, rows, isLast, output, outputLength, adler);
}

int CPNG_write_pieces(uint32_t width, uint32_t height, const CPNG_format *format, uint32_t pixelsPerMeter,
                      int compressionLevel,
                      const uint8_t *const *pieces, const size_t *pieceLengths, const uint32_t *adlers,
                      const uint64_t *rawLengths, size_t count, uint8_t **output, size_t *outputLength, char *error,
                      size_t errorCapacity) {
    struct failure failure = {.message = error, .capacity = errorCapacity};
    struct sink sink = {0};
    png_structp png = start_writing(&failure);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(failure.jump)) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(sink.data);
        return -1;
    }
    /* The file's size is known but for the header chunks and each IDAT's 12 bytes: one allocation, no copies
       as it grows. */
    const size_t chunkLimit = 1 << 20;
    size_t total = 6;
    for (size_t i = 0; i < count; i++) total += pieceLengths[i];
    sink.capacity = total + total / chunkLimit * 12 + 4096;
    sink.data = malloc(sink.capacity);
    if (!sink.data) png_error(png, "out of memory while encoding the PNG");
    png_set_write_fn(png, &sink, on_write, on_flush);
    set_header(png, info, width, height, format, pixelsPerMeter);
    png_write_info(png, info);

    /* The zlib header (RFC 1950): deflate with a 32 KiB window, the level class zlib itself would record, and
       the check bits that make the pair a multiple of 31. */
    int levelClass = compressionLevel < 2 ? 0 : compressionLevel < 6 ? 1 : compressionLevel == 6 ? 2 : 3;
    uint8_t header[2] = {0x78, (uint8_t)(levelClass << 6)};
    header[1] |= (uint8_t)(31 - (header[0] * 256 + header[1]) % 31);
    uLong checksum = adler32(0, Z_NULL, 0);
    for (size_t i = 0; i < count; i++) checksum = adler32_combine(checksum, adlers[i], (z_off_t)rawLengths[i]);
    uint8_t trailer[4] = {(uint8_t)(checksum >> 24), (uint8_t)(checksum >> 16), (uint8_t)(checksum >> 8),
                          (uint8_t)checksum};

    /* The stream (2 header bytes, the pieces, 4 trailer bytes: `total`) as IDAT chunks of at most 1 MiB, cut
       wherever the limit falls. */
    size_t piece = 0, offset = 0, headerLeft = sizeof header, trailerLeft = sizeof trailer;
    while (total > 0) {
        size_t chunk = total < chunkLimit ? total : chunkLimit, left = chunk;
        png_write_chunk_start(png, (png_const_bytep) "IDAT", (png_uint_32)chunk);
        while (left > 0) {
            const uint8_t *bytes;
            size_t available;
            if (headerLeft > 0) {
                bytes = header + sizeof header - headerLeft;
                available = headerLeft;
            } else if (piece < count) {
                bytes = pieces[piece] + offset;
                available = pieceLengths[piece] - offset;
            } else {
                bytes = trailer + sizeof trailer - trailerLeft;
                available = trailerLeft;
            }
            size_t take = available < left ? available : left;
            if (take > 0) png_write_chunk_data(png, bytes, take);
            left -= take;
            if (headerLeft > 0) {
                headerLeft -= take;
            } else if (piece < count) {
                offset += take;
                if (offset == pieceLengths[piece]) {
                    piece++;
                    offset = 0;
                }
            } else {
                trailerLeft -= take;
            }
        }
        png_write_chunk_end(png);
        total -= chunk;
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    *output = sink.data;
    *outputLength = sink.length;
    return 0;
}

struct source {
    const uint8_t *data;
    size_t length;
    size_t offset;
    /* Set once png_read_image starts; then a read after the last row ends decoding with the rows it has. */
    int readingRows;
    uint32_t width, height;
    int rowsComplete;
};

/* After the last row libpng inflates the rest of the IDAT stream to check it ends cleanly: a few bytes in a normal
   file, but a small file can deflate gigabytes of zeros after its rows. Nothing after the rows is drawn, so the
   first read past them stops decoding (through the error jump, flagged as success) instead. */
static int rows_complete(png_structp png, const struct source *source) {
    return source->readingRows &&
           (png_get_current_pass_number(png) >= 7 || png_get_current_row_number(png) >= source->height);
}

static void on_read(png_structp png, png_bytep bytes, png_size_t length) {
    struct source *source = png_get_io_ptr(png);
    if (rows_complete(png, source)) {
        source->rowsComplete = 1;
        png_error(png, "rows complete");
    }
    if (source->offset + length > source->length) png_error(png, "the PNG data ends early");
    memcpy(bytes, source->data + source->offset, length);
    source->offset += length;
}

int CPNG_decode_rgba(const uint8_t *data, size_t length, uint64_t pixelLimit, uint32_t sideLimit, uint8_t **pixels,
                     uint32_t *width, uint32_t *height, char *error, size_t errorCapacity) {
    struct failure failure = {.message = error, .capacity = errorCapacity};
    struct source source = {.data = data, .length = length};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, on_error, on_warning);
    if (!png) {
        if (errorCapacity > 0) strncpy(error, "libpng could not start", errorCapacity - 1);
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    /* Assigned after setjmp and read after longjmp, so volatile: otherwise they may come back as their values at
       setjmp (NULL) and leak. */
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(failure.jump)) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        free(rows);
        /* Read through a volatile pointer: set after setjmp, the fields may otherwise come back as they were. */
        const volatile struct source *finished = &source;
        if (finished->rowsComplete) {
            *pixels = buffer;
            *width = finished->width;
            *height = finished->height;
            return 0;
        }
        free(buffer);
        return -1;
    }
    png_set_read_fn(png, &source, on_read);
    png_read_info(png, info);
    uint32_t w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if ((uint64_t)w * h > pixelLimit || w > sideLimit || h > sideLimit) {
        /* The size goes back with the error, so the caller can name it. */
        *width = w;
        *height = h;
        png_error(png, "the image has more pixels than the limit");
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    buffer = malloc((size_t)w * h * 4 + 1);
    rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!buffer || !rows) png_error(png, "out of memory while decoding the PNG");
    for (uint32_t y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
    source.width = w;
    source.height = h;
    source.readingRows = 1;
    png_read_image(png, rows);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *pixels = buffer;
    *width = w;
    *height = h;
    return 0;
}

void CPNG_free(void *buffer) { free(buffer); }
