"""mahjong.dask.discard_table equals mahjong.batch.discard_table row by row, on the threaded
scheduler and on a real two-process cluster, with uneven and empty chunks; a bad row is
named by its row in the whole array."""
import random

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
pytest.importorskip("distributed")

from mahjong import batch  # noqa: E402
from mahjong import dask as mjd  # noqa: E402
from mahjong.errors import InvalidHandError  # noqa: E402

CHUNKS = (5, 0, 90, 1, 104)
N = sum(CHUNKS)


def hands(n, seed):
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    rows = np.zeros((n, 34), np.uint8)
    for i in range(n):
        np.add.at(rows[i], rng.sample(wall, rng.choice([14, 14, 11, 8])), 1)
    return rows


def chunked(arr):
    return da.from_array(arr, chunks=(CHUNKS,) + tuple((s,) for s in arr.shape[1:]))


def test_discard_table_equals_numpy_path(compute):
    rows = hands(N, 1)
    visible = np.zeros((N, 34), np.uint8)
    rng = random.Random(2)
    for i in range(N):
        t = rng.randrange(34)
        visible[i, t] = min(4 - rows[i, t], 2)
    common = np.zeros(34, np.uint8)
    common[33] = 0
    for vis, vis_dask in ((None, None), (common, common), (visible, chunked(visible))):
        sh, un = mjd.discard_table(chunked(rows), forms=["regular", "seven_pairs"],
                                   visible=vis_dask)
        assert sh.dtype == np.int8 and un.dtype == np.int16 and sh.chunks == (CHUNKS, (34,))
        got_sh, got_un = compute(sh, un)
        exp_sh, exp_un = batch.discard_table(rows, forms=["regular", "seven_pairs"],
                                             visible=vis)
        np.testing.assert_array_equal(got_sh, exp_sh)
        np.testing.assert_array_equal(got_un, exp_un)


def test_bad_row_is_named_in_the_whole_array(compute):
    rows = hands(N, 3)
    rows[100] = 0
    rows[100, :13] = 1                      # 13 tiles: no discard
    sh, un = mjd.discard_table(chunked(rows))
    with pytest.raises(InvalidHandError, match=r"counts row 100 has .*\[chunk 4, rows 96"):
        compute(sh)
