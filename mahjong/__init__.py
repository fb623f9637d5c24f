"""mahjong-core: a fast, exact engine for Chinese mahjong rule sets.

Tiles are ids 0..33 in tenhou 34-format order (see :mod:`mahjong.tiles`). The hand
analysis (shanten for every form, useful tiles, waits, discards) runs in the Cython core
:mod:`mahjong_core`; rule sets live in their own modules (:mod:`mahjong.guobiao`,
:mod:`mahjong.sichuan`, :mod:`mahjong.yunnan`, :mod:`mahjong.huanggang`, ...), each a
package of its own that registers itself (:mod:`mahjong.rooms`); :mod:`mahjong.ruleset`
settles their game logs (:mod:`mahjong.record`).

Everything below is imported on first use (``import mahjong`` itself loads only the error
classes), so the command line starts quickly and a script pays only for what it uses.

>>> import mahjong
>>> mahjong.shanten("1112345678999m5m")
-1
"""
import importlib as _importlib
import importlib.util as _util
import os as _os

from . import _riichi

from .errors import (InvalidContextError, InvalidHandError, InvalidRecordError, MahjongError,
                     NotWinningError, TileParseError)

__version__ = "0.1.0"


def _check_compiled() -> None:
    """Fail early, saying what to run, when this is a source checkout whose compiled core
    was never built; but when a built copy is installed elsewhere on the path (``pip install
    .`` puts one in site-packages, and Python finds the source folder first when run from
    the repository root, e.g. ``python -m mahjong``), warn and use that copy instead."""
    if _util.find_spec("mahjong_core._types") is not None:
        return
    here = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
    if _use_installed_copy(here):
        return
    raise ImportError(
        f"mahjong is being imported from the source tree {here}, whose compiled core "
        "(mahjong_core/*.so) is not built. Either run from another directory (to use the "
        "installed package), or build this tree: `pip install -e .` (editable install, "
        "the developer path) or `python setup.py build_ext --inplace`.")


def _use_installed_copy(here: str) -> bool:
    """Put the first built copy of ``mahjong`` and ``mahjong_core`` found on ``sys.path``
    outside the source tree ``here`` in place of the source tree's (``sys.modules``), with
    a warning naming both; False if there is none."""
    import sys
    import warnings
    from importlib.machinery import EXTENSION_SUFFIXES, PathFinder

    def same(path):
        try:
            return _os.path.samefile(path or ".", here)
        except OSError:
            return False

    elsewhere = [p for p in sys.path if isinstance(p, str) and not same(p)]
    for entry in elsewhere:
        core = PathFinder.find_spec("mahjong_core", [entry])
        spec = PathFinder.find_spec("mahjong", [entry])
        if core is None or spec is None or not core.submodule_search_locations:
            continue
        core_dir = list(core.submodule_search_locations)[0]
        if not any(_os.path.exists(_os.path.join(core_dir, "_types" + suffix))
                   for suffix in EXTENSION_SUFFIXES):
            continue  # another unbuilt tree
        for name, found in (("mahjong_core", core), ("mahjong", spec)):
            module = _util.module_from_spec(found)
            sys.modules[name] = module  # the import statement returns this module
            found.loader.exec_module(module)
        warnings.warn(
            f"the source tree {here} is not built (no compiled core): using the installed "
            f"copy in {entry} instead. To run the source tree, build it: `pip install -e .` "
            "or `python setup.py build_ext --inplace`.", RuntimeWarning, stacklevel=3)
        return True
    return False


_check_compiled()
_riichi.check_clash(_os.path.dirname(_os.path.abspath(__file__)))
_riichi.install_finder()

# Names of the top-level API and the module that defines each (imported on first access).
_LAZY = {
    "Hand": "hand", "Meld": "hand", "MELD_KINDS": "hand", "parse_meld": "hand",
    "parse_melds": "hand",
    "N_KINDS": "tiles", "format_tiles": "tiles", "parse_tile": "tiles",
    "parse_tiles": "tiles", "tile_counts": "tiles", "tile_name": "tiles",
    "to_tile_ids": "tiles", "STYLES": "tiles",
}
# mahjong.analysis.__all__ (tests/test_cli_start.py checks the two lists agree).
ANALYSIS_NAMES = (
    "FORMS", "shanten", "shanten_by_form", "useful_tiles", "waits", "is_complete",
    "unseen_counts", "discard_analysis", "DiscardOption", "decompositions", "Decomposition",
)
_LAZY.update({name: "analysis" for name in ANALYSIS_NAMES})

# Submodules reachable as attributes after a plain `import mahjong` (mahjong.batch.shanten,
# ...), imported on first use; so are the rule sets' rooms (mahjong.<room>.score: the
# sub-packages that register a room, see mahjong.rooms).
_SUBMODULES = ("batch", "dask", "ruleset", "record", "tiles", "hand", "analysis", "game",
               "rooms")


def _room_packages():
    """The sub-packages that are rule-set rooms (listed, not imported)."""
    from .rooms import room_packages

    return room_packages()


def __getattr__(name):
    module = _LAZY.get(name)
    if module is not None:
        value = getattr(_importlib.import_module(f"{__name__}.{module}"), name)
        globals()[name] = value  # later lookups skip this function
        return value
    if name in _SUBMODULES or _is_package(name) and name in _room_packages():
        return _importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _is_package(name) -> bool:
    # a sub-package's folder (cheap: a junk attribute imports nothing)
    return name.isidentifier() and not name.startswith("_") and _os.path.isfile(
        _os.path.join(_os.path.dirname(__file__), name, "__init__.py"))


def __dir__():
    # the public API only (tab completion): no helper imports, no private names
    return sorted(set(__all__) | set(_LAZY) | set(_SUBMODULES) | set(_room_packages())
                  | {"errors", "__version__"}
                  | {n for n in globals() if n.startswith("__") and n.endswith("__")})


__all__ = [
    "MahjongError", "TileParseError", "InvalidHandError", "InvalidContextError",
    "NotWinningError", "InvalidRecordError",
    "Hand", "Meld", "MELD_KINDS", "parse_meld", "parse_melds",
    "N_KINDS", "parse_tiles", "parse_tile", "format_tiles", "tile_name", "tile_counts",
    "to_tile_ids",
] + list(ANALYSIS_NAMES)
