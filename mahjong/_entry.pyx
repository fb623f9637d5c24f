# cython: language_level=3
"""The public scalar entry points of :mod:`mahjong.analysis` (``shanten``, ``useful_tiles``),
made from its full paths: the common arguments (see ``mahjong_core._shanten.shanten_call``)
go from the caller to the kernel in one C call, with no Python frame or call between;
every other call goes on to the full path, which reads, checks and words the errors. The
core (mahjong_core) calls no Python: this module of the package calls it."""
from mahjong_core._shanten cimport _shanten_fast, _useful_fast

ctypedef object (*Fast)(object, object, object, object)


def entry_points(shanten_full, useful_full):
    """``(shanten, useful_tiles)`` made from their full paths (see :func:`entry`)."""
    return entry(0, shanten_full), entry(1, useful_full)


def entry(int which, full):
    """The public function of ``full`` (``which``: 0 shanten, 1 useful_tiles): it tries the
    compiled call, then the full path, called as ``full(hand, melds, forms, wildcard,
    tiles, rules, void_suit, indicator, tiles136)``; documented, named and placed as the
    full path."""
    cdef Fast call = _useful_fast if which else _shanten_fast

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
