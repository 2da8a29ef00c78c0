/*
 * galley.h: Galley's C interface (libGalleyC.so), for programs in any language.
 *
 * Every function that answers fills `*out` with a buffer the library allocated (NUL-terminated one byte past
 * `*out_length`) and returns a status: GALLEY_OK; GALLEY_ROWS_FAILED when some rows' lines are error lines
 * ({"id": ..., "error": "..."}); GALLEY_ERROR when the call failed, the buffer then holding the one-line message
 * `galley` would print. Free every buffer with galley_free. No input makes a function crash: bad settings, text
 * and documents are messages.
 *
 * Settings are a JSON object (or NULL): the request table's names in snake case, as the query of `galley serve`
 * names them with `_` for `-` ({"width": 320, "line_height_metrics": "web", "bold_text": true, "widths":
 * [320, 375]}); "allow_dir" names the folders documents and rows may read files from (none by default: pictures
 * come inline as data: URIs, fonts by family). Lengths are in bytes; text is UTF-8; sizes are in points.
 *
 * Functions are safe to call from several threads at once; one prepared handle is used by one call at a time.
 */
#ifndef GALLEY_H
#define GALLEY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GALLEY_ABI_VERSION 1

enum { GALLEY_OK = 0, GALLEY_ROWS_FAILED = 1, GALLEY_ERROR = 2 };

/* Rows prepared to be measured at many widths. */
typedef struct galley_prepared galley_prepared;

/* The interface's version (GALLEY_ABI_VERSION when the header and the library agree). */
int galley_abi_version(void);

/* Galley's version, as `galley --version` prints it without "galley ", owned by the library. */
const char *galley_version(void);

/* Frees a buffer a galley_ function gave (NULL is ignored). */
void galley_free(void *buffer);

/* Measures `rows`, JSON lines in `galley measure`'s row shape ({"id": ..., "text": "...", and a row's own settings):
 * the answer is `galley measure`'s output, one JSON line per row, in order. */
int galley_measure(const char *settings, const uint8_t *rows, size_t length, uint8_t **out, size_t *out_length);

/* Prepares `rows` (as galley_measure takes them) to be measured at many widths; NULL on a bad setting, with the
 * message in `*error` (free it with galley_free). A row that cannot be read answers with its error line. */
galley_prepared *galley_prepare(const char *settings, const uint8_t *rows, size_t length, uint8_t **error,
                                size_t *error_length);

/* How many rows `prepared` holds. */
size_t galley_prepared_count(const galley_prepared *prepared);

/* The prepared rows measured at `width` points: what galley_measure answers for them at that width. */
int galley_prepared_measure(galley_prepared *prepared, double width, uint8_t **out, size_t *out_length);

/* Frees what galley_prepare made (NULL is ignored). */
void galley_prepared_free(galley_prepared *prepared);

/* Renders `source` to the image the settings' "format" names ("png" by default; "webp", "jpeg", "pdf", "svg"):
 * the bytes `galley render -o -` writes. `kind` is "markdown", "text" or "json"; NULL reads input whose first
 * non-space character is `{` as a JSON document and any other as Markdown. */
int galley_render(const char *settings, const char *kind, const uint8_t *source, size_t length, uint8_t **out,
                  size_t *out_length);

/* Lays `source` out (read as galley_render reads it): the JSON `galley layout --json` prints. */
int galley_layout(const char *settings, const char *kind, const uint8_t *source, size_t length, uint8_t **out,
                  size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif
