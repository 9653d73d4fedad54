"""Errors: a bad value raises dungen.Error with the program's message and exit status for the
same mistake; an unknown keyword or a value of the wrong type raises TypeError."""

import pytest

import dungen
from conftest import CLASSIC, cli_message, flags, run_cli

# Values the program refuses (exit 2), as generate's keyword arguments.
BAD_OPTIONS = [
    {"max_tiles": 0},
    {"max_tiles": 10**11},  # beyond C++'s int: the message quotes it as given
    {"min_tiles": -1},      # -1 is "not given" in C++ only; here None says that
    {"loops": -1},
    {"loops": 2_000_000},
    {"loops": -(10**20)},
    {"policy": "bogus"},
    {"max_size": "big"},
    {"max_dead_ends": "x"},
    {"tiers": 99},
    {"loop_detour": 0},
    {"start": "roomlarge.png"},
    {"start": "nope.png"},
    {"require": "bogus>=3"},
    {"min_tiles": 100, "max_tiles": 50},
]


@pytest.mark.parametrize("options", BAD_OPTIONS, ids=lambda o: " ".join(flags(**o)))
def test_bad_option_is_the_programs_error(classic, tmp_path, options):
    status, err = run_cli([CLASSIC, "--seed", 1, "-o", "x.png", *flags(**options)], tmp_path)
    with pytest.raises(dungen.Error) as caught:
        classic.generate(1, **options)
    assert (str(caught.value), caught.value.exit_code) == (cli_message(err), status)
    assert status == 2


@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_bad_seed_is_the_programs_error(classic, tmp_path, seed):
    status, err = run_cli([CLASSIC, f"--seed={seed}", "-o", "x.png"], tmp_path)
    with pytest.raises(dungen.Error) as caught:
        classic.generate(seed)
    assert (str(caught.value), caught.value.exit_code) == (cli_message(err), status)


def test_bad_folder_is_the_programs_error(tmp_path):
    (tmp_path / "empty").mkdir()
    for folder in (tmp_path / "none", tmp_path / "empty"):
        status, err = run_cli([folder, "-o", "x.png"], tmp_path)
        with pytest.raises(dungen.Error) as caught:
            dungen.TileSet(folder)
        assert (str(caught.value), caught.value.exit_code) == (cli_message(err), status)
        assert status == 1


def test_bad_tile_option_is_the_programs_error(tmp_path):
    status, err = run_cli([CLASSIC, "--max-tile-size", 0, "-o", "x.png"], tmp_path)
    with pytest.raises(dungen.Error) as caught:
        dungen.TileSet(CLASSIC, max_tile_size=0)
    assert (str(caught.value), caught.value.exit_code) == (cli_message(err), status)


def test_unknown_keyword_is_a_type_error_naming_it(classic):
    with pytest.raises(TypeError, match=r"generate\(\) got an unexpected keyword argument "
                                        r"'max_tile'; did you mean 'max_tiles'\?"):
        classic.generate(1, max_tile=10)
    with pytest.raises(TypeError, match="'colour'$"):
        classic.generate(1, colour="red")
    with pytest.raises(TypeError, match=r"batch\(\) got an unexpected keyword argument 'lock'"):
        dungen.batch(classic, [1], lock=1)  # at once, not at the first level
    with pytest.raises(TypeError, match="skip_invalids"):
        dungen.TileSet(CLASSIC, skip_invalids=True)


@pytest.mark.parametrize("options, message", [
    ({"max_tiles": "60"}, "max_tiles must be an int, got str"),
    ({"max_tiles": 60.0}, "max_tiles must be an int, got float"),
    ({"locks": True}, "locks must be an int, got bool"),
    ({"flip": 1}, "flip must be a bool, got int"),
    ({"policy": 1}, "policy must be a str, got int"),
    ({"start": b"room_large.png"}, "start must be a str, got bytes"),
    ({"max_dead_ends": 2.5}, "max_dead_ends must be a str, got float"),
    ({"seed": "1"}, "seed must be an int, got str"),
    ({"seed": 1.0}, "seed must be an int, got float"),
])
def test_wrong_type_is_a_type_error(classic, options, message):
    with pytest.raises(TypeError, match="^generate\\(\\): " + message + "$"):
        classic.generate(**options)


def test_error_is_an_exception_with_an_exit_code():
    assert issubclass(dungen.Error, Exception)
    assert dungen.Error("made here").exit_code == 1
    assert "exit_code" in dungen.Error.__doc__
    with pytest.raises(dungen.Error) as caught:
        dungen.TileSet.from_memory({})
    assert caught.value.exit_code == 1


def test_bad_pixels(tmp_path):
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="must be a NumPy uint8 array"):
        dungen.TileSet.from_pixels({"a.png": np.zeros((3, 3, 4), dtype=np.float32)})
    with pytest.raises(ValueError, match=r"must have shape \(height, width, 4\)"):
        dungen.TileSet.from_pixels({"a.png": np.zeros((3, 3), dtype=np.uint8)})
    with pytest.raises(TypeError, match="must be bytes-like"):
        dungen.TileSet.from_memory({"a.png": "not bytes"})
    with pytest.raises(dungen.Error, match="not_png.png"):
        dungen.TileSet.from_memory({"not_png.png": b"plain text"})
