"""The shanten group tables that imports read from disk (written by setup.py's build_ext)
are the tables the module builds, and a file that does not belong to the module is never
read: the module then builds its tables itself and answers the same."""
import os
import subprocess
import sys

import pytest

from mahjong_core import _shanten

from child_env import child_env

# Shanten of a fixed set of hands, printed by a child process, to compare across builds of
# the tables (random hands plus four-of-a-kind-rich ones, every form, and a wildcard).
_PROBE = """
import numpy as np
from mahjong import batch
from mahjong_core import _shanten
rng = np.random.default_rng(7)
wall = np.repeat(np.arange(34), 4)
rows = []
for i in range(3000):
    rng.shuffle(wall)
    rows.append(np.bincount(wall[:14 if i % 2 else 13], minlength=34))
for t in range(0, 34, 3):
    c = np.zeros(34, np.int64); c[t] = 4; c[(t + 9) % 34] = 4; c[(t + 1) % 34] = 4
    c[(t + 5) % 34] = 1
    rows.append(c)
counts = np.array(rows, np.uint8)
print(_shanten.tables_loaded())
print(batch.shanten(counts).tolist())
print(batch.shanten(counts, wildcard=4).tolist())
print(batch.useful_tiles(counts).sum(axis=1).tolist())
"""


def _probe(tmp_path, **env):
    done = subprocess.run([sys.executable, "-c", _PROBE], cwd=tmp_path, capture_output=True,
                          text=True, env=child_env(**env), check=True)
    loaded, *answers = done.stdout.splitlines()
    return loaded == "True", answers


def test_the_tables_file_is_the_built_tables(tmp_path):
    # this process read or built its tables; a child forced to build writes them afresh
    ours = tmp_path / "ours.bin"
    _shanten.write_tables(str(ours))
    fresh = tmp_path / "fresh.bin"
    code = f"from mahjong_core import _shanten; _shanten.write_tables({str(fresh)!r})"
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True,
                   env=child_env(MAHJONG_CORE_BUILD_TABLES="1"))
    assert ours.read_bytes() == fresh.read_bytes()


def test_the_build_wrote_the_tables_file():
    path = os.path.join(os.path.dirname(_shanten.__file__), _shanten.TABLES_FILE)
    if "MAHJONG_CORE_BUILD_TABLES" in os.environ:
        pytest.skip("this run builds its tables on purpose")
    assert os.path.exists(path), "setup.py's build_ext writes it beside the module"
    assert _shanten.tables_loaded()


def test_answers_are_the_same_read_or_built(tmp_path):
    read, answers_read = _probe(tmp_path)
    built, answers_built = _probe(tmp_path, MAHJONG_CORE_BUILD_TABLES="1")
    assert not built
    assert answers_read == answers_built


@pytest.mark.parametrize("damage", ["truncated", "flipped byte", "other build", "not tables"])
def test_a_file_that_does_not_check_is_never_read(tmp_path, damage):
    good = tmp_path / "good.bin"
    _shanten.write_tables(str(good))
    data = bytearray(good.read_bytes())
    if damage == "truncated":
        data = data[:-100]
    elif damage == "flipped byte":
        data[len(data) // 2] ^= 1
    elif damage == "other build":  # the header names another module build
        head = data.index(b"\n", data.index(b"\n") + 1)
        stamp = data[:head].split(b"\n")[1].split(b" ")[0]
        data = data.replace(stamp, str(int(stamp) ^ 1).encode(), 1)
    else:
        data = bytearray(b"hello")
    bad = tmp_path / "bad.bin"
    bad.write_bytes(bytes(data))
    loaded, answers = _probe(tmp_path, MAHJONG_CORE_TABLES_FILE=str(bad))
    assert not loaded
    assert answers == _probe(tmp_path, MAHJONG_CORE_BUILD_TABLES="1")[1]


def test_the_good_file_is_read_from_anywhere(tmp_path):
    good = tmp_path / "good.bin"
    _shanten.write_tables(str(good))
    loaded, answers = _probe(tmp_path, MAHJONG_CORE_TABLES_FILE=str(good))
    assert loaded
    assert answers == _probe(tmp_path, MAHJONG_CORE_BUILD_TABLES="1")[1]


def test_the_tables_file_is_written_without_numpy(tmp_path):
    # setup.py writes the file from its build environment, which has no numpy (numpy is not
    # a build requirement): the core imports and writes its tables without it, as the
    # build's own command does (an isolated child process), so a fresh `pip install .`
    # ships the file
    out = tmp_path / "tables.bin"
    code = ("import sys; sys.modules['numpy'] = None; "  # (an import of numpy now fails)
            "from mahjong_core import _shanten; "
            f"print(_shanten.write_tables({str(out)!r}))")
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True,
                   env=child_env(MAHJONG_CORE_BUILD_TABLES="1"))
    _shanten.write_tables(str(tmp_path / "ours.bin"))
    assert out.read_bytes() == (tmp_path / "ours.bin").read_bytes()
