"""Scoring many Huanggang winning hands at once (numpy arrays in, arrays out).

Every row is scored by the room's compiled kernel (``_kernel.pyx``), the one that
:func:`score` calls for a single hand: rows holding 赖子 included, it finds the reading
and the wildcard assignment that pay the most (就高) without leaving C.
"""
from __future__ import annotations

import warnings
from typing import Any, Dict, Mapping, Optional

import numpy as np

from mahjong_core._types import FIRST_HONOR, MELD_CONCEALED_KONG, MELD_KONG, MELD_NAMES

from ..batch import threads_for
from ..errors import InvalidContextError, InvalidHandError
from ..ruleset import WinFlag, batch_robbed_kong_bad, batch_win_tiles
from ..tiles import TENHOU_NAMES, parse_tile
from ..validate import as_array
from . import _kernel
from .rules import GREEN, RED, Rules, laizi_of
from .scoring import BIG_ITEMS

#: row status codes: 0 = a Huanggang win; the others say why not
STATUS = dict(_kernel.PY_STATUS)
#: the status of a row whose win circumstances scalar score refuses: a robbed kong whose
#: winner does not hold exactly one copy of the robbed tile, a replacement win (杠上开花)
#: without a kong among the melds and single kongs, or one on the last tile (海底捞)
BAD_CONTEXT = STATUS["bad_context"] = max(STATUS.values()) + 1
#: bit of each 大胡 item in the ``big`` output
BIG_BITS = dict(_kernel.PY_BIG_BITS)
assert set(BIG_BITS) == set(BIG_ITEMS)

_LAIZI = np.array([laizi_of(t) for t in range(34)], np.uint8)
_KIND_NAMES = MELD_NAMES  # a meld code's name (mahjong_core._types)
_KNOWN_FLAGS = int(WinFlag.SELF_DRAWN | WinFlag.REPLACEMENT | WinFlag.ROBBING_KONG
                   | WinFlag.LAST_TILE)
_REPLACEMENT, _LAST_TILE = int(WinFlag.REPLACEMENT), int(WinFlag.LAST_TILE)


def _indicators(indicator, n: int) -> np.ndarray:
    ind = as_array(indicator, "indicator", InvalidHandError)
    if ind.ndim == 0:
        return np.full(n, parse_tile(indicator if not isinstance(indicator, np.integer)
                                     else int(indicator)), np.uint8)
    if ind.shape != (n,) or ind.dtype.kind not in "iu":
        raise InvalidHandError(f"indicator must be one tile or integer ids of shape ({n},)")
    if n and (ind.min() < 0 or ind.max() > 33):
        raise InvalidHandError("indicator ids must be 0..33")
    return ind.astype(np.uint8)


def _arrays(hands, melds, single_kongs, flags, dealer):
    """The input as C-contiguous arrays of the kernel's types (shapes and types checked;
    the row contents are checked by the kernel, and by :func:`_explain` for the message)."""
    h = as_array(hands, "hands", InvalidHandError)
    if h.ndim != 2 or h.shape[1] != 34 or h.dtype.kind not in "iu":
        raise InvalidHandError(f"hands must be integer counts of shape (N, 34), got "
                               f"{h.shape} {h.dtype}")
    n = h.shape[0]
    m = (np.zeros((n, 4, 2), np.uint8) if melds is None
         else as_array(melds, "melds", InvalidHandError))
    if m.shape != (n, 4, 2) or m.dtype.kind not in "iu":
        raise InvalidHandError(f"melds must be integers of shape ({n}, 4, 2), got {m.shape}")
    s = (np.zeros((n, 2), np.uint8) if single_kongs is None
         else as_array(single_kongs, "single_kongs", InvalidHandError))
    if s.shape != (n, 2) or s.dtype.kind not in "iu" or (n and (s.min() < 0 or s.max() > 12)):
        raise InvalidHandError(f"single_kongs must be counts 0..12 of shape ({n}, 2): "
                               "[红中/发财 kongs, 赖子 kongs]")
    f = (np.zeros(n, np.uint32) if flags is None
         else as_array(flags, "flags", InvalidHandError))
    if f.shape != (n,) or f.dtype.kind not in "iu":
        raise InvalidHandError(f"flags must be integers of shape ({n},)")
    d = (np.zeros(n, np.uint8) if dealer is None
         else as_array(dealer, "dealer", InvalidHandError))
    if d.shape != (n,) or d.dtype.kind not in "biu":
        raise InvalidHandError(f"dealer must be booleans of shape ({n},)")
    if d.dtype.kind != "b" and n and (d.min() < 0 or d.max() > 1):
        row = int(np.flatnonzero((d < 0) | (d > 1))[0])
        raise InvalidContextError(f"dealer row {row} is {d[row]}: use true or false (1 or 0)")
    # values that a cast to the kernel's types would wrap are refused here
    for a, name, top in ((h, "hands", 4), (m, "melds", 33), (f, "flags", _KNOWN_FLAGS)):
        if a.dtype != np.uint8 and n and (a.min() < 0 or a.max() > 255):
            raise InvalidHandError(f"{name} hold values outside 0..{top}")
    return (np.require(h, np.uint8, "C"), np.require(m, np.uint8, "C"),
            np.require(s, np.uint8, "C"), np.require(f, np.uint32, "C"),
            np.require(d.astype(bool), np.uint8, "C"))


def _explain(row, h, m, f, laizi, fixed):
    """Raise the error that names what is wrong with input row ``row`` (the kernel found
    one)."""
    counts = h[row].astype(np.int64)
    where = f"row {row}"
    if counts.max() > 4:
        raise InvalidHandError(f"{where}: a count outside 0..4")
    kinds, tiles = m[row, :, 0], m[row, :, 1]
    present = kinds != 0
    if ((kinds > 4) | (tiles > 33) | (kinds == 1) & ((tiles >= FIRST_HONOR) | (tiles % 9 > 6))).any() \
            or (present[1:] & ~present[:-1]).any():
        raise InvalidHandError(f"{where}: bad meld rows {m[row].tolist()} (kinds 1 chow, "
                               "2 pung, 3 kong, 4 concealed kong; melds first)")
    size = int(counts.sum()) + 3 * int(present.sum())
    if size != 14:
        raise InvalidHandError(f"{where}: {size} tiles counting a set meld as 3; a winning "
                               "hand has 14")
    total = counts.copy()
    for kind, t in m[row]:
        kind, t = int(kind), int(t)
        if kind == 0:
            continue
        meld_tiles = [t, t + 1, t + 2] if kind == 1 else [t]
        if any(x == laizi or x in fixed for x in meld_tiles):
            raise InvalidHandError(f"{where}: the meld {_KIND_NAMES[kind]} of "
                                   f"{TENHOU_NAMES[t]} uses the 赖子 or a fixed kong tile "
                                   "(红中/发财); they never go in a chow, pung or kong")
        for x in meld_tiles:
            total[x] += 1 if kind == 1 else (3 if kind == 2 else 4)
    if total.max() > 4:
        t = int(total.argmax())
        raise InvalidHandError(f"{where}: {int(total[t])} copies of {TENHOU_NAMES[t]}")
    bits = int(f[row])
    if bits & ~_KNOWN_FLAGS:
        raise InvalidHandError(f"{where}: flags: Huanggang reads SELF_DRAWN, REPLACEMENT, "
                               "ROBBING_KONG and LAST_TILE only")
    for bit, need_self, what in ((2, True, "replacement (杠上开花) is a self-draw"),
                                 (16, True, "last_tile (海底捞) is a self-draw"),
                                 (8, False, "robbing_kong (抢杠) is not a self-draw")):
        if bits & bit and bool(bits & 1) != need_self:
            raise InvalidContextError(f"{where}: {what}")
    raise InvalidHandError(f"{where}: bad input")  # not reached: the kernel and this agree


def score_batch(hands, melds=None, *, indicator, flags=None, single_kongs=None, dealer=None,
                rules: Optional[Rules | Mapping[str, Any]] = None, threads: int = 1,
                num_threads: Optional[int] = None, win_tiles=None) -> Dict[str, np.ndarray]:
    """Score N winning hands.

    Parameters
    ----------
    hands : (N, 34) integer counts
        The concealed tiles after the win, the winning tile included.
    melds : (N, 4, 2) integers, optional
        Set melds as ``[kind, tile]`` rows, melds first: 1 chow (lowest tile), 2 pung,
        3 exposed or added kong, 4 concealed kong; 0 = none.
    indicator : tile or (N,) ids
        The 赖子皮 (one for every row, or one per row).
    flags : (N,) integers, optional
        :class:`mahjong.ruleset.WinFlag` bits: SELF_DRAWN, REPLACEMENT (杠上开花),
        ROBBING_KONG (抢杠), LAST_TILE (海底捞).
    single_kongs : (N, 2) counts, optional
        The winner's single kongs: ``[红中/发财 kongs (and 赖子皮 kongs with laizipi_special),
        赖子 kongs]``.
    dealer : (N,) bools, optional
        The winner is the dealer (庄家 counts in a 屁胡).
    rules : Rules or mapping, optional
    threads : int
        Threads of the compiled loop, 1..256 (1 by default; a batch of few rows runs on
        fewer, as every batch call: :func:`mahjong.batch.threads_for`).
    num_threads : int
        The old name of ``threads`` (deprecated: a DeprecationWarning; it goes in the
        next release).
    win_tiles : (N,) tile ids or names, or one tile, optional
        The winning tile of each row (one of its concealed tiles). A robbed kong
        (ROBBING_KONG) is then checked as scalar :func:`score` checks it (the winner holds
        exactly one copy of the robbed tile); without them only a row that holds no tile
        exactly once is refused. Such a row gets the status ``bad_context``, as does a
        REPLACEMENT row without a kong (melds or single kongs) or with LAST_TILE.

    Returns
    -------
    dict of arrays
        ``status`` int8 (:data:`STATUS`; 0 = a win; ``bad_context``: see ``win_tiles``),
        ``base`` and ``payer_base`` int16
        (as :class:`HuanggangResult`; 0 for 风一色), ``fan`` int8 (F of the winner),
        ``hard`` bool (硬胡), ``big`` uint8 (:data:`BIG_BITS` of the 大胡 items) and
        ``to_cap`` bool (风一色). Values are meaningful where ``status == 0``.

    Examples
    --------
    >>> from mahjong.tiles import tile_counts
    >>> hands = np.array([tile_counts("234s567s55m")], np.uint8)
    >>> melds = np.array([[[1, 2], [2, 16], [0, 0], [0, 0]]], np.uint8)
    >>> out = score_batch(hands, melds, indicator="3p", flags=np.array([1]))
    >>> int(out["status"][0]), int(out["base"][0]), int(out["fan"][0])
    (0, 1, 4)
    """
    if num_threads is not None:
        warnings.warn("huanggang.score_batch: num_threads is deprecated; use threads",
                      DeprecationWarning, stacklevel=2)
        threads = num_threads
    rules = Rules.from_mapping(rules)
    h, m, s, f, d = _arrays(hands, melds, single_kongs, flags, dealer)
    n = h.shape[0]
    threads = threads_for(threads, n)
    ind = _indicators(indicator, n)
    laizi = _LAIZI[ind]
    singles = np.zeros((n, 34), np.int16)       # the 赖子 kongs' copies (红中/发财 never win)
    singles[np.arange(n), laizi] = s[:, 1]
    held = h[np.arange(n), laizi] + singles[np.arange(n), laizi]
    if n and held.max() > 4:
        row = int(np.flatnonzero(held > 4)[0])
        raise InvalidHandError(f"row {row}: {int(held[row])} copies of "
                               f"{TENHOU_NAMES[laizi[row]]} (the 赖子) across the hand and "
                               "its single kongs")
    context_bad = batch_robbed_kong_bad(h, m, f, batch_win_tiles(win_tiles, h), singles)
    kong = (((m[:, :, 0] == MELD_KONG) | (m[:, :, 0] == MELD_CONCEALED_KONG)).any(axis=1)
            | (s != 0).any(axis=1))
    context_bad |= ((f & _REPLACEMENT) != 0) & (~kong | ((f & _LAST_TILE) != 0))
    if rules.laizipi_special:
        pi = np.where((ind == RED) | (ind == GREEN), 255, ind).astype(np.uint8)
    else:
        pi = np.full(n, 255, np.uint8)
    # the copies left for the first column's single kongs: 红中 and 发财 (one of them the
    # indicator's turned-up copy), and three 赖子皮 with laizipi_special
    fixed_copies = 8 - ((ind == RED) | (ind == GREEN)) + 3 * (pi != 255)
    if n and (s[:, 0] > fixed_copies).any():
        row = int(np.flatnonzero(s[:, 0] > fixed_copies)[0])
        raise InvalidHandError(f"row {row}: {int(s[row, 0])} single kongs of 红中/发财"
                               f"{'/赖子皮' if pi[row] != 255 else ''}: they have "
                               f"{int(fixed_copies[row])} copies")
    status = np.empty(n, np.int8)
    base = np.zeros(n, np.int16)
    payer = np.zeros(n, np.int16)
    fan = np.zeros(n, np.int8)
    hard = np.zeros(n, np.uint8)
    big = np.zeros(n, np.uint8)
    _kernel.score_rows(h, m, s, np.ascontiguousarray(laizi), np.ascontiguousarray(pi), f, d,
                       rules.kaikou_mode == "koukou", rules.qianggang_plus5, status, base,
                       payer, fan, hard, big, threads)
    if n and status.min() < 0:
        row = int(np.flatnonzero(status < 0)[0])
        fixed = {GREEN, RED} | ({int(pi[row])} if pi[row] != 255 else set())
        _explain(row, h, m, f, int(laizi[row]), fixed)
    if context_bad.any():
        status[context_bad] = BAD_CONTEXT
        for a in (base, payer, fan, hard, big):
            a[context_bad] = 0
    return {"status": status, "base": base, "payer_base": payer, "fan": fan,
            "hard": hard.view(bool), "big": big, "to_cap": (big & BIG_BITS["fengyise"]) != 0}
