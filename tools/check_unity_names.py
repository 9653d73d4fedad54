#!/usr/bin/env python3
"""Names a unity build could mix up (CMakeLists.txt, DUNGEN_UNITY_BUILD).

A unity build compiles the .cpp files of one folder (one CMake target) as one unit, so their
anonymous namespaces become one: a name two files define there clashes (an error) or, with
other parameters, silently becomes an overload; and a name one file defines there hides, for
code in the other files' anonymous namespaces, a function of the same name that the folder's
headers declare (silently: found first by name lookup). This check fails on both kinds.

Usage: check_unity_names.py SRC_DIR. Exit 0: none found; 1: each listed as FOLDER: NAME (FILES).
"""
import collections
import os
import re
import sys

DEF = re.compile(
    r"^(?:template <[^>]*>\s*)?(?:\[\[nodiscard\]\]\s*)?(?:static |inline |constexpr |const |"
    r"thread_local )*[\w:<>,\s\*&]+?[\s\*&]([A-Za-z_]\w*)\s*(?:\(|=|\{|;|\[)")
TYPE = re.compile(r"^(?:struct|class|enum class|enum|union)\s+([A-Za-z_]\w*)")
ALIAS = re.compile(r"^using\s+([A-Za-z_]\w*)\s*=")
PUBLIC = re.compile(r"^(?:\[\[nodiscard\]\]\s*)?(?:inline |constexpr |template <[^>]*>\s*)*"
                    r"[\w:<>,\* &]+?[\s\*&]([A-Za-z_]\w*)\(")


def anonymous_names(path):
    """Names defined at the top level of the file's anonymous namespaces."""
    names, depth = set(), 0
    for line in open(path, encoding="utf-8"):
        if re.match(r"^namespace \{", line):
            depth += 1
            continue
        if depth and re.match(r"^\}\s*// namespace\s*$", line):
            depth -= 1
            continue
        if not depth or line[:1] in " \t}#/" or not line.strip():
            continue
        for pattern in (TYPE, ALIAS, DEF):
            m = pattern.match(line)
            if m and not line.startswith("using namespace"):
                names.add(m.group(1))
                break
    return names


def public_names(folder):
    names = set()
    for f in os.listdir(folder):
        if f.endswith(".hpp"):
            for line in open(os.path.join(folder, f), encoding="utf-8"):
                m = PUBLIC.match(line)
                if m:
                    names.add(m.group(1))
    return names


def main(src):
    found = []
    for folder, _, files in sorted(os.walk(src)):
        where = collections.defaultdict(list)
        for f in sorted(files):
            if f.endswith(".cpp"):
                for name in anonymous_names(os.path.join(folder, f)):
                    where[name].append(f)
        public = public_names(folder)
        rel = os.path.relpath(folder, src)
        for name, fs in sorted(where.items()):
            if len(fs) > 1:
                found.append(f"{rel}: {name} ({', '.join(fs)}): defined in two anonymous namespaces")
            elif name in public:
                found.append(f"{rel}: {name} ({fs[0]}): hides the function its headers declare")
    for line in found:
        print(line)
    if found:
        print("rename each (a unity build compiles a folder's files as one unit)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "src"))
