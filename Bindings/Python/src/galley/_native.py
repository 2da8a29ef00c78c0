"""The C functions of libGalleyC.so (Bindings/C/include/galley.h), loaded through ctypes."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

OK = 0
ROWS_FAILED = 1
ERROR = 2
ABI_VERSION = 1


class GalleyError(ValueError):
    """A setting, a text or a document Galley refused; the message is the one `galley` prints."""


def _load() -> ctypes.CDLL:
    named = os.environ.get("GALLEY_LIBRARY")
    path = Path(named) if named else Path(__file__).with_name("libGalleyC.so")
    if not path.exists():
        raise ImportError(
            f"galley: no library at {path} (install the package with pip, or set GALLEY_LIBRARY to a built "
            "libGalleyC.so)"
        )
    library = ctypes.CDLL(str(path))
    buffer = ctypes.POINTER(ctypes.c_uint8)
    out = (ctypes.POINTER(buffer), ctypes.POINTER(ctypes.c_size_t))
    bytes_in = (ctypes.c_char_p, ctypes.c_size_t)
    signatures = {
        "galley_abi_version": ((), ctypes.c_int),
        "galley_version": ((), ctypes.c_char_p),
        "galley_free": ((ctypes.c_void_p,), None),
        "galley_measure": ((ctypes.c_char_p, *bytes_in, *out), ctypes.c_int),
        "galley_prepare": ((ctypes.c_char_p, *bytes_in, *out), ctypes.c_void_p),
        "galley_prepared_count": ((ctypes.c_void_p,), ctypes.c_size_t),
        "galley_prepared_measure": ((ctypes.c_void_p, ctypes.c_double, *out), ctypes.c_int),
        "galley_prepared_free": ((ctypes.c_void_p,), None),
        "galley_render": ((ctypes.c_char_p, ctypes.c_char_p, *bytes_in, *out), ctypes.c_int),
        "galley_layout": ((ctypes.c_char_p, ctypes.c_char_p, *bytes_in, *out), ctypes.c_int),
    }
    for name, (arguments, result) in signatures.items():
        function = getattr(library, name)
        function.argtypes = arguments
        function.restype = result
    if library.galley_abi_version() != ABI_VERSION:
        raise ImportError(f"galley: {path} speaks C interface {library.galley_abi_version()}, not {ABI_VERSION}")
    return library


library = _load()


def call(function, *arguments) -> tuple[int, bytes]:
    """Calls a galley_ function that answers in a buffer; its status and the buffer's bytes (freed here)."""
    pointer = ctypes.POINTER(ctypes.c_uint8)()
    length = ctypes.c_size_t()
    status = function(*arguments, ctypes.byref(pointer), ctypes.byref(length))
    try:
        answer = ctypes.string_at(pointer, length.value) if pointer else b""
    finally:
        library.galley_free(pointer)
    if status == ERROR:
        raise GalleyError(answer.decode("utf-8", "replace"))
    return status, answer
