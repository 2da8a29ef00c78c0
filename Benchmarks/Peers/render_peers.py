"""A note rendered to PNG in process by Skia's SkParagraph (skia-python), Takumi (takumi-py), Typst (typst-py) and
Galley's own Python package (Bindings/Python), the peers compare-render and compare-python run.

Each peer is given what Galley is given: the bundled faces (Inter first, the others after it as fallbacks), 17 px
text, 375 points wide with 16-point margins, the image at scale 2 (144 dpi), the note's rows as paragraphs 12 points
apart, on a white page. It renders once to warm its caches, then ROUNDS times timed, and prints
`<peer> ms <median milliseconds> bytes <PNG bytes> pixels <width × height>`.

Usage: render_peers.py PEER NOTE.txt FONTS_DIR [ROUNDS]   (PEER: skia, takumi, typst or galley)
"""

import pathlib
import statistics
import struct
import sys
import time

from python_peers import FAMILIES, font_files, skia_styles

WIDTH, MARGIN, SIZE, SCALE, GAP = 375, 16, 17, 2, 12


def png_size(png):
    return struct.unpack(">II", png[16:24])


def skia_renderer(fonts, rows):
    import skia

    collection, style, text_style = skia_styles(fonts, SIZE)
    text_style.setColor(skia.ColorBLACK)
    style.setTextStyle(text_style)

    def render():
        paragraphs = []
        for row in rows:
            builder = skia.textlayout.ParagraphBuilder.make(style, collection, skia.Unicode())
            builder.pushStyle(text_style)
            builder.addText(row)
            paragraph = builder.Build()
            paragraph.layout(WIDTH)
            paragraphs.append(paragraph)
        height = sum(p.Height for p in paragraphs) + GAP * (len(paragraphs) - 1) + 2 * MARGIN
        surface = skia.Surface(int((WIDTH + 2 * MARGIN) * SCALE), int(height * SCALE + 0.999))
        canvas = surface.getCanvas()
        canvas.clear(skia.ColorWHITE)
        canvas.scale(SCALE, SCALE)
        y = MARGIN
        for paragraph in paragraphs:
            paragraph.paint(canvas, MARGIN, y)
            y += paragraph.Height + GAP
        return bytes(surface.makeImageSnapshot().encodeToData(skia.EncodedImageFormat.kPNG, 100))

    return render


def takumi_renderer(fonts, rows):
    from takumi_py import Renderer

    renderer = Renderer(load_default_fonts=False)
    for path in font_files(fonts):
        renderer.register_font(path.read_bytes())
    text = {"fontSize": f"{SIZE}px", "fontFamily": ", ".join(f'"{f}"' for f in FAMILIES), "color": "black"}
    node = {
        "type": "container",
        "style": {
            "width": f"{WIDTH + 2 * MARGIN}px", "padding": f"{MARGIN}px", "backgroundColor": "white",
            "display": "flex", "flexDirection": "column", "gap": f"{GAP}px",
        },
        "children": [{"type": "text", "text": row, "style": text} for row in rows],
    }

    def render():
        return renderer.render_node(
            node, width=(WIDTH + 2 * MARGIN) * SCALE, height=None, format="png", device_pixel_ratio=SCALE)

    return render


def typst_renderer(fonts, rows):
    import tempfile

    import typst

    families = ", ".join(f'"{f}"' for f in FAMILIES)
    body = "\n\n".join(row.replace("\\", "\\\\").replace("#", "\\#").replace("$", "\\$").replace("*", "\\*")
                       .replace("_", "\\_").replace("`", "\\`").replace("<", "\\<").replace("@", "\\@")
                       .replace("[", "\\[").replace("]", "\\]") for row in rows)
    source = (f"#set page(width: {WIDTH + 2 * MARGIN}pt, height: auto, margin: {MARGIN}pt, fill: white)\n"
              f"#set text(font: ({families}), size: {SIZE}pt)\n#set par(spacing: {GAP}pt)\n{body}\n")
    path = pathlib.Path(tempfile.mkdtemp()) / "note.typ"
    path.write_text(source, encoding="utf-8")
    compiler = typst.Compiler(str(path), font_paths=[str(fonts)], ignore_system_fonts=True)

    def render():
        return compiler.compile(format="png", ppi=72 * SCALE)

    return render


def galley_renderer(fonts, rows):
    """The note as `galley render note.txt --width 375 --scale 2` draws it (plain text, a paragraph a row)."""
    import galley

    text = "\n".join(rows)

    def render():
        return galley.render(text, kind="text", width=WIDTH, scale=SCALE, no_system_fonts=True)

    return render


def main():
    peer, note, fonts = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    rows = [row for row in pathlib.Path(note).read_text(encoding="utf-8").split("\n") if row]
    render = {"skia": skia_renderer, "takumi": takumi_renderer, "typst": typst_renderer, "galley": galley_renderer}[peer](fonts, rows)
    png = render()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        png = render()
        times.append((time.perf_counter() - start) * 1000)
    width, height = png_size(png)
    print(f"{peer} ms {statistics.median(times):.1f} bytes {len(png)} pixels {width}x{height}")


if __name__ == "__main__":
    main()
