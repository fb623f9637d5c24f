"""Batch API: equal to the scalar API row by row, for 1 and 2 threads, contiguous and
non-contiguous input; validation names the bad row."""
import random
import threading

import numpy as np
import pytest

import mahjong
import mahjong_core
from mahjong import analysis, batch
from mahjong.errors import InvalidHandError, MahjongError

import slow_oracle as oracle


def make_rows(n=3000, seed=0):
    """Mixed hands: random, complete, near-ready, special shapes; 0-4 melds by size."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    rows = np.zeros((n, 34), np.uint8)
    for i in range(n):
        kind = i % 4
        if kind == 0:
            size = rng.choice([13, 14, 10, 11, 7, 8, 4, 5, 1, 2])
            tiles = rng.sample(wall, size)
        elif kind == 1:
            while True:
                counts = np.zeros(34, int)
                counts[rng.randrange(34)] += 2
                for _ in range(rng.randrange(5)):
                    for t in rng.choice(oracle.SETS)[2]:
                        counts[t] += 1
                if counts.max() <= 4:
                    break
            tiles = [t for t in range(34) for _ in range(counts[t])]
            if rng.random() < 0.5:
                tiles.remove(rng.choice(tiles))
        elif kind == 2:
            pool = list(oracle.KNITTED_PATTERNS[rng.randrange(6)]) + list(oracle.HONORS)
            tiles = rng.sample(pool, 12) + rng.sample(wall, rng.choice([1, 2]))
        else:
            pool = list(oracle.ORPHANS) * 2 + rng.sample(wall, 6)
            tiles = rng.sample(pool, rng.choice([13, 14]))
        for t in tiles:
            rows[i, t] += 1
        if rows[i].max() > 4:
            rows[i] = np.minimum(rows[i], 4)
            while rows[i].sum() % 3 == 0:
                rows[i, rng.choice(np.flatnonzero(rows[i] < 4))] += 1
    return rows


ROWS = make_rows()
MELDS = ((14 - ROWS.sum(axis=1).astype(int)) // 3).astype(np.int8)


def scalar_forms(n_melds, forms):
    mask = analysis.forms_mask(forms)
    return mask & sum(analysis.FORM_BITS[f] for f in analysis.FORMS
                      if analysis.FORM_MAX_MELDS[f] >= n_melds)


def scalar_expected(rows, melds, forms):
    from mahjong_core import _shanten
    shanten, useful = [], []
    for row, k in zip(rows, melds):
        missing, mask = _shanten.useful_one(np.ascontiguousarray(row), int(k),
                                            scalar_forms(int(k), forms))
        shanten.append(missing - 1)
        useful.append([bool(mask >> t & 1) for t in range(34)])
    return np.array(shanten, np.int8), np.array(useful, bool)


@pytest.mark.parametrize("forms", [None, ["regular"], ["regular", "seven_pairs"],
                                   ["knitted_straight", "regular"]])
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_equals_scalar(forms, threads):
    exp_shanten, exp_useful = scalar_expected(ROWS, MELDS, forms)
    assert (batch.shanten(ROWS, forms=forms, threads=threads) == exp_shanten).all()
    assert (batch.useful_tiles(ROWS, forms=forms, threads=threads) == exp_useful).all()
    s, u = batch.shanten_and_useful(ROWS, forms=forms, threads=threads)
    assert (s == exp_shanten).all() and (u == exp_useful).all()


def test_scalar_public_api_agrees_on_concealed_rows():
    # the public scalar functions (no melds) give the same answers as the batch rows
    rows = ROWS[MELDS == 0][:400]
    got = batch.shanten(rows)
    useful = batch.useful_tiles(rows)
    for row, s, u in zip(rows, got, useful):
        assert mahjong.shanten(row) == s
        assert mahjong.useful_tiles(row) == list(np.flatnonzero(u))


def test_non_contiguous_and_other_dtypes():
    expected = batch.shanten(ROWS)
    expected_useful = batch.useful_tiles(ROWS)
    fortran = np.asfortranarray(ROWS)
    assert (batch.shanten(fortran) == expected).all()
    strided = np.zeros((ROWS.shape[0] * 2, 34), np.uint8)
    strided[::2] = ROWS
    assert (batch.shanten(strided[::2]) == expected).all()
    assert (batch.useful_tiles(strided[::2], threads=2) == expected_useful).all()
    assert (batch.shanten(ROWS.astype(np.int64)) == expected).all()
    assert (batch.shanten(ROWS.tolist()) == expected).all()
    wide = np.zeros((ROWS.shape[0], 40), np.uint8)
    wide[:, 3:37] = ROWS
    assert (batch.shanten(wide[:, 3:37], threads=2) == expected).all()


def test_explicit_n_melds():
    expected = batch.shanten(ROWS)
    assert (batch.shanten(ROWS, n_melds=MELDS) == expected).all()
    rows13 = ROWS[ROWS.sum(axis=1) == 13]
    assert (batch.shanten(rows13, n_melds=0) == batch.shanten(rows13)).all()


def test_empty_batch():
    assert batch.shanten(np.zeros((0, 34), np.uint8)).shape == (0,)
    assert batch.useful_tiles(np.zeros((0, 34), np.uint8)).shape == (0, 34)


def test_output_types():
    s = batch.shanten(ROWS[:5])
    u = batch.useful_tiles(ROWS[:5])
    assert s.dtype == np.int8 and s.shape == (5,)
    assert u.dtype == np.bool_ and u.shape == (5, 34)


def test_bad_rows_are_named():
    rows = ROWS[:10].copy()
    rows[7, 3] = 5
    with pytest.raises(InvalidHandError, match="row 7"):
        batch.shanten(rows)
    rows = ROWS[:10].copy()
    rows[4] = 0
    rows[4, :12] = 1                      # 12 tiles: no meld count fits
    with pytest.raises(InvalidHandError, match="row 4"):
        batch.shanten(rows)
    bad_dtype = ROWS[:3].astype(np.int16)
    bad_dtype[2, 0] = -1
    with pytest.raises(InvalidHandError, match="row 2"):
        batch.useful_tiles(bad_dtype)
    with pytest.raises(InvalidHandError, match="row 1"):
        batch.shanten(ROWS[:3], n_melds=[0, 7, 0])
    with pytest.raises(InvalidHandError, match=r"shape \(N, 34\)"):
        batch.shanten(np.zeros((3, 33), np.uint8))
    with pytest.raises(InvalidHandError, match="integers"):
        batch.shanten(np.zeros((3, 34), np.float64))
    with pytest.raises(ValueError, match="threads"):
        batch.shanten(ROWS[:3], threads=0)


@pytest.mark.parametrize("threads", [0, -100_000, batch.MAX_THREADS + 1, 100_000, 2**31 - 1,
                                     2**63, True, 2.0, "2", None])
def test_threads_outside_1_to_max_are_refused_by_name(threads):
    # 100,000 threads crashed the process and 2**31 - 1 tried to allocate 481 GB
    with pytest.raises(MahjongError, match=r"threads must be an integer 1\.\.256"):
        batch.shanten(ROWS[:3], threads=threads)
    with pytest.raises(MahjongError, match=r"threads must be an integer 1\.\.256"):
        batch.shanten_and_useful(ROWS[:3], threads=threads)


def test_small_batches_run_on_fewer_threads(monkeypatch):
    monkeypatch.setattr(batch, "ROWS_PER_THREAD", 16384)
    assert batch.threads_for(2, 1000) == 1
    assert batch.threads_for(2, 2 * 16384) == 2
    assert batch.threads_for(8, 3 * 16384 + 5) == 3
    assert batch.threads_for(np.int64(4), 10**6) == 4
    assert batch.threads_for(batch.MAX_THREADS, 0) == 1
    # the answers stay right on the threads it picks
    assert (batch.shanten(ROWS, threads=batch.MAX_THREADS) == batch.shanten(ROWS)).all()


def test_forms_that_melds_rule_out_are_named():
    rows = np.zeros((2, 34), np.uint8)
    rows[0, :13] = 1
    rows[1, :10] = 1                      # one meld
    assert batch.shanten(rows, forms=["knitted_straight"]).shape == (2,)
    with pytest.raises(InvalidHandError, match="row 1"):
        batch.shanten(rows, forms=["seven_pairs"])


def test_openmp_probe():
    assert isinstance(mahjong_core.openmp_enabled(), bool)


def test_gil_is_released():
    # two Python threads run batches at once without corrupting each other's output
    big = np.tile(ROWS, (20, 1))
    expected = batch.shanten(big)
    results = [None, None]

    def work(i):
        results[i] = batch.shanten(big)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all((r == expected).all() for r in results)


def test_private_kernels_guard_their_inputs():
    # the compiled entry points refuse shapes or values that would index out of the tables
    from mahjong_core import _shanten
    bad = np.zeros(34, np.uint8)
    bad[3] = 9
    with pytest.raises(ValueError, match="above 4"):
        _shanten.missing_one(bad, 0, 31)
    with pytest.raises(ValueError, match="n_melds"):
        _shanten.useful_one(np.zeros(34, np.uint8), 5, 1)
    with pytest.raises(ValueError, match="34"):
        _shanten.missing_by_form(np.zeros(35, np.uint8), 0)
    with pytest.raises(ValueError, match="per row"):
        _shanten.shanten_rows(ROWS[:4], MELDS[:3], 31, np.empty(4, np.int8))
    with pytest.raises(ValueError, match="per row"):
        _shanten.useful_rows(ROWS[:4], MELDS[:4], 31, np.empty((4, 33), np.uint8),
                             np.empty(4, np.int8))
