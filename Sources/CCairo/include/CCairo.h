// cairo, loaded when Galley first writes PDF or SVG rather than when the process starts: linked in, cairo and the
// X11 and pixman libraries it brings cost every `galley` process about 0.8 ms of loading and relocation, though
// most never draw a vector page. The types and constants come from cairo's own headers; each function Galley calls
// is galley_<name>, forwarding to cairo's (cairo-functions.def lists them).
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>

/// Loads cairo (libcairo.so.2) once and finds every function Galley calls. Returns NULL when it is ready, else
/// why not (the loader's message, valid for the process's life); the galley_ functions may be called only after it
/// returned NULL.
const char *galley_cairo_load(void);

#define FUNCTION(type, name, parameters, arguments) type galley_##name parameters;
#define PROCEDURE(name, parameters, arguments) void galley_##name parameters;
#include "cairo-functions.def"
#undef FUNCTION
#undef PROCEDURE
