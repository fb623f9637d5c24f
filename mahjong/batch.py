"""Batch hand analysis over ``(N, 34)`` count arrays, in the compiled core.

Each row is the concealed part of one hand (tile counts in tenhou 34-format order). The
entry points validate once at the boundary (shape, dtype, copies, tile counts; a bad row
raises :class:`~mahjong.errors._InvalidHandError` naming it), then run a ``nogil`` kernel,
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

import os as _os
from typing import Tuple as _Tuple, Union as _Union

import numpy as _np

from mahjong_core import _shanten

from .analysis import FORM_BITS as _FORM_BITS
from .analysis import FormsInput as _FormsInput
from .analysis import forms_mask as _forms_mask
from .errors import InvalidHandError as _InvalidHandError
from .errors import MahjongError as _MahjongError
from .validate import as_array as _as_array
from .validate import show as _show

__all__ = ["shanten", "useful_tiles", "shanten_and_useful", "threads_for", "MAX_THREADS",
           "ROWS_PER_THREAD"]

_ROW_PROBLEMS = {
    _shanten.PY_ROW_TOO_MANY_COPIES: "a tile count above 4",
    _shanten.PY_ROW_BAD_TOTAL: "a tile count that is not 13 - 3m or 14 - 3m for its melds",
    _shanten.PY_ROW_BAD_MELDS: "n_melds outside 0..4",
    _shanten.PY_ROW_NO_FORM: "melds that none of the chosen forms allows",
    _shanten.PY_ROW_LOCKED_COPIES: "more than four copies of a tile across hand and locked",
}

_MeldsInput = _Union[None, int, _np.ndarray]


#: The most ``threads`` a batch call accepts: beyond it the call is refused (the OpenMP
#: runtime aborts or crashes the process when asked for tens of thousands of threads).
MAX_THREADS = 256
#: Rows each thread of a batch gets at least: a call on fewer rows than
#: ``threads * ROWS_PER_THREAD`` runs on fewer threads (one below ``2 * ROWS_PER_THREAD``),
#: so that asking for threads never makes a small batch slower than one thread. The batch
#: kernels take about 50-150 ns a row, so a thread gets at least ~1-2 ms of work.
ROWS_PER_THREAD = 16384


def _cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return len(_os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return _os.cpu_count() or 1


def threads_for(threads, rows: int, name: str = "threads") -> int:
    """The threads a batch of ``rows`` rows runs on, for a call that asked for ``threads``.

    ``threads`` is an integer 1..MAX_THREADS, or negative as in joblib's ``n_jobs``:
    ``-1`` = every core this process may use, ``-2`` = all but one, down to ``-N`` = one
    (for N cores). Anything else (0, below ``-N``, a bool, a float) raises
    :class:`~mahjong.errors.MahjongError` naming ``name``. numpy integers are accepted.

    >>> threads_for(-1, 10**7) == min(_cores(), MAX_THREADS, 10**7 // ROWS_PER_THREAD)
    True
    """
    if type(threads) is int and 1 <= threads <= MAX_THREADS:   # the common call
        return max(1, min(threads, rows // ROWS_PER_THREAD))
    cores = _cores()
    if isinstance(threads, bool) or not isinstance(threads, (int, _np.integer)) \
            or not (1 <= threads <= MAX_THREADS or -cores <= threads <= -1):
        raise _MahjongError(f"{name} must be an integer 1..{MAX_THREADS}, or -1 (all {cores} "
                            f"cores) .. -{cores} (one), got {_show(threads)}")
    asked = int(threads)
    if asked < 0:
        asked = min(cores + 1 + asked, MAX_THREADS)
    return max(1, min(asked, rows // ROWS_PER_THREAD))


def _rows(counts) -> _Tuple[_np.ndarray, bool]:
    """(counts as an array, one row given): a single ``(34,)`` row is the batch of one."""
    if type(counts) is _np.ndarray and counts.ndim == 2:   # the common call
        return counts, False
    arr = _as_array(counts, "counts", _InvalidHandError)
    if arr.shape == (34,):
        return arr.reshape(1, 34), True
    return arr, False


def _prepare(counts, n_melds: _MeldsInput, forms: _FormsInput
             ) -> _Tuple[_np.ndarray, _np.ndarray, bool, int]:
    """(uint8 C-contiguous counts, int8 n_melds per row, infer flag, form bits).

    Shape, dtype and n_melds are checked here; the per-row checks (counts 0..4, tile count
    against the melds, forms the melds allow) run inside the kernel's single pass.
    """
    arr = _as_array(counts, "counts", _InvalidHandError)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise _InvalidHandError(f"counts must have shape (N, 34) or (34,), got {arr.shape}")
    if arr.dtype != _np.uint8:
        if arr.dtype.kind not in "iub":
            raise _InvalidHandError(f"counts must be integers, got dtype {arr.dtype}")
        if arr.size and (arr.min() < 0 or arr.max() > 4):
            bad_row = int(_np.flatnonzero(((arr < 0) | (arr > 4)).any(axis=1))[0])
            raise _InvalidHandError(
                f"counts row {bad_row} has a tile count outside 0..4: {arr[bad_row].tolist()}")
    arr = _np.require(arr, _np.uint8, ["C_CONTIGUOUS", "ALIGNED"])
    n = arr.shape[0]
    mask = _forms_mask(forms)
    if n_melds is None:
        return arr, _np.empty(n, _np.int8), True, mask
    given = _as_array(n_melds, "n_melds", _InvalidHandError)
    if given.dtype.kind not in "iu":
        raise _InvalidHandError(f"n_melds must be integers, got dtype {given.dtype}")
    if given.ndim == 0:
        given = _np.full(n, int(given))
    if given.shape != (n,):
        raise _InvalidHandError(f"n_melds must be an int or shape ({n},), got {given.shape}")
    if n and (given.min() < 0 or given.max() > 4):
        bad_row = int(_np.flatnonzero((given < 0) | (given > 4))[0])
        raise _InvalidHandError(f"n_melds row {bad_row} is {int(given[bad_row])}: use 0..4")
    return arr, _np.array(given, dtype=_np.int8, order="C"), False, mask


def _wildcards(wildcard, n: int) -> _np.ndarray:
    """int8 (N,) wildcard kind per row, -1 = none."""
    if isinstance(wildcard, (int, _np.integer)) and not isinstance(wildcard, bool):
        if not 0 <= int(wildcard) < 34:
            raise _MahjongError(f"wildcard must be a tile id 0..33, got {int(wildcard)}")
        return _np.full(n, int(wildcard), _np.int8)
    if isinstance(wildcard, str):
        from .analysis import wildcard_id

        return _np.full(n, wildcard_id(wildcard), _np.int8)
    arr = _as_array(wildcard, "wildcard")
    if arr.dtype.kind not in "iu":
        raise _MahjongError(f"wildcard must be None, a tile id or an integer array, got "
                            f"dtype {arr.dtype}")
    if arr.shape != (n,):
        raise _MahjongError(f"wildcard must be an int or shape ({n},), got {arr.shape}")
    if n and (arr.min() < -1 or arr.max() > 33):
        row = int(_np.flatnonzero((arr < -1) | (arr > 33))[0])
        raise _MahjongError(f"wildcard row {row} is {int(arr[row])}: use -1 (none) or 0..33")
    return _np.ascontiguousarray(arr, _np.int8)


def _locked(locked, n: int) -> _np.ndarray:
    arr = _as_array(locked, "locked", _InvalidHandError)
    if arr.shape == (34,) and n == 1:
        arr = arr.reshape(1, 34)
    if arr.shape != (n, 34):
        raise _InvalidHandError(f"locked must have shape ({n}, 34), got {arr.shape}")
    if arr.dtype.kind not in "iub":
        raise _InvalidHandError(f"locked must be integers, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 4):
        row = int(_np.flatnonzero(((arr < 0) | (arr > 4)).any(axis=1))[0])
        raise _InvalidHandError(f"locked row {row} has a count outside 0..4")
    return _np.require(arr, _np.uint8, ["C_CONTIGUOUS", "ALIGNED"])


def _raise_bad_rows(arr: _np.ndarray, status: _np.ndarray, n_bad: int) -> None:
    row = int(_np.flatnonzero(status)[0])
    raise _InvalidHandError(
        f"counts row {row} has {_ROW_PROBLEMS[int(status[row])]} "
        f"(tiles {int(arr[row].sum())}, row {arr[row].tolist()}); {n_bad} bad row(s) in all")


# --- out= ---------------------------------------------------------------------------------

def _out_buffer(out, shape: tuple, dtype, single: bool, name: str = "out") -> _np.ndarray:
    """The C-contiguous array of ``shape`` the kernel writes: ``out`` itself (seen with that
    shape) when it can be, else a new array (:func:`_finish` copies it into ``out``).
    ``out`` must have the result's shape (``shape`` without its first axis for a single
    row) and exactly ``dtype``."""
    if out is None:
        return _np.empty(shape, dtype)
    want = shape[1:] if single else shape
    if not isinstance(out, _np.ndarray):
        raise _MahjongError(f"{name} must be a numpy array, got {_show(out)}")
    if out.shape != want or out.dtype != dtype:
        raise _MahjongError(f"{name} must have shape {want} and dtype {_np.dtype(dtype)}, got "
                            f"shape {out.shape} and dtype {out.dtype}")
    if not out.flags.writeable:
        raise _MahjongError(f"{name} is read-only")
    if out.flags.c_contiguous and out.flags.aligned:
        return out.reshape(shape)      # a view (C-contiguous): the kernel writes into out
    return _np.empty(shape, dtype)


def _finish(buf: _np.ndarray, out, single: bool):
    """The result: ``out`` (filled) when given, else ``buf`` (its row for a single row)."""
    if out is None:
        return buf[0] if single else buf
    if not _np.shares_memory(buf, out):
        out[...] = buf.reshape(out.shape)
    return out


# --- rule sets ----------------------------------------------------------------------------

def _rules_plan(rules, forms, wildcard, void_suit, indicator):
    """(plan or None, forms, wildcard) of a batch call: see :func:`mahjong.shanten`.
    A per-row wildcard array is kept as it is (checked against the tile set later)."""
    if rules is None and void_suit is None and indicator is None:
        return None, forms, wildcard
    from .analysis import _plan

    per_row = wildcard is not None and not isinstance(wildcard, (int, _np.integer, str))
    if per_row and indicator is not None:
        raise _MahjongError("give wildcard= or indicator=, not both")
    plan = _plan(rules, forms, None if per_row else wildcard, void_suit, indicator)
    if per_row:
        plan.wildcard = wildcard
    return plan, plan.forms, plan.wildcard


def _allowed(plan) -> _np.ndarray:
    return ((plan.tiles >> _np.arange(34)) & 1).astype(bool)


def _check_rows_tile_set(arr, lk, wild, plan) -> None:
    """A row holding a tile outside the rule set's tile set is an InvalidHandError."""
    from .analysis import TENHOU_NAMES

    outside = ~_allowed(plan)
    if not outside.any():
        return
    for what, table in (("counts", arr), ("locked", lk)):
        if table is None:
            continue
        bad = (table[:, outside] > 0).any(axis=1)
        if bad.any():
            row = int(_np.flatnonzero(bad)[0])
            tile = int(_np.flatnonzero((table[row] > 0) & outside)[0])
            raise _InvalidHandError(f"{what} row {row} holds {TENHOU_NAMES[tile]}, not a tile of "
                                    f"{plan.name} (no honours)")
    if wild is not None:
        bad = (wild >= 0) & outside[_np.maximum(wild, 0)]
        if bad.any():
            row = int(_np.flatnonzero(bad)[0])
            raise _InvalidHandError(f"wildcard row {row} is {TENHOU_NAMES[int(wild[row])]}, "
                                    f"not a tile of {plan.name}")


_ODD = _np.array([0, 1, 0, 1, 0], _np.uint8)     # c copies leave one unpaired


def _pair_counts(rows) -> _Tuple[_np.ndarray, _np.ndarray]:
    """(pairs, unpaired kinds) per row and suit block (m, p, s, honours): int16 (N, 4).
    c copies hold c >> 1 pairs (a four is two) and c & 1 unpaired (as _ODD),
    coded as pairs + 32 * unpaired and summed as float32 (numpy's fast reductions; exact)."""
    coded = ((rows >> 1) | ((rows & 1) << 5)).astype(_np.float32)
    blocks = _np.empty((rows.shape[0], 4), _np.float32)
    blocks[:, :3] = coded[:, :27].reshape(-1, 3, 9).sum(axis=2)
    blocks[:, 3] = coded[:, 27:].sum(axis=1)
    blocks = blocks.astype(_np.int16)
    return blocks % 32, blocks // 32


def _seven_pairs_rows(rows, melds, sh, useful, pairs, odd) -> None:
    """Seven pairs for rows of any tile count (the void-suit rows, their void suit taken
    out), as the core counts them for any size: pairs from the kinds held first (a four is
    two), then singles paired, then new kinds; merged into ``sh`` and ``useful`` where it
    is as good as the other forms. ``pairs`` and ``odd`` (N,): the rows' pairs and
    unpaired kinds."""
    pairs = _np.minimum(pairs, 7)
    missing = 14 - 2 * pairs - _np.minimum(odd, 7 - pairs)
    missing[melds != 0] = 99
    if useful is not None:
        odd_kinds = _ODD[rows].view(bool)
        mask = _np.where((odd >= 7 - pairs)[:, None], odd_kinds, rows != 4)
        mask[pairs >= 7] = False
        other = sh.astype(_np.int16) + 1
        mask[missing > other] = False
        useful[missing < other] = False
        useful |= mask
    _np.minimum(sh, (missing - 1).astype(_np.int8), out=sh)


def _plain_rows(rows, melds, mask, wild, lk, threads, want_useful, any_size=None):
    """(shanten int8 (R,), useful bool (R, 34) or None) of valid rows: the unchecked kernels,
    or the scalar kernel row by row with wildcards or locked copies. ``any_size``: rows of
    any tile count (the void-suit rows), given as their (pairs, unpaired kinds) per row."""
    n = rows.shape[0]
    sh = _np.empty(n, _np.int8)
    useful = _np.zeros((n, 34), _np.uint8) if want_useful else None
    if wild is None and lk is None:
        pairs = mask & _FORM_BITS["seven_pairs"]
        if pairs and any_size is not None:   # the tables' count holds for 13 or 14 tiles
            mask &= ~pairs
        if mask:
            if want_useful:
                _shanten.useful_rows(rows, melds, mask, useful, sh, threads)
            else:
                _shanten.shanten_rows(rows, melds, mask, sh, threads)
        else:
            sh[:] = 98
        useful = None if useful is None else useful.view(bool)
        if pairs and any_size is not None:
            _seven_pairs_rows(rows, melds, sh, useful, *any_size)
        return sh, useful
    bits = _np.arange(34, dtype=_np.uint64)
    for i in range(n):
        missing, m = _shanten.analyze_one(
            rows[i], int(melds[i]), mask, None if lk is None else lk[i],
            -1 if wild is None else int(wild[i]), want_useful)
        sh[i] = min(missing - 1, 98)
        if want_useful:
            useful[i] = (_np.uint64(m) >> bits) & _np.uint64(1)
    return sh, None if useful is None else useful.view(bool)


def _plan_rows(rows, melds, mask, wild, lk, plan, threads, want_useful, row_of=None):
    """(shanten, useful or None) of valid rows under a plan that is not plain: the best
    over the suits that may be void (each suit's tiles taken out), the useful tiles inside
    the tile set and outside the void suit (see mahjong.analysis). ``row_of``: the
    caller's row of each row (for the error message), if they differ."""
    allowed = _allowed(plan)
    if plan.voids is None:
        sh, useful = _plain_rows(rows, melds, mask, wild, lk, threads, want_useful)
        if useful is not None:
            useful &= allowed
        return sh, useful
    n = rows.shape[0]
    best = _np.full(n, 99, _np.int16)
    union = _np.zeros((n, 34), bool) if want_useful else None
    index = _np.arange(n)
    pairs = odd = None
    if wild is None and lk is None:
        pairs, odd = _pair_counts(rows)
        pair_total = pairs[:, 0] + pairs[:, 1] + pairs[:, 2] + pairs[:, 3]
        odd_total = odd[:, 0] + odd[:, 1] + odd[:, 2] + odd[:, 3]
    for s in plan.voids:
        cols = slice(9 * s, 9 * s + 9)
        outside = _np.ones(34, _np.uint8)
        outside[cols] = 0
        rest = rows * outside     # the rows with the suit taken out (one pass)
        keep = allowed & outside.view(bool)
        if wild is not None:      # a wildcard of the suit stays one
            keep = _np.tile(keep, (n, 1))
            own = (wild >= 9 * s) & (wild < 9 * s + 9)
            rest[index[own], wild[own]] = rows[index[own], wild[own]]
            keep[index[own], wild[own]] = allowed[wild[own]]
        counted = None if pairs is None else (pair_total - pairs[:, s], odd_total - odd[:, s])
        sh, useful = _plain_rows(rest, melds, mask, wild, lk, threads, want_useful, counted)
        sh = sh.astype(_np.int16)
        if lk is not None:
            sh[lk[:, cols].any(axis=1)] = 99     # a meld holds the suit: it cannot be void
        if want_useful:
            useful = useful & keep
            better = sh < best
            union[better] = useful[better]
            same = (sh == best) & (sh < 98)
            union[same] |= useful[same]
        best = _np.minimum(best, sh)
    never = best >= 98
    if never.any():
        row = int(_np.flatnonzero(never)[0])
        row = row if row_of is None else int(row_of[row])
        raise _InvalidHandError(f"locked row {row}: the melds hold a tile of every suit that "
                                f"could be void: the hand can never win under "
                                f"{plan.name or 'void_suit='} (缺门)")
    return best.astype(_np.int8), union


def _analyse(counts, n_melds, forms, threads, wildcard, locked, rules, void_suit, indicator,
             want_shanten, want_useful, out_sh, out_useful):
    """The batch behind shanten, useful_tiles and shanten_and_useful: (shanten, useful)
    written into out_sh / out_useful when given."""
    plan, forms, wildcard = _rules_plan(rules, forms, wildcard, void_suit, indicator)
    arr, single = _rows(counts)
    arr, melds, infer, mask = _prepare(arr, n_melds, forms)
    n = arr.shape[0]
    threads = threads_for(threads, n)
    sh = _out_buffer(out_sh if want_shanten else None, (n,), _np.int8, single)
    useful = (_out_buffer(out_useful, (n, 34), _np.bool_, single, "out") if want_useful
              else None)
    status = _np.empty(n, _np.uint8)
    wild = _wildcards(wildcard, n) if wildcard is not None else None
    lk = _locked(locked, n) if locked is not None else None
    if wild is not None or lk is not None:
        n_bad = _shanten.checked_rows_ex(
            arr, melds, infer, mask, _np.zeros((1, 34), _np.uint8) if lk is None else lk,
            lk is not None, _np.full(n, -1, _np.int8) if wild is None else wild, sh,
            useful.view(_np.uint8) if want_useful else _np.empty((1, 34), _np.uint8),
            want_useful, status, threads)
    elif want_useful:
        n_bad = _shanten.checked_useful_rows(arr, melds, infer, mask, useful.view(_np.uint8),
                                             sh, status, threads)
    else:
        n_bad = _shanten.checked_shanten_rows(arr, melds, infer, mask, sh, status, threads)
    if n_bad:
        _raise_bad_rows(arr, status, n_bad)
    if plan is not None and not plan.plain:
        _check_rows_tile_set(arr, lk, wild, plan)
        ruled_sh, ruled_useful = _plan_rows(arr, melds, mask, wild, lk, plan, threads,
                                            want_useful)
        sh[...] = ruled_sh
        if want_useful:
            useful[...] = ruled_useful
    return (_finish(sh, out_sh, single) if want_shanten else None,
            _finish(useful, out_useful, single) if want_useful else None)


_BATCH_ARGS = """
    rules, void_suit, indicator : optional (keywords)
        As for :func:`mahjong.shanten`: the rule set's forms, tile set (a row holding a
        tile outside it is an InvalidHandError naming it), void suit (缺门) and wildcard
        indicator. Default: no rule set (all five forms, all 34 tiles).
    out : numpy array, optional (keyword)
        The array to write the result into (numpy's ``out=``): the result's shape and
        exactly its dtype; it is returned."""


def shanten(counts, n_melds: _MeldsInput = None, forms: _FormsInput = None,
            threads: int = 1, wildcard=None, locked=None, *, rules=None, void_suit=None,
            indicator=None, out=None) -> _np.ndarray:
    """Shanten of every row (0 = ready, -1 = complete), best over the chosen forms.

    Parameters
    ----------
    counts : array-like of shape (N, 34), or one row of shape (34,)
        Concealed tile counts per hand (any integer dtype; uint8 C-contiguous is used
        without a copy). A single row gives a single value (a numpy int8), equal to
        :func:`mahjong.shanten` of that hand.
    n_melds : None, int or array of shape (N,)
        Melds per hand; ``None`` infers them from the tile count (14 or 13 -> 0,
        11 or 10 -> 1, ...).
    forms : None or iterable of form names
        As for :func:`mahjong.shanten`; forms that a row's melds rule out are skipped.
    threads : int
        OpenMP threads (1 = run on the calling thread; the GIL is released either way);
        -1 = every core, -2 = all but one, ... (as joblib's ``n_jobs``; see
        :func:`threads_for`).
    wildcard : None, tile id, or int array of shape (N,)
        The wildcard kind (赖子) of every row, or one per row (-1 = none). A row's counts
        include its wildcard copies at the wildcard's index (see :func:`mahjong.shanten`).
    locked : None or array of shape (N, 34)
        Copies of each tile in the row's melds (a kong four, a pung three, a chow one of
        each); they count toward the four copies of a tile. ``None``: no tile is locked
        (``n_melds`` alone cannot say which tiles the melds hold).{args}

    Returns
    -------
    numpy.ndarray of int8, shape (N,) (a numpy int8 for one row of shape (34,))

    Raises
    ------
    InvalidHandError
        Wrong shape or dtype, a count above 4, a bad tile count; the message names the row.

    Examples
    --------
    >>> from mahjong.tiles import tile_counts
    >>> int(shanten(tile_counts("123456789m11p23s"), rules="sichuan"))
    2
    """
    return _analyse(counts, n_melds, forms, threads, wildcard, locked, rules, void_suit,
                    indicator, True, False, out, None)[0]


def shanten_and_useful(counts, n_melds: _MeldsInput = None, forms: _FormsInput = None,
                       threads: int = 1, wildcard=None, locked=None, *, rules=None,
                       void_suit=None, indicator=None, out=None
                       ) -> _Tuple[_np.ndarray, _np.ndarray]:
    """Both :func:`shanten` (int8, (N,)) and :func:`useful_tiles` (bool, (N, 34)) in one
    pass; arguments as theirs, ``out`` a pair of arrays (or None)."""
    if out is None:
        out = (None, None)
    elif not (isinstance(out, tuple) and len(out) == 2):
        raise _MahjongError(f"out must be a pair of arrays (shanten, useful), got {_show(out)}")
    return _analyse(counts, n_melds, forms, threads, wildcard, locked, rules, void_suit,
                    indicator, True, True, out[0], out[1])


def useful_tiles(counts, n_melds: _MeldsInput = None, forms: _FormsInput = None,
                 threads: int = 1, wildcard=None, locked=None, *, rules=None, void_suit=None,
                 indicator=None, out=None) -> _np.ndarray:
    """Useful-tile mask of every row: ``out[i, t]`` is True if drawing tile t lowers the
    shanten of row i (see :func:`mahjong.useful_tiles`; a drawn wildcard counts as a
    wildcard).

    Parameters and errors are those of :func:`shanten` (``out``: bool, (N, 34)).

    Returns
    -------
    numpy.ndarray of bool, shape (N, 34) (shape (34,) for one row of shape (34,))
    """
    return _analyse(counts, n_melds, forms, threads, wildcard, locked, rules, void_suit,
                    indicator, False, True, None, out)[1]


shanten.__doc__ = shanten.__doc__.replace("{args}", _BATCH_ARGS)


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


def _visible_rows(visible, n: int) -> _Tuple[_np.ndarray, int]:
    """(uint8 C-contiguous visible counts, mode): mode 0 = none, 1 = one row for every
    hand, 2 = one row per hand."""
    if visible is None:
        return _np.zeros((1, 34), _np.uint8), 0
    arr = _as_array(visible, "visible", _InvalidHandError)
    if arr.dtype.kind not in "iub":
        raise _InvalidHandError(f"visible must be integers, got dtype {arr.dtype}")
    if arr.shape == (34,):
        arr, mode = arr.reshape(1, 34), 1
    elif arr.shape == (n, 34):
        mode = 2
    else:
        raise _InvalidHandError(f"visible must have shape (34,) or ({n}, 34), got {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 4):
        row = int(_np.flatnonzero(((arr < 0) | (arr > 4)).any(axis=1))[0])
        raise _InvalidHandError(f"visible row {row} has a count outside 0..4")
    return _np.require(arr, _np.uint8, ["C_CONTIGUOUS", "ALIGNED"]), mode


def discard_table(counts, n_melds: _MeldsInput = None, forms: _FormsInput = None,
                  visible=None, threads: int = 1, wildcard=None, locked=None, *, rules=None,
                  void_suit=None, indicator=None, out=None
                  ) -> _Tuple[_np.ndarray, _np.ndarray]:
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
    counts : array-like of shape (N, 34), or one row of shape (34,)
        Concealed tile counts per hand, 14 - 3m tiles for m melds (one row gives arrays
        of shape (34,)).
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
    rules, void_suit, indicator
        As for :func:`shanten` (with a void suit or a tile set without honours each
        discard is analysed as :func:`mahjong.discard_analysis` with ``rules=`` does).
    out : pair of numpy arrays, optional (keyword)
        ``(shanten, unseen)`` arrays to write into: shapes (N, 34), dtypes int8 and int16.

    Returns
    -------
    (shanten, unseen) : numpy arrays of shape (N, 34), int8 and int16

    Raises
    ------
    _InvalidHandError
        Wrong shape or dtype, a count above 4, a row that is not 14 - 3m tiles, more than
        four copies of a tile across hand, ``locked`` and ``visible``; the message names
        the row.

    Examples
    --------
    >>> import numpy as np
    >>> from mahjong.tiles import tile_counts
    >>> shanten, unseen = discard_table(np.stack([tile_counts("123456789m11p23s5z")]))
    >>> int(shanten[0, 31]), int(unseen[0, 31])       # discard 5z: ready on 1s-4s
    (0, 8)
    >>> int(shanten[0, 0]), int(shanten[0, 30])       # 1m held, 4z not held
    (1, -1)
    """
    if out is None:
        out = (None, None)
    elif not (isinstance(out, tuple) and len(out) == 2):
        raise _MahjongError(f"out must be a pair of arrays (shanten, unseen), got {_show(out)}")
    plan, forms, wildcard = _rules_plan(rules, forms, wildcard, void_suit, indicator)
    arr, single = _rows(counts)
    arr, melds, infer, mask = _prepare(arr, n_melds, forms)
    n = arr.shape[0]
    threads = threads_for(threads, n)
    seen, mode = _visible_rows(visible, n)
    wild = _wildcards(wildcard, n) if wildcard is not None else _np.full(n, -1, _np.int8)
    has_locked = locked is not None
    lk = _locked(locked, n) if has_locked else _np.zeros((1, 34), _np.uint8)
    shanten_out = _out_buffer(out[0], (n, 34), _np.int8, single, "out[0]")
    unseen_out = _out_buffer(out[1], (n, 34), _np.int16, single, "out[1]")
    status = _np.empty(n, _np.uint8)
    n_bad = _discard.checked_discard_rows(arr, melds, infer, mask, seen, mode, lk, has_locked,
                                          wild, shanten_out, unseen_out, status, threads)
    if n_bad:
        row = int(_np.flatnonzero(status)[0])
        raise _InvalidHandError(
            f"counts row {row} has {_DISCARD_ROW_PROBLEMS[int(status[row])]} "
            f"(tiles {int(arr[row].sum())}, row {arr[row].tolist()}); {n_bad} bad row(s) "
            "in all")
    if plan is not None and not plan.plain:
        _ruled_discards(arr, melds, mask, None if wildcard is None else wild,
                        lk if has_locked else None, seen, mode, plan, threads, shanten_out,
                        unseen_out)
    return (_finish(shanten_out, out[0], single), _finish(unseen_out, out[1], single))


def _ruled_discards(arr, melds, mask, wild, lk, seen, mode, plan, threads, shanten_out,
                    unseen_out) -> None:
    """discard_table's entries under a plan that is not plain: each held kind's discard
    row analysed by :func:`_plan_rows`, its useful tiles' unseen copies counted in the
    hand before the discard (as the kernel counts them)."""
    _check_rows_tile_set(arr, lk, wild, plan)
    hand_rows, kinds = _np.nonzero(arr)
    rows = arr[hand_rows].copy()
    rows[_np.arange(rows.shape[0]), kinds] -= 1
    sh, useful = _plan_rows(
        rows, melds[hand_rows], mask, None if wild is None else wild[hand_rows],
        None if lk is None else _np.ascontiguousarray(lk[hand_rows]), plan, threads, True,
        hand_rows)
    unseen = 4 - arr.astype(_np.int16)
    if lk is not None:
        unseen -= lk
    if mode:
        unseen -= seen if mode == 2 else seen[0]
    shanten_out[hand_rows, kinds] = sh
    unseen_out[hand_rows, kinds] = (useful * unseen[hand_rows]).sum(axis=1)


def __dir__():
    # the public API only (tab completion): no helper imports such as numpy or typing
    return sorted(set(__all__) | {n for n in globals() if n.startswith("__") and n.endswith("__")})
