"""The PEP 517 backend that builds Galley's wheel: the release build of libGalleyC.so and the Python files.

`GALLEY_LIBRARY_FILE` names a built libGalleyC.so to use instead of building one (the tests use the debug build).
"""

from __future__ import annotations

import base64
import hashlib
import os
import platform
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
NAME = "galley"


def _version() -> str:
    source = (REPOSITORY / "Sources/GalleyRequests/GalleyVersion.swift").read_text(encoding="utf-8")
    return re.search(r'number = "([^"]+)"', source).group(1)


def _swift() -> str:
    found = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    if not Path(found).exists():
        raise RuntimeError("galley: building the wheel needs Swift (Scripts/setup, then swift on PATH)")
    return found


def _library() -> Path:
    given = os.environ.get("GALLEY_LIBRARY_FILE")
    if given:
        return Path(given)
    swift = _swift()
    subprocess.run([swift, "build", "-c", "release", "--product", "GalleyC"], cwd=REPOSITORY, check=True)
    bin_path = subprocess.run([swift, "build", "-c", "release", "--show-bin-path"], cwd=REPOSITORY, check=True,
                              capture_output=True, text=True).stdout.strip()
    return Path(bin_path) / "libGalleyC.so"


def _tag() -> str:
    return f"py3-none-linux_{platform.machine()}"


def _metadata() -> str:
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\n"
            "Summary: Text measured, laid out and rendered by Galley (HarfBuzz, ICU, FreeType) in process.\n"
            "License: MIT\nRequires-Python: >=3.9\nDescription-Content-Type: text/markdown\n\n" + readme)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(directory: str, files: dict[str, bytes]) -> str:
    dist_info = f"{NAME}-{_version()}.dist-info"
    files = dict(files)
    files[f"{dist_info}/METADATA"] = _metadata().encode()
    files[f"{dist_info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: galley_build\nRoot-Is-Purelib: false\n"
                                   f"Tag: {_tag()}\n").encode()
    record = [_record_line(name, data) for name, data in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = f"{NAME}-{_version()}-{_tag()}.whl"
    with zipfile.ZipFile(Path(directory) / wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = {f"{NAME}/{path.name}": path.read_bytes() for path in sorted((HERE / "src" / NAME).iterdir())
             if path.suffix in (".py", ".typed")}
    files[f"{NAME}/libGalleyC.so"] = _library().read_bytes()
    files[f"{NAME}/galley.h"] = (REPOSITORY / "Bindings/C/include/galley.h").read_bytes()
    return _write_wheel(wheel_directory, files)


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    raise RuntimeError("galley: the package is built from a clone of the repository (pip install ./Bindings/Python)")
