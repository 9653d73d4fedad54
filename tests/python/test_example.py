"""docs/examples/python_example.py (docs/python.md's example) runs and makes the levels
`dungen generate` makes for its seeds and options: same JSON, same PNG, same hash."""

import os
import re
import subprocess
import sys

from conftest import CLASSIC, SOURCE, cli_hashes, cli_message, run_cli

EXAMPLE = SOURCE / "docs" / "examples" / "python_example.py"
OPTIONS = {"max_tiles": 40, "locks": 1, "monsters": 4}  # the example's


def test_the_docs_example_is_the_file():
    page = (SOURCE / "docs" / "python.md").read_text(encoding="utf-8")
    block = page.split("<!-- example: python -->\n```python\n", 1)[1].split("\n```\n", 1)[0]
    assert block + "\n" == EXAMPLE.read_text(encoding="utf-8")


def run_example(folder, cwd):
    return subprocess.run([sys.executable, EXAMPLE, folder], cwd=cwd, capture_output=True,
                          text=True, check=False, env=os.environ)


def test_example_makes_the_programs_levels(tmp_path):
    done = run_example(CLASSIC, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    want = cli_hashes(tmp_path, CLASSIC, 1, 3, **OPTIONS)
    for floor, line in zip((1, 2, 3), lines, strict=True):
        match = re.fullmatch(rf"floor {floor}: \d+x\d+ cells, \d+ tiles, \d+ floor cells, "
                             r"hash ([0-9a-f]{16})", line)
        assert match, line
        assert match.group(1) == want[floor]
        out = tmp_path / f"cli{floor}"
        status, err = run_cli([CLASSIC, "--seed", floor, "-o", f"{out}.png", "--json",
                               f"{out}.json", "--max-tiles", 40, "--locks", 1, "--monsters", 4],
                              tmp_path)
        assert status == 0, err
        assert (tmp_path / f"{floor}.png").read_bytes() == out.with_suffix(".png").read_bytes()
        assert (tmp_path / f"{floor}.json").read_bytes() == out.with_suffix(".json").read_bytes()


def test_example_fails_as_the_program_does(tmp_path):
    done = run_example(tmp_path / "none", tmp_path)
    status, err = run_cli([tmp_path / "none", "-o", "x.png"], tmp_path)
    assert done.returncode == status == 1
    assert done.stderr.strip() == "python_example: " + cli_message(err)
