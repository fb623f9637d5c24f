"""Tab completion shows the public API only; wind names take guobiao.score's compiled path;
the riichi ``mahjong`` library beside this package is detected, and riichi's module names
answer with a hint."""
import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mahjong
import mahjong.analysis
import mahjong.batch

# the package under test (the installed copy, or the built source tree) and the folder that
# holds its compiled core
PACKAGE = Path(mahjong.__file__).resolve().parent
CORE_SITE = Path(importlib.util.find_spec("mahjong_core").origin).resolve().parent.parent


# --- tab completion -------------------------------------------------------------------------

@pytest.mark.parametrize("module,extra", [
    (mahjong, set(mahjong._SUBMODULES) | set(mahjong._room_packages()) | set(mahjong._LAZY)
     | {"errors"}),
    (mahjong.batch, set()),
    (mahjong.analysis, set()),
])
def test_dir_shows_only_the_public_api(module, extra):
    public = {n for n in dir(module) if not n.startswith("_")}
    assert public <= set(module.__all__) | extra, sorted(public - set(module.__all__) - extra)
    assert set(module.__all__) <= set(dir(module))
    for helper in ("importlib", "np", "Tuple", "Union", "annotations", "itertools"):
        assert helper not in dir(module)


def test_helper_imports_are_not_attributes_of_the_package_and_batch():
    assert not hasattr(mahjong, "importlib")
    assert not hasattr(mahjong.batch, "np")
    assert not hasattr(mahjong.batch, "Tuple")


# --- guobiao.score with wind names -----------------------------------------------------------

def test_wind_names_take_the_compiled_path(monkeypatch):
    from mahjong import guobiao
    from mahjong.guobiao import scoring

    hand, kw = "234m567m345p678s2s", dict(win_tile="2s", self_drawn=True)
    expected = guobiao.score(hand, seat_wind=3, round_wind=1, **kw)  # fills the caches

    def slow_path(*args):
        raise AssertionError("the slow path (_answer) was taken")

    monkeypatch.setattr(scoring, "_answer", slow_path)
    for seat, rnd in (("N", "S"), ("n", "s"), ("North", "South"), ("北", "南"), ("4z", "2z"),
                      ("NORTH", "SOUTH")):
        got = guobiao.score(hand, seat_wind=seat, round_wind=rnd, **kw)
        assert (got.total, got.seat_wind, got.round_wind) == (expected.total, 3, 1)
    with pytest.raises(AssertionError, match="slow path"):   # other spellings still parse there
        guobiao.score(hand, seat_wind=" n ", **kw)
    monkeypatch.undo()
    assert guobiao.score(hand, seat_wind=" n ", **kw).seat_wind == 3
    with pytest.raises(mahjong.InvalidContextError, match="seat_wind: 'Q' is not a wind"):
        guobiao.score(hand, seat_wind="Q", **kw)


# --- the riichi package -----------------------------------------------------------------------

@pytest.mark.parametrize("statement,hint", [
    ("from mahjong.shanten import Shanten", "mahjong.shanten(hand) is a function here"),
    ("import mahjong.tile", "mahjong.parse_tiles"),
    ("from mahjong.hand_calculating.hand import HandCalculator", "mahjong.guobiao.score"),
    ("from mahjong.meld import Meld", "mahjong.Meld"),
    ("from mahjong.agari import Agari", "mahjong.is_complete"),
    ("import mahjong.constants", "mahjong.tiles"),
    ("from mahjong.utils import is_pon", "mahjong.tiles"),
])
def test_riichi_module_names_answer_with_a_hint(statement, hint):
    from mahjong._riichi import RiichiModuleNotFoundError

    with pytest.raises(RiichiModuleNotFoundError, match="this 'mahjong' is mahjong-core") as info:
        exec(statement, {})
    assert hint in str(info.value)
    assert isinstance(info.value, ModuleNotFoundError)
    # our own function and modules are untouched
    assert callable(mahjong.shanten) and mahjong.shanten("123456789m11p23s") == 0
    exec("import mahjong.tiles", {})   # a module of ours is still found first
    with pytest.raises(ModuleNotFoundError) as other:
        exec("import mahjong.no_such_module", {})
    assert type(other.value) is ModuleNotFoundError


def _import_in(tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(CORE_SITE)]))
    code = "import mahjong; print(mahjong.__file__)"
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def _package_copy(tmp_path: Path) -> Path:
    """tmp/mahjong: our package, file by file as symbolic links (a site directory of its
    own, to fake what pip leaves beside it)."""
    pkg = tmp_path / "mahjong"
    pkg.mkdir()
    for entry in PACKAGE.iterdir():
        if entry.name != "__pycache__":
            (pkg / entry.name).symlink_to(entry)
    return pkg


def test_the_fake_site_imports_cleanly(tmp_path):
    _package_copy(tmp_path)
    done = _import_in(tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(tmp_path / "mahjong" / "__init__.py")


def test_riichi_files_merged_into_the_package_are_an_import_error(tmp_path):
    pkg = _package_copy(tmp_path)
    (pkg / "shanten.py").write_text("class Shanten: pass\n")
    (pkg / "hand_calculating").mkdir()
    done = _import_in(tmp_path)
    assert done.returncode != 0
    assert "ImportError: mahjong-core and the riichi mahjong library" in done.stderr
    assert "hand_calculating, shanten.py" in done.stderr
    assert "pip uninstall -y mahjong mahjong-core" in done.stderr
    assert "separate virtual environment" in done.stderr


def test_a_riichi_distribution_beside_the_package_is_an_import_error(tmp_path):
    _package_copy(tmp_path)
    dist = tmp_path / "mahjong-1.2.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(textwrap.dedent("""\
        Metadata-Version: 2.1
        Name: mahjong
        Version: 1.2.1
        """))
    done = _import_in(tmp_path)
    assert done.returncode != 0
    assert "(the pip distribution 'mahjong')" in done.stderr
    assert "mahjong-1.2.1.dist-info" in done.stderr
    # our own distribution's metadata is no clash
    dist.rename(tmp_path / "mahjong_core-0.1.0.dist-info")
    assert _import_in(tmp_path).returncode == 0
