"""The public scalar entry points of :mod:`mahjong.analysis` (``shanten``, ``useful_tiles``),
made from its full paths: the common arguments (see ``mahjong_core._shanten.shanten_call``)
go from the caller to the kernel in one C call; every other call goes on to the full path,
which reads, checks and words the errors. Compiled for speed only (setup.py's
COMPILED_PYTHON: no Python frame between the caller and the kernel); the source runs the
same uncompiled. The core (mahjong_core) calls no Python: this module calls it."""
from mahjong_core._shanten import shanten_call, useful_call


def entry_points(shanten_full, useful_full):
    """``(shanten, useful_tiles)`` made from their full paths (see :func:`entry`)."""
    return entry(shanten_call, shanten_full), entry(useful_call, useful_full)


def entry(call, full):
    """The public function of ``full``: it tries ``call(hand, melds, forms, wildcard)``
    (the compiled call: None when it does not take the arguments), then the full path,
    called as ``full(hand, melds, forms, wildcard, tiles, rules, void_suit, indicator,
    tiles136)``; documented, named and placed as the full path."""

    def public(hand=None, melds=(), forms=None, wildcard=None, tiles=None, *, rules=None,
               void_suit=None, indicator=None, tiles136=None):
        if (tiles is None and rules is None and void_suit is None and indicator is None
                and tiles136 is None):
            fast = call(hand, melds, forms, wildcard)
            if fast is not None:
                return fast
        return full(hand, melds, forms, wildcard, tiles, rules, void_suit, indicator,
                    tiles136)

    public.__doc__ = full.__doc__
    public.__module__ = full.__module__
    public.__name__ = public.__qualname__ = full.__name__
    return public
