"""Past one machine: batch hand analysis, Guobiao scoring and settlement on Dask.

This module needs the optional extra ``pip install "mahjong-core[dask]"`` (``dask`` and
``distributed``); ``import mahjong`` never imports it. Every function builds a lazy Dask
graph over the numpy batch kernels of :mod:`mahjong.batch`, :mod:`mahjong.guobiao.batch`
and :func:`mahjong.ruleset.settle`: nothing runs until ``.compute()`` (or ``persist``), and
it runs on whatever scheduler is active, from the threaded default to a
``distributed`` cluster of many machines. Each chunk is one kernel call on one thread; the
workers give the parallelism.

What travels to the workers is module-level functions (pickled by name: every worker
imports ``mahjong``) and plain arguments (arrays, ints, form names), so a worker needs the
same ``mahjong-core`` installed and nothing built on the client.

>>> import dask.array as da
>>> import numpy as np
>>> from mahjong.tiles import tile_counts
>>> from mahjong import dask as mjd
>>> rows = np.stack([tile_counts("123456789m1p234s"), tile_counts("19m19p19s1234567z"),
...                  tile_counts("1112345678999m")])
>>> hands = da.from_array(rows, chunks=(2, 34))
>>> mjd.shanten(hands).compute().tolist()
[0, 0, 0]
>>> mjd.shanten(hands, forms=["regular"]).compute().tolist()
[0, 8, 0]
>>> mjd.useful_tiles(hands).sum(axis=1).compute().tolist()
[1, 13, 9]
"""
from __future__ import annotations

import glob
import json
import math
import os
import re
from typing import Any, Dict, Iterable, List, Optional, Tuple

import numpy as np

try:
    import dask
    import dask.array as da
    import dask.bag as db
    import dask.dataframe as dd
    import pandas as pd
except ImportError as exc:  # pragma: no cover - only without the extra
    raise ImportError(f"mahjong.dask needs Dask: pip install \"mahjong-core[dask]\" "
                      f"({exc})") from exc

from . import batch as _batch
from .errors import InvalidContextError, InvalidHandError, MahjongError
from .analysis import forms_mask
from .validate import as_array, show

__all__ = ["shanten", "useful_tiles", "discard_table", "score_batch", "settle", "simulate", "SETTLE_COLUMNS",
           "DEFAULT_CHUNK_ROWS", "match", "convert"]

#: Rows per chunk when a numpy array is handed in (34 MB of counts); see
#: docs/SCALING.md for the measured overhead per chunk.
DEFAULT_CHUNK_ROWS = 1_000_000


# ---------------------------------------------------------------- inputs as dask arrays

def _ndim(value, name: str, error) -> int:
    """The dimensions of an argument (a dask array's, or of the numpy array it reads as:
    ragged nesting is an ``error`` naming ``name``)."""
    if isinstance(value, da.Array):
        return value.ndim
    return as_array(value, name, error).ndim


def _is_scalar(value, name: str, error) -> bool:
    return _ndim(value, name, error) == 0


def _counts_array(counts, name: str, error) -> da.Array:
    """``counts`` as a dask array of shape (N, 34) with the 34 columns in one chunk.

    Only what a lazy array already knows is checked here (shape, dtype); the values are
    checked by the numpy kernel of each chunk."""
    arr = counts if isinstance(counts, da.Array) else da.asarray(
        as_array(counts, name, error), chunks=(DEFAULT_CHUNK_ROWS, -1))
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise error(f"{name} must have shape (N, 34), got {arr.shape}")
    if arr.numblocks[1] != 1:
        arr = arr.rechunk({1: -1})
    return arr


def _row_array(value, n, row_chunks, name: str, error, ndim: int = 1) -> da.Array:
    """A per-row input (shape (N,) or (N, a, b)) as a dask array with the row chunks of
    the counts and every other axis in one chunk."""
    arr = value if isinstance(value, da.Array) else da.asarray(as_array(value, name, error))
    want = f"({n},)" if ndim == 1 else f"({n}, ...)"
    if arr.ndim != ndim:
        raise error(f"{name} must be a scalar or have shape {want}, got {arr.shape}")
    if any(math.isnan(c) for c in row_chunks + arr.chunks[0]):
        # rows of unknown length (an array made from a dataframe): pair chunk by chunk
        if arr.numblocks[0] != len(row_chunks):
            raise error(f"{name}: the row chunks are of unknown size; call "
                        f".compute_chunk_sizes() on the arrays or give {name} the "
                        f"partitions of the counts")
        return arr.rechunk({i: -1 for i in range(1, ndim)})
    if arr.shape[0] != n:
        raise error(f"{name} must be a scalar or have shape {want}, got {arr.shape}")
    if arr.chunks[0] != row_chunks or any(len(c) != 1 for c in arr.chunks[1:]):
        arr = arr.rechunk((row_chunks,) + tuple((s,) for s in arr.shape[1:]))
    return arr


# ---------------------------------------------------------------- shanten, useful tiles

_ROW_NUMBER = re.compile(r"\b(counts|n_melds|wildcard|locked|visible) row (\d+)")


def _renumbered(exc: MahjongError, block_info) -> MahjongError:
    """The chunk's error with its row number made the row of the whole dask array, and
    the chunk named."""
    info = (block_info or {}).get(None) or {}
    if "array-location" not in info:
        return exc
    start, stop = info["array-location"][0]
    chunk = info["chunk-location"][0]
    if math.isnan(start):                 # rows of unknown length: name the chunk only
        return type(exc)(f"{exc} [chunk {chunk}]")
    text = str(exc)
    match = _ROW_NUMBER.search(text)
    if match:
        text = text[:match.start(2)] + str(start + int(match.group(2))) + text[match.end(2):]
    return type(exc)(f"{text} [chunk {chunk}, rows {start}..{stop - 1}]")


def _shanten_block(counts, *row_args, names=(), n_melds=None, forms=None,
                   wildcard=None, useful=False, block_info=None):
    """One chunk: the numpy batch kernel on one thread (the worker's)."""
    kwargs: Dict[str, Any] = {"n_melds": n_melds, "forms": forms}
    if wildcard is not None:
        kwargs["wildcard"] = wildcard
    for name, block in zip(names, row_args):
        kwargs[name] = block if name == "locked" else block[:, 0]    # (rows, 1) -> (rows,)
    try:
        if useful:
            return _batch.useful_tiles(counts, threads=1, **kwargs)
        return _batch.shanten(counts, threads=1, **kwargs)
    except MahjongError as exc:
        raise _renumbered(exc, block_info) from exc


def _hand_args(counts, n_melds, forms, wildcard):
    """The checked arguments shared by the analysis functions: (counts as a dask array, its
    row chunks, the keywords every chunk gets, the names and dask arrays of the per-row
    ones). Shapes, dtypes, forms and one-for-every-row values are checked here, at once;
    the row values by the numpy kernel of each chunk."""
    arr = _counts_array(counts, "counts", InvalidHandError)
    if arr.dtype.kind not in "iub":
        raise InvalidHandError(f"counts must be integers, got dtype {arr.dtype}")
    n, rows = arr.shape[0], arr.chunks[0]
    forms = None if forms is None else (forms if isinstance(forms, str) else list(forms))
    forms_mask(forms)
    kwargs: Dict[str, Any] = {"forms": forms}
    names: List[str] = []
    row_args: List[da.Array] = []
    for name, value, error in (("n_melds", n_melds, InvalidHandError),
                               ("wildcard", wildcard, MahjongError)):
        if value is None or _is_scalar(value, name, error):
            if value is not None:       # passed on only when given (see the module doc)
                value = value.item() if isinstance(value, np.generic) else value
                if name == "wildcard":
                    _batch._wildcards(value, 0)
                elif type(value) is not int or not 0 <= value <= 4:
                    raise error(f"n_melds must be an integer 0..4 or one per row, got "
                                f"{show(value)}")
                kwargs[name] = value
            continue
        column = _row_array(value, n, rows, name, error)
        if column.dtype.kind not in "iu":
            raise error(f"{name} must be integers, got dtype {column.dtype}")
        names.append(name)
        # (N, 1): the same number of dimensions as counts, so map_blocks pairs the row
        # chunks and broadcasts the single column.
        row_args.append(column[:, None])
    return arr, rows, kwargs, names, row_args


def _row_counts(value, name: str, n: int, rows) -> da.Array:
    """A per-row (N, 34) count argument (``locked``, ``visible``), shape and dtype checked."""
    arr = _row_array(_counts_array(value, name, InvalidHandError), n, rows, name,
                     InvalidHandError, ndim=2)
    if arr.dtype.kind not in "iub":
        raise InvalidHandError(f"{name} must be integers, got dtype {arr.dtype}")
    return arr


def _analysis(counts, n_melds, forms, wildcard, locked, useful: bool) -> da.Array:
    arr, rows, kwargs, names, row_args = _hand_args(counts, n_melds, forms, wildcard)
    kwargs["useful"] = useful
    if locked is not None:              # (N, 34) like the counts, passed on when given
        names.append("locked")
        row_args.append(_row_counts(locked, "locked", arr.shape[0], rows))
    kwargs["names"] = tuple(names)
    if useful:
        return da.map_blocks(_shanten_block, arr, *row_args, dtype=np.bool_,
                             chunks=(rows, (34,)), meta=np.empty((0, 34), np.bool_),
                             token="mahjong-useful-tiles", **kwargs)
    return da.map_blocks(_shanten_block, arr, *row_args, dtype=np.int8, drop_axis=1,
                         chunks=(rows,), meta=np.empty((0,), np.int8),
                         token="mahjong-shanten", **kwargs)


def shanten(counts, n_melds=None, forms=None, wildcard=None, *, locked=None) -> da.Array:
    """Shanten of every row of a dask array, lazily (0 = ready, -1 = complete).

    Parameters
    ----------
    counts : dask.array.Array of shape (N, 34)
        Concealed tile counts per hand, chunked by rows (any row chunks; the 34 columns
        are rechunked into one if they are split). A numpy array is accepted too and cut
        into chunks of :data:`DEFAULT_CHUNK_ROWS` rows.
    n_melds : None, int, or array of shape (N,) (numpy or dask)
        As for :func:`mahjong.batch.shanten`.
    forms : None, or form names
        As for :func:`mahjong.batch.shanten`.
    wildcard : None, tile, or array of shape (N,)
        The wildcard of every row, or one per row, as for the batch kernel; passed on only
        when given.
    locked : None, or array of shape (N, 34) (numpy or dask), keyword only
        The copies of each tile in the row's melds, as for the batch kernel (needs a
        ``mahjong.batch`` with wildcards); passed on only when given.

    Returns
    -------
    dask.array.Array of int8, shape (N,), with the row chunks of ``counts``.

    Raises
    ------
    InvalidHandError
        At once for a wrong shape or dtype; when computed, for a bad row, naming its row in
        the whole array and its chunk (one bad row fails the computation, as the numpy
        path raises).

    >>> import dask.array as da
    >>> from mahjong.tiles import tile_counts
    >>> shanten(da.from_array(tile_counts("1112345678999m")[None, :])).compute().tolist()
    [0]
    """
    return _analysis(counts, n_melds, forms, wildcard, locked, useful=False)


def useful_tiles(counts, n_melds=None, forms=None, wildcard=None, *, locked=None
                 ) -> da.Array:
    """Useful-tile masks of every row of a dask array, lazily: ``out[i, t]`` is True if
    drawing tile t lowers the shanten of row i (:func:`mahjong.batch.useful_tiles`).

    Parameters and errors are those of :func:`shanten`.

    Returns
    -------
    dask.array.Array of bool, shape (N, 34), with the chunks of ``counts``.
    """
    return _analysis(counts, n_melds, forms, wildcard, locked, useful=True)


def _discard_block(counts, *row_args, names=(), n_melds=None, forms=None, wildcard=None,
                   visible=None, block_info=None):
    """One chunk of discard tables: (rows, 2, 34) int16, the shanten then the unseen
    useful copies of each discard."""
    kwargs: Dict[str, Any] = {"n_melds": n_melds, "forms": forms, "visible": visible}
    if wildcard is not None:
        kwargs["wildcard"] = wildcard
    for name, block in zip(names, row_args):
        kwargs[name] = block if name in ("locked", "visible") else block[:, 0]
    try:
        shanten_out, unseen = _batch.discard_table(counts, threads=1, **kwargs)
    except MahjongError as exc:
        raise _renumbered(exc, block_info) from exc
    return np.stack([shanten_out.astype(np.int16), unseen], axis=1)


def discard_table(counts, n_melds=None, forms=None, visible=None, wildcard=None, *,
                  locked=None) -> Tuple[da.Array, da.Array]:
    """Discard tables of every row of a dask array, lazily
    (:func:`mahjong.batch.discard_table`): the shanten after each discard (int8, -1 for
    kinds not held) and the unseen copies of the useful tiles after it (int16).

    ``visible`` is None, one row of 34 for every hand, or an (N, 34) array (numpy or
    dask); the other parameters and the errors are those of :func:`shanten`.

    Returns
    -------
    (shanten, unseen) : dask arrays of shape (N, 34), with the row chunks of ``counts``.

    >>> import dask.array as da
    >>> from mahjong.tiles import tile_counts
    >>> sh, un = discard_table(da.from_array(tile_counts("123456789m11p23s5z")[None, :]))
    >>> int(sh[0, 31].compute()), int(un[0, 31].compute())
    (0, 8)
    """
    arr, rows, kwargs, names, row_args = _hand_args(counts, n_melds, forms, wildcard)
    n = arr.shape[0]
    if visible is not None and _ndim(visible, "visible", InvalidHandError) == 1:  # every hand's
        kwargs["visible"] = _batch._visible_rows(visible, n)[0][0]   # checked at once
    elif visible is not None:
        names.append("visible")
        row_args.append(_row_counts(visible, "visible", n, rows))
    if locked is not None:
        names.append("locked")
        row_args.append(_row_counts(locked, "locked", n, rows))
    kwargs["names"] = tuple(names)
    both = da.map_blocks(_discard_block, arr, *row_args, dtype=np.int16, new_axis=1,
                         chunks=(rows, (2,), (34,)), meta=np.empty((0, 2, 34), np.int16),
                         token="mahjong-discard-table", **kwargs)
    return both[:, 0].astype(np.int8), both[:, 1]


# ---------------------------------------------------------------- Guobiao scoring

_PER_ROW = (("win_tile", InvalidHandError), ("flags", InvalidContextError),
            ("seat_wind", InvalidContextError), ("round_wind", InvalidContextError),
            ("flowers", InvalidContextError))


def _guobiao_score_batch():
    """The numpy batch scorer of Guobiao's room (its public ``score_batch``), asked of the
    registry."""
    from .ruleset import get_ruleset

    return get_ruleset("guobiao").score_batch


def _n_fans() -> int:
    return _guobiao_score_batch()(np.zeros((0, 34), np.uint8), np.zeros(0, np.uint8))[1].shape[1]


def _score_block(concealed, *arrays, names=(), scalars=None):
    """One chunk scored by the numpy path, packed as (rows, 4 + N_FANS) bytes: the int32
    total (little-endian) then the fan counts, so that one kernel call feeds both outputs."""
    kwargs = dict(scalars or {})
    kwargs.update(zip(names, arrays))
    totals, fans = _guobiao_score_batch()(concealed, threads=1, **kwargs)
    packed = np.empty((len(totals), 4 + fans.shape[1]), np.uint8)
    packed[:, :4] = totals.astype("<i4").view(np.uint8).reshape(-1, 4)
    packed[:, 4:] = fans
    return packed


def _unpack_totals(packed):
    return np.ascontiguousarray(packed).view("<i4")[:, 0].astype(np.int32)


def score_batch(concealed, win_tile, melds=None, flags=0, seat_wind=0, round_wind=0,
                flowers=0, ming_an_gang_5=True) -> Tuple[da.Array, da.Array]:
    """Score N Guobiao winning hands held in dask arrays, lazily.

    The arguments and results are those of :func:`mahjong.guobiao.batch.score_batch`, as
    dask arrays chunked by rows (numpy arrays and scalars are accepted too; per-row
    arrays are rechunked to the rows of ``concealed``). A bad row gets its negative error
    code in ``totals`` and zero fan counts, exactly as in the numpy path, so one bad hand
    never fails a job; only a wrong shape or dtype raises, at once. ``ming_an_gang_5`` is
    the rule option for every row (True or False).

    Returns
    -------
    totals : dask.array.Array of int32, shape (N,)
    fan_counts : dask.array.Array of uint8, shape (N, N_FANS)
        Both come from one kernel call per chunk: compute them together
        (``dask.compute(totals, fan_counts)``) so that each chunk is scored once.

    >>> import dask.array as da
    >>> from mahjong.tiles import tile_counts, parse_tiles
    >>> hands = da.from_array(np.stack([tile_counts("11123m555s77799p"),
    ...                                 tile_counts("11123m555s77799p")]), chunks=(1, 34))
    >>> totals, fans = score_batch(hands, np.array([parse_tiles("1m")[0], 40]))
    >>> totals.compute().tolist()
    [22, -6]
    """
    conc = _counts_array(concealed, "concealed", InvalidHandError)
    if conc.dtype.kind not in "iub" and conc.size:
        raise InvalidHandError(f"concealed must hold integers, got dtype {conc.dtype}")
    n, rows = conc.shape[0], conc.chunks[0]
    scalars: Dict[str, Any] = {}
    if ming_an_gang_5 is not True:  # the rule option, for every row (checked at once)
        scalars["ming_an_gang_5"] = ming_an_gang_5   # (checked below with the others)
    names: List[str] = []
    pairs: List[Any] = []
    values = {"win_tile": win_tile, "flags": flags, "seat_wind": seat_wind,
              "round_wind": round_wind, "flowers": flowers}
    for name, error in _PER_ROW:
        value = values[name]
        if _is_scalar(value, name, error):
            scalars[name] = value
            continue
        arr = _row_array(value, n, rows, name, error)
        if arr.dtype.kind not in "iub" and arr.size:
            raise error(f"{name} must hold integers, got dtype {arr.dtype}")
        names.append(name)
        pairs += [arr, "i"]
    if scalars:   # one value for every row: checked at once by the numpy path (no rows)
        given = dict(scalars)
        _guobiao_score_batch()(np.zeros((0, 34), np.uint8),
                               given.pop("win_tile", np.zeros(0, np.uint8)), **given)
    if melds is not None:
        mld = _row_array(melds, n, rows, "melds", InvalidHandError, ndim=3)
        if mld.shape[2] != 2 or mld.shape[1] > 4:
            raise InvalidHandError(f"melds must have shape ({n}, 4, 2), got {mld.shape}")
        if mld.dtype.kind not in "iub" and mld.size:
            raise InvalidHandError(f"melds must hold integers, got dtype {mld.dtype}")
        names.append("melds")
        pairs += [mld, "iab"]
    width = 4 + _n_fans()
    # blockwise with explicit indices: the inputs have different numbers of dimensions
    # (i = rows, j = the 34 tiles, a/b = the melds' axes, k = the packed output columns).
    packed = da.blockwise(_score_block, "ik", conc, "ij", *pairs, new_axes={"k": width},
                          dtype=np.uint8, concatenate=True, meta=np.empty((0, 0), np.uint8),
                          names=tuple(names), scalars=scalars, token="mahjong-gb-score")
    totals = packed[:, :4].map_blocks(_unpack_totals, drop_axis=1, dtype=np.int32,
                                      meta=np.empty((0,), np.int32))
    return totals, packed[:, 4:]


# ---------------------------------------------------------------- settlement of records

#: The columns of :func:`settle`'s dataframe, with their dtypes.
SETTLE_COLUMNS = {
    "partition": "int64",      # the partition: the input's index (file or bag partition)
    "position": "int64",       # the record's line / row in its file or partition
    "source": "string",        # the file it came from (<NA> for a bag)
    "rules": "string",         # the rule set the record names (<NA> if unreadable)
    "seats": "Int64",
    "delta_0": "Int64", "delta_1": "Int64", "delta_2": "Int64", "delta_3": "Int64",
    "next_dealer": "Int64",    # <NA> where the rules leave it to the dice, or on error
    "error_type": "string",    # the MahjongError subclass that refused the record
    "error": "string",         # its message (<NA> when settled)
}
_MAX_SEATS = 4


def _frame(rows: List[tuple]) -> pd.DataFrame:
    columns = list(zip(*rows)) if rows else [()] * len(SETTLE_COLUMNS)
    return pd.DataFrame({name: pd.Series(list(values), dtype=dtype)
                         for (name, dtype), values in zip(SETTLE_COLUMNS.items(), columns)})


def _rules_named(raw) -> Optional[str]:
    """The rule set an unreadable record names, where one can tell."""
    if isinstance(raw, (str, bytes, bytearray)):
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError):
            return None
    if isinstance(raw, dict) and isinstance(raw.get("rules"), str):
        return raw["rules"]
    return None


def _settle_row(raw, partition: int, position: int, source: Optional[str]) -> tuple:
    from .record import HandRecord
    from .ruleset import settle as settle_record

    rules = None
    try:
        record = HandRecord.coerce(raw)
        rules = record.rules
        result = settle_record(record)
    except MahjongError as exc:
        if rules is None:
            rules = _rules_named(raw)
        return ((partition, position, source, rules, None) + (None,) * _MAX_SEATS
                + (None, type(exc).__name__, str(exc)))
    deltas = tuple(result.deltas) + (None,) * (_MAX_SEATS - len(result.deltas))
    return ((partition, position, source, rules, len(result.deltas)) + deltas
            + (result.next_dealer, None, None))


def _settle_records(records: Iterable, partition: int) -> pd.DataFrame:
    """One bag partition settled."""
    return _frame([_settle_row(raw, partition, pos, None)
                   for pos, raw in enumerate(records)])


def _jsonl_lines(path: str):
    """(line number, text) of the non-blank lines of a JSONL file (local or any fsspec
    URL; compression inferred from the name)."""
    import fsspec

    with fsspec.open(path, "rt", encoding="utf-8", compression="infer") as f:
        for number, line in enumerate(f):
            if line.strip():
                yield number, line


def _without_nulls(value):
    """A Parquet row as a record: columns and struct fields a record does not have come
    back as nulls (Parquet gives every row every field); a null field means the same as
    an absent one in a record (a null ``from`` is a self-draw)."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _parquet_records(path: str):
    """(row, record) of a Parquet file: either a string column ``record`` of JSON text
    (the robust layout) or one column per record field."""
    import fsspec
    import pyarrow.parquet as pq

    with fsspec.open(path, "rb") as f:
        parquet = pq.ParquetFile(f)
        as_text = "record" in parquet.schema_arrow.names
        row = 0
        for group in range(parquet.num_row_groups):
            table = parquet.read_row_group(group, columns=["record"] if as_text else None)
            if as_text:
                for text in table.column("record").to_pylist():
                    yield row, text
                    row += 1
            else:
                for record in table.to_pylist():
                    yield row, _without_nulls(record)
                    row += 1


def _is_parquet(path: str) -> bool:
    return path.lower().endswith((".parquet", ".pq", ".parq"))


def _settle_file(path: str, partition: int) -> pd.DataFrame:
    reader = _parquet_records(path) if _is_parquet(path) else _jsonl_lines(path)
    rows = [_settle_row(raw, partition, pos, path) for pos, raw in reader]
    return _frame(rows)


def _paths(logs, name: str = "logs",
           expected: str = "a dask.bag or JSONL / Parquet paths") -> List[str]:
    """The paths of argument ``name`` (a path, a glob pattern or a list of them)."""
    try:
        items = [logs] if isinstance(logs, (str, os.PathLike)) else list(logs)
    except TypeError:  # not iterable: say what the argument may be
        items = [logs]
    out: List[str] = []
    for item in items:
        if not isinstance(item, (str, os.PathLike)):
            raise MahjongError(f"{name}: expected {expected}, got {type(item).__name__}")
        text = os.fspath(item)
        if glob.has_magic(text) and "://" not in text:
            found = sorted(glob.glob(text))
            if not found:
                raise MahjongError(f"{name}: no file matches {text!r}")
            out += found
        else:
            out.append(text)
    return out


def settle(logs) -> dd.DataFrame:
    """Settle a collection of hand records / game logs, one dataframe row per record.

    Parameters
    ----------
    logs : dask.bag.Bag, or a path or list of paths
        A bag of records (dicts, JSON text, UTF-8 bytes or :class:`HandRecord`), or JSONL
        files (one record per line, blank lines skipped; ``.gz`` and other compressions
        inferred from the name) and Parquet files (``.parquet``: a string column
        ``record`` of JSON text, or one column per record field). Paths may be glob
        patterns or any fsspec URL the workers can read. One partition per file or per
        bag partition.

    Returns
    -------
    dask.dataframe.DataFrame
        Columns :data:`SETTLE_COLUMNS`: where the record came from (``partition``,
        ``position``, ``source``), its ``rules`` and ``seats``, ``delta_0`` ..
        ``delta_3`` (``<NA>`` past the rule set's seats), ``next_dealer``, and for a
        record that :func:`mahjong.ruleset.settle` refuses (any MahjongError: unreadable,
        invalid, unknown rule set) ``error_type`` and ``error`` with the deltas ``<NA>``.
        One bad record never fails the job; any other exception (a bug) does.

    >>> import dask.bag as db
    >>> record = {"rules": "guobiao", "dealer": 0, "events": [
    ...     {"type": "discard", "seat": 2, "tile": "8m"},
    ...     {"type": "win", "seat": 1, "hand": "222m88m11z8m", "win_tile": "8m", "from": 2,
    ...      "melds": [{"type": "pung", "tiles": "777z"}, {"type": "pung", "tiles": "555m"}]}]}
    >>> frame = settle(db.from_sequence([record, {"rules": "nope"}], npartitions=1)).compute()
    >>> frame[["delta_0", "delta_1", "delta_2", "delta_3"]].iloc[0].tolist()
    [-8, 38, -22, -8]
    >>> frame["error_type"].tolist()
    [<NA>, 'InvalidRecordError']
    """
    meta = _frame([])
    if isinstance(logs, db.Bag):
        parts = [dask.delayed(_settle_records, pure=True)(part, i)
                 for i, part in enumerate(logs.to_delayed())]
    else:
        paths = _paths(logs)
        if not paths:
            raise MahjongError("logs: no paths given")
        parts = [dask.delayed(_settle_file, pure=True)(path, i)
                 for i, path in enumerate(paths)]
    return dd.from_delayed(parts, meta=meta, verify_meta=False)


# --- self-play --------------------------------------------------------------------------

def _simulate_partition(rules: str, lo: int, hi: int, seed: int, agents, options,
                        out: Optional[str], fmt: str, index: int):
    """Play hands lo..hi-1 of the run (hand i from seed [seed, i]); write them to
    ``out/part-{index}.{fmt}`` and return the path, or return the logs."""
    from mahjong.game.simulate import play_hands, play_lines
    if out is None:
        return list(play_hands(rules, range(lo, hi), seed, agents, options))
    path = _join(out, f"part-{index:05d}.{fmt}")
    lines = list(play_lines(rules, range(lo, hi), seed, agents, options))  # (from the tables)
    if fmt == "jsonl":
        import fsspec
        with fsspec.open(path, "w", encoding="utf-8") as f:
            for line in lines:
                f.write(line + "\n")
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq
        import fsspec
        with fsspec.open(path, "wb") as f:
            pq.write_table(pa.table({"record": pa.array(lines, pa.string())}), f)
    return path


def _join(base: str, name: str) -> str:
    return base.rstrip("/") + "/" + name


def simulate(rules: str, hands: int, seed: int, agents="random", partitions: int = 8,
             options: Optional[Dict[str, Any]] = None, out: Optional[str] = None,
             format: str = "jsonl"):
    """Self-play of ``hands`` hands spread over the workers, lazily.

    Hand ``i`` is dealt from ``SeedSequence([seed, i])`` with dealer ``i mod seats`` (as
    ``mahjong simulate``), so the same call gives the same logs on any cluster and with any
    number of partitions. ``agents``: ``"random"``, ``"greedy"`` or one name per seat
    (``"greedy,random,greedy,greedy"``): the built-in agents, which pickle by name.

    With ``out`` (a directory path or fsspec URL every worker can write) each partition
    writes ``part-NNNNN.jsonl`` (or ``.parquet`` with ``format="parquet"``: one string
    column ``record``) and the result is a ``dask.bag`` of the paths written (computing it
    plays the hands; ``settle(bag.compute())`` settles the files); without it, a
    ``dask.bag`` of the logs (dicts), which :func:`settle` takes as it is.

    >>> import dask
    >>> from mahjong import dask as mjd
    >>> bag = mjd.simulate("sichuan", hands=6, seed=1, partitions=3)
    >>> frame = mjd.settle(bag).compute(scheduler="sync")
    >>> len(frame), int(frame[["delta_0", "delta_1", "delta_2", "delta_3"]].sum().sum())
    (6, 0)
    """
    from mahjong.game import play_spec
    from mahjong.game.simulate import _check_agents
    if type(hands) is not int or hands < 0:
        raise MahjongError(f"hands: {hands!r} (a non-negative int)")
    if type(partitions) is not int or partitions < 1:
        raise MahjongError(f"partitions: {partitions!r} (a positive int)")
    if format not in ("jsonl", "parquet"):
        raise MahjongError(f"format: {format!r} (jsonl or parquet)")
    if type(seed) is not int or seed < 0:
        raise MahjongError(f"seed: {seed!r} (a non-negative int)")
    _check_agents(agents)
    play_spec(rules, options)          # the rule set and its options, checked on the client
    if out is not None:
        import fsspec
        fs, _, (root,) = fsspec.get_fs_token_paths(out)
        fs.makedirs(root, exist_ok=True)
    bounds = [(hands * p // partitions, hands * (p + 1) // partitions)
              for p in range(partitions)]
    parts = [dask.delayed(_simulate_partition, pure=True)(
        rules, lo, hi, seed, agents, options, out, format, p)
        for p, (lo, hi) in enumerate(bounds)]
    if out is None:
        return db.from_delayed(parts)
    return db.from_delayed([dask.delayed(_one, pure=True)(x) for x in parts])


def _one(x):
    return [x]


# --- duplicate matches ------------------------------------------------------------------

def match(rules: str, agents, walls: int, seed: int = 0, seatings: str = "rotate",
          options: Optional[Dict[str, Any]] = None, partitions: int = 8,
          wall_parts: bool = True):
    """A duplicate match (:mod:`mahjong.game.duplicate`) spread over the workers, lazily: a
    ``dask.delayed`` whose ``compute()`` is the :class:`~mahjong.game.duplicate.DuplicateResult`,
    the same numbers as ``mahjong.game.duplicate.play`` with the same arguments (the walls
    are split among ``partitions`` tasks; agents by name, which pickle).

    >>> from mahjong import dask as mjd
    >>> r = mjd.match("sichuan", "greedy,random", walls=4, seed=1, partitions=2)
    >>> r.compute(scheduler="sync").walls
    4
    """
    from mahjong.game import duplicate
    if type(partitions) is not int or partitions < 1:
        raise MahjongError(f"partitions: {partitions!r} (a positive int)")
    options = duplicate.match_options(options, wall_parts)
    players, labels, pattern, arrangements = duplicate.prepare(rules, agents, walls, seed,
                                                               seatings, options)
    for a in players:
        if not isinstance(a, str):
            raise MahjongError(f"agents: {a!r}: name the built-in agents on Dask")
    partitions = min(partitions, walls)    # more would be empty (none kept): no list of them
    bounds = [(walls * p // partitions, walls * (p + 1) // partitions)
              for p in range(partitions)]
    parts = [dask.delayed(duplicate.play_walls, pure=True)(
        rules, options, seed, lo, hi, players, labels, arrangements, seatings)
        for lo, hi in bounds if hi > lo]
    return dask.delayed(duplicate.collect, pure=True)(
        rules, labels, pattern, arrangements, seatings, seed, options, parts)


# --- format conversion ------------------------------------------------------------------

_SUFFIXES = {"jsonl": ".jsonl", "botzone-text": ".txt", "botzone-json": ".json"}


def _convert_file(path: str, fmt: str, out: str, to: str, check_scores: bool) -> dict:
    """Convert one file (see :func:`convert`): write ``out`` (beside, then renamed) and
    return its row."""
    from mahjong.formats._common import convert as convert_games

    refused: List[str] = []
    differ: List[str] = []

    def report(kind, name, message):
        (refused if kind == "refused" else differ).append(message)

    temp = out + ".part"
    try:
        with open(temp, "w", encoding="utf-8") as f:
            counts = convert_games(path, fmt, f, to=to, name=path, check_scores=check_scores,
                                   report=report)
        os.replace(temp, out)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)
    row = {"source": path, "out": out}
    row.update(counts.to_dict())
    row["errors"] = refused
    if check_scores:
        row["differences"] = differ
    return row


def convert(paths, fmt: str, out_dir: str, *, to: str = "jsonl", check: bool = False):
    """Convert many files of game records in parallel, one task per file, lazily: a
    ``dask.bag`` of one row per file (computing it converts). Each file (``paths``: a path,
    a glob pattern or a list of them; format ``fmt``: ``botzone-text``, ``botzone-json``,
    ``human-2020`` or ``jsonl``) is read as a stream and written to ``out_dir`` (a folder
    the workers can write; made if missing) under its own name with the suffix of ``to``
    (``jsonl``: our game logs, ``botzone-text``: ``.txt``, ``botzone-json``: ``.json``),
    exactly as ``mahjong convert --from fmt FILE --to to --out OUT`` writes it. A row is
    ``{"source", "out", "games", "converted", "refused", "differ", "errors"}`` (``errors``:
    the message of each refused game; with ``check``, ``differences``: each game whose
    Guobiao settlement differs from the scores and fans it recorded).

    >>> import tempfile, os
    >>> from mahjong import dask as mjd
    >>> folder = tempfile.mkdtemp()
    >>> rows = mjd.convert([], "botzone-text", folder).compute(scheduler="sync")
    >>> rows
    []
    """
    from mahjong import formats
    formats.reader(fmt)               # an unknown format: refused here, on the client
    if to not in _SUFFIXES:
        raise MahjongError(f"to: {to!r} (one of {', '.join(_SUFFIXES)})")
    formats.writer(to)
    files = (_paths(paths, "paths", "a path, a glob pattern or a list of them")
             if not (isinstance(paths, (list, tuple)) and not paths) else [])
    os.makedirs(out_dir, exist_ok=True)
    outs: List[str] = []
    seen: Dict[str, int] = {}
    for path in files:
        base = os.path.splitext(os.path.basename(path.rstrip("/")))[0] or "part"
        k = seen.get(base, 0)
        seen[base] = k + 1
        outs.append(os.path.join(out_dir, (base if not k else f"{base}-{k}") + _SUFFIXES[to]))
    parts = [dask.delayed(_convert_file, pure=True)(path, fmt, out, to, bool(check))
             for path, out in zip(files, outs)]
    if not parts:
        return db.from_sequence([], npartitions=1)
    return db.from_delayed([dask.delayed(_one, pure=True)(x) for x in parts])
