"""Sichuan 血战到底: worked examples, golden records, scoring goldens, errors."""
import numpy as np
import pytest

from mahjong import sichuan
from mahjong.errors import InvalidContextError, InvalidHandError, NotWinningError
from mahjong.ruleset import WinFlag

from regional_helpers import check_settlement, data_cases


@pytest.mark.parametrize("case", data_cases("sichuan_worked_examples.json"))
def test_worked_examples_of_rules_md(case):
    check_settlement(sichuan, case)


@pytest.mark.parametrize("case", data_cases("sichuan_golden_records.json"))
def test_golden_records(case):
    check_settlement(sichuan, case)


# (hand incl. winning tile, melds, win tile, flags, expected pattern, expected fan)
SCORE_GOLDENS = [
    ("234m567m678m345p55p", [], "5p", {}, "pinghu", 1),
    ("222m555m888m999p11p", [], "1p", {}, "duiduihu", 2),
    ("123m789m111p999p11m", [], "1m", {}, "daiyaojiu", 3),
    ("11m22m33m44m55m66p77p", [], "7p", {}, "qidui", 3),
    ("222m555m888m999m11m", [], "1m", {}, "qingdui", 4),
    ("222m555m888m555p88p", [], "8p", {}, "jiangdui", 4),
    ("11m22m3333m55p66p77p", [], "7p", {}, "longqidui", 4),
    ("11m22m33m44m55m66m77m", [], "7m", {}, "qingqidui", 5),
    ("123p123p123p789p99p", [], "9p", {}, "qingyaojiu", 5),
    ("11m22m3333m55m66m77m", [], "7m", {}, "qinglongqidui", 6),
    ("123m345m678m22p456p", [], "2p", {"self_drawn": True, "heavenly": True}, "tianhu", 6),
    ("55m", [("pung", "111p"), ("pung", "999p"), ("concealed_kong", "2222m"),
             ("pung", "333m")], "5m", {}, "duiduihu", 2 + 1 + 1),
    ("123s567s789s99s", [("concealed_kong", "4444s")], "9s",
     {"self_drawn": True, "replacement": True}, "qingyise", 3 + 1 + 1),
    ("234m567m678m345p55p", [], "5p", {"self_drawn": True, "last_tile": True}, "pinghu", 2),
    ("234m567m678m345p55p", [], "5p", {"last_tile": True}, "pinghu", 1),
    ("234m567m678m345p55p", [], "5p", {"after_kong": True}, "pinghu", 2),
]


@pytest.mark.parametrize("hand,melds,win,flags,pattern,fan", SCORE_GOLDENS)
def test_score_goldens(hand, melds, win, flags, pattern, fan):
    r = sichuan.score(hand, melds, win_tile=win, **flags)
    assert r.pattern == pattern
    assert r.fan == fan
    assert r.value == 1 << (fan - 1)
    assert sum(i.total for i in r.items) == fan
    assert all(i.reason for i in r.items)


def test_options_change_values():
    assert sichuan.score("11m22m3333m55p66p77p", win_tile="7p",
                         rules={"longqidui_fan": 5}).fan == 5
    r = sichuan.score("11m22m3333m55m66m77m", win_tile="7m", rules={"max_fan": 3})
    assert (r.fan, r.uncapped_fan, r.value) == (3, 6, 4)
    assert sichuan.score("234m567m678m345p55p", win_tile="5p",
                         rules=sichuan.Rules(base=5)).value == 5


def test_best_reading_is_taken():
    # 111222333m reads as three pungs or as 123m x3; with 789m and 99m the runs give a
    # 1 or 9 in every set: 清幺九 5 beats 清一色 3
    r = sichuan.score("111m222m333m789m99m", win_tile="9m")
    assert (r.pattern, r.fan) == ("qingyaojiu", 5)
    r = sichuan.score("111m222m333m999m55m", win_tile="5m")
    assert r.pattern == "qingdui" and r.fan == 4
    # seven pairs that is also regular: 清七对 5 beats 清一色 3
    assert sichuan.score("11223344556677m", win_tile="7m").pattern == "qingqidui"


@pytest.mark.parametrize("hand,melds,win,flags,error,words", [
    ("123m456m789m123p5p5s", [], "5s", {}, NotWinningError, "three suits"),
    ("123m456m789m124p55p", [], "5p", {}, NotWinningError, "neither"),
    ("123m456m789m234p", [], "5p", {}, InvalidHandError, "12 tiles"),  # 13 + win is a hand
    ("123m456m789m234p11z", [], "1z", {}, InvalidHandError, "1z"),
    ("456m789m234p55p", [("chow", "123m")], "5p", {}, InvalidHandError, "chow"),
    ("11111m456m789m555p", [], "5p", {}, InvalidHandError, "1m"),
    ("234m567m678m345p55p", [], "9p", {}, InvalidHandError, "9p"),
    ("234m567m678m345p55p", [], "5p", {"replacement": True}, InvalidContextError,
     "self-draw"),
    ("234m567m678m345p55p", [], "5p", {"replacement": True, "self_drawn": True},
     InvalidContextError, "kong"),
    ("234m567m678m345p55p", [], "5p", {"robbing_kong": True}, InvalidContextError,
     "exactly one"),
    ("234m567m678m345p55p", [], "5p", {"after_kong": True, "self_drawn": True},
     InvalidContextError, "discard"),
])
def test_score_errors_name_the_problem(hand, melds, win, flags, error, words):
    with pytest.raises(error, match=words):
        sichuan.score(hand, melds, win_tile=win, **flags)


def test_bad_options_are_errors():
    with pytest.raises(ValueError, match="longqidui_fan"):
        sichuan.Rules(longqidui_fan=7)
    with pytest.raises(ValueError, match="no_such_option"):
        sichuan.Rules.from_mapping({"no_such_option": 1})
    with pytest.raises(ValueError, match="base"):
        sichuan.Rules(base=0)


def test_tenpai_value():
    assert sichuan.tenpai_value("234s456s678s22s78s") == (3, 4, 20)
    assert sichuan.tenpai_value("147m258p369s1357s") is None  # 花猪 can never win
    # 空听: all four 5m are already the player's own, so 5m is no wait
    assert sichuan.tenpai_value("5m123p456p789p", [("pung", "555m")]) is None
    assert sichuan.tenpai_value("5m123p456p789p", [("pung", "555m")],
                                rules={"tenpai_ignores_own_4_copies": False}) == (1, 1, 4)


def test_score_batch_equals_scalar():
    hands, melds, flags, want = [], [], [], []
    for hand, ms, win, fl, _, _ in SCORE_GOLDENS:
        counts = np.zeros(34, np.uint8)
        from mahjong.tiles import parse_tiles
        for t in parse_tiles(hand):
            counts[t] += 1
        m = np.zeros((4, 2), np.uint8)
        for k, (kind, tiles) in enumerate(ms):
            m[k] = ({"pung": 2, "kong": 3, "concealed_kong": 4}[kind], parse_tiles(tiles)[0])
        f = sum(int(getattr(WinFlag, name.upper())) for name, on in fl.items() if on)
        hands.append(counts), melds.append(m), flags.append(f)
        want.append(sichuan.score(hand, ms, win_tile=win, **fl))
    out = sichuan.score_batch(np.array(hands), np.array(melds), np.array(flags))
    assert out["fan"].tolist() == [r.fan for r in want]
    assert out["value"].tolist() == [r.value for r in want]
    # non-contiguous input gives the same answer
    big = np.zeros((len(hands), 68), np.uint8)
    big[:, ::2] = np.array(hands)
    out2 = sichuan.score_batch(big[:, ::2], np.array(melds), np.array(flags))
    assert out2["fan"].tolist() == out["fan"].tolist()
    capped = sichuan.score_batch(np.array(hands), np.array(melds), np.array(flags),
                                 rules={"max_fan": 2})
    assert capped["fan"].max() == 2


def test_score_batch_marks_non_wins_and_rejects_bad_rows():
    from mahjong.tiles import tile_counts
    good = tile_counts("234m567m678m345p55p")
    three_suits = tile_counts("123m456m789m123p5p5s")
    out = sichuan.score_batch(np.array([good, three_suits]))
    assert out["fan"].tolist() == [1, 0] and out["value"].tolist() == [1, 0]
    with pytest.raises(InvalidHandError, match="row 1"):
        sichuan.score_batch(np.array([good, tile_counts("234m567m678m345p5p")]))
    with pytest.raises(InvalidHandError, match="honour"):
        sichuan.score_batch(np.array([tile_counts("234m567m678m345p11z")]))
    with pytest.raises(InvalidHandError, match="shape"):
        sichuan.score_batch(good)
