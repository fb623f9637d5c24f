"""Batch hand analysis over ``(N, 34)`` count arrays, in the compiled core.

Each row is the concealed part of one hand (tile counts in tenhou 34-format order). The
entry points validate once at the boundary (shape, dtype, copies, tile counts; a bad row
raises :class:`~mahjong.errors.InvalidHandError` naming it), then run a ``nogil`` kernel,
on ``threads`` OpenMP threads when the core was built with OpenMP
(:func:`mahjong_core.openmp_enabled`).

>>> import numpy as np
>>> from mahjong.tiles import tile_counts
>>> hands = np.stack([tile_counts("123456789m1p234s"), tile_counts("19m19p19s1234567z")])
>>> shanten(hands).tolist()
[0, 0]
>>> shanten(hands, forms=["regular"]).tolist()
[0, 8]
>>> np.flatnonzero(useful_tiles(hands)[0]).tolist()
[9]

Wildcards (赖子) take one tile id for every row, or one per row (-1 = none); the melds'
copies (a kong locks four, a pung three, a chow one of each) come as ``locked``:

>>> useful_tiles(hands, wildcard=np.array([9, -1])).sum(axis=1).tolist()  # 1p wild: any tile
[34, 13]
>>> melds = np.zeros((2, 34), np.uint8)
>>> shanten(hands[:1], n_melds=0, locked=melds[:1]).tolist()
[0]
"""
from __future__ import annotations

from typing import Tuple, Union

import numpy as np

from mahjong_core import _shanten

from .analysis import FormsInput, forms_mask
from .errors import InvalidHandError, MahjongError
from .validate import as_array

__all__ = ["shanten", "useful_tiles", "shanten_and_useful", "threads_for", "MAX_THREADS",
           "ROWS_PER_THREAD"]

_ROW_PROBLEMS = {
    _shanten.PY_ROW_TOO_MANY_COPIES: "a tile count above 4",
    _shanten.PY_ROW_BAD_TOTAL: "a tile count that is not 13 - 3m or 14 - 3m for its melds",
    _shanten.PY_ROW_BAD_MELDS: "n_melds outside 0..4",
    _shanten.PY_ROW_NO_FORM: "melds that none of the chosen forms allows",
    _shanten.PY_ROW_LOCKED_COPIES: "more than four copies of a tile across hand and locked",
}

MeldsInput = Union[None, int, np.ndarray]


#: The most ``threads`` a batch call accepts: beyond it the call is refused (the OpenMP
#: runtime aborts or crashes the process when asked for tens of thousands of threads).
MAX_THREADS = 256
#: Rows each thread of a batch gets at least: a call on fewer rows than
#: ``threads * ROWS_PER_THREAD`` runs on fewer threads (one below ``2 * ROWS_PER_THREAD``),
#: so that asking for threads never makes a small batch slower than one thread. The batch
#: kernels take about 50-150 ns a row, so a thread gets at least ~1-2 ms of work.
ROWS_PER_THREAD = 16384


def threads_for(threads, rows: int, name: str = "threads") -> int:
    """The threads a batch of ``rows`` rows runs on, for a call that asked for ``threads``.

    Raises :class:`~mahjong.errors.MahjongError` naming ``name`` unless ``threads`` is an
    integer 1..MAX_THREADS (numpy integers too; never a bool)."""
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) \
            or not 1 <= threads <= MAX_THREADS:
        raise MahjongError(f"{name} must be an integer 1..{MAX_THREADS}, got {threads!r}")
    return max(1, min(int(threads), rows // ROWS_PER_THREAD))


def _prepare(counts, n_melds: MeldsInput, forms: FormsInput
             ) -> Tuple[np.ndarray, np.ndarray, bool, int]:
    """(uint8 C-contiguous counts, int8 n_melds per row, infer flag, form bits).

    Shape, dtype and n_melds are checked here; the per-row checks (counts 0..4, tile count
    against the melds, forms the melds allow) run inside the kernel's single pass.
    """
    arr = as_array(counts, "counts", InvalidHandError)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidHandError(f"counts must have shape (N, 34), got {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.dtype.kind not in "iub":
            raise InvalidHandError(f"counts must be integers, got dtype {arr.dtype}")
        if arr.size and (arr.min() < 0 or arr.max() > 4):
            bad_row = int(np.flatnonzero(((arr < 0) | (arr > 4)).any(axis=1))[0])
            raise InvalidHandError(
                f"counts row {bad_row} has a tile count outside 0..4: {arr[bad_row].tolist()}")
    arr = np.require(arr, np.uint8, ["C_CONTIGUOUS", "ALIGNED"])
    n = arr.shape[0]
    mask = forms_mask(forms)
    if n_melds is None:
        return arr, np.empty(n, np.int8), True, mask
    given = as_array(n_melds, "n_melds", InvalidHandError)
    if given.dtype.kind not in "iu":
        raise InvalidHandError(f"n_melds must be integers, got dtype {given.dtype}")
    if given.ndim == 0:
        given = np.full(n, int(given))
    if given.shape != (n,):
        raise InvalidHandError(f"n_melds must be an int or shape ({n},), got {given.shape}")
    if n and (given.min() < 0 or given.max() > 4):
        bad_row = int(np.flatnonzero((given < 0) | (given > 4))[0])
        raise InvalidHandError(f"n_melds row {bad_row} is {int(given[bad_row])}: use 0..4")
    return arr, np.array(given, dtype=np.int8, order="C"), False, mask


def _wildcards(wildcard, n: int) -> np.ndarray:
    """int8 (N,) wildcard kind per row, -1 = none."""
    if isinstance(wildcard, (int, np.integer)) and not isinstance(wildcard, bool):
        if not 0 <= int(wildcard) < 34:
            raise MahjongError(f"wildcard must be a tile id 0..33, got {int(wildcard)}")
        return np.full(n, int(wildcard), np.int8)
    if isinstance(wildcard, str):
        from .analysis import wildcard_id

        return np.full(n, wildcard_id(wildcard), np.int8)
    arr = as_array(wildcard, "wildcard")
    if arr.dtype.kind not in "iu":
        raise MahjongError(f"wildcard must be None, a tile id or an integer array, got "
                           f"dtype {arr.dtype}")
    if arr.shape != (n,):
        raise MahjongError(f"wildcard must be an int or shape ({n},), got {arr.shape}")
    if n and (arr.min() < -1 or arr.max() > 33):
        row = int(np.flatnonzero((arr < -1) | (arr > 33))[0])
        raise MahjongError(f"wildcard row {row} is {int(arr[row])}: use -1 (none) or 0..33")
    return np.ascontiguousarray(arr, np.int8)


def _locked(locked, n: int) -> np.ndarray:
    arr = as_array(locked, "locked", InvalidHandError)
    if arr.shape != (n, 34):
        raise InvalidHandError(f"locked must have shape ({n}, 34), got {arr.shape}")
    if arr.dtype.kind not in "iub":
        raise InvalidHandError(f"locked must be integers, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 4):
        row = int(np.flatnonzero(((arr < 0) | (arr > 4)).any(axis=1))[0])
        raise InvalidHandError(f"locked row {row} has a count outside 0..4")
    return np.require(arr, np.uint8, ["C_CONTIGUOUS", "ALIGNED"])


def _run_ex(arr, melds, infer, mask, wildcard, locked, threads, want_useful):
    n = arr.shape[0]
    wild = _wildcards(wildcard, n) if wildcard is not None else np.full(n, -1, np.int8)
    has_locked = locked is not None
    lk = _locked(locked, n) if has_locked else np.zeros((1, 34), np.uint8)
    out = np.empty(n, np.int8)
    useful = np.empty((n, 34) if want_useful else (1, 34), np.uint8)
    status = np.empty(n, np.uint8)
    n_bad = _shanten.checked_rows_ex(arr, melds, infer, mask, lk, has_locked, wild, out,
                                     useful, want_useful, status, threads)
    if n_bad:
        _raise_bad_rows(arr, status, n_bad)
    return out, useful


def _raise_bad_rows(arr: np.ndarray, status: np.ndarray, n_bad: int) -> None:
    row = int(np.flatnonzero(status)[0])
    raise InvalidHandError(
        f"counts row {row} has {_ROW_PROBLEMS[int(status[row])]} "
        f"(tiles {int(arr[row].sum())}, row {arr[row].tolist()}); {n_bad} bad row(s) in all")


def shanten(counts, n_melds: MeldsInput = None, forms: FormsInput = None,
            threads: int = 1, wildcard=None, locked=None) -> np.ndarray:
    """Shanten of every row (0 = ready, -1 = complete), best over the chosen forms.

    Parameters
    ----------
    counts : array-like of shape (N, 34)
        Concealed tile counts per hand (any integer dtype; uint8 C-contiguous is used
        without a copy).
    n_melds : None, int or array of shape (N,)
        Melds per hand; ``None`` infers them from the tile count (14 or 13 -> 0,
        11 or 10 -> 1, ...).
    forms : None or iterable of form names
        As for :func:`mahjong.shanten`; forms that a row's melds rule out are skipped.
    threads : int
        OpenMP threads (1 = run on the calling thread; the GIL is released either way).
    wildcard : None, tile id, or int array of shape (N,)
        The wildcard kind (赖子) of every row, or one per row (-1 = none). A row's counts
        include its wildcard copies at the wildcard's index (see :func:`mahjong.shanten`).
    locked : None or array of shape (N, 34)
        Copies of each tile in the row's melds (a kong four, a pung three, a chow one of
        each); they count toward the four copies of a tile. ``None``: no tile is locked
        (``n_melds`` alone cannot say which tiles the melds hold).

    Returns
    -------
    numpy.ndarray of int8, shape (N,)

    Raises
    ------
    InvalidHandError
        Wrong shape or dtype, a count above 4, a bad tile count; the message names the row.
    """
    arr, melds, infer, mask = _prepare(counts, n_melds, forms)
    threads = threads_for(threads, arr.shape[0])
    if wildcard is not None or locked is not None:
        return _run_ex(arr, melds, infer, mask, wildcard, locked, threads, False)[0]
    out = np.empty(arr.shape[0], np.int8)
    status = np.empty(arr.shape[0], np.uint8)
    n_bad = _shanten.checked_shanten_rows(arr, melds, infer, mask, out, status, threads)
    if n_bad:
        _raise_bad_rows(arr, status, n_bad)
    return out


def shanten_and_useful(counts, n_melds: MeldsInput = None, forms: FormsInput = None,
                       threads: int = 1, wildcard=None, locked=None
                       ) -> Tuple[np.ndarray, np.ndarray]:
    """Both :func:`shanten` (int8, (N,)) and :func:`useful_tiles` (bool, (N, 34)) in one pass."""
    arr, melds, infer, mask = _prepare(counts, n_melds, forms)
    threads = threads_for(threads, arr.shape[0])
    if wildcard is not None or locked is not None:
        out, useful = _run_ex(arr, melds, infer, mask, wildcard, locked, threads, True)
        return out, useful.view(np.bool_)
    out = np.empty((arr.shape[0], 34), np.uint8)
    shanten_out = np.empty(arr.shape[0], np.int8)
    status = np.empty(arr.shape[0], np.uint8)
    n_bad = _shanten.checked_useful_rows(arr, melds, infer, mask, out, shanten_out, status,
                                         threads)
    if n_bad:
        _raise_bad_rows(arr, status, n_bad)
    return shanten_out, out.view(np.bool_)


def useful_tiles(counts, n_melds: MeldsInput = None, forms: FormsInput = None,
                 threads: int = 1, wildcard=None, locked=None) -> np.ndarray:
    """Useful-tile mask of every row: ``out[i, t]`` is True if drawing tile t lowers the
    shanten of row i (see :func:`mahjong.useful_tiles`; a drawn wildcard counts as a
    wildcard).

    Parameters and errors are those of :func:`shanten`.

    Returns
    -------
    numpy.ndarray of bool, shape (N, 34)
    """
    return shanten_and_useful(counts, n_melds, forms, threads, wildcard, locked)[1]


# --- discard tables ---------------------------------------------------------------------

from mahjong_core import _discard  # noqa: E402  (kept with the section it serves)

__all__ += ["discard_table"]

_DISCARD_ROW_PROBLEMS = {
    _discard.PY_ROW_TOO_MANY_COPIES: "a tile count above 4",
    _discard.PY_ROW_BAD_TOTAL: "a tile count that is not 14 - 3m for its melds (a discard "
                               "needs a full hand)",
    _discard.PY_ROW_BAD_MELDS: "n_melds outside 0..4",
    _discard.PY_ROW_NO_FORM: "melds that none of the chosen forms allows",
    _discard.PY_ROW_LOCKED_COPIES: "more than four copies of a tile across hand and locked",
    _discard.PY_ROW_VISIBLE_COPIES: "more than four copies of a tile across hand, locked "
                                    "and visible",
}


def _visible_rows(visible, n: int) -> Tuple[np.ndarray, int]:
    """(uint8 C-contiguous visible counts, mode): mode 0 = none, 1 = one row for every
    hand, 2 = one row per hand."""
    if visible is None:
        return np.zeros((1, 34), np.uint8), 0
    arr = np.asarray(visible)
    if arr.dtype.kind not in "iub":
        raise InvalidHandError(f"visible must be integers, got dtype {arr.dtype}")
    if arr.shape == (34,):
        arr, mode = arr.reshape(1, 34), 1
    elif arr.shape == (n, 34):
        mode = 2
    else:
        raise InvalidHandError(f"visible must have shape (34,) or ({n}, 34), got {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 4):
        row = int(np.flatnonzero(((arr < 0) | (arr > 4)).any(axis=1))[0])
        raise InvalidHandError(f"visible row {row} has a count outside 0..4")
    return np.require(arr, np.uint8, ["C_CONTIGUOUS", "ALIGNED"]), mode


def discard_table(counts, n_melds: MeldsInput = None, forms: FormsInput = None,
                  visible=None, threads: int = 1, wildcard=None, locked=None
                  ) -> Tuple[np.ndarray, np.ndarray]:
    """Every discard of every row: the shanten after it and the unseen useful copies.

    Each row is a full hand of 14 - 3m concealed tiles. For each tile kind t held,
    ``shanten[i, t]`` is the shanten of row i after discarding one t, and ``unseen[i, t]``
    the unseen copies of the tiles whose draw would then lower it (its useful tiles, see
    :func:`useful_tiles`); kinds not held read -1 and 0. Unseen copies of a tile are
    4 minus its copies in the hand (before the discard), in ``locked`` and in
    ``visible``. This is :func:`mahjong.discard_analysis` for many hands; the best
    discard of row i has the lowest shanten, then the most unseen copies, then the
    lowest id.

    Parameters
    ----------
    counts : array-like of shape (N, 34)
        Concealed tile counts per hand, 14 - 3m tiles for m melds.
    n_melds : None, int or array of shape (N,)
        Melds per hand; ``None`` infers them from the tile count (14 -> 0, 11 -> 1, ...).
    forms : None or iterable of form names
        As for :func:`shanten`.
    visible : None, array of shape (34,) or (N, 34)
        Tiles seen elsewhere (discards, other players' melds): one row for every hand, or
        one per hand.
    threads : int
        As for :func:`shanten` (rows are shared out above :data:`ROWS_PER_THREAD` per
        thread).
    wildcard, locked
        As for :func:`shanten`. Such rows take the exact search of
        :func:`mahjong.discard_analysis` discard by discard: about 2x the plain kernel's
        time with a wildcard, and far slower (up to about a millisecond a row) with
        locked meld copies.

    Returns
    -------
    (shanten, unseen) : numpy arrays of shape (N, 34), int8 and int16

    Raises
    ------
    InvalidHandError
        Wrong shape or dtype, a count above 4, a row that is not 14 - 3m tiles, more than
        four copies of a tile across hand, ``locked`` and ``visible``; the message names
        the row.

    Examples
    --------
    >>> from mahjong.tiles import tile_counts
    >>> shanten, unseen = discard_table(np.stack([tile_counts("123456789m11p23s5z")]))
    >>> int(shanten[0, 31]), int(unseen[0, 31])       # discard 5z: ready on 1s-4s
    (0, 8)
    >>> int(shanten[0, 0]), int(shanten[0, 30])       # 1m held, 4z not held
    (1, -1)
    """
    arr, melds, infer, mask = _prepare(counts, n_melds, forms)
    n = arr.shape[0]
    threads = threads_for(threads, n)
    seen, mode = _visible_rows(visible, n)
    wild = _wildcards(wildcard, n) if wildcard is not None else np.full(n, -1, np.int8)
    has_locked = locked is not None
    lk = _locked(locked, n) if has_locked else np.zeros((1, 34), np.uint8)
    shanten_out = np.empty((n, 34), np.int8)
    unseen_out = np.empty((n, 34), np.int16)
    status = np.empty(n, np.uint8)
    n_bad = _discard.checked_discard_rows(arr, melds, infer, mask, seen, mode, lk, has_locked,
                                          wild, shanten_out, unseen_out, status, threads)
    if n_bad:
        row = int(np.flatnonzero(status)[0])
        raise InvalidHandError(
            f"counts row {row} has {_DISCARD_ROW_PROBLEMS[int(status[row])]} "
            f"(tiles {int(arr[row].sum())}, row {arr[row].tolist()}); {n_bad} bad row(s) "
            "in all")
    return shanten_out, unseen_out
