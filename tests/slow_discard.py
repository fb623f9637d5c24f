"""The former mahjong.discard_analysis (before the discard-table kernel), kept as the slow
twin of mahjong.discard_analysis and mahjong.batch.discard_table: one shanten and
useful-tile call of the scalar kernels per discard, a Python sum of the unseen copies,
and a Python sort."""
from __future__ import annotations

from typing import List

import numpy as np

from mahjong import analysis
from mahjong.analysis import DiscardOption
from mahjong.errors import InvalidHandError
from mahjong_core import _shanten


def discard_analysis(tiles, melds=(), forms=None, visible=None, wildcard=None
                     ) -> List[DiscardOption]:
    counts, melds, locked, w = analysis._core_args(tiles, melds, wildcard)
    n_melds = len(melds)
    if int(counts.sum()) + 3 * n_melds != 14:
        raise InvalidHandError(
            f"a discard needs {14 - 3 * n_melds} concealed tiles with {n_melds} meld(s), "
            f"got {int(counts.sum())}")
    mask_forms = analysis._checked_forms(forms, n_melds)
    unseen = analysis._unseen(counts, melds, visible)
    options = []
    for t in np.flatnonzero(counts):
        after = counts.copy()
        after[t] -= 1
        if locked is None and w < 0:
            missing, mask = _shanten.useful_one(after, n_melds, mask_forms)
        else:
            missing, mask = _shanten.analyze_one(after, n_melds, mask_forms, locked, w)
        useful = tuple(_shanten.mask_to_ids(mask))
        options.append(DiscardOption(int(t), missing - 1, useful,
                                     int(sum(int(unseen[u]) for u in useful))))
    options.sort(key=lambda o: (o.shanten, -o.unseen, o.tile))
    return options


def discard_table(counts: np.ndarray, n_melds: int = 0, forms=None, visible=None,
                  wildcard=None, locked=None):
    """(shanten, unseen) (34,) of one row as mahjong.batch.discard_table gives it, from
    the slow twin (visible / locked: counts arrays or None; locked without real melds is
    passed to the exact kernel as it is)."""
    counts = np.asarray(counts, np.uint8)
    mask_forms = analysis._checked_forms(forms, n_melds)
    seen = counts.astype(np.int16)
    if visible is not None:
        seen = seen + np.asarray(visible, np.int16)
    if locked is not None:
        seen = seen + np.asarray(locked, np.int16)
    unseen = 4 - seen
    w = -1 if wildcard is None else int(wildcard)
    lk = None if locked is None else np.ascontiguousarray(locked, np.uint8)
    shanten = np.full(34, -1, np.int8)
    total = np.zeros(34, np.int16)
    for t in np.flatnonzero(counts):
        after = counts.copy()
        after[t] -= 1
        if lk is None and w < 0:
            missing, mask = _shanten.useful_one(after, n_melds, mask_forms)
        else:
            missing, mask = _shanten.analyze_one(after, n_melds, mask_forms, lk, w)
        shanten[t] = missing - 1
        total[t] = sum(int(unseen[u]) for u in _shanten.mask_to_ids(mask))
    return shanten, total
