#!/usr/bin/env python3
"""Checks that two versions of the generated C header declare the same things.

    tools/header_declarations.py OLD.h NEW.h          # e.g. from `git show REV:include/spine_native.h`
    tools/header_declarations.py --rev REV            # the header at REV against the working tree's

Every top-level declaration (function prototype, struct, enum, typedef, #define), together
with the documentation comment above it, is one block. The check passes when both headers
hold the same blocks, whatever their order: a change that only moves declarations (the
layout by C object) passes; one that adds, drops, renames or changes a signature or its
documentation fails and prints the blocks on each side. Exit status 0 or 1.
"""
import subprocess
import sys


def blocks(text):
    """The header's declarations, each with its preceding comment, whitespace-normalized."""
    out, pending, current, depth = [], [], [], 0
    for raw in text.splitlines():
        line = raw.strip()
        if depth == 0 and not current:
            if not line or line.startswith('#if') or line.startswith('#endif') or line.startswith('#include') \
                    or line in ('extern "C" {', '}  // extern "C"', '#else'):
                if not line:
                    pending = pending if pending and pending[-1].startswith('//') else []
                continue
            if line.startswith('//') or line.startswith('/*') or line.startswith('*'):
                pending.append(line)
                continue
        current.append(line)
        depth += line.count('{') - line.count('}')
        ends = line.endswith(';') or (line.startswith('#define') and not line.endswith('\\'))
        if depth == 0 and ends:
            out.append(' '.join(pending + current))
            pending, current = [], []
    return out


def main(argv):
    if len(argv) == 3 and argv[1] == '--rev':
        old = subprocess.run(['git', 'show', argv[2] + ':include/spine_native.h'], check=True,
                             capture_output=True, text=True).stdout
        new = open('include/spine_native.h').read()
    elif len(argv) == 3:
        old, new = open(argv[1]).read(), open(argv[2]).read()
    else:
        print(__doc__)
        return 2
    a, b = sorted(blocks(old)), sorted(blocks(new))
    if a == b:
        print(f'same declarations: {len(a)} blocks, order aside')
        return 0
    only_old = [x for x in a if x not in b]
    only_new = [x for x in b if x not in a]
    for name, side in (('only in the old header', only_old), ('only in the new header', only_new)):
        for x in side:
            print(f'{name}: {x[:400]}')
    return 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
