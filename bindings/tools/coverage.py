#!/usr/bin/env python3
"""Checks that every function of include/spine_native.h is reachable through each binding.

A binding reaches a function when its source calls it from the wrapper code:

- C++ (bindings/cpp/spine_native.hpp): the name appears in code (not in a comment);
- C# (bindings/csharp/*.cs but Tests*.cs): an `extern` declaration plus at least one use;
- Python (bindings/python/spine_native/*.py): a ctypes signature plus at least one use
  (`_lib.<name>` or a `_destroy_name = "<name>"`);
- JavaScript (bindings/js/spine_native.mjs, over the WebAssembly module's exports): a call
  `x.<name>(`, or the name passed to a dispatch helper (`this._struct("<name>", ...)`) or
  as the destroyer to the owning base class (`super(l, h, "<name>")`).

A function a binding deliberately leaves out is listed in that binding's exclusion file
(`bindings/<lang>/coverage-exclusions.txt`: `spn_name  reason`, `#` comments) with a
one-line reason. The check fails on a function neither wrapped nor excluded, on an
exclusion without a reason, and on an exclusion of a function the header no longer has
or the binding wraps after all (so the files stay true).

usage: coverage.py [REPO]      prints one line per binding and `coverage: N passed, M failed`
"""
import re
import sys
from pathlib import Path

FUNCTION = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(spn_[a-z0-9_]+)\s*\(", re.M)


def header_functions(header: str):
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", header, flags=re.S)
    return sorted(set(FUNCTION.findall(code)))


def strip_comments(text: str, line_comment: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S) if line_comment == "//" else text
    out = []
    for line in text.splitlines():
        index = line.find(line_comment)
        out.append(line if index < 0 else line[:index])
    return "\n".join(out)


def uses(code: str, name: str) -> int:
    return len(re.findall(r"\b%s\b" % re.escape(name), code))


def reached_cpp(code: str, name: str) -> bool:
    return uses(code, name) >= 1


def reached_csharp(code: str, name: str) -> bool:
    declared = re.search(r"\bextern\b[^;]*\b%s\s*\(" % re.escape(name), code) is not None
    return declared and uses(code, name) >= 2


def reached_python(code: str, name: str) -> bool:
    declared = re.search(r"[\"']%s[\"']\s*:" % re.escape(name), code) is not None
    used = re.search(r"_lib\.%s\b|_destroy_name\s*=\s*[\"']%s[\"']" % (re.escape(name), re.escape(name)), code)
    return declared and used is not None


def reached_js(code: str, name: str) -> bool:
    n = re.escape(name)
    called = re.search(r"\.x\.%s\(" % n, code) is not None
    # by name through a dispatch helper (`this._struct("spn_...", ...)`) or the destroyer
    # given to the owning base class (`super(l, h, "spn_..._destroy")`)
    dispatched = re.search(r"(?:this\._\w+|super)\((?:l, h, )?\"%s\"" % n, code) is not None
    return called or dispatched


BINDINGS = [
    ("cpp", "bindings/cpp/spine_native.hpp", "//", reached_cpp),
    ("csharp", "bindings/csharp/*.cs", "//", reached_csharp),
    ("python", "bindings/python/spine_native/*.py", "#", reached_python),
    ("js", "bindings/js/spine_native.mjs", "//", reached_js),
]


def read_exclusions(path: Path):
    exclusions, problems = {}, []
    if not path.is_file():
        return exclusions, problems
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 1)
        if len(parts) < 2 or not parts[1].strip():
            problems.append(f"{path.name}:{number}: {parts[0]} has no reason")
        exclusions[parts[0]] = parts[1].strip() if len(parts) > 1 else ""
    return exclusions, problems


def main() -> int:
    repo = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])
    functions = header_functions((repo / "include/spine_native.h").read_text(encoding="utf-8"))
    if len(functions) < 100:
        print(f"coverage: parsed only {len(functions)} functions from the header")
        print("coverage: 0 passed, 1 failed")
        return 1
    passed = failed = 0
    for lang, source, comment, reached in BINDINGS:
        files = sorted(f for f in repo.glob(source) if not f.name.startswith("Tests"))
        code = "\n".join(strip_comments(f.read_text(encoding="utf-8"), comment) for f in files)
        exclusions, problems = read_exclusions(repo / f"bindings/{lang}/coverage-exclusions.txt")
        wrapped = [f for f in functions if reached(code, f)]
        missing = [f for f in functions if f not in wrapped and f not in exclusions]
        for name in exclusions:
            if name not in functions:
                problems.append(f"excluded {name} is not in the header")
            elif name in wrapped:
                problems.append(f"excluded {name} is wrapped: drop the exclusion")
        ok = not missing and not problems
        print(f"{lang}: {len(wrapped)} of {len(functions)} header functions wrapped, "
              f"{len(exclusions)} excluded, {len(missing)} missing: {'ok' if ok else 'FAIL'}")
        for name in missing:
            print(f"  {lang}: missing {name}")
        for problem in problems:
            print(f"  {lang}: {problem}")
        passed, failed = passed + ok, failed + (not ok)
    print(f"coverage: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
