"""The 联众 rule set (Guobiao plus the 联众 extra fans): score(..., rules="lianzhong").

Golden hands are hand-checked: the standard part of each total was read from the
reference calculator (pymahjonggb, shown in the comment), the 联众 extras added by hand
from the rule table, with the combination choices documented in mahjong/guobiao/lianzhong.py.
"""
import pytest

from mahjong import InvalidContextError
from mahjong.guobiao import LianzhongOptions, score, settle
from mahjong.guobiao.lianzhong import (apply_extras, context_extras, decomposition_extras,
                                       LianzhongContext)

WINDS3 = [("pung", "111z"), ("pung", "222z"), ("pung", "333z")]

GOLDEN = [
    # RULES.md §2.7 example 3: reference 10 (不求人 4 平和 2 断幺 2 连六 1 单钓 1) + 258将 1
    ("ex3 258将", "234m567m345p678s2s", (), dict(win_tile="2s", self_drawn=True,
                                                seat_wind="N"),
     {"不求人": 1, "平和": 1, "断幺": 1, "连六": 1, "独听・单钓": 1, "258将": 1}, 11),
    # RULES.md §2.7 example 7: reference 153 (大四喜 88 字一色 64 单钓 1) -> 四方大发 168 + 1
    ("ex7 四方大发", "444z6z", WINDS3, dict(win_tile="6z", seat_wind="N"),
     {"四方大发": 1, "独听・单钓": 1}, 169),
    # self-drawn: reference 154 (… + 自摸 1)
    ("四方大发 self-drawn", "444z6z", WINDS3, dict(win_tile="6z", self_drawn=True),
     {"四方大发": 1, "独听・单钓": 1, "自摸": 1}, 170),
    # concealed: reference 218 (大四喜 字一色 四暗刻 64 单钓 自摸): 四暗刻 stays
    ("四方大发 concealed", "111222333444z6z", (), dict(win_tile="6z", self_drawn=True),
     {"四方大发": 1, "四暗刻": 1, "独听・单钓": 1, "自摸": 1}, 234),
    # reference 7 (不求人 4 平和 2 连六 1) + 幺九头 1
    ("幺九头", "234m567m345p678s9s", (), dict(win_tile="9s", self_drawn=True),
     {"不求人": 1, "平和": 1, "连六": 1, "幺九头": 1}, 8),
    # reference 5 (门前清 平和 单钓) + 混三步 2 (123m 234p 345m) + 258将 1
    ("混三步", "123m234p345m789s5s", (), dict(win_tile="5s"),
     {"门前清": 1, "平和": 1, "独听・单钓": 1, "混三步": 1, "258将": 1}, 8),
    # reference 20 (三暗刻 16 门前清 2 断幺 2) + 混三节 4 (222m 333p 444m) + 258将 1
    ("混三节", "222m333p444m678s5s", (), dict(win_tile="5s"),
     {"三暗刻": 1, "门前清": 1, "断幺": 1, "混三节": 1, "258将": 1}, 25),
    # reference 66 (四暗刻 64 无字 1 单钓 1) + 混四节 6 (2m 3p 4m 5p) + 幺九头 1
    ("混四节", "222m333p444m555p9s", (), dict(win_tile="9s"),
     {"四暗刻": 1, "无字": 1, "独听・单钓": 1, "混四节": 1, "幺九头": 1}, 73),
    # three suits: reference 74 includes 三色三节高 8 (2m 3p 4s); 混四节 (6) would replace
    # it and lower the hand, so it is not claimed: 74 + 幺九头 1
    ("混四节 not claimed", "222m333p444s555m9s", (), dict(win_tile="9s"),
     {"四暗刻": 1, "三色三节高": 1, "无字": 1, "独听・单钓": 1, "幺九头": 1}, 75),
    # reference 91 (四暗刻 一色三节高 24 幺九刻 无字 单钓): 1m2m3m4p would be 混四节 6 in
    # place of 24 -> keep 一色三节高: 91 (pair 5s) + 258将 1
    ("一色三节高 kept", "111m222m333m444p5s", (), dict(win_tile="5s"),
     {"四暗刻": 1, "一色三节高": 1, "幺九刻": 1, "无字": 1, "独听・单钓": 1, "258将": 1}, 92),
    # reference 5 (门前清 平和 单钓) + 混四步 4 (123m 234p 345m 456p) + 幺九头 1
    ("混四步", "123m234p345m456p9s", (), dict(win_tile="9s"),
     {"门前清": 1, "平和": 1, "独听・单钓": 1, "混四步": 1, "幺九头": 1}, 10),
    # reference 12 includes 三色三步高 6; 混四步 4 would replace it: not claimed; + 幺九头
    ("混四步 not claimed", "123m234p345s456m9s", (), dict(win_tile="9s"),
     {"三色三步高": 1, "门前清": 1, "平和": 1, "连六": 1, "独听・单钓": 1, "幺九头": 1}, 13),
    # 天和: reference 13 (花龙 8 不求人 4 幺九刻 1); 不求人 replaced -> 168 + 8 + 1
    ("天和", "123m456p789s1122z", (), dict(win_tile="2z", self_drawn=True, seat_wind="E",
                                           heavenly=True),
     {"天和": 1, "花龙": 1, "幺九刻": 1}, 177),
    # 地和 (West seat, 2z is not its wind): 158 + 花龙 8 + 幺九刻 1
    ("地和", "123m456p789s1122z", (), dict(win_tile="2z", self_drawn=True, seat_wind="W",
                                           earthly=True),
     {"地和": 1, "花龙": 1, "幺九刻": 1}, 167),
    # 人和 on a discard: reference 11 (花龙 8 门前清 2 嵌张 1) -> 108 + 花龙 8
    ("人和", "123m456p789s11z35m", (), dict(win_tile="4m", seat_wind="W", first_round=True),
     {"人和": 1, "花龙": 1}, 116),
    # 天听: reference 11 + 32
    ("天听", "123m456p789s11z35m", (), dict(win_tile="4m", heavenly_ready=True),
     {"天听": 1, "花龙": 1, "门前清": 1, "独听・嵌张": 1}, 43),
    ("人和 + 天听", "123m456p789s11z35m", (), dict(win_tile="4m", first_round=True,
                                                   heavenly_ready=True),
     {"人和": 1, "天听": 1, "花龙": 1}, 148),
    # 无番和 (reference 8) is "no other fan": with 人和 it goes -> 108
    ("人和 replaces 无番和", "789m444s34p77z", [("chow", "123p")],
     dict(win_tile="5p", first_round=True), {"人和": 1}, 108),
    # flowers stay last and outside the minimum
    ("flowers", "234m567m345p678s2s", (), dict(win_tile="2s", self_drawn=True, flowers=2),
     {"不求人": 1, "平和": 1, "断幺": 1, "连六": 1, "独听・单钓": 1, "258将": 1, "花牌": 2}, 13),
]


@pytest.mark.parametrize("name, tiles, melds, kw, fans, total", GOLDEN,
                         ids=[g[0] for g in GOLDEN])
def test_golden(name, tiles, melds, kw, fans, total):
    r = score(tiles, melds, rules="lianzhong", **kw)
    assert r.fan_counts() == fans
    assert r.total == total
    assert r.total == sum(f.points * f.count for f in r.fans)
    assert r.base_total == total - kw.get("flowers", 0)
    assert r.rules == "lianzhong"
    # display order: highest value first, 花牌 last
    keys = [(f.name == "花牌", -f.points) for f in r.fans]
    assert keys == sorted(keys)


def test_standard_is_the_default_and_unchanged():
    standard = score("234m567m345p678s2s", win_tile="2s", self_drawn=True)
    assert standard.rules == "standard" and standard.total == 10
    assert "258将" not in standard.fan_counts()


def test_option_sifang_dafa_stacks_ziyise():
    r = score("444z6z", WINDS3, win_tile="6z", rules="lianzhong",
              options=LianzhongOptions(sifang_dafa_stacks_ziyise=True))
    assert r.fan_counts() == {"四方大发": 1, "字一色": 1, "独听・单钓": 1}
    assert r.total == 233


def test_extra_fan_names_and_values():
    r = score("444z6z", WINDS3, win_tile="6z", rules="lianzhong")
    dafa = r.fans[0]
    assert (dafa.name, dafa.name_en, dafa.points, dafa.count) == (
        "四方大发", "Four Winds and Green Pair", 168, 1)
    assert dafa.id >= 100  # extras have ids after the 82 standard FanId values


def test_worked_example_settlements():
    # RULES.md §2.7 example 3 with lianzhong: N +57, E/S/W -19 each
    r = score("234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N",
              rules="lianzhong")
    assert settle("N", r).payments == (-19, -19, -19, 57)
    # example 7: N +193, E -177, S -8, W -8
    r = score("444z6z", WINDS3, win_tile="6z", seat_wind="N", rules="lianzhong")
    assert settle("N", r, discarder="E").payments == (-177, -8, -8, 193)


def test_best_candidate_with_extras():
    # 111222333m + 444p pung + 5s pair: standard reads it as pungs (四暗刻 + 一色三节高);
    # the chow reading 123m x3 gives 一色三同顺; the extras do not change the choice here,
    # and the chosen reading is reported in the decomposition
    r = score("111m222m333m444p5s", win_tile="5s", rules="lianzhong")
    assert r.decomposition.form == "regular"
    assert all(s.kind == "pung" for s in r.decomposition.sets)


def test_extras_pick_a_different_reading():
    # 1223344567m + [789m], win 1m: two readings tie at 28 in the standard table
    #   123m 123m 567m [789m] 44m: 清一色 24 平和 2 一般高 1 老少副 1 (the reference's choice)
    #   234m 234m 567m [789m] 11m: 清一色 24 平和 2 一般高 1 连六 1
    # under 联众 the second gets 幺九头 (pair 1m) and wins: 29 (就高不就低)
    std = score("1223344567m", [("chow", "789m")], win_tile="1m")
    assert std.total == 28 and str(std.decomposition) == "regular: 123m 123m 567m 44m [789m]"
    lz = score("1223344567m", [("chow", "789m")], win_tile="1m", rules="lianzhong")
    assert lz.total == 29
    assert str(lz.decomposition) == "regular: 234m 234m 567m 11m [789m]"
    assert lz.fan_counts() == {"清一色": 1, "平和": 1, "一般高": 1, "连六": 1, "幺九头": 1}


@pytest.mark.parametrize("kw, words", [
    (dict(heavenly=True, seat_wind="S", self_drawn=True), "dealer"),
    (dict(heavenly=True), "self_drawn"),
    (dict(earthly=True, self_drawn=True), "non-dealer"),
    (dict(earthly=True), "self_drawn"),
    (dict(heavenly=True, first_round=True, self_drawn=True), "exclude"),
    (dict(earthly=True, first_round=True, self_drawn=True, seat_wind=1), "exclude"),
    (dict(heavenly=True, heavenly_ready=True, self_drawn=True), "天听"),
    (dict(heavenly=True, self_drawn=True, last_tile=True), "first draw"),
    (dict(heavenly="yes", self_drawn=True), "heavenly"),
    (dict(options={"sifang_dafa_stacks_ziyise": True}), "LianzhongOptions"),
])
def test_context_errors(kw, words):
    with pytest.raises(InvalidContextError) as info:
        score("123m456p789s1122z", win_tile="2z", rules="lianzhong", **kw)
    assert words in str(info.value)


def test_blessing_with_melds_is_rejected():
    with pytest.raises(InvalidContextError, match="melds"):
        score("456p789s1122z", [("chow", "123m")], win_tile="2z", self_drawn=True,
              heavenly=True, rules="lianzhong")


def test_lianzhong_flags_need_lianzhong_rules():
    for flag in ("heavenly", "earthly", "first_round", "heavenly_ready"):
        with pytest.raises(InvalidContextError, match="lianzhong"):
            score("123m456p789s1122z", win_tile="2z", self_drawn=True, **{flag: True})
    with pytest.raises(InvalidContextError, match="lianzhong"):
        score("123m456p789s1122z", win_tile="2z", options=LianzhongOptions())


# --- the extras on synthetic decompositions (no kernel) --------------------------------------

def test_pair_extras():
    chows = [("chow", 0), ("chow", 9), ("chow", 18), ("chow", 3)]
    for pair, expected in ((1, {"258将": 1}), (4, {"258将": 1}), (16, {"258将": 1}),
                           (0, {"幺九头": 1}), (26, {"幺九头": 1}), (2, {}), (27, {}),
                           (32, {})):
        added, _ = decomposition_extras("regular", pair, chows, {})
        assert added == expected, pair
    assert decomposition_extras("seven_pairs", None, [], {}) == ({}, ())
    assert decomposition_extras("knitted_straight", 4, [("chow", 9)], {})[0] == {"258将": 1}


def test_shifted_extras_suit_rules():
    # 混三步: exactly two suits; three suits is the standard 三色三步高
    two = [("chow", 0), ("chow", 10), ("chow", 2), ("pung", 27)]
    three = [("chow", 0), ("chow", 10), ("chow", 20), ("pung", 27)]
    one = [("chow", 0), ("chow", 1), ("chow", 2), ("pung", 27)]
    assert decomposition_extras("regular", 31, two, {})[0] == {"混三步": 1}
    assert decomposition_extras("regular", 31, three, {"三色三步高": 1})[0] == {}
    assert decomposition_extras("regular", 31, one, {"一色三步高": 1})[0] == {}
    # step must be exactly +1
    assert decomposition_extras("regular", 31, [("chow", 0), ("chow", 11), ("chow", 4),
                                                ("pung", 27)], {})[0] == {}
    # pungs: 混三节 with two suits, 混四节 with four
    pungs3 = [("pung", 1), ("pung", 11), ("kong", 3), ("chow", 18)]
    assert decomposition_extras("regular", 31, pungs3, {})[0] == {"混三节": 1}
    pungs4 = [("pung", 1), ("pung", 11), ("concealed_kong", 3), ("pung", 13)]
    added, removed = decomposition_extras("regular", 31, pungs4, {"碰碰和": 1})
    assert added == {"混四节": 1} and "碰碰和" not in removed
    # honours never step
    assert decomposition_extras("regular", 31, [("pung", 27), ("pung", 28), ("pung", 29),
                                                ("chow", 0)], {})[0] == {}


def test_sifang_dafa_needs_green_pair_and_all_winds():
    winds = [("pung", 27), ("pung", 28), ("kong", 29), ("concealed_kong", 30)]
    added, removed = decomposition_extras("regular", 32, winds, {"大四喜": 1, "字一色": 1})
    assert added == {"四方大发": 1} and {"大四喜", "字一色"} <= set(removed)
    assert "四方大发" not in decomposition_extras("regular", 31, winds, {})[0]
    assert "四方大发" not in decomposition_extras(
        "regular", 32, winds[:3] + [("pung", 33)], {})[0]


def test_context_extras_and_chicken_removal():
    added, removed = context_extras(LianzhongContext(first_round=True, heavenly_ready=True))
    assert added == {"人和": 1, "天听": 1}
    assert {"自摸", "不求人", "门前清", "独听・单钓"} <= set(removed)
    assert apply_extras({"无番和": 1}, {"人和": 1}, removed) == {"人和": 1}
    assert apply_extras({"无番和": 1}, {}, ()) == {"无番和": 1}


def test_lianzhong_against_standard_on_generated_hands():
    """Without context flags the 联众 total never falls below the standard total, and every
    extra it adds is justified by the reading it reports."""
    import gb_hand_gen as gen

    kinds = {gen.CHOW: "chow", gen.PUNG: "pung", gen.KONG: "kong",
             gen.CONCEALED_KONG: "concealed_kong"}
    extras_seen = set()
    for h, win, melds, flags, seat, rnd, flowers in gen.generate(3000, seed=41):
        ids = [t for t in range(34) for _ in range(int(h[t]))]
        ml = [(kinds[k], [t, t + 1, t + 2] if k == gen.CHOW else [t] * (
            3 if k == gen.PUNG else 4)) for k, t in melds]
        kw = dict(win_tile=win, self_drawn=bool(flags & 1), fourth_tile=bool(flags & 2),
                  replacement=bool(flags & 4), robbing_kong=bool(flags & 8),
                  last_tile=bool(flags & 16), seat_wind=seat, round_wind=rnd,
                  flowers=flowers)
        std = score(ids, ml, **kw)
        lz = score(ids, ml, rules="lianzhong", **kw)
        assert lz.total >= std.total
        names = lz.fan_counts()
        extras = {f.name for f in lz.fans if f.id >= 100}
        extras_seen |= extras
        if not extras:
            assert lz.total == std.total
        d = lz.decomposition
        pair = d.pair
        if d.form in ("regular", "knitted_straight") and pair is not None and pair < 27:
            assert ("258将" in names) == (pair % 9 in (1, 4, 7))
            assert ("幺九头" in names) == (pair % 9 in (0, 8))
        else:
            assert "258将" not in names and "幺九头" not in names
        if "四方大发" in names:
            assert pair == 32 and "大四喜" not in names
        assert not {"天和", "地和", "人和", "天听"} & extras
    assert {"258将", "幺九头", "混三步", "混三节"} <= extras_seen
