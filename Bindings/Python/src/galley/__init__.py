"""Galley in Python: text measured, laid out and rendered by Galley's engine in this process.

    >>> import galley
    >>> galley.measure(["Hello, 世界"], width=320)[0]["lines"]
    1

Settings are keyword arguments named as `galley serve`'s query parameters in snake case (``size=17``,
``line_height_metrics="web"``, ``lang="zh-CN"``, ``text_wrap="pretty"``); a bad one raises `GalleyError` before any
text is read. Each answer is what the `galley` command prints for the same input and settings.
"""

from __future__ import annotations

import ctypes
import json
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterable, Mapping, Union

from ._native import GalleyError, call, library

__all__ = ["GalleyError", "Prepared", "__version__", "layout", "measure", "prepare", "render"]

__version__: str = library.galley_version().decode()

Row = Union[str, Mapping[str, Any]]
Source = Union[str, bytes, "os.PathLike[str]"]

_KINDS = {".md": "markdown", ".markdown": "markdown", ".txt": "text", ".text": "text", ".json": "json"}


def _settings(settings: Mapping[str, Any]) -> bytes | None:
    given = {name: value for name, value in settings.items() if value is not None}
    return json.dumps(given, ensure_ascii=False).encode() if given else None


# Rows are written as JSON lines while Galley waits, on one core: `json.dumps` makes an encoder each call, which cost
# more than the strings' own encoding (19 ms of chinese.txt's 5,000 rows, against 7 ms through these).
_quoted = json.encoder.encode_basestring
_row_encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _rows(rows: Iterable[Row], start: int = 0) -> bytes:
    lines = []
    for index, row in enumerate(rows, start):
        if isinstance(row, str):
            lines.append('{"id":%d,"text":%s}' % (index, _quoted(row)))
        elif isinstance(row, Mapping):
            lines.append(_row_encoder.encode(row))
        else:
            raise TypeError(f"row {index} is {type(row).__name__}; a row is a string or a dict")
    return ("\n".join(lines) + "\n").encode()


def _answers(output: bytes) -> list[dict[str, Any]]:
    text = output.decode()
    return json.loads("[" + text.rstrip("\n").replace("\n", ",") + "]") if text else []


def measure(rows: Iterable[Row], *, width: float | None = None, widths: Iterable[float] | None = None,
            **settings: Any) -> list[dict[str, Any]]:
    """Measures rows as `galley measure` does, on every core.

    `rows` are strings (their ids are their positions) or dicts in `galley measure`'s row shape (``id``, ``text``,
    and a row's own ``width`` and settings). Each answer is the dict `galley measure` prints for the row: ``id``,
    ``height`` and ``width`` in points, ``lines``, ``line_starts`` (code point offsets), or ``error`` for a row that
    could not be measured; with `widths`, ``widths``: one measurement per width. Widths are in points (CSS px).
    """
    named = dict(settings, width=width, widths=list(widths) if widths is not None else None)
    encoded = _settings(named)
    rows = rows if isinstance(rows, (list, tuple)) else list(rows)
    if len(rows) <= _PIECE_ROWS:
        _, output = call(library.galley_measure, encoded, *_buffer(_rows(rows)))
        return _answers(output)
    # Many rows go in pieces, through a thread that waits on the library (ctypes lets the GIL go meanwhile): each
    # piece is written while the one before is measured and read while the one after is. Written and read in one
    # go, the JSON both ways held one core while the library waited, which capped what a second core gave the call.
    # A piece starts with a blank line for each row before it (the library skips blank lines), so that an error
    # names the row's line in the whole input, as the command's does.
    pieces = (b"\n" * start + _rows(rows[start:start + _PIECE_ROWS], start)
              for start in range(0, len(rows), _PIECE_ROWS))
    with ThreadPoolExecutor(max_workers=1) as measuring:
        pending = [measuring.submit(call, library.galley_measure, encoded, *_buffer(piece)) for piece in pieces]
        answers: list[dict[str, Any]] = []
        for piece in pending:
            answers += _answers(piece.result()[1])
    return answers


# The most rows `measure` hands the library at once when it has more: small enough that the first piece's JSON
# overlaps most of the rest, large enough that a call's own fixed cost stays out of sight.
_PIECE_ROWS = 1000


class Prepared:
    """Rows shaped once, measured at any width by `measure`: for a row's height at many widths (a resizable column).

    Use it from one thread at a time or guard it; `close` (or a ``with`` block) frees it at once.
    """

    def __init__(self, rows: Iterable[Row], **settings: Any) -> None:
        data = _rows(rows)
        error = ctypes.POINTER(ctypes.c_uint8)()
        length = ctypes.c_size_t()
        handle = library.galley_prepare(_settings(settings), data, len(data), ctypes.byref(error),
                                        ctypes.byref(length))
        if not handle:
            message = ctypes.string_at(error, length.value).decode("utf-8", "replace")
            library.galley_free(error)
            raise GalleyError(message)
        self._handle = handle
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return library.galley_prepared_count(self._handle) if self._handle else 0

    def measure(self, width: float) -> list[dict[str, Any]]:
        """Every row measured at `width` points, each answer as `measure` gives it."""
        with self._lock:
            if not self._handle:
                raise GalleyError("the prepared rows are closed")
            _, output = call(library.galley_prepared_measure, self._handle, float(width))
        return _answers(output)

    def close(self) -> None:
        """Frees the prepared rows; measuring them after raises `GalleyError`."""
        with self._lock:
            if self._handle:
                library.galley_prepared_free(self._handle)
                self._handle = None

    def __enter__(self) -> "Prepared":
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            library.galley_prepared_free(self._handle)


def prepare(rows: Iterable[Row], **settings: Any) -> Prepared:
    """Rows (as `measure` takes them) prepared to be measured at many widths: ``prepare(rows).measure(320)``."""
    return Prepared(rows, **settings)


def _document(source: Source, kind: str | None, settings: dict[str, Any]) -> tuple[bytes, bytes | None]:
    if isinstance(source, os.PathLike):
        path = Path(source)
        kind = kind or _KINDS.get(path.suffix.lower())
        if kind is None:
            raise GalleyError(f"{path}: not a .txt, .md or .json file; say kind=")
        # A file's pictures and fonts are read from its folder, as `galley render` reads them.
        allowed = settings.get("allow_dir") or []
        settings["allow_dir"] = ([allowed] if isinstance(allowed, str) else list(allowed)) + [
            str(path.resolve().parent)]
        data = path.read_bytes()
    else:
        data = source.encode() if isinstance(source, str) else bytes(source)
    return data, kind.encode() if kind else None


def render(source: Source, *, format: str = "png", kind: str | None = None, **settings: Any) -> bytes:
    """The image `galley render` draws of `source`: PNG, WebP, JPEG, PDF or SVG bytes, as `format` says.

    `source` is the document's text (or bytes, UTF-8), or a path to a .md, .txt or .json file (whose folder its
    pictures may then be read from). `kind` is ``"markdown"``, ``"text"`` or ``"json"``; by default a path's
    extension says, and text whose first character is ``{`` is a JSON document and any other a Markdown note.
    """
    named = dict(settings, format=format)
    data, kind_name = _document(source, kind, named)
    _, output = call(library.galley_render, _settings(named), kind_name, *_buffer(data))
    return output


def layout(source: Source, *, kind: str | None = None, **settings: Any) -> dict[str, Any]:
    """What layout decided for `source` (read as `render` reads it): `galley layout --json`'s answer, ``lines`` with
    their ranges (code points), rects and baselines (points), runs and glyphs, and ``tables``."""
    named = dict(settings)
    data, kind_name = _document(source, kind, named)
    _, output = call(library.galley_layout, _settings(named), kind_name, *_buffer(data))
    return json.loads(output)


def _buffer(data: bytes) -> tuple[bytes, int]:
    return data, len(data)

