"""Row heights measured in process by Skia's SkParagraph (skia-python), Takumi (takumi-py) and Galley's own Python
package (Bindings/Python: `galley`, a row per call; `galley-batch`, every row in one call, as `galley.measure` is
meant to be called), the peers compare-pango and compare-python run.

Each peer is given what Galley is given: the bundled faces (Inter first, the others after it as fallbacks), 17 px,
a width of 320. It measures every row once to warm its caches, then again timed; it prints
`<peer> rows <n> ms <milliseconds> checksum <sum of heights>` for the timed pass.

Usage: python_peers.py PEER ROWS.txt FONTS_DIR [WIDTH] [SIZE]   (PEER: skia, takumi, galley or galley-batch)
"""

import pathlib
import sys
import time

# The bundled families in the order Galley falls back through them.
FAMILIES = [
    "Inter",
    "Noto Sans CJK SC",
    "JetBrains Mono",
    "Noto Sans Arabic",
    "Noto Sans Hebrew",
    "Noto Sans Devanagari",
]


def font_files(fonts):
    return sorted(p for p in pathlib.Path(fonts).rglob("*") if p.suffix in (".ttf", ".otf"))


def skia_styles(fonts, size):
    """SkParagraph's font collection over the bundled faces, and a paragraph and text style at `size` px in them."""
    import skia

    provider = skia.textlayout.TypefaceFontProvider()
    for path in font_files(fonts):
        provider.registerTypeface(skia.Typeface.MakeFromFile(str(path)))
    collection = skia.textlayout.FontCollection()
    # skia-python binds only the default manager: the bundled faces are the collection's fonts.
    collection.setDefaultFontManager(provider)
    style = skia.textlayout.ParagraphStyle()
    text_style = skia.textlayout.TextStyle()
    text_style.setFontFamilies(FAMILIES)
    text_style.setFontSize(size)
    style.setTextStyle(text_style)
    return collection, style, text_style


def skia_measurer(fonts, width, size):
    import skia

    collection, style, text_style = skia_styles(fonts, size)

    def measure(row):
        builder = skia.textlayout.ParagraphBuilder.make(style, collection, skia.Unicode())
        builder.pushStyle(text_style)
        builder.addText(row)
        paragraph = builder.Build()
        paragraph.layout(width)
        return paragraph.Height

    return measure


def takumi_measurer(fonts, width, size):
    from takumi_py import Renderer

    renderer = Renderer(load_default_fonts=False)
    for path in font_files(fonts):
        renderer.register_font(path.read_bytes())
    style = {"fontSize": f"{size}px", "fontFamily": ", ".join(f'"{f}"' for f in FAMILIES), "width": f"{width}px"}

    def measure(row):
        node = {"type": "text", "text": row, "style": style}
        return renderer.measure_node(node, width=int(width), height=None).height

    return measure


def galley_measurer(fonts, width, size):
    import galley

    def measure(row):
        return galley.measure([row], width=width, size=size, no_system_fonts=True)[0]["height"]

    return measure


def galley_batch_measurer(fonts, width, size):
    """All rows in one call: `measure(rows)` gives every height."""
    import galley

    def measure(rows):
        return [answer["height"] for answer in galley.measure(rows, width=width, size=size, no_system_fonts=True)]

    return measure


def main():
    peer, rows_path, fonts = sys.argv[1:4]
    width = float(sys.argv[4]) if len(sys.argv) > 4 else 320
    size = float(sys.argv[5]) if len(sys.argv) > 5 else 17
    rows = pathlib.Path(rows_path).read_text(encoding="utf-8").split("\n")[:-1]
    if peer == "galley-batch":
        measure_all = galley_batch_measurer(fonts, width, size)
    else:
        measure = {"skia": skia_measurer, "takumi": takumi_measurer, "galley": galley_measurer}[peer](
            fonts, width, size)

        def measure_all(rows):
            return [measure(row) for row in rows]

    measure_all(rows)
    start = time.perf_counter()
    total = sum(measure_all(rows))
    elapsed = (time.perf_counter() - start) * 1000
    print(f"{peer} rows {len(rows)} ms {elapsed:.1f} checksum {total:.1f}")


if __name__ == "__main__":
    main()
