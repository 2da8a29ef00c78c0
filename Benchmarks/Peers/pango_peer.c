// The Pango side of Benchmarks/compare-pango: the same corpus, fonts (Galley's Fonts/ only, through fontconfig),
// size and width as Galley's side, with unhinted, unrounded metrics and one reused PangoLayout.
//
//   pango-peer measure CORPUS FONTS_DIR WIDTH SIZE ROUNDS     rows/s per round, then the peak RSS
//   pango-peer rows CORPUS FONTS_DIR WIDTH SIZE SYSTEM        each row's height and line count, one line per row:
//       the whole-process peer of `galley measure` (SYSTEM 1 adds the system's fonts for fallback, as Galley does)
//   pango-peer render NOTE FONTS_DIR WIDTH SCALE OUT.png ROUNDS [LEVEL FILTER SYSTEM]
//       ms per render (layout + draw + PNG), file size; with LEVEL and FILTER the PNG is written by libpng at that
//       zlib level and row filter (none, sub, up, avg, paeth, all) as 8-bit RGB, as Galley writes it, instead of by
//       cairo (zlib's default level 6 and libpng's adaptive filters)
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(length + 1);
    if (fread(text, 1, length, file) != (size_t)length) { perror(path); exit(2); }
    text[length] = 0;
    fclose(file);
    return text;
}

static PangoContext *make_context(const char *fonts, int system) {
    FcConfig *config = system ? FcInitLoadConfigAndFonts() : FcInitLoadConfig();
    if (!FcConfigAppFontAddDir(config, (const FcChar8 *)fonts)) { fprintf(stderr, "no fonts in %s\n", fonts); exit(2); }
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    PangoContext *context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    pango_context_set_round_glyph_positions(context, FALSE);
    return context;
}

static PangoLayout *make_layout(PangoContext *context, double width, double size) {
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *description = pango_font_description_from_string("Inter");
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, description);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    return layout;
}

static int png_filter(const char *name) {
    const char *names[] = {"none", "sub", "up", "avg", "paeth", "all"};
    const int bits[] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_AVG, PNG_FILTER_PAETH, PNG_ALL_FILTERS};
    for (int i = 0; i < 6; i++)
        if (strcmp(name, names[i]) == 0) return bits[i];
    fprintf(stderr, "unknown filter %s\n", name);
    exit(2);
}

// cairo's opaque ARGB32 pixels are B, G, R, X in memory on little-endian machines: libpng swaps them to RGB and
// drops the filler, so the file holds what Galley's does (8-bit RGB, sRGB and pHYs chunks).
static void write_png(cairo_surface_t *surface, const char *path, int level, int filter, double scale) {
    cairo_surface_flush(surface);
    int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    unsigned char *data = cairo_image_surface_get_data(surface);
    FILE *file = fopen(path, "wb");
    if (!file) { perror(path); exit(2); }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng failed\n"); exit(2); }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_uint_32 perMeter = (png_uint_32)(scale * 72 / 0.0254 + 0.5);
    png_set_pHYs(png, info, perMeter, perMeter, PNG_RESOLUTION_METER);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_bytep *rows = malloc(sizeof(png_bytep) * height);
    for (int y = 0; y < height; y++) rows[y] = data + (size_t)y * stride;
    png_set_rows(png, info, rows);
    png_write_png(png, info, PNG_TRANSFORM_BGR | PNG_TRANSFORM_STRIP_FILLER_AFTER, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    fclose(file);
}

int main(int argc, char **argv) {
    if (argc >= 7 && strcmp(argv[1], "measure") == 0) {
        char *corpus = read_file(argv[2]);
        int count = 0;
        char **rows = malloc(sizeof(char *) * 100000);
        for (char *line = strtok(corpus, "\n"); line && count < 100000; line = strtok(NULL, "\n")) rows[count++] = line;
        PangoLayout *layout = make_layout(make_context(argv[3], 0), atof(argv[4]), atof(argv[5]));
        int rounds = atoi(argv[6]);
        for (int round = 0; round < rounds; round++) {
            double start = now(), total = 0;
            for (int row = 0; row < count; row++) {
                int height = 0;
                pango_layout_set_text(layout, rows[row], -1);
                pango_layout_get_size(layout, NULL, &height);
                total += height / (double)PANGO_SCALE;
            }
            double seconds = now() - start;
            printf("rows_per_second %.0f total_height %.1f\n", count / seconds, total);
        }
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
        printf("peak_rss_kb %ld\n", usage.ru_maxrss);
        return 0;
    }
    if (argc >= 7 && strcmp(argv[1], "rows") == 0) {
        char *corpus = read_file(argv[2]);
        PangoLayout *layout = make_layout(make_context(argv[3], atoi(argv[6])), atof(argv[4]), atof(argv[5]));
        for (char *line = strtok(corpus, "\n"); line; line = strtok(NULL, "\n")) {
            int height = 0;
            pango_layout_set_text(layout, line, -1);
            pango_layout_get_size(layout, NULL, &height);
            printf("%.2f %d\n", height / (double)PANGO_SCALE, pango_layout_get_line_count(layout));
        }
        return 0;
    }
    if (argc >= 8 && strcmp(argv[1], "render") == 0) {
        char *note = read_file(argv[2]);
        PangoContext *context = make_context(argv[3], argc >= 11 && atoi(argv[10]));
        int level = argc >= 10 ? atoi(argv[8]) : -1, filter = argc >= 10 ? png_filter(argv[9]) : 0;
        double width = atof(argv[4]), scale = atof(argv[5]), padding = 16;
        int rounds = atoi(argv[7]);
        for (int round = 0; round < rounds; round++) {
            double start = now();
            PangoLayout *layout = make_layout(context, width, 17);
            pango_layout_set_text(layout, note, -1);
            int height = 0;
            pango_layout_get_size(layout, NULL, &height);
            int pixelWidth = (int)((width + 2 * padding) * scale);
            int pixelHeight = (int)((height / (double)PANGO_SCALE + 2 * padding) * scale + 0.999);
            cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight);
            cairo_t *cr = cairo_create(surface);
            cairo_scale(cr, scale, scale);
            cairo_set_source_rgb(cr, 0.96, 0.95, 0.92);
            cairo_paint(cr);
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.22);
            cairo_move_to(cr, padding, padding);
            pango_cairo_update_context(cr, context);
            pango_layout_context_changed(layout);
            pango_cairo_show_layout(cr, layout);
            if (level >= 0) {
                write_png(surface, argv[6], level, filter, scale);
            } else {
                cairo_surface_write_to_png(surface, argv[6]);
            }
            cairo_destroy(cr);
            cairo_surface_destroy(surface);
            g_object_unref(layout);
            double seconds = now() - start;
            struct stat info;
            stat(argv[6], &info);
            printf("render_ms %.1f png_bytes %ld size %dx%d\n", seconds * 1000, (long)info.st_size, pixelWidth, pixelHeight);
        }
        return 0;
    }
    fprintf(stderr, "usage: pango-peer measure CORPUS FONTS WIDTH SIZE ROUNDS | rows CORPUS FONTS WIDTH SIZE SYSTEM | "
                    "render NOTE FONTS WIDTH SCALE OUT ROUNDS [LEVEL FILTER SYSTEM]\n");
    return 2;
}
