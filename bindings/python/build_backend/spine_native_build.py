"""PEP 517 build backend of the spine_native wheel: no build dependencies, no compiler.

It copies the `spine_native` package and the shared library into a platform wheel
(`py3-none-<platform>`: the library is native code, the Python code is version-neutral).
The library comes from `$SPINE_NATIVE_WHEEL_LIB` (a file, e.g. an installed
`lib/libspine_native.so.1.3.0`), else `<repo>/target/release/libspine_native.so`
(stripped of debug info on the way when `strip` is available). Build the library first
(`cargo build --release` or `packaging/install.sh`).
"""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sysconfig
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # bindings/python
LIBRARY = "libspine_native.so"


def _project():
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    field = lambda name: re.search(r'^%s = "(.*)"$' % name, text, re.M).group(1)  # noqa: E731
    return field("name"), field("version"), field("description"), field("requires-python")


def _library() -> Path:
    env = os.environ.get("SPINE_NATIVE_WHEEL_LIB")
    if env:
        return Path(env)
    return HERE.parents[1] / "target" / "release" / LIBRARY


def _tag() -> str:
    return "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _metadata(name, version, description, requires_python) -> str:
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    return (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {description}\n"
            f"License: MIT OR Apache-2.0\nRequires-Python: {requires_python}\nProvides-Extra: numpy\n"
            f"Requires-Dist: numpy; extra == \"numpy\"\nDescription-Content-Type: text/markdown\n\n{readme}")


def _record_line(arcname: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name, version, description, requires_python = _project()
    library = _library()
    if not library.is_file():
        raise RuntimeError(f"spine_native wheel: {library} not found; build the library first "
                           "(cargo build --release) or set SPINE_NATIVE_WHEEL_LIB")
    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp) / LIBRARY
        shutil.copyfile(library, lib)
        if shutil.which("strip"):
            subprocess.run(["strip", "--strip-debug", str(lib)], check=True)
        files = {}
        for path in sorted((HERE / "spine_native").rglob("*.py")):
            files[f"spine_native/{path.relative_to(HERE / 'spine_native').as_posix()}"] = path.read_bytes()
        files[f"spine_native/{LIBRARY}"] = lib.read_bytes()
        repo = HERE.parents[1]
        info = f"{name}-{version}.dist-info"
        for license_file in ("LICENSE-MIT", "LICENSE-APACHE"):
            if (repo / license_file).is_file():
                files[f"{info}/licenses/{license_file}"] = (repo / license_file).read_bytes()
        files[f"{info}/METADATA"] = _metadata(name, version, description, requires_python).encode()
        files[f"{info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: spine_native_build\nRoot-Is-Purelib: false\n"
                                  f"Tag: {_tag()}\n").encode()
        files[f"{info}/top_level.txt"] = b"spine_native\n"
        record = [_record_line(arc, data) for arc, data in files.items()] + [f"{info}/RECORD,,"]
        files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
        wheel_name = f"{name}-{version}-{_tag()}.whl"
        with zipfile.ZipFile(Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
            for arc, data in files.items():
                entry = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
                entry.external_attr = (0o755 if arc.endswith(".so") else 0o644) << 16
                entry.compress_type = zipfile.ZIP_DEFLATED
                wheel.writestr(entry, data)
    return wheel_name


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    raise RuntimeError("spine_native: no sdist (the wheel packages a prebuilt library)")
