"""What the Python module's tests share: the dungen program, the samples, and running the
program with the options a test gives the module, to compare its files with a level's.

tests/python/run_tests.sh sets DUNGEN_BINARY, DUNGEN_SOURCE_DIR and PYTHONPATH (the module).
"""

import csv
import os
import subprocess
from pathlib import Path

import pytest

import dungen

DUNGEN = os.environ["DUNGEN_BINARY"]
SOURCE = Path(os.environ["DUNGEN_SOURCE_DIR"])
SAMPLES = SOURCE / "samples"
CLASSIC = SAMPLES / "classic"


def flags(**options):
    """The command line of `dungen generate` that says what `options` (generate's keyword
    arguments) say: max_tiles=80 -> --max-tiles 80, flip=False -> --no-flip."""
    out = []
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        if value is False:
            out.append("--no-" + name)
        elif value is not None and value is not True:
            out += [flag, str(value)]
    return out


def run_cli(args, cwd):
    """`dungen generate ARGS -q` in `cwd`: its exit status and standard error."""
    done = subprocess.run([DUNGEN, "generate", *map(str, args), "-q"], cwd=cwd,
                          capture_output=True, text=True, check=False)
    return done.returncode, done.stderr


def cli_message(stderr):
    """The message of the program's error line, without "dungen: error: "."""
    line = stderr.strip().splitlines()[-1]
    assert line.startswith("dungen: error: "), stderr
    return line[len("dungen: error: "):]


def cli_hashes(tmp_path, folder, seed, count, **options):
    """{seed: hash} of the levels `dungen generate FOLDER --seed SEED --count COUNT` makes
    with `options`, from its manifest.csv."""
    out = tmp_path / f"batch-{seed}-{count}"
    status, err = run_cli([folder, "--seed", seed, "--count", count, "--out-dir", out,
                           *flags(**options)], tmp_path)
    assert status == 0, err
    with open(out / "manifest.csv", newline="", encoding="utf-8") as manifest:
        return {int(row["seed"]): row["hash"] for row in csv.DictReader(manifest)}


@pytest.fixture(scope="session")
def classic():
    """samples/classic, loaded once."""
    return dungen.TileSet(CLASSIC)
