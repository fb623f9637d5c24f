"""The public scalar entry points of :mod:`mahjong.analysis` (``shanten``, ``useful_tiles``),
made from its full paths: the common arguments (see ``mahjong_core._shanten.shanten_call``)
go from the caller to the kernel in one C call; every other call goes on to the full path,
which reads, checks and words the errors. Compiled for speed only (setup.py's
COMPILED_PYTHON: no Python frame between the caller and the kernel); the source runs the
same uncompiled. The core (mahjong_core) calls no Python: this module calls it."""
from mahjong_core._shanten import shanten_call, useful_call


def entry_points(shanten_full, useful_full):
    """``(shanten, useful_tiles)``: each tries the compiled call, then its full path, called
    as ``full(hand, melds, forms, wildcard, tiles, rules, void_suit, indicator, tiles136)``
    (documented, named and placed as the full path)."""

    def shanten(hand=None, melds=(), forms=None, wildcard=None, tiles=None, *, rules=None,
                void_suit=None, indicator=None, tiles136=None):
        if (tiles is None and rules is None and void_suit is None and indicator is None
                and tiles136 is None):
            fast = shanten_call(hand, melds, forms, wildcard)
            if fast is not None:
                return fast
        return shanten_full(hand, melds, forms, wildcard, tiles, rules, void_suit, indicator,
                            tiles136)

    def useful_tiles(hand=None, melds=(), forms=None, wildcard=None, tiles=None, *,
                     rules=None, void_suit=None, indicator=None, tiles136=None):
        if (tiles is None and rules is None and void_suit is None and indicator is None
                and tiles136 is None):
            fast = useful_call(hand, melds, forms, wildcard)
            if fast is not None:
                return fast
        return useful_full(hand, melds, forms, wildcard, tiles, rules, void_suit, indicator,
                           tiles136)

    for public, full in ((shanten, shanten_full), (useful_tiles, useful_full)):
        public.__doc__ = full.__doc__
        public.__module__ = full.__module__
        public.__qualname__ = public.__name__
    return shanten, useful_tiles
