"""The Python package against the `galley` command: every answer is the command's, for the same input and settings.

Run by the Swift test PythonPackageTests with GALLEY_LIBRARY (the built libGalleyC.so), GALLEY_COMMAND (the built
`galley`) and PYTHONPATH (Bindings/Python/src) set.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import threading
import unittest

import galley

COMMAND = os.environ["GALLEY_COMMAND"]
REPOSITORY = pathlib.Path(__file__).resolve().parents[3]

ROWS = [
    "今天把 Galley 的测量接口接到了 Web 后端：`POST /v1/measure`，每行一个 JSON。",
    {"id": 12345678901234567890, "text": "Hello, world — a longer English row that wraps at narrow widths."},
    {"id": "c", "text": "let x = try await measure(rows) // 代码", "font": "JetBrains Mono", "size": 13},
    {"id": 4, "text": "第二行，标点「引号」与（括号）。", "textWrap": "balance", "width": 120},
    {"id": "ruby", "text": "{東京|とうきょう}の{漢字|かん|じ}を{書|か}く。\\{literal}"},
    {"id": 5, "text": "bad", "size": -3},
]


def command(*arguments: str, input: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([COMMAND, *arguments], input=input, capture_output=True, cwd=REPOSITORY)


def as_lines(rows) -> bytes:
    lines = []
    for index, row in enumerate(rows):
        row = {"id": index, "text": row} if isinstance(row, str) else row
        lines.append(json.dumps(row, ensure_ascii=False))
    return ("\n".join(lines) + "\n").encode()


class MeasureTests(unittest.TestCase):
    def test_answers_as_the_command(self):
        for settings, flags in [
            ({"width": 280, "category": "accessibilityLarge"}, ["--width", "280", "--category", "accessibilityLarge"]),
            ({"widths": [320, 375], "font": "Inter", "bold_text": True}, ["--widths", "320,375", "--font", "Inter",
                                                                          "--bold-text"]),
            ({"width": 200, "line_height_metrics": "web", "autospace": True, "lang": "zh-CN"},
             ["--width", "200", "--line-height-metrics", "web", "--autospace", "--lang", "zh-CN"]),
            ({"width": 120, "ruby_markup": True, "lang": "ja"}, ["--width", "120", "--ruby-markup", "--lang", "ja"]),
        ]:
            printed = command("measure", "-", *flags, input=as_lines(ROWS))
            expected = [json.loads(line) for line in printed.stdout.decode().splitlines()]
            self.assertEqual(galley.measure(ROWS, **settings), expected, settings)
            self.assertIn("error", expected[-1])

    def test_the_corpus_answers_as_the_command(self):
        # Benchmarks/Corpus/notes.txt: 5,000 rows of notes in Chinese and English with code, at two widths.
        rows = [row for row in (REPOSITORY / "Benchmarks/Corpus/notes.txt").read_text(encoding="utf-8").split("\n")
                if row]
        self.assertEqual(len(rows), 5000)
        for width in ("200", "414"):
            printed = command("measure", "-", "--width", width, "--line-height-metrics", "web", input=as_lines(rows))
            expected = [json.loads(line) for line in printed.stdout.decode().splitlines()]
            self.assertEqual(galley.measure(rows, width=float(width), line_height_metrics="web"), expected, width)
        # Many rows go to the library in pieces: a generator's rows, strings and dicts mixed, keep their ids and order.
        mixed = [ROWS[index % len(ROWS)] if index % 7 == 0 else row for index, row in enumerate(rows[:2345])]
        printed = command("measure", "-", input=as_lines(mixed))
        expected = [json.loads(line) for line in printed.stdout.decode().splitlines()]
        self.assertEqual(galley.measure(row for row in mixed), expected)
        with self.assertRaises(galley.GalleyError):
            galley.measure(rows, width=-1)

    def test_prepared_rows_measure_as_measure_does(self):
        prepared = galley.prepare(ROWS[:4], line_height_metrics="web")
        self.assertEqual(len(prepared), 4)
        for width in (90, 200, 320.5, 1000):
            fresh = galley.measure([{**row, "width": width} if isinstance(row, dict) else
                                    {"id": index, "text": row, "width": width} for index, row in enumerate(ROWS[:4])],
                                   line_height_metrics="web")
            self.assertEqual(prepared.measure(width), fresh, width)
        prepared.close()
        with self.assertRaises(galley.GalleyError):
            prepared.measure(100)

    def test_threads_measure_at_once(self):
        expected = galley.measure(ROWS * 20, width=240)
        answers: list = []

        def work():
            answers.append(galley.measure(ROWS * 20, width=240))

        threads = [threading.Thread(target=work) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(answers, [expected] * 4)


class DocumentTests(unittest.TestCase):
    def test_render_and_layout_answer_as_the_commands(self):
        with tempfile.TemporaryDirectory() as folder:
            for example in ("note-chinese.md", "document.json"):
                path = REPOSITORY / "Examples" / example
                output = pathlib.Path(folder) / (example + ".png")
                self.assertEqual(command("render", str(path), "-o", str(output), "--width", "300").returncode, 0)
                self.assertEqual(galley.render(path, width=300), output.read_bytes(), example)
                printed = command("layout", str(path), "--json", "--width", "300")
                self.assertEqual(galley.layout(path, width=300), json.loads(printed.stdout), example)
        text = "# 标题\n\nSome *Markdown* with `code`.\n"
        self.assertEqual(galley.render(text, format="pdf")[:5], b"%PDF-")
        self.assertTrue(galley.render(text, format="jpeg", quality=80).startswith(b"\xff\xd8"))
        self.assertIn(b"<svg", galley.render(text, format="svg")[:200])
        self.assertEqual(galley.layout("a", kind="text")["lines"][0]["range"], [0, 1])

    def test_bad_input_is_one_clear_error(self):
        cases = [
            (lambda: galley.measure(["x"], widht=300), "unknown setting 'widht'; did you mean 'width'?"),
            (lambda: galley.measure(["x"], width=-3), "width -3 must be positive"),
            (lambda: galley.render("x", format="bmp"), 'format "bmp" is not one of png'),
            (lambda: galley.render("x", kind="html"), 'kind "html" is not one of markdown, text, json'),
            (lambda: galley.render(b"a\xff", kind="text"), "not valid UTF-8"),
            (lambda: galley.render("x", allow_dir=5), "allow_dir"),
            (lambda: galley.render("x", format="png", quality=50), "quality applies to WebP and JPEG only"),
        ]
        for call, message in cases:
            with self.assertRaises(galley.GalleyError) as raised:
                call()
            self.assertIn(message, str(raised.exception))
            self.assertIsInstance(raised.exception, ValueError)
        with self.assertRaises(TypeError):
            galley.measure([3])

    def test_files_are_read_only_from_allowed_folders(self):
        note = "![leaf](%s)\n\ntext\n" % (REPOSITORY / "Examples" / "leaf.png")
        with self.assertRaises(galley.GalleyError) as raised:
            galley.render(note)
        self.assertIn("outside the folders", str(raised.exception))
        self.assertTrue(galley.render(note, allow_dir=[str(REPOSITORY / "Examples")]).startswith(b"\x89PNG"))
        with self.assertRaises(galley.GalleyError):
            galley.render("x", font="/etc/passwd")


class MemoryTests(unittest.TestCase):
    def test_memory_stays_flat_over_many_calls(self):
        def resident_kb() -> int:
            return int(pathlib.Path("/proc/self/statm").read_text().split()[1]) * 4

        for call in range(3000):
            galley.measure([ROWS[call % 4]], width=240)
            if call == 299:
                settled = resident_kb()
        self.assertLess(resident_kb(), settled * 1.05, "resident memory grew over 2,700 calls")


class WheelTests(unittest.TestCase):
    def test_the_wheel_installs_and_measures(self):
        with tempfile.TemporaryDirectory() as folder:
            environment = dict(os.environ, GALLEY_LIBRARY_FILE=os.environ["GALLEY_LIBRARY"])
            environment.pop("GALLEY_LIBRARY")
            environment.pop("PYTHONPATH", None)
            # A fresh environment's pip builds the wheel and installs it.
            subprocess.run([sys.executable, "-m", "venv", folder + "/venv"], check=True)
            python = folder + "/venv/bin/python"
            built = subprocess.run([python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", folder,
                                    str(REPOSITORY / "Bindings/Python")], env=environment, capture_output=True)
            self.assertEqual(built.returncode, 0, built.stderr.decode())
            wheel = next(pathlib.Path(folder).glob("galley-*-py3-none-linux_*.whl"))
            installed = subprocess.run([python, "-m", "pip", "install", "-q", "--no-index", str(wheel)],
                                       capture_output=True)
            self.assertEqual(installed.returncode, 0, installed.stderr.decode())
            used = subprocess.run([python, "-c", "import galley, json; print(json.dumps(galley.measure(['hi'])))"],
                                  env=environment, capture_output=True, cwd=folder)
            self.assertEqual(used.returncode, 0, used.stderr.decode())
            self.assertEqual(json.loads(used.stdout)[0]["lines"], 1)
            self.assertTrue(list(pathlib.Path(folder, "venv").rglob("galley/py.typed")))
            self.assertTrue(list(pathlib.Path(folder, "venv").rglob("galley/libGalleyC.so")))


if __name__ == "__main__":
    unittest.main()
