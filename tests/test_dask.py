"""mahjong.dask: every result equals the numpy path row by row, on the threaded scheduler
and on a real two-process distributed.LocalCluster, with uneven chunks, empty chunks and a
chunk full of bad rows; settlement of JSONL, Parquet and bags of good and bad records."""
import gzip
import inspect
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
db = pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from mahjong import batch  # noqa: E402
from mahjong import dask as mjd  # noqa: E402
from mahjong.errors import InvalidContextError, InvalidHandError, MahjongError  # noqa: E402
from mahjong.guobiao import batch as gb_batch  # noqa: E402
from mahjong.record import HandRecord  # noqa: E402
from mahjong.ruleset import settle as settle_one  # noqa: E402

from gb_hand_gen import generate, perturbed_hand, to_arrays  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
# Uneven row chunks with empty ones among them (dask allows zero-row chunks).
CHUNKS = (7, 0, 130, 1, 0, 262)
N = sum(CHUNKS)


def random_rows(n, seed):
    """Hands of 14, 13, 11, 10, 8, 5 and 2 tiles (0-4 melds inferred), some complete."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    rows = np.zeros((n, 34), np.uint8)
    for i in range(n):
        size = rng.choice([14, 13, 14, 13, 11, 10, 8, 5, 2])
        if i % 5 == 0:   # a complete regular hand now and then
            tiles = [t for t in (0, 1, 2, 10, 11, 12, 20, 21, 22, 27, 27, 27, 31, 31)][:14]
        else:
            tiles = rng.sample(wall, size)
        np.add.at(rows[i], tiles, 1)
    return rows


@pytest.fixture(scope="module")
def rows():
    return random_rows(N, seed=13)


def chunked(arr, chunks=CHUNKS):
    return da.from_array(arr, chunks=(chunks,) + tuple((s,) for s in arr.shape[1:]))


def has_wildcard():
    return "wildcard" in inspect.signature(batch.shanten).parameters


# ------------------------------------------------------------------ shanten, useful tiles

def test_shanten_equals_numpy_path(compute, rows):
    out = mjd.shanten(chunked(rows))
    assert out.dtype == np.int8 and out.chunks == (CHUNKS,)
    (got,) = compute(out)
    np.testing.assert_array_equal(got, batch.shanten(rows))
    assert got.dtype == np.int8


def test_useful_tiles_equals_numpy_path(compute, rows):
    out = mjd.useful_tiles(chunked(rows), forms=["regular", "seven_pairs"])
    assert out.dtype == np.bool_ and out.chunks == (CHUNKS, (34,))
    (got,) = compute(out)
    np.testing.assert_array_equal(got, batch.useful_tiles(rows, forms=["regular",
                                                                        "seven_pairs"]))


def test_forms_and_per_row_melds_from_numpy_and_dask(compute):
    rows = random_rows(N, seed=3)
    sizes = rows.sum(axis=1)
    n_melds = np.where(sizes % 3 == 2, (14 - sizes) // 3, (13 - sizes) // 3).astype(np.int8)
    want = batch.shanten(rows, n_melds=n_melds, forms=["regular"])
    # per-row melds as numpy, and as a dask array with other row chunks than the counts
    a = mjd.shanten(chunked(rows), n_melds=n_melds, forms=["regular"])
    b = mjd.shanten(chunked(rows), n_melds=da.from_array(n_melds, chunks=100),
                    forms=("regular",))
    got_a, got_b = compute(a, b)
    np.testing.assert_array_equal(got_a, want)
    np.testing.assert_array_equal(got_b, want)


def test_several_results_in_one_compute_keep_their_own_keys(compute, rows):
    # graph keys name the arguments: two calls on the same counts must not collide
    hands = chunked(rows)
    got = compute(mjd.shanten(hands), mjd.shanten(hands, forms=["regular"]),
                  mjd.useful_tiles(hands), mjd.useful_tiles(hands, forms=["regular"]))
    np.testing.assert_array_equal(got[0], batch.shanten(rows))
    np.testing.assert_array_equal(got[1], batch.shanten(rows, forms=["regular"]))
    np.testing.assert_array_equal(got[2], batch.useful_tiles(rows))
    np.testing.assert_array_equal(got[3], batch.useful_tiles(rows, forms=["regular"]))
    conc = np.stack([np.bincount([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8], minlength=34)] * 3)
    one = mjd.score_batch(conc.astype(np.uint8), 0)
    two = mjd.score_batch(conc.astype(np.uint8), 1)
    t1, f1, t2, f2 = compute(*one, *two)
    np.testing.assert_array_equal(t1, gb_batch.score_batch(conc, 0)[0])
    np.testing.assert_array_equal(t2, gb_batch.score_batch(conc, 1)[0])
    np.testing.assert_array_equal(f2, gb_batch.score_batch(conc, 1)[1])
    assert (t1 != t2).any()


def test_columns_split_into_chunks_are_rechunked(compute, rows):
    split = da.from_array(rows, chunks=(100, 10))
    (got,) = compute(mjd.shanten(split))
    np.testing.assert_array_equal(got, batch.shanten(rows))


def test_numpy_input_and_any_integer_dtype(compute, rows):
    (got,) = compute(mjd.shanten(rows.astype(np.int64)))
    np.testing.assert_array_equal(got, batch.shanten(rows))


def test_rows_of_unknown_length_from_a_dataframe(compute, rows):
    dd = pytest.importorskip("dask.dataframe")
    pd = pytest.importorskip("pandas")
    sizes = rows.sum(axis=1)
    inferred = np.where(sizes % 3 == 2, (14 - sizes) // 3, (13 - sizes) // 3).astype(np.int8)
    frame = dd.from_pandas(pd.DataFrame(rows).assign(melds=inferred), npartitions=4)
    counts = frame[list(range(34))].to_dask_array()       # row chunks of unknown size
    n_melds = frame["melds"].to_dask_array()              # the same partitions
    assert np.isnan(counts.chunks[0][0])
    got = compute(mjd.shanten(counts), mjd.shanten(counts, n_melds=n_melds))
    np.testing.assert_array_equal(got[0], batch.shanten(rows))
    np.testing.assert_array_equal(got[1], batch.shanten(rows, n_melds=inferred))
    with pytest.raises(InvalidHandError, match="compute_chunk_sizes"):
        mjd.shanten(counts, n_melds=da.zeros(N, chunks=50, dtype=np.int8))


def test_a_chunk_full_of_bad_rows_raises_naming_the_row_in_the_whole_array(compute, rows):
    bad = rows.copy()
    start = 7 + 0 + 130               # the fourth chunk: one row
    bad[start:start + 1, 0] = 5       # a count above 4
    with pytest.raises(InvalidHandError) as err:
        batch.shanten(bad)
    assert f"counts row {start} " in str(err.value)          # the numpy path
    with pytest.raises(InvalidHandError) as err:
        compute(mjd.shanten(chunked(bad)))
    assert f"counts row {start} " in str(err.value)          # the same row number
    assert f"[chunk 3, rows {start}..{start}]" in str(err.value)
    # a whole chunk of bad tile totals
    last = N - 262
    bad = rows.copy()
    bad[last:, :] = 0
    bad[last:, 0] = 3                 # 3 tiles: no meld count makes that a hand
    with pytest.raises(InvalidHandError, match=f"counts row {last} "):
        compute(mjd.useful_tiles(chunked(bad)))


def test_wrong_shape_and_dtype_raise_at_once():
    with pytest.raises(InvalidHandError, match="shape"):
        mjd.shanten(da.zeros((4, 33), dtype=np.uint8))
    with pytest.raises(InvalidHandError, match="integers"):
        mjd.shanten(da.zeros((4, 34), dtype=np.float64))
    with pytest.raises(InvalidHandError, match="n_melds"):
        mjd.shanten(da.zeros((4, 34), dtype=np.uint8), n_melds=np.zeros(3, np.int8))


def test_wildcard_is_passed_on_only_when_given(compute, rows, monkeypatch):
    seen = []
    real = batch.shanten

    def spy(counts, **kwargs):
        seen.append(sorted(kwargs))
        return real(counts, **{k: v for k, v in kwargs.items() if k != "wildcard"})

    monkeypatch.setattr(batch, "shanten", spy)     # only the threaded scheduler sees it
    (got,) = dask.compute(mjd.shanten(chunked(rows)), scheduler="threads")
    assert seen and all("wildcard" not in names for names in seen)
    np.testing.assert_array_equal(got, real(rows))
    seen.clear()
    dask.compute(mjd.shanten(chunked(rows), wildcard=9), scheduler="threads")
    assert seen and all("wildcard" in names for names in seen)


@pytest.mark.skipif(not has_wildcard(), reason="mahjong.batch has no wildcard= yet")
def test_wildcards_equal_numpy_path(compute, rows):
    per_row = np.where(np.arange(N) % 3 == 0, -1, np.arange(N) % 34).astype(np.int8)
    got = compute(mjd.shanten(chunked(rows), wildcard=9),
                  mjd.useful_tiles(chunked(rows), wildcard=per_row),
                  mjd.shanten(chunked(rows), wildcard=da.from_array(per_row, chunks=50)))
    np.testing.assert_array_equal(got[0], batch.shanten(rows, wildcard=9))
    np.testing.assert_array_equal(got[1], batch.useful_tiles(rows, wildcard=per_row))
    np.testing.assert_array_equal(got[2], batch.shanten(rows, wildcard=per_row))


@pytest.mark.skipif(not has_wildcard(), reason="mahjong.batch has no locked= yet")
def test_locked_copies_equal_numpy_path(compute):
    # 11-tile hands with one pung: its three copies are locked
    rng = np.random.default_rng(4)
    rows, locked = np.zeros((N, 34), np.uint8), np.zeros((N, 34), np.uint8)
    for i in range(N):
        pung = rng.integers(34)
        locked[i, pung] = 3
        pool = np.repeat(np.arange(34), 4 - locked[i])
        np.add.at(rows[i], rng.choice(pool, 11, replace=False), 1)
    got = compute(mjd.shanten(chunked(rows), wildcard=5, locked=locked),
                  mjd.useful_tiles(chunked(rows), locked=da.from_array(locked, chunks=(70, 17))))
    np.testing.assert_array_equal(got[0], batch.shanten(rows, wildcard=5, locked=locked))
    np.testing.assert_array_equal(got[1], batch.useful_tiles(rows, locked=locked))
    bad = locked.copy()
    bad[200, :] = 0
    bad[200, np.flatnonzero(rows[200])[0]] = 4          # a fifth copy with the hand's own
    with pytest.raises(InvalidHandError, match="row 200 "):
        compute(mjd.shanten(chunked(rows), locked=bad))


# ------------------------------------------------------------------ Guobiao score_batch

@pytest.fixture(scope="module")
def gb_hands():
    """Winning hands, perturbed (mostly not winning) hands, and bad rows of every kind;
    the last chunk is all bad rows."""
    rng = random.Random(5)
    hands = generate(N - 262, seed=8)
    hands[::4] = [perturbed_hand(rng) for _ in hands[::4]]
    concealed, win, melds, flags, seat, rnd, flowers = (
        a.astype(np.int64) for a in to_arrays(hands + generate(262, seed=9)))
    last = slice(N - 262, N)
    kinds = np.arange(262) % 6
    conc_last, win_last = concealed[last], win[last]
    conc_last[kinds == 0, 0] = 5                    # a count above 4
    win_last[kinds == 1] = 40                       # not a tile
    flags[last][kinds == 2] = 99                    # unknown flag bits
    melds[last][kinds == 3, 0, 0] = 7               # not a meld type
    seat[last][kinds == 4] = 4                      # not a wind
    conc_last[kinds == 5] = 0                       # no concealed tiles: too few
    return concealed, win, melds, flags, seat, rnd, flowers


def test_score_batch_equals_numpy_path(compute, gb_hands):
    concealed, win, melds, flags, seat, rnd, flowers = gb_hands
    want_totals, want_fans = gb_batch.score_batch(*gb_hands)
    assert (want_totals[-262:] < 0).all() and (want_totals[:-262] > 0).any()
    totals, fans = mjd.score_batch(
        chunked(concealed), chunked(win, (200, 200)), melds=chunked(melds), flags=flags,
        seat_wind=chunked(seat), round_wind=rnd, flowers=flowers)
    assert totals.dtype == np.int32 and fans.dtype == np.uint8
    assert totals.chunks == (CHUNKS,) and fans.chunks == (CHUNKS, (want_fans.shape[1],))
    got_totals, got_fans = compute(totals, fans)
    np.testing.assert_array_equal(got_totals, want_totals)
    np.testing.assert_array_equal(got_fans, want_fans)


def test_score_batch_scalars_and_no_melds(compute):
    hands = [h for h in generate(400, seed=2) if not h[2]][:100]
    assert len(hands) == 100
    concealed, win, _, flags, seat, rnd, flowers = to_arrays(hands)
    want = gb_batch.score_batch(concealed, win, None, 1, 2, 3, 0)
    got = compute(*mjd.score_batch(chunked(concealed, (40, 0, 60)), win, None, 1, 2, 3, 0))
    np.testing.assert_array_equal(got[0], want[0])
    np.testing.assert_array_equal(got[1], want[1])


def test_score_batch_wrong_shapes_raise_at_once():
    conc = da.zeros((4, 34), dtype=np.uint8)
    with pytest.raises(InvalidHandError, match="win_tile"):
        mjd.score_batch(conc, np.zeros(3, np.uint8))
    with pytest.raises(InvalidContextError, match="flags"):
        mjd.score_batch(conc, 0, flags=np.zeros((4, 2), np.uint8))
    with pytest.raises(InvalidHandError, match="melds"):
        mjd.score_batch(conc, 0, melds=np.zeros((4, 5, 2), np.uint8))
    with pytest.raises(InvalidHandError, match="concealed"):
        mjd.score_batch(da.zeros((4, 34), dtype=np.float32), 0)


# ------------------------------------------------------------------ settlement

def good_records():
    records = []
    for name in ("sichuan_golden_records.json", "yunnan_golden_records.json"):
        records += [case["record"] for case in json.loads((DATA / name).read_text())]
    records.append({"rules": "guobiao", "dealer": 0, "events": [
        {"type": "discard", "seat": 2, "tile": "8m"},
        {"type": "win", "seat": 1, "hand": "222m88m11z8m", "win_tile": "8m", "from": 2,
         "melds": [{"type": "pung", "tiles": "777z"}, {"type": "pung", "tiles": "555m"}]}]})
    return records


BAD_RECORDS = [
    {"rules": "no_such_rules", "events": []},                                   # unknown
    {"rules": "sichuan", "events": [{"type": "win", "seat": 9}]},               # bad seat
    {"rules": "sichuan", "dealer": 0, "events": [                               # not a win
        {"type": "win", "seat": 0, "hand": "123m456m789m234p56p", "win_tile": "6p",
         "from": 1, "melds": []}]},
    [1, 2, 3],                                                                  # not an object
]


def mixed_records():
    good = good_records()
    out = []
    for i, record in enumerate(good):
        out.append(record)
        if i % 5 == 0:
            out.append(BAD_RECORDS[(i // 5) % len(BAD_RECORDS)])
    return out


def expected_rows(records):
    """The numpy path: mahjong.ruleset.settle per record, MahjongError as the error."""
    out = []
    for record in records:
        try:
            s = settle_one(record)
        except MahjongError as exc:
            out.append((None, None, type(exc).__name__))
            continue
        out.append((list(s.deltas) + [None] * (4 - len(s.deltas)), s.next_dealer, None))
    return out


def frame_rows(frame):
    frame = frame.astype(object).where(frame.notna(), None)
    out = []
    for row in frame.itertuples():
        deltas = None if row.error else [row.delta_0, row.delta_1, row.delta_2, row.delta_3]
        out.append((deltas, row.next_dealer, row.error_type))
    return out


def test_settle_bag_of_dicts_and_json_text(compute):
    records = mixed_records()
    items = [json.dumps(r) if i % 2 else r for i, r in enumerate(records)]
    frame = mjd.settle(db.from_sequence(items, npartitions=4))
    assert list(frame.columns) == list(mjd.SETTLE_COLUMNS)
    (got,) = compute(frame)
    assert frame_rows(got) == expected_rows(records)
    assert got["error"].notna().sum() == sum(1 for r in expected_rows(records) if r[2])
    assert (got.dropna(subset=["delta_0"])[["delta_0", "delta_1", "delta_2", "delta_3"]]
            .fillna(0).sum(axis=1) == 0).all()
    assert got["rules"].astype(object).where(got["rules"].notna(), None).tolist() == [
        r.get("rules") if isinstance(r, dict) else None
                                     for r in records]
    assert got["partition"].nunique() == 4


def test_settle_bag_of_hand_records_pickles(compute):
    records = [HandRecord.from_json(r) for r in good_records()[:6]]
    (got,) = compute(mjd.settle(db.from_sequence(records, npartitions=2)))
    assert frame_rows(got) == expected_rows(records)


def test_settle_a_bag_full_of_bad_records(compute):
    (got,) = compute(mjd.settle(db.from_sequence(BAD_RECORDS * 3, npartitions=3)))
    assert got["error"].notna().all() and got["delta_0"].isna().all()
    assert frame_rows(got) == expected_rows(BAD_RECORDS * 3)


def write_jsonl(path, records, *, blank=False, broken=False):
    lines = [json.dumps(r) for r in records]
    if blank:
        lines.insert(1, "")
    if broken:
        lines.append('{"rules": "sichuan", "events": [')
    text = "\n".join(lines) + "\n"
    if str(path).endswith(".gz"):
        with gzip.open(path, "wt", encoding="utf-8") as f:
            f.write(text)
    else:
        Path(path).write_text(text, encoding="utf-8")


def test_settle_jsonl_files(compute, tmp_path):
    records = mixed_records()
    half = len(records) // 2
    a, b, empty = tmp_path / "a.jsonl", tmp_path / "b.jsonl.gz", tmp_path / "empty.jsonl"
    write_jsonl(a, records[:half], blank=True)
    write_jsonl(b, records[half:], broken=True)
    empty.write_text("")
    frame = mjd.settle([str(a), empty, str(b)])
    assert frame.npartitions == 3
    (got,) = compute(frame)
    want = expected_rows(records) + [(None, None, "InvalidRecordError")]
    assert frame_rows(got) == want
    assert set(got["source"]) == {str(a), str(b)}
    assert set(got["partition"]) == {0, 2}
    # line numbers count the blank line
    assert got[got["source"] == str(a)]["position"].tolist() == [0] + list(range(2, half + 1))
    assert "not valid JSON" in got["error"].iloc[-1]
    # a glob pattern
    (again,) = compute(mjd.settle(str(tmp_path / "*.jsonl")))
    assert len(again) == half


def test_settle_parquet_files_both_layouts(compute, tmp_path):
    records = mixed_records()
    dicts = [r for r in records if isinstance(r, dict)]
    text_path, columns_path = tmp_path / "text.parquet", tmp_path / "columns.parquet"
    # the JSON-text layout: one string column "record", in several row groups
    pq.write_table(pa.table({"record": [json.dumps(r) for r in records]}), text_path,
                   row_group_size=10)
    # one column per field, the schema inferred over all rows: Parquet gives every event
    # and every options struct every field seen (nulls where absent)
    good = [r for r in dicts if r["rules"] != "no_such_rules"]
    pq.write_table(pa.Table.from_struct_array(pa.array(good)), columns_path)
    (got,) = compute(mjd.settle([text_path, columns_path]))
    assert frame_rows(got) == expected_rows(records) + expected_rows(good)
    assert got[got["partition"] == 0]["position"].tolist() == list(range(len(records)))


def test_settle_refuses_what_is_not_logs():
    with pytest.raises(MahjongError, match="logs"):
        mjd.settle([3])
    with pytest.raises(MahjongError, match="no file"):
        mjd.settle("/nonexistent/dir/*.jsonl")


def test_import_mahjong_does_not_import_dask(tmp_path):
    code = ("import sys, mahjong, mahjong.batch, mahjong.guobiao, mahjong.ruleset; "
            "print('dask' in sys.modules or 'pandas' in sys.modules)")
    # run outside the source tree: the package this run tests (installed, or built in place)
    from child_env import child_env

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, check=True, env=child_env())
    assert out.stdout.strip() == "False"
