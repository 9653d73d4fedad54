"""help(dungen) teaches: the module's example is there and runs, every public name has a
docstring, and the type stub (dungen/__init__.pyi) names exactly what the module has."""

import ast
import importlib.util
import os
import pydoc
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dungen
from conftest import CLASSIC, SOURCE

STUB = Path(dungen.__file__).with_name("__init__.pyi")
# What every class has from Python itself (and Exception, IntEnum), not from dungen.
INHERITED = set(dir(object)) | set(dir(Exception)) | set(dir(int)) | {"name", "value"}


def stub_tree():
    return ast.parse(STUB.read_text(encoding="utf-8"))


def stub_names(body):
    """The names a stub's body (module or class) defines."""
    names = set()
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
    return {n for n in names if not n.startswith("_") or n == "__version__"}


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_help_shows_the_example():
    text = pydoc.render_doc(dungen, renderer=pydoc.plaintext)
    assert 'tiles = dungen.TileSet("samples/classic")' in text
    assert "level = tiles.generate(seed=1, max_tiles=200)" in text
    for name in dungen.__all__:
        assert name in text
    assert "max_tiles=60" in pydoc.render_doc(dungen.TileSet.generate, renderer=pydoc.plaintext)


def test_the_docstrings_example_runs(tmp_path, monkeypatch):
    code = re.findall(r"^    (?!\.\.\.)(.*)$", dungen.__doc__.split("::")[1], re.M)
    (tmp_path / "samples").mkdir()
    (tmp_path / "samples" / "classic").symlink_to(CLASSIC)
    monkeypatch.chdir(tmp_path)
    exec("\n".join(code), {})  # pylint: disable=exec-used
    assert (tmp_path / "level.png").read_bytes() == (
        dungen.TileSet(CLASSIC).generate(seed=1, max_tiles=200).to_png())


def test_every_public_name_has_a_docstring():
    assert dungen.__doc__ and dungen.batch.__doc__
    for name in dungen.__all__:
        item = getattr(dungen, name)
        if isinstance(item, type):
            assert item.__doc__, name
            for member in public(dir(item)) - INHERITED:
                doc = getattr(getattr(item, member), "__doc__", None)
                assert doc, f"{name}.{member} has no docstring"


def test_the_stub_names_every_public_name():
    tree = stub_tree()
    assert stub_names(tree.body) == set(dungen.__all__)
    assert public(dir(dungen)) - {"enum"} <= set(dungen.__all__)
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(dungen, node.name)
            assert stub_names(node.body) - {"__iter__", "__next__"} == (
                public(dir(cls)) - INHERITED | (public(vars(cls)) & {"exit_code"})), node.name


def stub_functions():
    """{"TileSet.generate": FunctionDef, "batch": FunctionDef, ...}: the stub's functions and
    methods (not its properties)."""
    out = {}
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node
        elif isinstance(node, ast.ClassDef):
            out.update({f"{node.name}.{f.name}": f for f in node.body
                        if isinstance(f, ast.FunctionDef) and not any(
                            isinstance(d, ast.Name) and d.id == "property"
                            for d in f.decorator_list)})
    return out


def params(function):
    """(positional names and defaults, keyword-only names, **name) of an ast function."""
    args = function.args
    positional = [a.arg for a in args.posonlyargs + args.args if a.arg != "self"]
    defaults = [ast.unparse(d) for d in args.defaults]
    return (positional, defaults, [a.arg for a in args.kwonlyargs],
            args.kwarg.arg if args.kwarg else None)


def test_the_docstrings_signatures_are_the_stubs():
    """The first line of a function's docstring is its signature, the stub's (the stub lists
    generate's options one by one where the docstring says **options)."""
    stub = stub_functions()
    for name, node in stub.items():
        if name.split(".")[-1] in ("__iter__", "__next__"):
            continue
        owner, _, attr = name.rpartition(".")
        item = getattr(getattr(dungen, owner) if owner else dungen, attr)
        line = item.__doc__.splitlines()[0]
        assert line.startswith(attr + "("), f"{name}: {line}"
        got = params(ast.parse(f"def {line}: pass").body[0])
        want = params(node)
        assert got[:2] == want[:2], name
        if got[3] == "options":
            assert len(want[2]) == 20 and "max_tiles" in want[2], name
        else:
            assert got[2:] == want[2:], name


def test_the_stubs_keywords_are_the_modules(classic):
    """Each keyword of generate and batch in the stub is an option, its default the module's."""
    for node in ast.walk(stub_tree()):
        if isinstance(node, ast.FunctionDef) and node.name in ("generate", "batch"):
            names = [a.arg for a in node.args.kwonlyargs]
            defaults = {n: ast.literal_eval(d) for n, d in zip(names, node.args.kw_defaults)}
            assert "max_tiles" in defaults and len(defaults) == 20
            assert classic.generate(2, **defaults).hash == classic.generate(2).hash
            assert [lv.hash for lv in dungen.batch(classic, [2], **defaults)] == [
                classic.generate(2).hash]


def test_the_package_is_typed():
    assert STUB.with_name("py.typed").exists()
    assert dungen.__version__ == subprocess.run(
        [os.environ["DUNGEN_BINARY"], "--version"], capture_output=True, text=True,
        check=True).stdout.split()[-1]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_accepts_the_stub_and_the_example(tmp_path):
    for args in (["-m", "mypy", "--strict", str(SOURCE / "docs/examples/python_example.py")],
                 ["-m", "mypy.stubtest", "dungen", "--allowlist",
                  str(SOURCE / "tests/python/stubtest_allowlist.txt")]):
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                              cwd=tmp_path, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
