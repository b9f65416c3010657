"""PEP 517 build backend of the spine_native wheel: no build dependencies, no compiler.

It copies the `spine_native` package and the shared library into a platform wheel
(`py3-none-<platform>`: the library is native code, the Python code is version-neutral).
The library comes from `$SPINE_NATIVE_WHEEL_LIB` (a file, e.g. an installed
`lib/libspine_native.so.1.3.0`), else `<repo>/target/release/libspine_native.so`
(`$CARGO_TARGET_DIR/release/` when that is set), stripped of debug info on the way when
`strip` is available. When neither exists, the backend builds it in the source tree with
`cargo build --release -p spine_native` (cargo from `$SPINE_NATIVE_CARGO`, default `cargo`
on the PATH), so `pip install ./bindings/python` works from a fresh clone in one step;
without cargo it stops with one line saying what to run.
"""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # bindings/python
REPO = HERE.parents[1]
LIBRARY = "libspine_native.so"


def _project():
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    field = lambda name: re.search(r'^%s = "(.*)"$' % name, text, re.M).group(1)  # noqa: E731
    return field("name"), field("version"), field("description"), field("requires-python")


def _library() -> Path:
    env = os.environ.get("SPINE_NATIVE_WHEEL_LIB")
    if env:
        return Path(env)
    target = Path(os.environ.get("CARGO_TARGET_DIR") or "target")
    return (target if target.is_absolute() else REPO / target) / "release" / LIBRARY


def _stop(message: str):
    """Ends the build with one line (pip shows it as the build's whole output)."""
    raise SystemExit(f"spine_native: {message}")


def _built_library() -> Path:
    """The library to package, built with cargo first when there is none."""
    library = _library()
    if library.is_file():
        return library
    if os.environ.get("SPINE_NATIVE_WHEEL_LIB"):
        _stop(f"SPINE_NATIVE_WHEEL_LIB={library} is not a file")
    command = "cargo build --release -p spine_native"
    if not (REPO / "Cargo.toml").is_file():
        _stop(f"no native library at {library} and no source tree to build it in: run `{command}` in the "
              "spine_native checkout, or set SPINE_NATIVE_WHEEL_LIB=/path/to/libspine_native.so")
    cargo = os.environ.get("SPINE_NATIVE_CARGO") or shutil.which("cargo")
    if not cargo or not Path(cargo).is_file():
        _stop(f"the native library is not built and cargo is not installed: install Rust (https://rustup.rs), "
              f"then run `{command}` in {REPO} (or set SPINE_NATIVE_WHEEL_LIB=/path/to/libspine_native.so)")
    print(f"spine_native: no {library}; building it: {command}", file=sys.stderr, flush=True)
    # cargo's output goes to stderr, which pip shows when the build fails (or with -v).
    status = subprocess.run([cargo, "build", "--release", "-p", "spine_native"], cwd=REPO, stdout=sys.stderr).returncode
    if status != 0 or not library.is_file():
        _stop(f"`{command}` in {REPO} failed (exit status {status}); its output is above")
    return library


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
    library = _built_library()
    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp) / LIBRARY
        shutil.copyfile(library, lib)
        if shutil.which("strip"):
            subprocess.run(["strip", "--strip-debug", str(lib)], check=True)
        files = {}
        for path in sorted((HERE / "spine_native").rglob("*.py")):
            files[f"spine_native/{path.relative_to(HERE / 'spine_native').as_posix()}"] = path.read_bytes()
        files[f"spine_native/{LIBRARY}"] = lib.read_bytes()
        repo = REPO
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
