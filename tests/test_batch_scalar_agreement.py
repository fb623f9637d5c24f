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
from hypothesis import HealthCheck, assume, event, given, settings
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
    """(rows, per-row wildcards or None, keywords of the call, keywords of the batch call
    only)."""
    rules = draw(st.sampled_from(RULES))
    kinds = 27 if rules in SUITS_ONLY else 34
    rows = draw(st.lists(hand_rows(full, kinds), min_size=1, max_size=4))
    kw = {"rules": rules, "forms": draw(st.sampled_from(FORMS)) if rules is None else None,
          "void_suit": draw(st.sampled_from([None, None, None, "m", "s"]))}
    batch_kw = {"threads": draw(st.sampled_from([1, 2]))}
    mode = draw(st.sampled_from(["none", "none", "one", "per_row", "indicator"]))
    wilds = None
    kinds = draw(st.sampled_from([kinds] * 2 + [34]))   # a wildcard outside the tiles
    if mode == "indicator":       # a rule set without an indicator refuses it
        kw["indicator"] = draw(st.integers(0, kinds - 1))
    elif mode == "one":
        kw["wildcard"] = draw(st.integers(0, kinds - 1))
    elif mode == "per_row":
        wilds = draw(st.lists(st.integers(-1, kinds - 1), min_size=len(rows),
                              max_size=len(rows)))
    return rows, wilds, kw, batch_kw


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
    """The batch's answer ``got`` (an outcome) against the scalar outcomes of its rows."""
    n_ok = sum(kind == "ok" for kind, _ in scalar)
    event(f"batch {got[0]}, scalar rows ok {n_ok}/{len(scalar)}")
    if got[0] == "ok":
        assert all(kind == "ok" for kind, _ in scalar), (scalar, got)
        return True
    named = _ROW_NAMED.search(str(got[1]))
    if named:    # the batch names a row: the scalar call refuses it too
        row = int(named.group(1))
        assert scalar[row][0] == "err", (row, scalar[row], got[1])
        assert type(scalar[row][1]) is type(got[1]), (scalar[row][1], got[1])
    else:        # refused as a whole call (its arguments): so is every row
        assert all(kind == "err" for kind, _ in scalar), (scalar, got[1])
    return False


@settings(max_examples=600, suppress_health_check=[HealthCheck.filter_too_much])
@given(analysis_calls())
def test_shanten_and_useful_rows_equal_the_scalar_calls(call):
    rows, wilds, kw, batch_kw = call
    scalar = [outcome(lambda: (mahjong.shanten(c, m, **_row_kw(kw, wilds, i)),
                               mahjong.useful_tiles(c, m, **_row_kw(kw, wilds, i))))
              for i, (c, m) in enumerate(rows)]
    counts, extra = _batch_args(rows, wilds)
    extra.update(batch_kw)
    got = outcome(lambda: batch.shanten_and_useful(counts, **kw, **extra))
    if check_rows(scalar, got):
        sh, useful = got[1]
        for i, (_, (s, u)) in enumerate(scalar):
            assert (int(sh[i]), np.flatnonzero(useful[i]).tolist()) == (s, list(u)), i
        assert np.array_equal(batch.shanten(counts, **kw, **extra), sh)
        assert np.array_equal(batch.useful_tiles(counts, **kw, **extra), useful)


@settings(max_examples=400, suppress_health_check=[HealthCheck.filter_too_much])
@given(analysis_calls(full=True), st.booleans())
def test_discard_table_rows_equal_discard_analysis(call, with_visible):
    rows, wilds, kw, batch_kw = call
    visible = None
    if with_visible:
        visible = np.minimum(np.bincount(np.arange(34) * 7 % 34 % (len(rows) + 20),
                                         minlength=34), 2)
    scalar = [outcome(lambda: mahjong.discard_analysis(c, m, visible=visible,
                                                       **_row_kw(kw, wilds, i)))
              for i, (c, m) in enumerate(rows)]
    counts, extra = _batch_args(rows, wilds)
    got = outcome(lambda: batch.discard_table(counts, visible=visible, **kw, **extra,
                                              **batch_kw))
    if check_rows(scalar, got):
        sh, unseen = got[1]
        for i, (_, options) in enumerate(scalar):
            table = sorted((t, int(sh[i, t]), int(unseen[i, t]))
                           for t in np.flatnonzero(sh[i] != -1))
            assert table == sorted((o.tile, o.shanten, o.unseen) for o in options), i


# --- Guobiao score_batch: totals = scalar score; a refused row gets its error code --------

GB_KINDS = {1: "chow", 2: "pung", 3: "kong", 4: "concealed_kong"}
GB_SPOILS = {
    "count": lambda r, h: _set(h, 0, r.randrange(34), r.choice([5, -1, 256, 2**40])),
    "fewer": lambda r, h: _set(h, 0, r.choice(np.flatnonzero(h[0]).tolist() or [0]), 0),
    "more": lambda r, h: _set(h, 0, r.randrange(34), 1 + int(h[0][h[0].argmin()])),
    "win": lambda r, h: _set(h, 1, None, r.choice([34, -1, 255, 300, r.randrange(34)])),
    "flags": lambda r, h: _set(h, 3, None, r.choice([32, 255, 256, -1, r.randrange(32)])),
    "seat": lambda r, h: _set(h, 4, None, r.choice([4, -1, 256])),
    "round": lambda r, h: _set(h, 5, None, r.choice([4, -1, 300])),
    "flowers": lambda r, h: _set(h, 6, None, r.choice([9, -1, 1000])),
    "meld_kind": lambda r, h: _meld(h, 0, r.choice([5, -1, 256, 0, 1, 2, 3, 4])),
    "meld_tile": lambda r, h: _meld(h, 1, r.choice([34, -1, 300, 7, 8, 27, r.randrange(34)])),
}


#: the error class scalar score raises for each row code of score_batch
#: (a bad tile id, of the winning tile or a meld, is a TileParseError there)
GB_CODE_ERRORS = {-1: {"NotWinningError"}, -2: {"InvalidHandError"},
                  -3: {"InvalidHandError", "TileParseError"}, -4: {"InvalidContextError"},
                  -5: {"InvalidHandError"}, -6: {"TileParseError"}}


def _set(hand, field, index, value):
    hand = list(hand)
    if index is None:
        hand[field] = value
    else:
        counts = hand[0].astype(np.int64)
        counts[index] = value
        hand[0] = counts
    return tuple(hand)


def _meld(hand, column, value):
    hand = list(hand)
    melds = [list(m) for m in hand[2]] or [[0, 0]]
    melds[0][column] = value
    hand[2] = melds
    return tuple(hand)


def _gb_scalar(hand):
    """The scalar score of a batch row (the concealed tiles before the win, as the batch
    reads them), or the MahjongError it raises."""
    from mahjong.guobiao import score

    counts, win, melds, flags, seat, rnd, flowers = hand
    ml = [(GB_KINDS.get(k, f"kind {k}"), [t, t + 1, t + 2] if k == 1 else
           [t] * (3 if k == 2 else 4)) for k, t in melds if k != 0]
    if (counts < 0).any() or (counts > 4).any():
        return "err", "counts"          # no hand of ids shows these counts
    if not 0 <= flags <= 31:
        return "err", "flags"           # no set of keyword flags makes these bits
    ids = [t for t in range(34) for _ in range(int(counts[t]))]
    if len(ids) + 3 * len(ml) != 13:    # scalar score also reads a hand after the win
        return "err", "size"
    return outcome(lambda: score(ids, ml, win_tile=win, self_drawn=bool(flags & 1),
                                 fourth_tile=bool(flags & 2), replacement=bool(flags & 4),
                                 robbing_kong=bool(flags & 8), last_tile=bool(flags & 16),
                                 seat_wind=seat, round_wind=rnd, flowers=flowers))


@settings(max_examples=400)
@given(st.lists(st.tuples(st.integers(0, 2**32), st.sampled_from([None] * 6 + list(GB_SPOILS))),
                min_size=1, max_size=6),
       st.sampled_from([1, 2]))
def test_guobiao_score_batch_rows_equal_scalar_score(draws, threads):
    import random

    import gb_hand_gen as gen
    from mahjong.guobiao import score_batch

    hands = []
    for seed, spoil in draws:
        rng = random.Random(seed)
        hand = gen.random_hand(rng) if seed % 5 else gen.perturbed_hand(rng)
        hands.append(hand if spoil is None else GB_SPOILS[spoil](rng, hand))
    n = len(hands)
    melds = np.zeros((n, 4, 2), np.int64)
    for i, hand in enumerate(hands):
        for j, m in enumerate(hand[2]):
            melds[i, j] = m
    columns = [np.array([h[k] for h in hands], np.int64) for k in (1, 3, 4, 5, 6)]
    totals, fans = score_batch(np.stack([h[0] for h in hands]).astype(np.int64), columns[0],
                               melds, *columns[1:], threads=threads)
    for i, hand in enumerate(hands):
        kind, value = _gb_scalar((hand[0], hand[1], [tuple(m) for m in melds[i]], *hand[3:]))
        event(f"scalar {kind}")
        if kind == "ok":
            assert int(totals[i]) == value.total, i
            assert sorted(f.id for f in value.fans for _ in range(f.count)) == sorted(
                t for t in range(fans.shape[1]) for _ in range(int(fans[i, t]))), i
        else:
            assert totals[i] < 0 and not fans[i].any(), (i, value)
            if isinstance(value, MahjongError):
                assert type(value).__name__ in GB_CODE_ERRORS[int(totals[i])], (i, value)


# --- Sichuan and Yunnan score_batch ---------------------------------------------------------

FLAG_NAMES = ("self_drawn", "replacement", "after_kong", "robbing_kong", "last_tile",
              "heavenly", "earthly", "first_round")
ROW_OF = re.compile(r"\brow (\d+)\b")


def suited_holding(rng, chows: bool):
    """(counts int64 (34,), melds [(kind, tiles)], flag bits, win tile) of one suit-tile
    holding: four sets and a pair from one to three suits (usually a win, or nearly),
    sometimes broken (a tile moved, a count out of range, an honour), random flags."""
    from mahjong.ruleset import WinFlag

    suits = rng.sample(range(3), rng.choice([1, 2, 2, 2, 3]))
    tile = lambda: 9 * rng.choice(suits) + rng.randrange(9)  # noqa: E731
    while True:
        melds, counts = [], np.zeros(34, np.int64)
        n_melds = rng.choice([0, 0, 1, 2, 3, 4])
        for _ in range(n_melds):
            t = tile()
            kind = rng.choice(["pung", "kong", "concealed_kong"] + ["chow"] * chows)
            if kind == "chow":
                t -= max(0, t % 9 - 6)
                melds.append((kind, [t, t + 1, t + 2]))
            else:
                melds.append((kind, [t] * (3 if kind == "pung" else 4)))
        counts[tile()] += 2
        for _ in range(4 - n_melds):
            t = tile()
            if rng.random() < 0.5 and t % 9 < 7:
                counts[t:t + 3] += 1
            else:
                counts[t] += 3
        if (counts + copies_of(melds)).max() <= 4:
            break
    roll = rng.random()
    if roll < 0.2 and counts.any():
        counts[rng.choice(np.flatnonzero(counts).tolist())] -= 1
        counts[tile()] += 1
    elif roll < 0.23:
        counts[rng.randrange(34)] = rng.choice([5, -1, 9, 1, 300])
    elif roll < 0.26 and melds:     # a meld no rule allows, or one of honours
        kind = rng.choice(["chow", "pung", "kong"])
        t = rng.choice([7, 8, 17, 27, 31, 33])
        melds[0] = (kind, [t, t + 1, t + 2] if kind == "chow" else [t] * (3 + (kind == "kong")))
    flags = 0
    for bit in WinFlag:
        if bit and rng.random() < 0.15:
            flags |= int(bit)
    held = np.flatnonzero(counts > 0).tolist() or [0]
    return counts, melds, flags, rng.choice(held)


def _suited_scalar(room, counts, melds, flags, win):
    from mahjong.ruleset import WinFlag

    if (counts < 0).any() or (counts > 4).any():
        return "err", "counts"
    if any(max(tiles) > 33 for _, tiles in melds):
        return "err", "meld"            # no such tile
    if int(counts.sum()) + 3 * len(melds) != 14:
        return "err", "size"            # scalar score also reads 13 tiles plus win_tile
    if room == "sichuan" and flags & WinFlag.FIRST_ROUND:
        return "err", "first_round"     # Sichuan's score has no first_round
    kw = {name: bool(flags & int(WinFlag[name.upper()])) for name in FLAG_NAMES
          if room == "yunnan" or name != "first_round"}
    ids = [t for t in range(34) for _ in range(int(counts[t]))]
    return outcome(lambda: get_ruleset(room).score(ids, melds, win_tile=win, **kw))


@settings(max_examples=400)
@given(st.sampled_from(["sichuan", "yunnan"]),
       st.lists(st.integers(0, 2**32), min_size=1, max_size=6))
def test_suited_rooms_score_batch_rows_equal_scalar_score(room, seeds):
    import random

    rows = [suited_holding(random.Random(seed), chows=room == "yunnan") for seed in seeds]
    scalar = [_suited_scalar(room, *row) for row in rows]
    melds = np.zeros((len(rows), 4, 2), np.int64)
    kind_code = {"chow": 1, "pung": 2, "kong": 3, "concealed_kong": 4}
    for i, (_, ms, _, _) in enumerate(rows):
        for j, (kind, tiles) in enumerate(ms):
            melds[i, j] = (kind_code[kind], tiles[0])
    got = outcome(lambda: get_ruleset(room).score_batch(
        np.stack([r[0] for r in rows]), melds, np.array([r[2] for r in rows]),
        win_tiles=[r[3] for r in rows]))
    event(f"batch {got[0]}")
    if got[0] == "err":        # an illegal hand: the batch names it; scalar score refuses it
        row = ROW_OF.search(str(got[1]))
        assert row and scalar[int(row.group(1))][0] == "err", (scalar, got[1])
        want = scalar[int(row.group(1))][1]
        if isinstance(want, MahjongError):
            assert type(want) is type(got[1]), (want, got[1])
        return
    out = got[1]
    for i, (kind, value) in enumerate(scalar):
        event(f"scalar {kind}")
        if kind == "ok":
            assert out["status"][i] == 0 and out["fan"][i] == value.fan, (i, value)
            assert out["value"][i] == value.value, i
        else:
            assert out["status"][i] != 0 and out["fan"][i] == 0, (i, value)


# --- Huanggang score_batch ----------------------------------------------------------------

HG_SPOILS = ["count", "fewer", "more", "meld_tile", "meld_kind", "flags", "single",
             "chow_honour", "indicator", "dealer"]


def huanggang_row(seed, spoil):
    """One batch row of Huanggang (indicator, counts, melds (4, 2), singles (2,), flags,
    dealer), from the generator of mostly winning holdings, maybe spoiled."""
    import random

    from huanggang_gen import random_holding

    np_rng, rng = np.random.default_rng(seed), random.Random(seed)
    row = None
    while row is None:
        row = random_holding(np_rng)
    ind, counts, melds, singles, flags, dealer = row
    counts, melds, singles = (np.array(a, np.int64) for a in (counts, melds, singles))
    flags, dealer = int(flags), int(dealer)
    if spoil == "count":
        counts[rng.randrange(34)] = rng.choice([5, -1, 300])
    elif spoil == "fewer" and counts.any():
        counts[rng.choice(np.flatnonzero(counts).tolist())] -= 1
    elif spoil == "more":
        counts[rng.randrange(34)] += 1
    elif spoil == "meld_tile" and melds[0, 0]:
        melds[0, 1] = rng.randrange(34)
    elif spoil == "meld_kind" and melds[0, 0]:
        melds[0, 0] = rng.choice([1, 2, 3, 4])
    elif spoil == "flags":
        flags = rng.choice([1, 2, 3, 8, 9, 16, 17, 18, 19, 24, 25, 26, 27])
    elif spoil == "single":
        singles[rng.randrange(2)] += rng.choice([1, 2])
    elif spoil == "chow_honour" and melds[0, 0]:
        melds[0] = (1, rng.choice([27, 31, 7, 8]))
    elif spoil == "indicator":
        ind = rng.randrange(34)
    elif spoil == "dealer":
        dealer = rng.choice([0, 1, 2, -1])
    return ind, counts, melds, singles, flags, dealer


def _huanggang_scalar(row, rules):
    import mahjong.huanggang as hg
    from huanggang_gen import row_as_scalar

    ind, counts, melds, singles, flags, dealer = row
    if (counts < 0).any() or (counts > 4).any():
        return "err", "counts"
    if dealer not in (0, 1):
        return "err", "dealer"             # scalar score takes true or false only
    if any(k == 1 and (t >= 27 or t % 9 > 6) for k, t in melds):
        return "err", "chow"               # no chow starts there
    if int(counts.sum()) + 3 * int((melds[:, 0] != 0).sum()) != 14:
        return "err", "size"               # scalar score also reads 13 plus win_tile
    args = row_as_scalar(ind, counts, melds, singles, flags, bool(dealer))
    return outcome(lambda: hg.score(rules=rules, **args)), args["win_tile"]


@settings(max_examples=500)
@given(st.lists(st.tuples(st.integers(0, 2**32), st.sampled_from([None] * 8 + HG_SPOILS)),
                min_size=1, max_size=5),
       st.sampled_from([{}, {"kaikou_mode": "kaikou"}, {"laizipi_special": True}]),
       st.sampled_from([1, 2]))
def test_huanggang_score_batch_rows_equal_scalar_score(draws, options, threads):
    import mahjong.huanggang as hg

    rules = hg.Rules.from_mapping(options)
    rows = [huanggang_row(seed, spoil) for seed, spoil in draws]
    scalar = [_huanggang_scalar(row, rules) for row in rows]
    wins = [s[1] if isinstance(s[1], int) else int(np.flatnonzero(r[1] > 0)[0])
            if (r[1] > 0).any() else 0 for s, r in zip(scalar, rows)]
    results = [s[0] if isinstance(s[1], int) else s for s in scalar]
    got = outcome(lambda: hg.score_batch(
        np.stack([r[1] for r in rows]), np.stack([r[2] for r in rows]),
        indicator=np.array([r[0] for r in rows]), flags=np.array([r[4] for r in rows]),
        single_kongs=np.stack([r[3] for r in rows]), dealer=np.array([r[5] for r in rows]),
        rules=rules, win_tiles=wins, threads=threads))
    event(f"batch {got[0]}")
    if got[0] == "err":
        row = ROW_OF.search(str(got[1]))
        if row:
            assert results[int(row.group(1))][0] == "err", (results, got[1])
            want = results[int(row.group(1))][1]
            if isinstance(want, MahjongError):
                assert type(want) is type(got[1]), (want, got[1])
        else:     # refused as a whole (an argument of every row): some row is refused
            assert any(kind == "err" for kind, _ in results), got[1]
        return
    out = got[1]
    for i, (kind, value) in enumerate(results):
        event(f"scalar {kind}")
        if kind == "ok":
            assert out["status"][i] == 0, (i, value)
            assert (out["base"][i], out["payer_base"][i], out["fan"][i], bool(out["hard"][i])
                    ) == (value.base, value.payer_base, value.fan, value.hard), i
        else:
            assert out["status"][i] != 0, (i, value)


def test_discard_table_names_the_batch_row_whose_melds_leave_no_void_suit():
    """discard_table analyses each discard of each row as a row of its own: a row whose
    melds hold every suit that could be void was named by that inner row's number
    ("locked row 8" in a batch of 3 rows)."""
    counts = np.zeros((3, 34), np.int64)
    counts[:2, :4] = [4, 4, 4, 2]
    counts[2, :2] = 1
    locked = np.zeros((3, 34), np.int64)
    locked[2, :4] = 3
    assert outcome(lambda: mahjong.discard_analysis(
        counts[2], [("pung", [t] * 3) for t in range(4)], rules="guobiao",
        void_suit="m"))[0] == "err"
    with pytest.raises(MahjongError, match=r"locked row 2: the melds hold a tile of every"):
        batch.discard_table(counts, n_melds=np.array([0, 0, 4]), locked=locked,
                            rules="guobiao", void_suit="m")


def test_huanggang_laizi_kongs_count_toward_the_four_copies():
    """Three 赖子 kongs (one copy each) beside two 赖子 in the hand are five copies: scalar
    score refuses the holding, the batch scored it a win (the kongs' copies uncounted)."""
    import mahjong.huanggang as hg

    counts = np.zeros(34, np.int64)
    counts[[1, 2, 4, 6, 14]] = [3, 1, 1, 1, 2]           # 6p (the 赖子 under 5p) twice
    melds = np.array([[2, 8], [1, 1], [0, 0], [0, 0]])
    ids = [t for t in range(34) for _ in range(int(counts[t]))]
    scalar = outcome(lambda: hg.score(
        ids, [("pung", [8] * 3), ("chow", [1, 2, 3])] + [("single_kong", [33])]
        + [("single_kong", [14])] * 3, win_tile=4, indicator=13))
    assert scalar[0] == "err" and "5 copies of 6p" in str(scalar[1])
    with pytest.raises(MahjongError, match=r"row 1: 5 copies of 6p \(the 赖子\)"):
        hg.score_batch(np.stack([counts, counts]), np.stack([melds, melds]), indicator=13,
                       single_kongs=np.array([[1, 2], [1, 3]]))


# --- mahjong.dask: chunked results equal the numpy batch ------------------------------------

@st.composite
def dask_calls(draw, full=False):
    """(rows, per-row keywords for the numpy and dask calls, one-for-all keywords, chunk
    rows): hand rows as for the batch tests, without rule sets (the dask functions have
    none)."""
    rows = draw(st.lists(hand_rows(full), min_size=1, max_size=6))
    counts, extra = _batch_args(rows, None)
    kw = {"forms": draw(st.sampled_from(FORMS))}
    if draw(st.booleans()):
        extra["wildcard"] = np.array(draw(st.lists(st.integers(-1, 33), min_size=len(rows),
                                                   max_size=len(rows))))
    if draw(st.booleans()):
        del extra["locked"]
    return counts, extra, kw, draw(st.integers(1, 3))


def _same_refusal(numpy_got, dask_got, one_row):
    """Both refuse, and the row the dask error names (in the whole array) is refused by the
    numpy batch of that row alone."""
    assert dask_got[0] == "err", dask_got
    named = _ROW_NAMED.search(str(dask_got[1]))
    if named:
        assert one_row(int(named.group(1)))[0] == "err", dask_got[1]


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(dask_calls())
def test_dask_shanten_and_useful_tiles_equal_the_numpy_batch(call):
    mjd = _dask()
    import dask.array as da

    counts, extra, kw, chunk = call
    chunked = {k: da.from_array(v, chunks=(chunk,) + v.shape[1:]) for k, v in extra.items()}
    hands = da.from_array(counts, chunks=(chunk, 34))
    for numpy_f, dask_f in ((batch.shanten, mjd.shanten),
                            (batch.useful_tiles, mjd.useful_tiles)):
        want = outcome(lambda: numpy_f(counts, **kw, **extra))
        got = outcome(lambda: dask_f(hands, **kw, **chunked).compute(scheduler="sync"))
        event(f"numpy {want[0]}")
        if want[0] == "ok":
            assert got[0] == "ok" and np.array_equal(got[1], want[1]), got
        else:
            _same_refusal(want, got, lambda i: outcome(lambda: numpy_f(
                counts[i:i + 1], **kw, **{k: v[i:i + 1] for k, v in extra.items()})))


@settings(max_examples=100, suppress_health_check=[HealthCheck.filter_too_much])
@given(dask_calls(full=True))
def test_dask_discard_table_equals_the_numpy_batch(call):
    mjd = _dask()
    import dask.array as da

    counts, extra, kw, chunk = call
    chunked = {k: da.from_array(v, chunks=(chunk,) + v.shape[1:]) for k, v in extra.items()}
    want = outcome(lambda: batch.discard_table(counts, **kw, **extra))
    got = outcome(lambda: tuple(t.compute(scheduler="sync") for t in mjd.discard_table(
        da.from_array(counts, chunks=(chunk, 34)), **kw, **chunked)))
    event(f"numpy {want[0]}")
    if want[0] == "ok":
        assert got[0] == "ok", got
        assert all(np.array_equal(a, b) for a, b in zip(got[1], want[1]))
    else:
        _same_refusal(want, got, lambda i: outcome(lambda: batch.discard_table(
            counts[i:i + 1], **kw, **{k: v[i:i + 1] for k, v in extra.items()})))


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(0, 2**32), st.sampled_from([None] * 4 + list(GB_SPOILS))),
                min_size=1, max_size=6),
       st.integers(1, 3))
def test_dask_guobiao_score_batch_equals_the_numpy_batch(draws, chunk):
    import random

    import gb_hand_gen as gen
    from mahjong.guobiao import score_batch

    mjd = _dask()
    import dask
    import dask.array as da

    hands = [GB_SPOILS[s](random.Random(seed), gen.random_hand(random.Random(seed)))
             if s else gen.random_hand(random.Random(seed)) for seed, s in draws]
    melds = np.zeros((len(hands), 4, 2), np.int64)
    for i, hand in enumerate(hands):
        for j, m in enumerate(hand[2]):
            melds[i, j] = m
    conc = np.stack([h[0] for h in hands]).astype(np.int64)
    columns = [np.array([h[k] for h in hands], np.int64) for k in (1, 3, 4, 5, 6)]
    want = score_batch(conc, columns[0], melds, *columns[1:])
    lazy = mjd.score_batch(da.from_array(conc, chunks=(chunk, 34)),
                           *[da.from_array(c, chunks=chunk) for c in columns[:1]],
                           da.from_array(melds, chunks=(chunk, 4, 2)),
                           *[da.from_array(c, chunks=chunk) for c in columns[1:]])
    got = dask.compute(*lazy, scheduler="sync")
    assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])


def test_a_per_row_wildcard_outside_the_tile_set_is_refused_as_the_scalar_refuses_it():
    """The per-row wildcard outside the rule set's tiles was a plain MahjongError; the
    scalar call (and the batch's one wildcard for every row) raise InvalidHandError."""
    from mahjong.errors import InvalidHandError

    hand = mahjong.tile_counts("123456789m1p234s")
    scalar = outcome(lambda: mahjong.shanten(hand, rules="sichuan", wildcard=31))
    assert scalar[0] == "err" and type(scalar[1]) is InvalidHandError
    with pytest.raises(InvalidHandError, match="wildcard row 1 is 5z, not a tile of sichuan"):
        batch.shanten(np.stack([hand, hand]), rules="sichuan", wildcard=np.array([-1, 31]))


@pytest.mark.parametrize("kongs, indicator, options, top", [
    (9, "3p", {}, 8), (8, "7z", {}, 7), (12, "3p", {"laizipi_special": True}, 11)])
def test_huanggang_more_fixed_single_kongs_than_copies_are_refused(kongs, indicator, options,
                                                                   top):
    """Single kongs of 红中/发财 beyond their copies (five 红中 kongs is five copies: scalar
    score refuses it) scored a win with one more 番 per kong."""
    import mahjong.huanggang as hg

    assert outcome(lambda: hg.score(
        "234s567s55m", [("chow", "345m"), ("kong", "8888s")] + [("single_kong", ["7z"])] * 5,
        win_tile="5m", indicator="3p", self_drawn=True))[0] == "err"
    hand = np.array([mahjong.tile_counts("234s567s55m")] * 2, np.uint8)
    melds = np.array([[[1, 2], [3, 16], [0, 0], [0, 0]]] * 2, np.uint8)
    ok = hg.score_batch(hand, melds, indicator=indicator, flags=np.array([1, 1]),
                        single_kongs=np.array([[top, 0], [top, 0]]), rules=options)
    assert ok["status"].tolist() == [0, 0]
    with pytest.raises(MahjongError, match=f"row 1: {kongs} single kongs of 红中/发财"):
        hg.score_batch(hand, melds, indicator=indicator, flags=np.array([1, 1]),
                       single_kongs=np.array([[top, 0], [kongs, 0]]), rules=options)


# --- the rooms' score_batch: whole-array misuse names the argument ---------------------------

OBJECTS = np.array([[object()] * 34], dtype=object)
NAN_ROW = np.full((1, 34), np.nan)


def _gb(*args, **kw):
    return get_ruleset("guobiao").score_batch(*args, **kw)


def _suited(room):
    return lambda *args, **kw: get_ruleset(room).score_batch(*args, **kw)


def _hg(*args, **kw):
    return get_ruleset("huanggang").score_batch(*args, **kw)


H13 = mahjong.tile_counts("11123m555s77799p")[None]
H14 = mahjong.tile_counts("11m22m3333m55p66p77p")[None]


@pytest.mark.parametrize("name, call", [
    ("concealed", lambda: _gb(np.zeros((1, 1, 34), np.uint8), [0])),
    ("concealed", lambda: _gb(OBJECTS, [0])),
    ("concealed", lambda: _gb(NAN_ROW, [0])),
    ("concealed", lambda: _gb(RAGGED, [0])),
    ("win_tile", lambda: _gb(H13, [0, 1])),
    ("win_tile", lambda: _gb(H13, [np.nan])),
    ("melds", lambda: _gb(H13, [0], np.zeros((1, 5, 2), int))),
    ("melds", lambda: _gb(H13, [0], np.full((1, 4, 2), np.nan))),
    ("flags", lambda: _gb(H13, [0], flags=np.array([np.nan]))),
    ("seat_wind", lambda: _gb(H13, [0], seat_wind=[0, 1])),
    ("flowers", lambda: _gb(H13, [0], flowers=-1)),
    ("hands", lambda: _suited("sichuan")(np.zeros((1, 1, 34), np.uint8))),
    ("hands", lambda: _suited("yunnan")(OBJECTS)),
    ("hands", lambda: _suited("sichuan")(NAN_ROW)),
    ("hands", lambda: _suited("yunnan")(RAGGED)),
    ("melds", lambda: _suited("sichuan")(H14, np.full((1, 4, 2), np.nan))),
    ("melds", lambda: _suited("yunnan")(H14, np.zeros((2, 4, 2), int))),
    ("flags", lambda: _suited("sichuan")(H14, flags=np.array([1, 2]))),
    ("flags", lambda: _suited("yunnan")(H14, flags=np.array([np.nan]))),
    ("win_tiles", lambda: _suited("sichuan")(H14, win_tiles=[1, 2])),
    ("hands", lambda: _hg(np.zeros((1, 1, 34), np.uint8), indicator="3p")),
    ("hands", lambda: _hg(OBJECTS, indicator="3p")),
    ("hands", lambda: _hg(RAGGED, indicator="3p")),
    ("indicator", lambda: _hg(H14, indicator=np.array([1, 2]))),
    ("melds", lambda: _hg(H14, np.full((1, 4, 2), 2**40), indicator="3p")),
    ("flags", lambda: _hg(H14, indicator="3p", flags=np.array([-1]))),
    ("dealer", lambda: _hg(H14, indicator="3p", dealer=np.array([np.nan]))),
    ("single_kongs", lambda: _hg(H14, indicator="3p", single_kongs=np.full((1, 2), np.nan))),
    ("win_tiles", lambda: _hg(H14, indicator="3p", win_tiles=[1, 2])),
])
def test_room_batch_misuse_names_the_argument(name, call):
    with pytest.raises(MahjongError, match=name):
        call()
