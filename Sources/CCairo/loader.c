#include "CCairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define FUNCTION(type, name, parameters, arguments) static type(*name##_pointer) parameters;
#define PROCEDURE(name, parameters, arguments) static void(*name##_pointer) parameters;
#include "cairo-functions.def"
#undef FUNCTION
#undef PROCEDURE

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure = "cairo was not loaded";
static char failure_message[512];

static void load(void) {
    // RTLD_LOCAL: cairo's symbols stay its own, found only through the pointers below.
    void *library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure_message, sizeof failure_message, "%s", dlerror());
        load_failure = failure_message;
        return;
    }
#define FUNCTION(type, name, parameters, arguments)                                                       \
    if (!(*(void **)&name##_pointer = dlsym(library, #name))) {                                          \
        snprintf(failure_message, sizeof failure_message, "libcairo.so.2 has no %s", #name);              \
        load_failure = failure_message;                                                                   \
        return;                                                                                           \
    }
#define PROCEDURE(name, parameters, arguments) FUNCTION(void, name, parameters, arguments)
#include "cairo-functions.def"
#undef FUNCTION
#undef PROCEDURE
    load_failure = NULL;
}

const char *galley_cairo_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

#define FUNCTION(type, name, parameters, arguments) \
    type galley_##name parameters { return name##_pointer arguments; }
#define PROCEDURE(name, parameters, arguments) \
    void galley_##name parameters { name##_pointer arguments; }
#include "cairo-functions.def"
#undef FUNCTION
#undef PROCEDURE
