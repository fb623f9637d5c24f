"""Batch Guobiao scoring: many winning hands per call, the GIL released.

>>> import numpy as np
>>> from mahjong.tiles import tile_counts, parse_tiles
>>> hand = tile_counts("11123m555s77799p")          # concealed tiles before the win
>>> totals, fans = score_batch(hand[None, :], [parse_tiles("1m")[0]])
>>> int(totals[0])
22
>>> from mahjong.guobiao.fans import FanId
>>> int(fans[0, FanId.THREE_CONCEALED_PUNGS])
1
"""
from __future__ import annotations

from typing import Tuple

import numpy as np

from mahjong_core._types import ERR_BAD_CONTEXT as BAD_CONTEXT
from mahjong_core._types import ERR_BAD_MELD as BAD_MELD
from mahjong_core._types import ERR_BAD_TILE as BAD_TILE
from mahjong_core._types import ERR_NOT_WINNING as NOT_WINNING
from mahjong_core._types import ERR_TOO_MANY_COPIES as TOO_MANY_COPIES
from mahjong_core._types import ERR_WRONG_TILE_COUNT as WRONG_TILE_COUNT

from ..batch import threads_for
from ..errors import InvalidContextError, InvalidHandError
from ..validate import as_array, context_flag
from . import _kernel as _gb
from ._kernel import GB_ALL_FLAGS
# Win-context flag bits (their one definition is the kernel's context byte).
from ._kernel import GB_FOURTH_TILE as FOURTH_TILE
from ._kernel import GB_LAST_OF_WALL as LAST_OF_WALL
from ._kernel import GB_REPLACEMENT as REPLACEMENT
from ._kernel import GB_ROBBING_KONG as ROBBING_KONG
from ._kernel import GB_SELF_DRAWN as SELF_DRAWN

# Error codes of ``score_batch`` (negative totals), per row: the core's ERR_* codes.

ERROR_MESSAGES = {
    NOT_WINNING: "not a winning hand",
    TOO_MANY_COPIES: "impossible tile counts (a count above 4, or a fifth copy across the "
                     "hand, the melds and the winning tile)",
    BAD_MELD: "bad meld (type not in 0..4, tile not in 0..33, or a chow that cannot start "
              "at its tile)",
    BAD_CONTEXT: "impossible win context (unknown flag bits, robbing a kong while holding "
                 "or having melded the tile, replacement win without self-draw or a kong, "
                 "fourth tile while holding a copy, wind not in 0..3, flowers not in 0..8)",
    WRONG_TILE_COUNT: "wrong number of tiles (a negative count, or concealed + 3 per meld "
                      "is not 13)",
    BAD_TILE: "winning tile id not in 0..33",
}


def _int_array(value, name: str, error, allow_bool: bool = True) -> np.ndarray:
    """An integer array (any integer dtype kept, so a uint8 input is never copied). A
    Python integer too large for numpy is kept as a stand-in just out of range (-1 or
    256), so that it gets its row code like any other out-of-range value."""
    if type(value) is int and not -1 <= value <= 256:
        value = -1 if value < 0 else 256
    arr = as_array(value, name, error)
    if arr.dtype == np.bool_:
        if not allow_bool:
            raise error(f"{name} must hold integers, got bools (True is not the id 1)")
        return arr.astype(np.uint8)
    if not np.issubdtype(arr.dtype, np.integer):
        if arr.size == 0:
            return arr.astype(np.uint8)
        raise error(f"{name} must hold integers, got dtype {arr.dtype}")
    return arr


def _per_row(value, n: int, name: str, error, allow_bool: bool = True,
             top: int = 255) -> np.ndarray:
    """One value per row; a scalar (one value for every row) outside 0..``top`` is
    refused naming ``name`` (an array keeps its rows' error codes)."""
    arr = _int_array(value, name, error, allow_bool)
    if arr.ndim == 0:
        v = int(arr)
        if not 0 <= v <= top:
            shown = value if type(value) is int else v
            raise error(f"{name}: {shown} is not in 0..{top} (a scalar {name} is every "
                        "row's)")
        return np.full(n, v, dtype=np.uint8)
    if arr.shape != (n,):
        raise error(f"{name} must be a scalar or have shape ({n},), got {arr.shape}")
    return arr


def _outside(arr: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """Elementwise ``arr < lo or arr > hi``, without a pass for an impossible side."""
    if arr.dtype.kind == "u" and lo <= 0:
        return arr > hi
    return (arr < lo) | (arr > hi)


def score_batch(concealed, win_tile, melds=None, flags=0, seat_wind=0, round_wind=0,
                flowers=0, threads: int = 1, ming_an_gang_5: bool = True
                ) -> Tuple[np.ndarray, np.ndarray]:
    """Score N Guobiao winning hands at once.

    Every row is the hand of one winner: its concealed tiles before the winning tile,
    its melds, the winning tile and the win context. The best decomposition is chosen
    exactly as the reference calculator (pymahjonggb) does; where the reference accepts
    an impossible hand or context, the row gets an error code instead (see
    ``docs/GUOBIAO_NOTES.md``).

    Parameters
    ----------
    concealed : array_like of int, shape (N, 34)
        Concealed tiles before the win, as counts per tile id (13 - 3 per meld tiles).
    win_tile : array_like of int, shape (N,)
        The winning tile id (0..33).
    melds : array_like of int, shape (N, 4, 2), optional
        Rows ``[type, tile]``: type 0 none, 1 chow (tile = its lowest tile), 2 pung,
        3 kong, 4 concealed kong. ``None`` means no melds.
    flags : int or array_like, shape (N,)
        Context bits: 1 self-drawn, 2 fourth tile (和绝张), 4 replacement tile (杠上开花),
        8 robbing a kong (抢杠和), 16 last tile of the wall (妙手回春 / 海底捞月).
    seat_wind, round_wind : int or array_like, shape (N,)
        0..3 = East, South, West, North.
    flowers : int or array_like, shape (N,)
        Flower tiles, 0..8 (1 fan each, not counted toward the 8-fan minimum).
    threads : int
        Worker threads (OpenMP; 1 if the core was built without it).
    ming_an_gang_5 : bool
        The rule option for every row (as :func:`mahjong.guobiao.score`'s): one melded and
        one concealed kong score 明暗杠 (5); False: 明杠 + 暗杠 (1 + 2).

    Returns
    -------
    totals : ndarray of int32, shape (N,)
        Total fans including flowers, or a negative error code (``ERROR_MESSAGES``).
    fan_counts : ndarray of uint8, shape (N, N_FANS)
        How many times each fan counts, columns indexed by ``FanId``; all zero on error.

    Raises
    ------
    InvalidHandError
        ``concealed``, ``win_tile`` or ``melds`` has the wrong shape or a non-integer dtype.
    InvalidContextError
        ``flags``, ``seat_wind``, ``round_wind`` or ``flowers`` has the wrong shape or dtype,
        or is one value (for every row) out of its range (an array's out-of-range entry
        gets its row's error code instead; so does ``win_tile``'s, an InvalidHandError);
        ``ming_an_gang_5`` is not True or False.
    MahjongError
        ``threads`` is not an integer 1..256 (:data:`mahjong.batch.MAX_THREADS`); a batch
        of few rows runs on fewer threads (:data:`mahjong.batch.ROWS_PER_THREAD`).
    """
    if ming_an_gang_5 is not True:
        ming_an_gang_5 = context_flag(ming_an_gang_5, "ming_an_gang_5", InvalidContextError)
    conc = _int_array(concealed, "concealed", InvalidHandError)
    if conc.ndim != 2 or conc.shape[1] != 34:
        raise InvalidHandError(f"concealed must have shape (N, 34), got {conc.shape}")
    n = conc.shape[0]
    threads = threads_for(threads, n)
    win = _per_row(win_tile, n, "win_tile", InvalidHandError, allow_bool=False, top=33)
    if melds is None:
        mld = np.zeros((n, 4, 2), dtype=np.uint8)
    else:
        mld = _int_array(melds, "melds", InvalidHandError, allow_bool=False)
        if mld.ndim != 3 or mld.shape[0] != n or mld.shape[2] != 2 or mld.shape[1] > 4:
            raise InvalidHandError(f"melds must have shape ({n}, 4, 2), got {mld.shape}")
        if mld.shape[1] < 4:
            mld = np.concatenate([mld, np.zeros((n, 4 - mld.shape[1], 2), mld.dtype)], axis=1)
    flg = _per_row(flags, n, "flags", InvalidContextError, top=GB_ALL_FLAGS)
    seat = _per_row(seat_wind, n, "seat_wind", InvalidContextError, allow_bool=False, top=3)
    rnd = _per_row(round_wind, n, "round_wind", InvalidContextError, allow_bool=False, top=3)
    flw = _per_row(flowers, n, "flowers", InvalidContextError, allow_bool=False, top=8)

    # Screen out-of-range values per row, so nothing wraps when cast to uint8 and no bad
    # index reaches the nogil kernel; such rows get their code and a harmless stand-in.
    code = np.zeros(n, dtype=np.int32)
    code[_outside(flg, 0, GB_ALL_FLAGS) | _outside(seat, 0, 3) | _outside(rnd, 0, 3)
         | _outside(flw, 0, 8)] = BAD_CONTEXT
    mtype, mtile = mld[:, :, 0], mld[:, :, 1]
    code[(_outside(mtype, 0, 4) | ((mtype != 0) & _outside(mtile, 0, 33))).any(axis=1)] = BAD_MELD
    code[_outside(win, 0, 33)] = BAD_TILE
    code[(conc > 4).any(axis=1)] = TOO_MANY_COPIES
    if conc.dtype.kind != "u":
        code[(conc < 0).any(axis=1)] = WRONG_TILE_COUNT
    bad = code != 0
    any_bad = bool(bad.any())
    if any_bad:
        conc = np.where(bad[:, None], 0, conc)
        win = np.where(bad, 0, win)
        mld = np.where(bad[:, None, None], 0, mld)
        flg = np.where(bad, 0, flg)
        seat = np.where(bad, 0, seat)
        rnd = np.where(bad, 0, rnd)
        flw = np.where(bad, 0, flw)
    u8 = lambda a: np.ascontiguousarray(a, dtype=np.uint8)  # noqa: E731
    totals, fan_counts = _gb.score_batch_kernel(
        u8(conc), u8(win), u8(mld), u8(flg), u8(seat), u8(rnd), u8(flw), int(threads),
        ming_an_gang_5)
    if any_bad:
        totals[bad] = code[bad]
        fan_counts[bad] = 0
    return totals, fan_counts


def pack_hands(hands, dtype=np.uint8) -> Tuple[np.ndarray, ...]:
    """The arrays of :func:`score_batch` for a list of hands.

    Parameters
    ----------
    hands : sequence of tuple
        ``(counts, win_tile, melds, flags, seat_wind, round_wind, flowers)`` per hand:
        ``counts`` the 34 concealed counts (a sequence, array or bytearray), ``melds`` up
        to four ``(type, tile)`` pairs (types as in :func:`score_batch`).
    dtype : numpy dtype, optional
        Of every array (a wider one lets a test put out-of-range values in).

    Returns
    -------
    tuple of numpy.ndarray
        ``(concealed (N, 34), win_tile (N,), melds (N, 4, 2), flags, seat_wind,
        round_wind, flowers)``, with unused meld rows zero. Nothing is validated here.
    """
    n = len(hands)
    concealed = np.zeros((n, 34), dtype)
    win = np.zeros(n, dtype)
    melds = np.zeros((n, 4, 2), dtype)
    flags = np.zeros(n, dtype)
    seat = np.zeros(n, dtype)
    rnd = np.zeros(n, dtype)
    flowers = np.zeros(n, dtype)
    for i, (counts, w, meld_rows, f, s, r, fl) in enumerate(hands):
        concealed[i] = counts
        win[i] = w
        for j, (kind, tile) in enumerate(meld_rows):
            melds[i, j] = (kind, tile)
        flags[i], seat[i], rnd[i], flowers[i] = f, s, r, fl
    return concealed, win, melds, flags, seat, rnd, flowers


__all__ = ["score_batch", "pack_hands", "ERROR_MESSAGES", "NOT_WINNING", "TOO_MANY_COPIES", "BAD_MELD",
           "BAD_CONTEXT", "WRONG_TILE_COUNT", "BAD_TILE", "SELF_DRAWN", "FOURTH_TILE",
           "REPLACEMENT", "ROBBING_KONG", "LAST_OF_WALL"]
