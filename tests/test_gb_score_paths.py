"""guobiao.score against the full Python validation and the kernel's own entry: for every
accepted input the same fans as ``prepare`` + ``_kernel.score_one`` give, and for every
rejected one the exception ``prepare`` raises (or NotWinningError). score() takes any
argument form through one compiled call (uncommon forms are made common first), so this
checks that reading, not a second scorer."""
import random

import numpy as np
import pytest

import gb_hand_gen as gen
from mahjong.errors import NotWinningError
from mahjong.guobiao import _kernel, score, scoring


def _outcome(tiles, melds, kw):
    try:
        r = score(tiles, melds, **kw)
        return "ok", r.total, r.base_total, r.fan_counts(), r.win_tile, r.seat_wind
    except NotWinningError:
        return "not winning"
    except Exception as exc:  # the comparison is of the exception itself
        return "error", type(exc), str(exc)


def _reference(tiles, melds, kw):
    from mahjong.hand import standing_tiles

    args = [kw.get(k, d) for k, d in (
        ("self_drawn", False), ("fourth_tile", False), ("replacement", False),
        ("robbing_kong", False), ("last_tile", False), ("seat_wind", 0), ("round_wind", 0),
        ("flowers", 0))]
    try:
        # score reads 14 tiles holding the winning tile as the 13 standing + the win
        tiles, win_tile = standing_tiles(tiles, melds, kw["win_tile"])
        counts, win, rows, flags, seat, rnd, n_flowers, _ = scoring.prepare(
            tiles, melds, win_tile, *args)
    except Exception as exc:
        return "error", type(exc), str(exc)
    one = _kernel.score_one(counts, win, rows, flags, seat, rnd, n_flowers)
    if one["total"] < 0:
        return "not winning"
    names = {scoring.FANS[i].name: int(one["fans"][i]) for i in one["fans"].nonzero()[0]}
    return "ok", one["total"], one["total"] - n_flowers, names, win, seat


def _variants(hand, rng):
    for style in ("tenhou", "ids", "reference"):
        tiles, melds, kw = gen.api_args(hand, style)
        yield tiles, melds, kw
        if rng.random() < 0.3:  # one argument spoiled or given in another accepted form
            key = rng.choice(list(kw))
            bad = rng.choice([1, 0, 5, -1, "E", "x", None, 2.0, np.int64(1), np.bool_(True),
                              9, 3, 34])
            yield tiles, melds, dict(kw, **{key: bad})
        if style != "ids" and rng.random() < 0.2:
            yield tiles + rng.choice(["1m", "9z", "x", " 1m", "8z"]), melds, kw
        if style == "ids" and rng.random() < 0.2:
            spoiled = list(tiles)
            spoiled[rng.randrange(len(spoiled))] = rng.choice(
                [True, 34, -1, np.int64(3), "1m", 2 ** 70])
            yield spoiled, melds, kw


def test_score_agrees_with_prepare_and_score_one():
    rng = random.Random(1)
    checked = 0
    for hand in gen.generate(800, seed=7):
        for tiles, melds, kw in _variants(hand, rng):
            assert _outcome(tiles, melds, kw) == _reference(tiles, melds, kw), (tiles, melds, kw)
            checked += 1
    assert checked > 2400


@pytest.mark.parametrize("tiles, melds, kw", [
    ("123m456p789s1122z", (), dict(win_tile="3z")),
    ("1111m456p789s112z", (), dict(win_tile="1m")),
    ("W1 W1 W1 W1 B4 B5 B6 T7 T8 T9 F1 F1 F2", (), dict(win_tile="F2")),
    ([0] * 34, (), dict(win_tile=0)),
    (list(range(14)), (), dict(win_tile=0)),
    ("", (), dict(win_tile=0)),
    ("123m456p789s11z", [("pung", "222p")], dict(win_tile="2z")),
    ("123m456p789s1122z", (), dict(win_tile="2z", robbing_kong=True)),
    # (14 tiles with the kong, the winning tile not among them)
    ("123m456p789s11z", [("kong", "2222p")], dict(win_tile="3z", replacement=True,
                                                  self_drawn=True)),
    ("123m456p789s1122z", "x", dict(win_tile="2z")),
])
def test_error_cases_agree(tiles, melds, kw):
    assert _outcome(tiles, melds, kw) == _reference(tiles, melds, kw)
    assert _outcome(tiles, melds, kw)[0] != "ok"


@pytest.mark.parametrize("tiles", ["234m567m345p678s2s", "W2 W3 W4 W5 W6 W7 B3 B4 B5 T6 T7 T8 T2",
                                   [1, 2, 3, 4, 5, 6, 11, 12, 13, 23, 24, 25, 19]])
def test_common_forms_take_one_compiled_call(tiles):
    cache = {}
    pairs = scoring._score_standard(tiles, (), None, "2s", True, False, False, False, False,
                                    3, 0, 0, scoring._TILE_NAMES, {}, cache)
    assert type(pairs) is bytes  # the fan pairs: the cache does not hold them yet
    cache[pairs] = "fans"
    answer = scoring._score_standard(tiles, (), None, "2s", True, False, False, False, False,
                                     3, 0, 0, scoring._TILE_NAMES, {}, cache)
    assert type(answer) is dict and answer["total"] == 10 and answer["fans"] == "fans"
