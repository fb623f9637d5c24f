"""Every batch entry point agrees with its scalar call, row by row, on hostile rows too.

For each batch function (hand analysis: ``mahjong.batch``; the rooms' ``score_batch``;
``mahjong.dask``) hypothesis draws rows, some of them broken (counts above 4, negative or
huge values, too many or too few tiles, melds that do not fit, flags out of range, a
wildcard outside the rule set's tiles), and checks:

- a row the scalar call accepts has the batch's result equal to the scalar result;
- a row the scalar call refuses with a MahjongError gets a non-OK status in the batch
  (the other rows unaffected), or, where the batch function refuses a bad row as a whole
  (hand analysis, the 108-tile rooms' illegal hands), the batch raises a MahjongError
  naming that row;
- whole-array misuse (wrong ndim, dtype object, NaN, mismatched lengths, ragged nesting)
  raises a MahjongError naming the argument.
"""
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mahjong
from mahjong import batch
from mahjong.errors import MahjongError
from mahjong.ruleset import get_ruleset

# --- helpers ------------------------------------------------------------------------------

#: every meld a hand can show: (name, tile ids) for pungs, kongs and chows of every tile
MELDS = ([("pung", [t] * 3) for t in range(34)] + [("kong", [t] * 4) for t in range(34)]
         + [("chow", [t, t + 1, t + 2]) for t in range(27) if t % 9 < 7])


def outcome(call):
    """("ok", value) or ("err", the MahjongError); any other exception fails the test."""
    try:
        return "ok", call()
    except MahjongError as exc:
        return "err", exc


def copies_of(melds):
    locked = np.zeros(34, np.int64)
    for _, tiles in melds:
        for t in tiles:
            locked[t] += 1
    return locked


# --- whole-array misuse: a MahjongError naming the argument ---------------------------------

RAGGED = [[1, 2], [3]]


@pytest.mark.parametrize("name, call", [
    ("visible", lambda h: batch.discard_table(h, visible=RAGGED)),
    ("visible", lambda h: batch.discard_table(h, visible=np.full(34, np.nan))),
    ("visible", lambda h: batch.discard_table(h, visible=np.zeros((3, 34), int))),
    ("counts", lambda h: batch.discard_table(RAGGED)),
    ("counts", lambda h: batch.shanten(np.zeros((1, 1, 34), np.uint8))),
    ("counts", lambda h: batch.shanten(np.array([[object()] * 34], dtype=object))),
    ("counts", lambda h: batch.useful_tiles(np.full((1, 34), np.nan))),
    ("n_melds", lambda h: batch.shanten(h, n_melds=np.zeros(3, int))),
    ("n_melds", lambda h: batch.shanten(h, n_melds=2**70)),
    ("wildcard", lambda h: batch.shanten(h, wildcard=np.array([np.nan]))),
    ("wildcard", lambda h: batch.shanten(h, wildcard=[3, 4])),
    ("locked", lambda h: batch.shanten(h, locked=np.zeros((2, 34), int))),
    ("locked", lambda h: batch.shanten(h, locked=RAGGED)),
])
def test_analysis_misuse_names_the_argument(name, call):
    hand = mahjong.tile_counts("123456789m1p234s")[None]
    with pytest.raises(MahjongError, match=name):
        call(hand)


# --- the 108-tile rooms: melds outside uint8 ------------------------------------------------

@pytest.mark.parametrize("room", ["sichuan", "yunnan"])
@pytest.mark.parametrize("value", [2**40, 256, -254, -1])
def test_meld_values_outside_a_byte_are_refused_not_wrapped(room, value):
    """2**40 or 256 cast to uint8 was 0 (no meld: the hand scored as a win) and -254 was
    2 (a pung); the row is refused naming it, as a bad meld row."""
    score_batch = get_ruleset(room).score_batch
    hand = mahjong.tile_counts("11m22m3333m55p66p77p")[None]
    melds = np.zeros((1, 4, 2), np.int64)
    melds[0, 0, 0] = value
    with pytest.raises(MahjongError, match=r"row 0: bad meld rows \[\[" + re.escape(str(value))):
        score_batch(hand, melds)


# --- Huanggang: win circumstances the scalar score refuses ----------------------------------

def _huanggang_row(flags, meld_kind=3):
    import mahjong.huanggang as hg

    hand = np.array([mahjong.tile_counts("234s567s55m")], np.uint8)
    melds = np.array([[[1, 2], [meld_kind, 16], [0, 0], [0, 0]]], np.uint8)
    scalar = outcome(lambda: hg.score(
        "234s567s55m", [("chow", "345m"), {3: ("kong", "8888s"), 2: ("pung", "888s")}[meld_kind]],
        win_tile="5m", indicator="3p",
        self_drawn=bool(flags & 1), replacement=bool(flags & 2), last_tile=bool(flags & 16)))
    out = hg.score_batch(np.repeat(hand, 2, axis=0), np.repeat(melds, 2, axis=0),
                         indicator="3p", flags=np.array([flags, 1]))
    return scalar, out


@pytest.mark.parametrize("flags, meld_kind", [(3, 2), (19, 3)])
def test_huanggang_replacement_the_scalar_refuses_gets_bad_context(flags, meld_kind):
    """A replacement win (杠上开花) without any kong, or on the last tile (海底捞), scored
    as a win in the batch (status 0) where scalar score raises InvalidContextError; the
    row now gets ``bad_context`` and the other row (a plain self-draw) is unaffected."""
    from mahjong.errors import InvalidContextError
    from mahjong.huanggang.batch import STATUS

    (kind, value), out = _huanggang_row(flags, meld_kind)
    assert kind == "err" and isinstance(value, InvalidContextError)
    assert out["status"].tolist() == [STATUS["bad_context"], 0]
    assert out["fan"][0] == 0 and out["fan"][1] > 0


def test_huanggang_replacement_with_a_kong_still_scores_as_the_scalar():
    (kind, value), out = _huanggang_row(3, 3)
    assert kind == "ok" and out["status"][0] == 0 and out["fan"][0] == value.fan


@pytest.mark.parametrize("dealer", [[5], [-1], [2]])
def test_huanggang_dealer_other_than_true_or_false_is_refused(dealer):
    """dealer=5 (or -1) read as True in the batch; scalar score refuses it."""
    import mahjong.huanggang as hg

    hand = np.array([mahjong.tile_counts("234s567s55m")], np.uint8)
    melds = np.array([[[1, 2], [3, 16], [0, 0], [0, 0]]], np.uint8)
    with pytest.raises(MahjongError, match=r"dealer row 0 is " + re.escape(str(dealer[0]))):
        hg.score_batch(hand, melds, indicator="3p", dealer=np.array(dealer))


# --- mahjong.dask: misuse raises at once, naming the argument --------------------------------

def _dask():
    pytest.importorskip("dask")
    from mahjong import dask as mjd

    return mjd


@pytest.mark.parametrize("name, call", [
    ("counts", lambda d, h: d.shanten(RAGGED)),
    ("n_melds", lambda d, h: d.shanten(h, n_melds=RAGGED)),
    ("wildcard", lambda d, h: d.useful_tiles(h, wildcard=RAGGED)),
    ("locked", lambda d, h: d.shanten(h, locked=RAGGED)),
    ("visible", lambda d, h: d.discard_table(h, visible=RAGGED)),
    ("concealed", lambda d, h: d.score_batch(RAGGED, [0])),
    ("win_tile", lambda d, h: d.score_batch(h, RAGGED)),
    ("melds", lambda d, h: d.score_batch(h, [0], RAGGED)),
])
def test_dask_ragged_arguments_are_named(name, call):
    """Ragged nesting raised numpy's plain ValueError while the graph was built."""
    hand = mahjong.tile_counts("123456789m1p234s")[None]
    with pytest.raises(MahjongError, match=f"{name} must be an array of integers"):
        call(_dask(), hand)


@pytest.mark.parametrize("name, call", [
    ("n_melds", lambda d, h: d.shanten(h, n_melds=np.array([np.nan]))),
    ("n_melds", lambda d, h: d.discard_table(h, n_melds=np.array([1.5]))),
    ("n_melds", lambda d, h: d.shanten(h, n_melds=7)),
    ("wildcard", lambda d, h: d.useful_tiles(h, wildcard=np.array([np.nan]))),
    ("wildcard", lambda d, h: d.shanten(h, wildcard=40)),
    ("locked", lambda d, h: d.shanten(h, locked=np.full((1, 34), np.nan))),
    ("visible", lambda d, h: d.discard_table(h, visible=np.full(34, np.nan))),
    ("visible", lambda d, h: d.discard_table(h, visible=np.full((1, 34), 2.0))),
    ("form", lambda d, h: d.shanten(h, forms=["nope"])),
    ("flags", lambda d, h: d.score_batch(h, 0, flags=np.nan)),
    ("flags", lambda d, h: d.score_batch(h, 0, flags=2**70)),
    ("seat_wind", lambda d, h: d.score_batch(h, 0, seat_wind="E")),
    ("win_tile", lambda d, h: d.score_batch(h, 40)),
])
def test_dask_wrong_dtype_or_scalar_raises_at_once(name, call):
    """A wrong dtype of a per-row argument, or a bad value given for every row, failed only
    when computed (the docs say: at once); the graph is no longer built."""
    hand = mahjong.tile_counts("123456789m1p234s")[None]
    with pytest.raises(MahjongError, match=name):
        call(_dask(), hand)      # no compute
