#!/usr/bin/env python3
"""What takes the space in a WebAssembly module: section sizes, then the largest functions
and the code per crate/module path (from the `name` section; build with names kept,
`CARGO_PROFILE_WASM_STRIP=debuginfo bindings/js/build.sh`, and read the module before
wasm-opt strips them: target/wasm/wasm32-unknown-unknown/wasm/spine_native.wasm).

    python3 bindings/js/tools/wasm_size.py bindings/js/spine_native.wasm [--top N]
"""
import argparse
import re
import sys
from collections import defaultdict


def leb(data, pos):
    result = shift = 0
    while True:
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return result, pos


SECTIONS = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
            7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}


def demangle(name):
    # v0/legacy Rust symbols are demangled by the linker's name section already, mostly; trim hashes.
    return re.sub(r"::h[0-9a-f]{16}$", "", name)


CATEGORIES = [
    ("serde_path_to_error", "serde_path_to_error"),
    ("serde_json", "serde_json"),
    ("4json6schema", "spine_native::load::json::schema (serde derive)"),
    ("10serde_core", "serde_core"),
    ("4load4json", "spine_native::load::json"),
    ("4load6binary", "spine_native::load::binary"),
    ("12spine_native4load", "spine_native::load (other)"),
    ("12spine_native8snapshot", "spine_native::snapshot"),
    ("12spine_native5atlas", "spine_native::atlas"),
    ("12spine_native9animation", "spine_native::animation"),
    ("12spine_native8skeleton", "spine_native::skeleton"),
    ("12spine_native6render", "spine_native::render"),
    ("12spine_native3ffi", "spine_native::ffi"),
    ("spn_", "spine_native::ffi (exports)"),
    ("12spine_native", "spine_native (other)"),
    ("3fmt", "core/alloc fmt"),
    ("7flt2dec", "core fmt (floats)"),
    ("8dlmalloc", "dlmalloc"),
    ("4core", "core"),
    ("5alloc", "alloc"),
    ("3std", "std"),
]


def category(name):
    for key, label in CATEGORIES:
        if key in name:
            return label
    return "other"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wasm")
    ap.add_argument("--top", type=int, default=40)
    a = ap.parse_args()
    data = open(a.wasm, "rb").read()
    assert data[:4] == b"\0asm", "not a wasm module"
    pos = 8
    sections = []
    imported_funcs = 0
    bodies = []
    names = {}
    while pos < len(data):
        sid = data[pos]
        size, p = leb(data, pos + 1)
        end = p + size
        label = SECTIONS.get(sid, str(sid))
        if sid == 0:
            nlen, q = leb(data, p)
            cname = data[q:q + nlen].decode()
            label = f"custom {cname}"
            if cname == "name":
                q += nlen
                while q < end:
                    sub = data[q]
                    ssize, q2 = leb(data, q + 1)
                    if sub == 1:
                        count, r = leb(data, q2)
                        for _ in range(count):
                            idx, r = leb(data, r)
                            ln, r = leb(data, r)
                            names[idx] = data[r:r + ln].decode(errors="replace")
                            r += ln
                    q = q2 + ssize
        elif sid == 2:
            count, q = leb(data, p)
            for _ in range(count):
                for _ in range(2):
                    ln, q = leb(data, q)
                    q += ln
                kind = data[q]
                q += 1
                if kind == 0:
                    _, q = leb(data, q)
                    imported_funcs += 1
                elif kind == 1:
                    q += 1
                    flags = data[q]
                    _, q = leb(data, q + 1)
                    if flags & 1:
                        _, q = leb(data, q)
                elif kind == 2:
                    flags = data[q]
                    _, q = leb(data, q + 1)
                    if flags & 1:
                        _, q = leb(data, q)
                elif kind == 3:
                    q += 2
        elif sid == 10:
            count, q = leb(data, p)
            for i in range(count):
                bsize, q2 = leb(data, q)
                bodies.append((imported_funcs + i, bsize + (q2 - q)))
                q = q2 + bsize
        sections.append((label, size))
        pos = end
    total = len(data)
    print(f"{a.wasm}: {total} bytes")
    for label, size in sections:
        print(f"  {label:<24} {size:>9} {100 * size / total:5.1f}%")
    code = sum(s for _, s in bodies)
    print(f"\nlargest of {len(bodies)} functions ({code} bytes of code):")
    for idx, size in sorted(bodies, key=lambda b: -b[1])[:a.top]:
        print(f"  {size:>8} {100 * size / code:5.1f}%  {demangle(names.get(idx, f'func[{idx}]'))[:150]}")
    groups = defaultdict(lambda: [0, 0])
    for idx, size in bodies:
        g = groups[category(names.get(idx, "?"))]
        g[0] += size
        g[1] += 1
    print("\ncode by crate/module (first match of the mangled name, in this order):")
    for g, (size, n) in sorted(groups.items(), key=lambda kv: -kv[1][0]):
        print(f"  {size:>8} {100 * size / code:5.1f}%  {n:>5} functions  {g}")


if __name__ == "__main__":
    sys.exit(main())
