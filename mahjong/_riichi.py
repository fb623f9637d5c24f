"""mahjong-core beside the riichi ``mahjong`` library (the pip distribution ``mahjong``).

Both install a top-level package named ``mahjong``. Installed into one environment, pip
merges the two folders (and uninstalling one removes files of the other), so neither works:
:func:`check_clash` finds riichi's files or distribution beside this package and raises an
ImportError that says so and how to repair it. A riichi user who imports riichi's modules
(``from mahjong.shanten import Shanten``) gets :class:`RiichiModuleNotFoundError` naming
this package's function instead of a bare ModuleNotFoundError (:class:`RiichiHintFinder`,
on ``sys.meta_path`` after the ordinary finders: it answers only for riichi's module names
that this package does not have).
"""
from __future__ import annotations

import os
import sys

__all__ = ["RiichiModuleNotFoundError", "RiichiHintFinder", "check_clash", "RIICHI_MODULES"]

#: riichi's top-level modules and what to use here instead
RIICHI_MODULES = {
    "shanten": "mahjong.shanten(hand) is a function here: `import mahjong; "
               "mahjong.shanten(\"123m456p789s1122z\")` (riichi's "
               "Shanten().calculate_shanten(tiles_34) is mahjong.shanten(tiles_34))",
    "tile": "tiles are read by mahjong.parse_tiles and mahjong.tile_counts (riichi's "
            "TilesConverter; 136-format ids: the tiles136= argument of the analysis functions)",
    "hand_calculating": "hands are scored by each rule set's own module: "
                        "mahjong.guobiao.score(...), mahjong.sichuan.score(...), ...",
    "meld": "melds are mahjong.Meld and mahjong.parse_meld",
    "agari": "mahjong.is_complete(hand) tells a complete hand",
    "constants": "tile names and ids are in mahjong.tiles",
    "utils": "tile helpers are in mahjong.tiles",
}
_RIICHI_FILES = ("shanten.py", "tile.py", "meld.py", "agari.py", "constants.py", "utils.py",
                 "hand_calculating")


class RiichiModuleNotFoundError(ModuleNotFoundError):
    """A module of the riichi ``mahjong`` library was imported from mahjong-core."""


class RiichiHintFinder:
    """A meta-path finder for riichi's module names only: it raises
    :class:`RiichiModuleNotFoundError` with a hint (it runs after the ordinary finders,
    so it sees only names no file provides)."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        parts = fullname.split(".")
        if len(parts) < 2 or parts[0] != __package__ or parts[1] not in RIICHI_MODULES:
            return None
        raise RiichiModuleNotFoundError(
            f"No module named {fullname!r}: this 'mahjong' is mahjong-core, not the riichi "
            f"mahjong library (pip install mahjong, in another virtual environment). "
            f"{RIICHI_MODULES[parts[1]]}.", name=fullname)


def install_finder() -> None:
    if not any(f is RiichiHintFinder for f in sys.meta_path):
        sys.meta_path.append(RiichiHintFinder)


def check_clash(package_dir: str) -> None:
    """Raise ImportError if riichi's files are in ``package_dir`` (pip merged the two
    packages) or a distribution named ``mahjong`` is installed beside it."""
    found = [name for name in _RIICHI_FILES if os.path.exists(os.path.join(package_dir, name))]
    site = os.path.dirname(package_dir)
    try:
        entries = os.listdir(site)
    except OSError:
        entries = []
    found += [e for e in entries if e.lower().startswith("mahjong-")
              and e.endswith((".dist-info", ".egg-info"))]
    if found:
        raise ImportError(
            "mahjong-core and the riichi mahjong library (the pip distribution 'mahjong') "
            "are installed in one environment: both install a package named 'mahjong', and "
            f"pip merged them into {package_dir} (found {', '.join(sorted(found))}), so "
            "neither works. Use a separate virtual environment for each; to repair this one: "
            "`pip uninstall -y mahjong mahjong-core`, then `pip install mahjong-core` (or "
            "`pip install .` in its checkout).")
