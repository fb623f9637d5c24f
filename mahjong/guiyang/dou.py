# cython: annotation_typing=False
# (compiled by Cython for speed, see setup.py; the annotations stay documentation only)
"""豆 — kong money of Guiyang 捉鸡, as functions of plain data.

* 闷豆 (concealed kong): each of the other three pays 2U (20 on scale A);
* 转弯豆 (a kong added to one's own pung): each of the other three pays 1U;
* 点豆 (a kong on a discard): the feeder alone pays 1U.

豆 are paid at settlement, only when somebody wins, and (``dou_requires_tenpai``, the
default) only to an owner who won or is ready at the end. A robbed 转弯豆 and the 豆 of a
热炮 (the kong made right before the discard that was won on) are void.

>>> from mahjong.guiyang import Rules
>>> dou_payments(Rules(), [(3, 0, "concealed", None, 4)], qualifies={0})
[(1, 0, 20, '闷豆 5m', 3), (2, 0, 20, '闷豆 5m', 3), (3, 0, 20, '闷豆 5m', 3)]
"""
from __future__ import annotations

from typing import Collection, List, Optional, Sequence, Tuple

from ..tiles import TENHOU_NAMES
from .items import ITEMS
from .options import DOU_KEYS, Rules

__all__ = ["dou_payments", "full_value", "KongFact"]

# (event index, owner seat, kind: concealed | added | exposed, feeder seat or None, tile)
KongFact = Tuple[int, int, str, Optional[int], int]


def full_value(rules: Rules, kind: str) -> int:
    """Everything a 豆 of ``kind`` collects: three payers for 闷豆 / 转弯豆, the feeder
    for 点豆 (热炮 pays this to the winner: 60 / 30 / 10 on scale A)."""
    per = rules.dou_value(kind)
    return per if kind == "exposed" else 3 * per


def dou_payments(rules: Rules, kongs: Sequence[KongFact], qualifies: Collection[int],
                 void: Collection[int] = (), seats: int = 4
                 ) -> List[Tuple[int, int, int, str, int]]:
    """The 豆 payments as ``(from, to, amount, reason, event)`` rows; ``qualifies``: the
    seats that won or are ready; ``void``: event indices of void kongs."""
    rows = []
    for index, owner, kind, feeder, tile in kongs:
        if index in void:
            continue
        if rules.dou_requires_tenpai and owner not in qualifies:
            continue
        per = rules.dou_value(kind)
        reason = f"{ITEMS[DOU_KEYS[kind]].name} {TENHOU_NAMES[tile]}"
        if kind == "exposed":
            rows.append((feeder, owner, per, reason, index))
        else:
            rows += [(s, owner, per, reason, index) for s in range(seats) if s != owner]
    return rows
