"""Huanggang score_batch: row by row equal to the scalar score (compiled rows and the rows
holding a 赖子 alike), statuses, input errors, threads."""
import numpy as np
import pytest

import mahjong.huanggang as hg
from mahjong.errors import InvalidContextError, InvalidHandError, MahjongError, NotWinningError
from mahjong.huanggang.batch import BIG_BITS, STATUS

from huanggang_gen import random_batch, row_as_scalar


def _scalar_row(args, rules):
    try:
        r = hg.score(rules=rules, **args)
    except NotWinningError as exc:
        return (exc.code,)
    except InvalidContextError:
        return (STATUS["bad_context"],)  # e.g. a robbed tile held twice
    big = sum(BIG_BITS[i.key] for i in r.big_items)
    return (0, r.base, r.payer_base, r.fan, r.hard, big)


@pytest.mark.parametrize("options", [{}, {"kaikou_mode": "kaikou"}, {"qianggang_plus5": False},
                                     {"laizipi_special": True}])
def test_batch_equals_scalar(options):
    rules = hg.Rules.from_mapping(options)
    ind, hands, melds, singles, flags, dealer = random_batch(1500, seed=len(str(options)),
                                                             laizipi=rules.laizipi_special)
    args = [row_as_scalar(ind[i], hands[i], melds[i], singles[i], flags[i], dealer[i])
            for i in range(len(hands))]
    out = hg.score_batch(hands, melds, indicator=ind, flags=flags, single_kongs=singles,
                         dealer=dealer, rules=rules, win_tiles=[a["win_tile"] for a in args])
    seen = set()
    for i in range(len(hands)):
        want = _scalar_row(args[i], rules)
        if want is None:
            continue
        st = int(out["status"][i])
        seen.add(st)
        if want[0]:
            assert st == want[0], i
        else:
            got = (st, int(out["base"][i]), int(out["payer_base"][i]), int(out["fan"][i]),
                   bool(out["hard"][i]), int(out["big"][i]))
            assert got == want, i
    assert 0 in seen and len(seen) >= 3


def test_batch_threads_and_empty():
    ind, hands, melds, singles, flags, dealer = random_batch(400, seed=7, wild_rate=0)
    one = hg.score_batch(hands, melds, indicator=ind, flags=flags, single_kongs=singles)
    two = hg.score_batch(hands, melds, indicator=ind, flags=flags, single_kongs=singles,
                         threads=2)
    for k in one:
        assert np.array_equal(one[k], two[k])
    with pytest.warns(DeprecationWarning, match="num_threads"):
        old = hg.score_batch(hands, melds, indicator=ind, flags=flags, single_kongs=singles,
                             num_threads=2)
    assert all(np.array_equal(one[k], old[k]) for k in one)
    for bad in (0, 100_000, True, 2.0):  # unchecked before: 100,000 threads crash OpenMP
        with pytest.raises(MahjongError, match=r"threads must be an integer 1\.\.256"):
            hg.score_batch(hands, melds, indicator=ind, threads=bad)
    empty = hg.score_batch(np.zeros((0, 34), np.uint8), indicator="3p")
    assert empty["status"].shape == (0,)


def test_batch_errors():
    ind, hands, melds, singles, flags, dealer = random_batch(5, seed=3)
    with pytest.raises(InvalidHandError, match="shape"):
        hg.score_batch(hands[:, :33], indicator="3p")
    bad = hands.copy()
    bad[2, 0] = 7
    with pytest.raises(InvalidHandError, match="row 2"):
        hg.score_batch(bad, melds, indicator=ind)
    short = melds.copy()
    short[1] = 0
    with pytest.raises(InvalidHandError, match="row 1"):
        hg.score_batch(hands, short, indicator=ind)
    with pytest.raises(InvalidContextError, match="row 0"):
        hg.score_batch(hands, melds, indicator=ind, flags=np.array([2, 0, 0, 0, 0]))
    with pytest.raises(InvalidHandError, match="flags"):
        hg.score_batch(hands, melds, indicator=ind, flags=np.array([4, 0, 0, 0, 0]))
    m = np.zeros((1, 4, 2), np.uint8)
    m[0, 0] = (2, 12)  # a pung of 4p, the 赖子 under 3p
    h = np.zeros((1, 34), np.uint8)
    h[0, [0, 1, 2, 3, 4, 5, 18, 19, 20]] = 1
    h[0, 22] = 2
    with pytest.raises(InvalidHandError, match="赖子"):
        hg.score_batch(h, m, indicator="3p")


def test_batch_status_codes():
    from mahjong.tiles import tile_counts
    rows = ["234s567s55m", "234s567s33m", "234s567s77z", "234s567s56m", "234s567s4p4p"]
    hands = np.array([tile_counts(r) for r in rows], np.uint8)
    melds = np.zeros((5, 4, 2), np.uint8)
    melds[:, 0] = (1, 2)
    melds[:, 1] = (2, 16)
    out = hg.score_batch(hands, melds, indicator="3p", flags=np.ones(5, np.uint32))
    assert out["status"].tolist() == [0, STATUS["pair_not_258"], STATUS["holds_fixed"],
                                      STATUS["not_winning"], STATUS["two_laizi"]]
    nomeld = np.zeros((1, 4, 2), np.uint8)
    nomeld[0, 0] = (4, 18)
    h = np.array([tile_counts("234s567s345m55m")], np.uint8)
    out = hg.score_batch(h, nomeld, indicator="3p")
    assert out["status"].tolist() == [STATUS["not_opened"]]


def test_kernel_flag_bits_are_winflag():
    from mahjong.huanggang import _kernel
    from mahjong.ruleset import WinFlag
    for name, bit in _kernel.PY_WIN_BITS.items():
        assert WinFlag[name.upper()] == bit
