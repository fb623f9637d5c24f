# cython: language_level=3
"""The public scalar entry points of :mod:`mahjong.analysis` (``shanten``, ``useful_tiles``),
made from its full paths: the common arguments (see ``mahjong_core._shanten.shanten_call``)
go from the caller to the kernel in one C call, with no Python frame or call between;
every other call goes on to the full path, which reads, checks and words the errors. The
core (mahjong_core) calls no Python: this module of the package calls it."""
from mahjong_core._shanten cimport _shanten_fast, _useful_fast

ctypedef object (*Fast)(object, object, object, object)

cdef object _shanten_full = None   # analysis's full paths (entry_points)
cdef object _useful_full = None


def entry_points(shanten_full, useful_full):
    """``(shanten, useful_tiles)``: each tries the compiled call, then its full path, called
    as ``full(hand, melds, forms, wildcard, tiles, rules, void_suit, indicator, tiles136)``
    (documented, named and placed as the full path)."""
    global _shanten_full, _useful_full
    _shanten_full, _useful_full = shanten_full, useful_full
    for public, full in ((shanten, shanten_full), (useful_tiles, useful_full)):
        public.__doc__ = full.__doc__
        public.__module__ = full.__module__
    return shanten, useful_tiles


cdef inline object _entry(Fast call, object full, hand, melds, forms, wildcard, tiles, rules,
                          void_suit, indicator, tiles136):
    if (tiles is None and rules is None and void_suit is None and indicator is None
            and tiles136 is None):
        fast = call(hand, melds, forms, wildcard)
        if fast is not None:
            return fast
    return full(hand, melds, forms, wildcard, tiles, rules, void_suit, indicator, tiles136)


def shanten(hand=None, melds=(), forms=None, wildcard=None, tiles=None, *, rules=None,
            void_suit=None, indicator=None, tiles136=None):
    return _entry(_shanten_fast, _shanten_full, hand, melds, forms, wildcard, tiles, rules,
                  void_suit, indicator, tiles136)


def useful_tiles(hand=None, melds=(), forms=None, wildcard=None, tiles=None, *, rules=None,
                 void_suit=None, indicator=None, tiles136=None):
    return _entry(_useful_fast, _useful_full, hand, melds, forms, wildcard, tiles, rules,
                  void_suit, indicator, tiles136)
