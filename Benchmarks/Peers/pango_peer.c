// The Pango side of Benchmarks/compare-pango: the same corpus, fonts (Galley's Fonts/ only, through fontconfig),
// size and width as Galley's side, with unhinted, unrounded metrics and one reused PangoLayout.
//
//   pango-peer measure CORPUS FONTS_DIR WIDTH SIZE ROUNDS     rows/s per round, then the peak RSS
//   pango-peer render NOTE FONTS_DIR WIDTH SCALE OUT.png ROUNDS   ms per render (layout + draw + PNG), file size
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
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

static PangoContext *make_context(const char *fonts) {
    FcConfig *config = FcInitLoadConfig();
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

int main(int argc, char **argv) {
    if (argc >= 7 && strcmp(argv[1], "measure") == 0) {
        char *corpus = read_file(argv[2]);
        int count = 0;
        char **rows = malloc(sizeof(char *) * 100000);
        for (char *line = strtok(corpus, "\n"); line && count < 100000; line = strtok(NULL, "\n")) rows[count++] = line;
        PangoLayout *layout = make_layout(make_context(argv[3]), atof(argv[4]), atof(argv[5]));
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
    if (argc >= 8 && strcmp(argv[1], "render") == 0) {
        char *note = read_file(argv[2]);
        PangoContext *context = make_context(argv[3]);
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
            cairo_surface_write_to_png(surface, argv[6]);
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
    fprintf(stderr, "usage: pango-peer measure CORPUS FONTS WIDTH SIZE ROUNDS | render NOTE FONTS WIDTH SCALE OUT ROUNDS\n");
    return 2;
}
