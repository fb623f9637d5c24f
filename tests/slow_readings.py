"""Readings of a winning hand for the plain Python twins (tests/slow_two_player.py,
tests/slow_tongcheng.py): every way to read it, melds included, as small objects.

>>> from mahjong.additive import full_hand
>>> [r.form for r in readings(full_hand("11223344556677p")[1], ())]
['regular', 'regular', 'regular', 'seven_pairs']
"""
from dataclasses import dataclass
from typing import List, Optional, Tuple

from mahjong_core import _decompose


@dataclass(frozen=True)
class Reading:
    """One way to read a winning hand.

    ``form``: ``regular`` (four sets and a pair), ``seven_pairs``, ``thirteen_orphans`` or
    ``knitted`` (十三不靠: the nine knitted tiles 147/258/369 and five different honours).
    For a regular reading ``pair`` is the pair's tile and ``sets`` the four sets, melds
    included, as ``(kind, tile, concealed)``: kind ``chow`` (tile = lowest), ``pung`` or
    ``kong``; ``concealed`` is True for sets of the concealed part and concealed kongs.
    """

    form: str
    pair: Optional[int] = None
    sets: Tuple[Tuple[str, int, bool], ...] = ()


_SET_NAMES = {_decompose.PY_SET_CHOW: "chow", _decompose.PY_SET_PUNG: "pung"}
_MELD_SETS = {"chow": ("chow", False), "pung": ("pung", False), "kong": ("kong", False),
              "concealed_kong": ("kong", True)}


def readings(counts, melds, *, knitted: bool = False) -> List[Reading]:
    """Every reading of a complete hand (``counts`` of the concealed part, ``melds``).

    Seven pairs (a four of a kind counts as two pairs), thirteen orphans and, with
    ``knitted``, 十三不靠 need a concealed hand without melds. An empty list means the
    tiles do not win.
    """
    meld_sets = tuple((_MELD_SETS[m.kind][0], m.tiles[0], _MELD_SETS[m.kind][1])
                      for m in melds)
    out = [Reading("regular", pair, meld_sets + tuple((_SET_NAMES[k], t, True)
                                                      for k, t in sets))
           for pair, sets in _decompose.decompose(counts)]
    if not melds:
        if _decompose.seven_pairs(counts) is not None:
            out.append(Reading("seven_pairs"))
        if _decompose.thirteen_orphans(counts) is not None:
            out.append(Reading("thirteen_orphans", _decompose.thirteen_orphans(counts)))
        if knitted and sum(counts[:27]) == 9 and _decompose.honors_knitted(counts) is not None:
            out.append(Reading("knitted"))
    return out


