"""mahjong-core: a fast, exact engine for Chinese mahjong rule sets.

Tiles are ids 0..33 in tenhou 34-format order (see :mod:`mahjong.tiles`). The hand
analysis (shanten for every form, useful tiles, waits, discards) runs in the Cython core
:mod:`mahjong_core`; rule sets live in their own modules (:mod:`mahjong.guobiao`,
:mod:`mahjong.sichuan`, :mod:`mahjong.yunnan`, :mod:`mahjong.huanggang`, ...), each a
package of its own; :mod:`mahjong.ruleset` registers them and settles their game logs
(:mod:`mahjong.record`).

>>> import mahjong
>>> mahjong.shanten("1112345678999m5m")
-1
"""
from .errors import (InvalidContextError, InvalidHandError, InvalidRecordError, MahjongError,
                     NotWinningError, TileParseError)
from .hand import MELD_KINDS, Hand, Meld, parse_meld, parse_melds
from .tiles import (N_KINDS, format_tiles, parse_tile, parse_tiles, tile_counts, tile_name,
                    to_tile_ids)

from .analysis import *  # noqa: F401,F403  (shanten, useful_tiles, waits, ... on the core)
from .analysis import __all__ as _analysis_all

__version__ = "0.1.0"

# Submodules reachable as attributes after a plain `import mahjong` (mahjong.batch.shanten,
# mahjong.guobiao.score, ...), imported on first use to keep `import mahjong` light.
_SUBMODULES = ("batch", "guobiao", "sichuan", "yunnan", "guiyang", "huanggang", "two_player",
               "tongcheng", "dask", "ruleset", "record", "tiles", "hand")


def __getattr__(name):
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "MahjongError", "TileParseError", "InvalidHandError", "InvalidContextError",
    "NotWinningError", "InvalidRecordError",
    "Hand", "Meld", "MELD_KINDS", "parse_meld", "parse_melds",
    "N_KINDS", "parse_tiles", "parse_tile", "format_tiles", "tile_name", "tile_counts",
    "to_tile_ids",
] + list(_analysis_all)
