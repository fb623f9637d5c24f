"""The scalar Guobiao API: mahjong.guobiao.score, its result types, wait_values.

The fan logic itself is the kernel's (tests/test_gb_kernel*.py, test_gb_differential.py);
here the API's own work is checked: every input notation and meld form reaches the kernel
as the same hand, every context flag is passed on, every bad input is a clear ValueError
naming the field, and the result objects are consistent — against hand-checked goldens
(the worked examples of the rules text), the reference calculator (pymahjonggb) and the batch kernel.
"""
import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong
from mahjong import (InvalidContextError, InvalidHandError, Meld, NotWinningError,
                     TileParseError, format_tiles)
from mahjong.guobiao import FAN_BY_NAME_EN, FANS, FanId, ScoreResult, score, wait_values
from mahjong.guobiao.scoring import prepare

import gb_hand_gen as gen

import MahjongGB  # the reference calculator (test extra): our oracle

# the repository copy of shared/data/gb_tricky_cases.jsonl (88 hands, reference answers)
TRICKY = Path(__file__).parent / "data" / "gb_tricky_cases.jsonl"

REF_TO_ID = {name: i for i, name in enumerate(gen.REFERENCE_NAMES)}
KIND_NAMES = {gen.CHOW: "chow", gen.PUNG: "pung", gen.KONG: "kong",
              gen.CONCEALED_KONG: "concealed_kong"}


def fan_list(result: ScoreResult):
    return [(f.points, f.count, f.name, f.name_en) for f in result.fans]


def display_order(reference_fans):
    """The reference's (points, count, zh, en) rows in our display order: highest points
    first, ties in table order, 花牌 last (the reference prints table order)."""
    rows = [tuple(r) for r in reference_fans]
    return sorted(rows, key=lambda r: (r[3] == "Flower Tiles", -r[0],
                                       FAN_BY_NAME_EN[r[3]].id))


# --- hand-checked goldens (RULES.md §2.7, standard rules) ---------------------------------

GOLDEN = [
    # RULES.md §2.7 example 1: 断幺 2 + 单钓将 1 = 3, below the minimum
    dict(tiles="678s5p", melds=[("chow", "234m"), ("chow", "456p"), ("pung", "222s")],
         win_tile="5p", seat_wind="S", expect={"断幺": 1, "独听・单钓": 1}, total=3),
    # example 2: 碰碰和 6 + 混一色 6 + 箭刻 2
    dict(tiles="222m88m11z", melds=[("pung", "777z"), ("pung", "555m")], win_tile="8m",
         seat_wind="S", expect={"碰碰和": 1, "混一色": 1, "箭刻": 1}, total=14),
    # example 3: 平和 2 + 断幺 2 + 不求人 4 + 连六 1 + 单钓将 1
    dict(tiles="234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N",
         expect={"平和": 1, "断幺": 1, "不求人": 1, "连六": 1, "独听・单钓": 1}, total=10),
    # example 4: 七对 24 + 断幺 2
    dict(tiles="22m33m44p55p66s77s8s", win_tile="8s", seat_wind="W",
         expect={"七对": 1, "断幺": 1}, total=26),
    # example 5: robbing 4p: 清龙 16 + 抢杠和 8 + 平和 2 + 门前清 2 + 嵌张 1
    dict(tiles="123m456m789m35p99s", win_tile="4p", robbing_kong=True, seat_wind="S",
         expect={"清龙": 1, "抢杠和": 1, "平和": 1, "门前清": 1, "独听・嵌张": 1}, total=29),
    # example 6: 十三幺 88 alone (五门齐/门前清/单钓 not counted)
    dict(tiles="19m19p19s1234567z", win_tile="7z", expect={"十三幺": 1}, total=88),
    # flowers: +1 each, not toward the minimum (無番和 8 + 3 flowers)
    dict(tiles="789m444s34pCC", melds=[("chow", "123p")], win_tile="5p", flowers=3,
         expect={"无番和": 1, "花牌": 3}, total=11),
    # seat and round wind by name: an East pung for seat E and round E
    dict(tiles="234m567s789pN", melds=[("pung", "EEE")], win_tile="N", seat_wind="东",
         round_wind="east", expect={"圈风刻": 1, "门风刻": 1, "独听・单钓": 1}, total=5),
]


@pytest.mark.parametrize("case", GOLDEN, ids=[f"golden{i}" for i in range(len(GOLDEN))])
def test_golden_hands(case):
    case = dict(case)
    expect, total = case.pop("expect"), case.pop("total")
    tiles = case.pop("tiles")
    melds = case.pop("melds", ())
    result = score(tiles, melds, **case)
    if expect is not None:
        assert result.fan_counts() == expect
        assert result.total == total
        assert result.base_total == total - case.get("flowers", 0)
        assert result.meets_minimum == (result.base_total >= 8)
    assert result.total == sum(f.points * f.count for f in result.fans)


def test_wind_pung_of_seat_and_round():
    # a lone East wind pung with seat = round = East: 圈风刻 and 门风刻, no 幺九刻
    r = score("234m567s789p4z", [("pung", "111z")], win_tile="4z", seat_wind="E",
              round_wind="E")
    assert r.fan_counts().get("圈风刻") == 1 and r.fan_counts().get("门风刻") == 1
    assert "幺九刻" not in r.fan_counts()
    r2 = score("234m567s789p4z", [("pung", "111z")], win_tile="4z", seat_wind="S",
               round_wind="W")
    assert "圈风刻" not in r2.fan_counts() and "门风刻" not in r2.fan_counts()
    assert r2.fan_counts().get("幺九刻") == 1


def test_below_minimum_is_returned_not_raised():
    r = score("678s5p", [("chow", "234m"), ("chow", "456p"), ("pung", "222s")], win_tile="5p")
    assert r.total == 3 and not r.meets_minimum
    assert "below the 8-fan minimum" in r.table()


def test_flowers_do_not_count_toward_minimum():
    # 门前清 2 + 平和 2 + 断幺 2 + 连六 1 = 7 (checked with the reference); 2 flowers make
    # the total 9, still not a legal win
    r = score("234m567m345p67s88s", win_tile="8s", flowers=2)
    assert (r.base_total, r.total) == (7, 9)
    assert not r.meets_minimum
    assert r.fan_counts() == {"门前清": 1, "平和": 1, "断幺": 1, "连六": 1, "花牌": 2}


# --- the 88 tricky cases of the reference (shared/data), through the public API ----------

def _tricky_cases():
    with open(TRICKY, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _tricky_args(case):
    """score() arguments for a tricky case (reference packs -> melds)."""
    standing = [REF_TO_ID[t] for t in case["hand"]]
    melds = []
    for kind, tile, offer in case["pack"]:
        t = REF_TO_ID[tile]
        if kind == "CHI":
            melds.append(("chow", [t - 1, t, t + 1]))
        elif kind == "PENG" and offer == 0:
            standing += [t] * 3  # the wrapper's concealed pung = three standing tiles
        elif kind == "PENG":
            melds.append(("pung", [t] * 3))
        else:
            melds.append(("concealed_kong" if offer == 0 else "kong", [t] * 4))
    sd, kong = case["self_drawn"], case["kong"]
    return standing, melds, dict(
        win_tile=case["win"], self_drawn=sd, fourth_tile=case["fourth"],
        replacement=sd and kong, robbing_kong=kong and not sd, last_tile=case["wall_last"],
        seat_wind=case["seat"], round_wind=case["prevalent"], flowers=case["flowers"])


def _context_possible(standing, melds, kw):
    """Our rules (the reference drops such flags silently; we reject them)."""
    win = REF_TO_ID[kw["win_tile"]]
    held = standing.count(win) + sum(list(tiles).count(win) for _, tiles in melds)
    if kw["replacement"] and not any(k in ("kong", "concealed_kong") for k, _ in melds):
        return False
    if kw["robbing_kong"] and held:
        return False
    if kw["fourth_tile"] and standing.count(win):
        return False
    return 0 <= kw["seat_wind"] <= 3 and 0 <= kw["round_wind"] <= 3 and kw["flowers"] <= 8


@pytest.mark.parametrize("case", _tricky_cases(), ids=lambda c: c["note"][:40])
def test_tricky_cases(case):
    standing, melds, kw = _tricky_args(case)
    everything = standing + [REF_TO_ID[kw["win_tile"]]] + [t for _, ts in melds for t in ts]
    if max(everything.count(t) for t in everything) > 4:  # we reject a fifth copy
        with pytest.raises(InvalidHandError, match="copies|fifth"):
            score(standing, melds, **kw)
        return
    if "error" in case:
        exc = NotWinningError if "NOT_WIN" in case["error"] else InvalidHandError
        with pytest.raises(exc):
            score(standing, melds, **kw)
        return
    if not _context_possible(standing, melds, kw):
        with pytest.raises(InvalidContextError):
            score(standing, melds, **kw)
        return
    result = score(standing, melds, **kw)
    assert fan_list(result) == display_order(case["expected"])
    assert result.total == case["total"]
    assert result.base_total == case["total_without_flowers"]


# --- differential: every notation and meld form, against the reference --------------------

def _notations(ids, rng):
    style = rng.choice(("tenhou", "reference", "unicode", "chinese", "ids", "shuffled"))
    if style == "ids":
        return list(ids)
    if style == "shuffled":
        shuffled = list(ids)
        rng.shuffle(shuffled)
        return format_tiles(shuffled, "tenhou")
    return format_tiles(ids, style)


def _meld_form(kind, tile, rng):
    tiles = [tile, tile + 1, tile + 2] if kind == gen.CHOW else [tile] * (
        4 if kind in (gen.KONG, gen.CONCEALED_KONG) else 3)
    name = KIND_NAMES[kind]
    form = rng.randrange(4)
    if form == 0:
        return (name, format_tiles(tiles))
    if form == 1:
        return {"type": name, "tiles": format_tiles(tiles, "reference")}
    if form == 2:
        return Meld(name, tiles)
    return [name, tiles]


def _wind_form(wind, rng):
    return rng.choice((wind, "ESWN"[wind], ("east", "south", "west", "north")[wind],
                       f"{wind + 1}z", "东南西北"[wind]))


def _api_args(hand, rng):
    h, win, melds, flags, seat, rnd, flowers = hand
    ids = [t for t in range(34) for _ in range(int(h[t]))]
    return _notations(ids, rng), [_meld_form(k, t, rng) for k, t in melds], dict(
        win_tile=rng.choice((win, format_tiles([win]), format_tiles([win], "reference"))),
        self_drawn=bool(flags & gen.SELF_DRAWN), fourth_tile=bool(flags & gen.FOURTH_TILE),
        replacement=bool(flags & gen.REPLACEMENT), robbing_kong=bool(flags & gen.ROBBING_KONG),
        last_tile=bool(flags & gen.LAST_OF_WALL), seat_wind=_wind_form(seat, rng),
        round_wind=_wind_form(rnd, rng), flowers=flowers)


def test_differential_against_reference():
    """score() in every notation == the reference's fan list, on generated winning hands."""
    rng = random.Random(20240611)
    hands = gen.generate(15000, seed=11)
    mismatches = []
    for hand in hands:
        tiles, melds, kw = _api_args(hand, rng)
        ref = MahjongGB.MahjongFanCalculator(**gen.reference_kwargs(hand))
        expected = display_order(ref)
        got = fan_list(score(tiles, melds, **kw))
        if got != expected:
            mismatches.append((tiles, melds, kw, got, expected))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"


def test_scalar_equals_batch_kernel():
    """score() and the batch kernel agree row by row (totals, fan counts, validity)."""
    from mahjong.guobiao import _kernel as _gb

    rng = random.Random(5)
    hands = gen.generate(10000, seed=23)
    # spoil some rows: impossible contexts, broken hands
    spoiled = []
    for h, win, melds, flags, seat, rnd, flowers in hands:
        roll = rng.random()
        h = h.copy()
        if roll < 0.05:
            flags |= gen.REPLACEMENT | gen.SELF_DRAWN
        elif roll < 0.10:
            flags = (flags | gen.ROBBING_KONG) & ~gen.SELF_DRAWN & ~gen.REPLACEMENT
        elif roll < 0.15:
            t = rng.randrange(34)
            if h[t] and h.sum() > 1:
                h[t] -= 1
                h[(t + 1) % 34] += 1
        spoiled.append((h, win, melds, flags, seat, rnd, flowers))
    arrays = gen.to_arrays(spoiled)
    totals, fan_counts = _gb.score_batch_kernel(*arrays, 1)
    for i, (h, win, melds, flags, seat, rnd, flowers) in enumerate(spoiled):
        ids = [t for t in range(34) for _ in range(int(h[t]))]
        kw = dict(win_tile=win, self_drawn=bool(flags & 1), fourth_tile=bool(flags & 2),
                  replacement=bool(flags & 4), robbing_kong=bool(flags & 8),
                  last_tile=bool(flags & 16), seat_wind=seat, round_wind=rnd,
                  flowers=flowers)
        meld_list = [(KIND_NAMES[k], [t, t + 1, t + 2] if k == gen.CHOW else [t] * (
            3 if k == gen.PUNG else 4)) for k, t in melds]
        if totals[i] < 0:
            expected_exc = {-1: NotWinningError, -2: InvalidHandError,
                            -4: InvalidContextError}[int(totals[i])]
            with pytest.raises(expected_exc):
                score(ids, meld_list, **kw)
            continue
        result = score(ids, meld_list, **kw)
        assert result.total == totals[i]
        ids_order = [f.id for f in result.fans]
        assert ids_order == sorted(ids_order, key=lambda i: (i == FanId.FLOWER_TILES,
                                                             -FANS[i].points, i))
        row = np.zeros(len(FANS), np.uint8)
        for f in result.fans:
            row[f.id] = f.count
        assert (row == fan_counts[i]).all()


def test_public_score_batch_matches_scalar():
    from mahjong.guobiao import batch
    hands = gen.generate(300, seed=3)
    totals, fan_counts = batch.score_batch(*gen.to_arrays(hands))
    for i, (h, win, melds, flags, seat, rnd, flowers) in enumerate(hands):
        ids = [t for t in range(34) for _ in range(int(h[t]))]
        meld_list = [Meld(KIND_NAMES[k], [t, t + 1, t + 2] if k == gen.CHOW else [t] * (
            3 if k == gen.PUNG else 4)) for k, t in melds]
        r = score(ids, meld_list, win_tile=win, self_drawn=bool(flags & 1),
                  fourth_tile=bool(flags & 2), replacement=bool(flags & 4),
                  robbing_kong=bool(flags & 8), last_tile=bool(flags & 16), seat_wind=seat,
                  round_wind=rnd, flowers=flowers)
        assert r.total == totals[i]
        assert {f.id: f.count for f in r.fans} == {
            j: int(c) for j, c in enumerate(fan_counts[i]) if c}


# --- result objects -----------------------------------------------------------------------

def test_result_fields_and_decomposition():
    # 箭刻 2 + 幺九刻 1 + 自摸 1 + 花牌 1 + 明暗杠 5 = 10 (checked with the reference)
    r = score("23m55z", [("pung", "777z"), ("kong", "5555p"), ("concealed_kong", "9999s")],
              win_tile="1m", self_drawn=True, flowers=1)
    assert isinstance(r, ScoreResult)
    assert (r.total, r.base_total, r.flowers) == (10, 9, 1)
    assert r.self_drawn and not r.robbing_kong and r.win_tile == 0
    d = r.decomposition
    assert d.form == "regular" and d.pair == 31
    melded = [s for s in d.sets if s.melded]
    assert sorted(s.kind for s in melded) == ["kong", "kong", "pung"]
    assert [s.concealed for s in melded if s.tiles[0] == 26] == [True]
    assert [s.concealed for s in melded if s.tiles[0] == 13] == [False]
    chows = [s for s in d.sets if s.kind == "chow"]
    assert chows and chows[0].tiles == (0, 1, 2) and not chows[0].melded
    # every tile of the hand is in the decomposition's tile list (a kong counted as 4)
    assert d.tiles == tuple(sorted([0, 1, 2, 33, 33, 33] + [13] * 4 + [26] * 4 + [31, 31]))
    assert str(d) == "regular: 123m 55z [777z] [5555p] (9999s)"
    with pytest.raises(Exception):
        r.total = 5  # frozen


def test_decomposition_of_special_forms():
    assert score("19m19p19s1234567z", win_tile="1z").decomposition.form == "thirteen_orphans"
    sp = score("22m33m44p55p66s77s8s", win_tile="8s").decomposition
    assert sp.form == "seven_pairs" and sp.sets == ()
    ks = score("147m258s3666789p", win_tile="6p").decomposition
    assert ks.form == "knitted_straight"
    assert set(ks.knitted) == {0, 3, 6, 19, 22, 25, 11, 14, 17}
    assert ks.pair == 14 and [s.tiles for s in ks.sets] == [(14, 15, 16)]
    nine = score("1112345678999m", win_tile="5m").decomposition
    assert nine.form == "nine_gates"


def test_decomposition_tiles_cover_hand():
    rng = random.Random(8)
    for hand in gen.generate(200, seed=5):
        tiles, melds, kw = _api_args(hand, rng)
        r = score(tiles, melds, **kw)
        d = r.decomposition
        h, win, hand_melds = hand[0], hand[1], hand[2]
        expected = sorted([t for t in range(34) for _ in range(int(h[t]))] + [win] + [
            x for k, t in hand_melds for x in (
                (t, t + 1, t + 2) if k == gen.CHOW else (t,) * (3 if k == gen.PUNG else 4))])
        assert list(d.tiles) == expected
        if d.form == "regular":
            set_tiles = sorted([x for s in d.sets for x in s.tiles] + [d.pair, d.pair])
            assert set_tiles == expected
            assert sum(s.melded for s in d.sets) == len(hand_melds)


def test_to_json_and_table():
    r = score("234m567m345p678s2s", win_tile="2s", self_drawn=True)
    row = r.to_dict()
    assert json.loads(r.to_json()) == row  # to_json() is the JSON text of to_dict()
    assert row["total"] == 10 and row["base_total"] == 10 and row["meets_minimum"] is True
    assert {"name": "平和", "name_en": "All Chows", "points": 2, "count": 1} in row["fans"]
    json.dumps(row, ensure_ascii=False)
    table = r.table()
    assert "All Chows" in table and "平和" in table and table.splitlines()[-1].split()[0] == "10"


def test_fans_carry_table_rows():
    r = score("1112345678999m", win_tile="5m")
    for f in r.fans:
        row = FANS[f.id]
        assert (f.name, f.name_en, f.points) == (row.name, row.name_en, row.points)
        assert f.total == f.points * f.count
    assert r.fans[0].id == FanId.NINE_GATES


# --- error paths --------------------------------------------------------------------------

OK = dict(tiles="123m456p789s1112z", win_tile="2z")


def _call(**changes):
    args = dict(OK)
    args.update(changes)
    tiles = args.pop("tiles")
    melds = args.pop("melds", ())
    return score(tiles, melds, **args)


@pytest.mark.parametrize("changes, exc, words", [
    (dict(tiles="123m456p789s111x2z"), TileParseError, "hand: unknown tile token '111x2z'"),
    (dict(tiles="123m456p789s1118z"), TileParseError, "8z"),
    (dict(tiles="023m456p789s1112z"), TileParseError, "0m"),
    (dict(win_tile="9z"), TileParseError, "win_tile"),
    (dict(win_tile="2z3z"), TileParseError, "win_tile"),
    (dict(win_tile=34), TileParseError, "34"),
    (dict(tiles=[0, 1, 2, 99]), TileParseError, "99"),
    (dict(tiles=42), TileParseError, "hand"),
    (dict(tiles="123m456p789s111z"), InvalidHandError, "12 standing tiles"),
    # 14 tiles are the hand with the winning tile among them (as records give it)
    (dict(tiles="123m456p789s11133z"), InvalidHandError, "do not hold the winning tile 2z"),
    (dict(tiles="123m456p789s111223z"), InvalidHandError, "15 standing tiles"),
    (dict(tiles="456p789s1112z", melds=[("pung", "123m")]), InvalidHandError, "pung"),
    (dict(tiles="456p789s1112z", melds=[("chow", "124m")]), InvalidHandError, "chow"),
    (dict(tiles="456p789s1112z", melds=[("triple", "111m")]), InvalidHandError, "triple"),
    (dict(tiles="456p789s1112z", melds=("chow", "123m")), InvalidHandError, "list of melds"),
    (dict(tiles="456p789s1222z", melds=[("pung", "222z")]), InvalidHandError, "copies of 2z"),
    (dict(tiles="1111m456p789s222z", win_tile="1m"), InvalidHandError, "1m"),
    (dict(tiles="123m456p789s1112z", win_tile="3z"), NotWinningError, "not a winning"),
    (dict(robbing_kong=True), InvalidContextError, "hold a copy of 2z"),
    (dict(tiles="123m456p789s1112z", win_tile="2z", robbing_kong=True, self_drawn=True),
     InvalidContextError, "self_drawn"),
    (dict(replacement=True, self_drawn=True), InvalidContextError, "kong"),
    (dict(tiles="456p789s1112z", melds=[("kong", "1111m")], replacement=True),
     InvalidContextError, "self_drawn"),
    (dict(fourth_tile=True), InvalidContextError, "fourth_tile"),
    (dict(seat_wind=4), InvalidContextError, "seat_wind"),
    (dict(round_wind="middle"), InvalidContextError, "round_wind"),
    (dict(seat_wind=True), InvalidContextError, "seat_wind"),
    (dict(flowers=9), InvalidContextError, "flowers"),
    (dict(flowers=-1), InvalidContextError, "flowers"),
    (dict(flowers=1.5), InvalidContextError, "flowers"),
    (dict(self_drawn="yes"), InvalidContextError, "self_drawn"),
    (dict(last_tile=2), InvalidContextError, "last_tile"),
    (dict(rules="japanese"), InvalidContextError, "rules"),
    (dict(heavenly=True), InvalidContextError, "lianzhong"),
    (dict(heavenly_ready=True), InvalidContextError, "lianzhong"),
])
def test_errors(changes, exc, words):
    with pytest.raises(exc) as info:
        _call(**changes)
    assert words.lower() in str(info.value).lower()
    assert isinstance(info.value, ValueError)


def test_tile_ids_refuse_bools_and_name_the_field_once():
    # bytes() would read True as id 1 (2m): a silently wrong hand, so a bool is refused,
    # in a Python list and in a numpy bool array alike (win_tile already refused it)
    ids = mahjong.parse_tiles("123m456p789s1112z")
    assert score(ids, win_tile="2z").total == _call().total
    for bad in ([True] + ids[1:], ids[:-1] + [False],
                np.array([True] * 13)):
        with pytest.raises(TileParseError, match="bool") as info:
            score(bad, win_tile="2z")
        assert str(info.value).startswith("hand: ")
    with pytest.raises(TileParseError) as info:
        score(None, win_tile="2z")
    assert str(info.value) == ("hand: expected a tile string or a sequence of tile ids, "
                               "got NoneType")


def _outcome(call):
    """A call's result, or its error's type and message."""
    try:
        return call()
    except mahjong.MahjongError as exc:
        return type(exc), str(exc)


def test_prepare_and_kernel_agree_on_validity():
    """Every input the Python validation accepts, the kernel accepts, and vice versa."""
    from mahjong.guobiao import _kernel as _gb

    rng = random.Random(17)
    for _ in range(3000):
        n_melds = rng.randrange(3)
        size = 13 - 3 * n_melds + rng.choice((0, 0, 0, 1, -1))
        standing = [rng.randrange(34) for _ in range(size)]
        melds = [("pung", [t] * 3) for t in rng.sample(range(34), n_melds)]
        if n_melds and rng.random() < 0.5:
            melds[0] = ("kong", [melds[0][1][0]] * 4)
        kw = dict(self_drawn=rng.random() < 0.5, fourth_tile=rng.random() < 0.2,
                  replacement=rng.random() < 0.2, robbing_kong=rng.random() < 0.2,
                  last_tile=rng.random() < 0.1, seat_wind=0, round_wind=0, flowers=0)
        win = rng.randrange(34)
        try:
            counts, w, rows, flags, seat, rnd, fl, _ = prepare(
                standing, melds, win, kw["self_drawn"], kw["fourth_tile"], kw["replacement"],
                kw["robbing_kong"], kw["last_tile"], 0, 0, 0)
            python_ok = True
        except (InvalidHandError, InvalidContextError):
            python_ok = False
        if not python_ok and size == 14 - 3 * n_melds and win in standing:
            # score (not prepare) reads 14 tiles holding the winning tile as 13 + the win
            rest = list(standing)
            rest.remove(win)
            assert (_outcome(lambda: score(standing, melds, win_tile=win, **kw))
                    == _outcome(lambda: score(rest, melds, win_tile=win, **kw)))
            continue
        if not python_ok:
            with pytest.raises((InvalidHandError, InvalidContextError)):
                score(standing, melds, win_tile=win, **kw)
            continue
        bits = [bool(flags & b) for b in (gen.SELF_DRAWN, gen.FOURTH_TILE, gen.REPLACEMENT,
                                          gen.ROBBING_KONG, gen.LAST_OF_WALL)]
        answer = _gb.score_standard(bytes(standing), (), (bytes(v for r in rows for v in r), ()),
                                    win, *bits, 0, 0, 0, {}, {}, {})
        assert type(answer) is bytes or answer == -1, (standing, melds, win, kw, answer)


# --- properties (hypothesis) -----------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 8))
def test_properties(seed, flowers):
    hand = gen.random_hand(random.Random(seed))
    h, win, melds, flags, seat, rnd, _ = hand
    rng = random.Random(seed)
    tiles, meld_forms, kw = _api_args((h, win, melds, flags, seat, rnd, flowers), rng)
    r = score(tiles, meld_forms, **kw)
    assert r.total == sum(f.points * f.count for f in r.fans)
    assert r.base_total == r.total - flowers
    assert r.meets_minimum == (r.base_total >= 8)
    flower_fans = [f for f in r.fans if f.id == FanId.FLOWER_TILES]
    assert (flower_fans[0].count if flower_fans else 0) == flowers
    # the same hand in another notation and another tile order scores the same
    tiles2, meld_forms2, kw2 = _api_args((h, win, melds, flags, seat, rnd, flowers),
                                         random.Random(seed + 1))
    assert score(tiles2, meld_forms2, **kw2).fans == r.fans


# --- wait_values --------------------------------------------------------------------------

def test_wait_values_nine_gates():
    waits = wait_values("1112345678999m", self_drawn=True)
    assert [w.tile for w in waits] == list(range(9))
    for w in waits:
        r = score("1112345678999m", win_tile=w.tile, self_drawn=True)
        assert (w.total, w.fans, w.meets_minimum) == (r.total, r.fans, r.meets_minimum)
        assert w.copies_left == (1 if w.tile in (0, 8) else 3)


def test_wait_values_skips_kinds_held_four_times():
    # 13m waits on 2m (嵌张); with a pung of 2m one copy is left, with a kong none (空听)
    assert [w.name for w in wait_values("13m456p789s55z", [("pung", "222m")])] == ["2m"]
    assert wait_values("13m456p789s55z", [("kong", "2222m")]) == ()
    # 1111234567899m: waits 3m, 6m, 9m (checked with the reference); 1m would be a 5th copy
    waits = wait_values("1111234567899m")
    assert [(w.name, w.total, w.copies_left) for w in waits] == [
        ("3m", 30, 3), ("6m", 30, 3), ("9m", 45, 2)]


def test_wait_values_below_minimum_and_not_ready():
    # 平和 hand waiting on 5s (8 fans with 喜相逢) and 8s (7 fans), checked with the reference
    waits = wait_values("234m567m345p67s88s")
    assert [(w.name, w.total, w.meets_minimum) for w in waits] == [
        ("5s", 8, True), ("8s", 7, False)]
    assert wait_values("1357m2468p13579s") == ()


def test_wait_values_tile_specific_context():
    # 1z/2z shanpon: robbing a kong on either is impossible while holding a copy of it
    waits = wait_values("123m456p789s1122z", robbing_kong=True)
    by_name = {w.name: w for w in waits}
    assert set(by_name) == {"1z", "2z"}
    assert by_name["1z"].result is None and "hold a copy" in by_name["1z"].error
    assert by_name["2z"].result is None and by_name["2z"].total == 0
    assert not by_name["2z"].meets_minimum
    # with another wait shape the robbed tile is not held: it scores 抢杠和
    w = wait_values("123m456p789s11z35m", robbing_kong=True)
    assert [x.name for x in w] == ["4m"] and "抢杠和" in w[0].result.fan_counts()
    # fourth_tile: fine for 4m (no copy held), refused per wait for the nine-gates hand
    w = wait_values("123m456p789s11z35m", fourth_tile=True)
    assert [x.name for x in w] == ["4m"] and "和绝张" in w[0].result.fan_counts()
    nine = wait_values("1112345678999m", fourth_tile=True)
    assert len(nine) == 9 and all(x.result is None and "fourth_tile" in x.error for x in nine)


def test_wait_values_matches_score_on_random_ready_hands():
    checked = 0
    for hand in gen.generate(150, seed=9):
        h, win, melds, flags, seat, rnd, flowers = hand
        if flags & (gen.ROBBING_KONG | gen.FOURTH_TILE):
            continue
        ids = [t for t in range(34) for _ in range(int(h[t]))]
        meld_list = [(KIND_NAMES[k], [t, t + 1, t + 2] if k == gen.CHOW else [t] * (
            3 if k == gen.PUNG else 4)) for k, t in melds]
        kw = dict(self_drawn=bool(flags & 1), replacement=bool(flags & 4),
                  last_tile=bool(flags & 16), seat_wind=seat, round_wind=rnd,
                  flowers=flowers)
        waits = wait_values(ids, meld_list, **kw)
        assert win in [w.tile for w in waits]
        for w in waits:
            assert w.result == score(ids, meld_list, win_tile=w.tile, **kw)
        # every other tile with a copy left does not win
        held = np.bincount(ids + [x for _, ts in meld_list for x in ts], minlength=34)
        for t in range(34):
            if held[t] < 4 and t not in [w.tile for w in waits]:
                with pytest.raises(NotWinningError):
                    score(ids, meld_list, win_tile=t, **kw)
        checked += 1
    assert checked > 100


def test_wait_values_errors():
    with pytest.raises(InvalidContextError, match="win_tile"):
        wait_values("1112345678999m", win_tile="1m")
    with pytest.raises(InvalidHandError):
        wait_values("1112345678999m1m")
    with pytest.raises(InvalidContextError, match="kong"):
        wait_values("1112345678999m", replacement=True, self_drawn=True)
    with pytest.raises(TileParseError):
        wait_values("1112345678999x")
    with pytest.raises(TypeError, match="colour"):
        wait_values("1112345678999m", colour="red")
    # rule-set arguments are checked even when the hand is not ready
    with pytest.raises(InvalidContextError, match="lianzhong"):
        wait_values("1357m2468p13579s", heavenly=True)
    with pytest.raises(InvalidContextError, match="rules"):
        wait_values("1357m2468p13579s", rules="riichi")
    with pytest.raises(InvalidContextError, match="dealer"):
        wait_values("1357m2468p13579s", rules="lianzhong", heavenly=True, self_drawn=True,
                    seat_wind=2)


# --- the user guide --------------------------------------------------------------------

def test_user_guide_examples():
    """docs/GUOBIAO.md: every Python example runs and prints what the guide shows."""
    import doctest

    guide = Path(__file__).resolve().parent.parent / "docs" / "GUOBIAO.md"
    result = doctest.testfile(str(guide), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 20
    assert result.failed == 0, f"{result.failed} example(s) in docs/GUOBIAO.md failed"


# --- robustness: arbitrary input is a result or a MahjongError, never anything else ------

_tile_token = st.sampled_from(["1m", "9p", "5s", "7z", "8z", "0m", "W1", "J1", "F4", "中", "🀄",
                               "x", " ", "12", "m", "一万", "🀪", ""])
_meld_value = st.one_of(
    st.tuples(st.sampled_from(["chow", "pung", "kong", "concealed_kong", "peng", "bad"]),
              st.one_of(st.text(max_size=6), st.lists(st.integers(-3, 40), max_size=5))),
    st.dictionaries(st.sampled_from(["type", "tiles", "from", "x"]),
                    st.one_of(st.text(max_size=5), st.integers(-1, 40)), max_size=3),
    st.integers(-2, 40), st.none(), st.text(max_size=4))


@settings(max_examples=600, deadline=None)
@given(tiles=st.one_of(st.lists(_tile_token, max_size=16).map("".join),
                       st.lists(st.integers(-5, 300), max_size=16),
                       st.lists(st.integers(0, 33), min_size=1, max_size=14)),
       melds=st.one_of(st.just(()), st.lists(_meld_value, max_size=5)),
       win=st.one_of(st.integers(-2, 40), _tile_token),
       flags=st.lists(st.one_of(st.booleans(), st.integers(-1, 2)), min_size=5, max_size=5),
       seat=st.one_of(st.integers(-1, 5), st.sampled_from(["E", "南", "x"])),
       flowers=st.integers(-1, 10),
       rules=st.sampled_from(["standard", "lianzhong"]))
def test_arbitrary_input_never_crashes(tiles, melds, win, flags, seat, flowers, rules):
    kw = dict(zip(("self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_tile"),
                  flags))
    try:
        r = score(tiles, melds, win_tile=win, seat_wind=seat, flowers=flowers, rules=rules,
                  **kw)
    except mahjong.MahjongError:
        return
    assert r.total == sum(f.points * f.count for f in r.fans)
    assert str(r.decomposition)
