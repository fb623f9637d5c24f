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


# --- hand analysis: batch rows = scalar calls ---------------------------------------------

RULES = [None, None, "guobiao", "sichuan", "yunnan", "guiyang", "huanggang", "two_player"]
FORMS = [None, None, ["regular"], ["seven_pairs"], ["regular", "seven_pairs"],
         ["thirteen_orphans"], ["honors_knitted", "knitted_straight"]]
HOSTILE = [-1, 5, 9, 300, 2**40]
_ROW_NAMED = re.compile(r"\b(?:counts|locked|wildcard) row (\d+)")


#: the rule sets played with the 108 suit tiles (no honours)
SUITS_ONLY = {"sichuan", "yunnan", "guiyang"}


@st.composite
def hand_rows(draw, full=False, kinds=34):
    """(counts int64 (34,), melds [(kind, tiles)]): 13 or 14 tiles counting a meld as 3
    (14 with ``full``) of the first ``kinds`` tile kinds or fewer suits; some rows broken
    (a tile count out of 0..4, one tile too many or too few, a tile beside ``kinds``)."""
    kinds = draw(st.sampled_from([k for k in (34, 27, 18, 9) if k <= kinds]))
    melds = draw(st.lists(st.sampled_from([m for m in MELDS if max(m[1]) < kinds]),
                          max_size=draw(st.sampled_from([0, 1, 4]))))
    size = (14 if full else draw(st.sampled_from([13, 14]))) - 3 * len(melds)
    tiles = draw(st.lists(st.integers(0, kinds - 1), min_size=size, max_size=size))
    counts = np.bincount(np.array(tiles, np.int64), minlength=34).astype(np.int64)
    assume(counts.max() <= 4 and (counts + copies_of(melds)).max() <= 4)
    spoil = draw(st.sampled_from(["none"] * 12 + ["value", "more", "fewer", "honour"]))
    if spoil == "value":
        counts[draw(st.integers(0, 33))] = draw(st.sampled_from(HOSTILE))
    elif spoil == "more":
        counts[draw(st.integers(0, 33))] += 1
    elif spoil == "fewer" and counts.any():
        counts[int(np.flatnonzero(counts)[0])] -= 1
    elif spoil == "honour" and counts.any():
        counts[int(np.flatnonzero(counts)[0])] -= 1
        counts[draw(st.integers(27, 33))] += 1
    return counts, melds


@st.composite
def analysis_calls(draw, full=False):
    """(rows, per-row wildcards or None, keywords of the call)."""
    rules = draw(st.sampled_from(RULES))
    kinds = 27 if rules in SUITS_ONLY else 34
    rows = draw(st.lists(hand_rows(full, kinds), min_size=1, max_size=4))
    kw = {"rules": rules, "forms": draw(st.sampled_from(FORMS)) if rules is None else None,
          "void_suit": draw(st.sampled_from([None, None, None, "m", "s"]))}
    mode = draw(st.sampled_from(["none", "none", "one", "per_row"]))
    wilds = None
    if mode == "one":
        kw["wildcard"] = draw(st.integers(0, kinds - 1))
    elif mode == "per_row":
        wilds = draw(st.lists(st.integers(-1, kinds - 1), min_size=len(rows),
                              max_size=len(rows)))
    return rows, wilds, kw


def _row_kw(kw, wilds, i):
    if wilds is None:
        return kw
    return dict(kw, wildcard=None if wilds[i] < 0 else wilds[i])


def _batch_args(rows, wilds):
    counts = np.stack([c for c, _ in rows])
    locked = np.stack([copies_of(m) for _, m in rows])
    extra = {"n_melds": np.array([len(m) for _, m in rows]), "locked": locked}
    if wilds is not None:
        extra["wildcard"] = np.array(wilds)
    return counts, extra


def check_rows(scalar, got):
    from hypothesis import event
    n_ok = sum(kind == "ok" for kind, _ in scalar)
    event(f"batch {got[0]}, scalar rows ok {n_ok}/{len(scalar)}")
    """The batch's answer ``got`` (an outcome) against the scalar outcomes of its rows."""
    if got[0] == "ok":
        assert all(kind == "ok" for kind, _ in scalar), (scalar, got)
        return True
    named = _ROW_NAMED.search(str(got[1]))
    if named:    # the batch names a row: the scalar call refuses it too
        row = int(named.group(1))
        assert scalar[row][0] == "err", (row, scalar[row], got[1])
    else:        # refused as a whole call (its arguments): so is every row
        assert all(kind == "err" for kind, _ in scalar), (scalar, got[1])
    return False


@settings(max_examples=250, suppress_health_check=[HealthCheck.filter_too_much])
@given(analysis_calls())
def test_shanten_and_useful_rows_equal_the_scalar_calls(call):
    rows, wilds, kw = call
    scalar = [outcome(lambda: (mahjong.shanten(c, m, **_row_kw(kw, wilds, i)),
                               mahjong.useful_tiles(c, m, **_row_kw(kw, wilds, i))))
              for i, (c, m) in enumerate(rows)]
    counts, extra = _batch_args(rows, wilds)
    got = outcome(lambda: batch.shanten_and_useful(counts, **kw, **extra))
    if check_rows(scalar, got):
        sh, useful = got[1]
        for i, (_, (s, u)) in enumerate(scalar):
            assert (int(sh[i]), np.flatnonzero(useful[i]).tolist()) == (s, list(u)), i
        assert np.array_equal(batch.shanten(counts, **kw, **extra), sh)
        assert np.array_equal(batch.useful_tiles(counts, **kw, **extra), useful)


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(analysis_calls(full=True), st.booleans())
def test_discard_table_rows_equal_discard_analysis(call, with_visible):
    rows, wilds, kw = call
    visible = None
    if with_visible:
        visible = np.minimum(np.bincount(np.arange(34) * 7 % 34 % (len(rows) + 20),
                                         minlength=34), 2)
    scalar = [outcome(lambda: mahjong.discard_analysis(c, m, visible=visible,
                                                       **_row_kw(kw, wilds, i)))
              for i, (c, m) in enumerate(rows)]
    counts, extra = _batch_args(rows, wilds)
    got = outcome(lambda: batch.discard_table(counts, visible=visible, **kw, **extra))
    if check_rows(scalar, got):
        sh, unseen = got[1]
        for i, (_, options) in enumerate(scalar):
            table = sorted((t, int(sh[i, t]), int(unseen[i, t]))
                           for t in np.flatnonzero(sh[i] != -1))
            assert table == sorted((o.tile, o.shanten, o.unseen) for o in options), i
