"""Yunnan 川麻: worked examples, golden records, scoring goldens, errors."""
import json

import numpy as np
import pytest

from mahjong import yunnan
from mahjong.errors import InvalidContextError, InvalidHandError, InvalidRecordError
from mahjong.errors import NotWinningError

from regional_helpers import DATA, check_settlement, data_cases


@pytest.mark.parametrize("case", data_cases("yunnan_worked_examples.json"))
def test_worked_examples_of_rules_md(case):
    check_settlement(yunnan, case)


@pytest.mark.parametrize("case", data_cases("yunnan_golden_records.json"))
def test_golden_records(case):
    check_settlement(yunnan, case)


SCORE_GOLDENS = [
    ("123m456m789m234p55p", [], "5p", {}, "jibenhe", 1),
    ("222m555m888m999p11p", [], "1p", {}, "duiduihe", 2),
    ("123m123m789m456m55m", [], "5m", {}, "qingyise", 3),
    ("11m22m33m44m55m66p77p", [], "7p", {}, "qidui", 3),
    ("222m555m888m999m11m", [], "1m", {}, "qingdui", 4),
    ("11m22m33m44m55m66m88m", [], "8m", {}, "qingqidui", 5),
    ("123m345m678m22p456p", [], "2p", {"self_drawn": True, "heavenly": True}, "tianhe", 6),
    ("333p777p99p", [("pung", "222p"), ("kong", "5555p")], "9p",
     {"self_drawn": True, "replacement": True}, "qingdui", 7),
    ("123m456m789m55m789s", [], "8s", {"robbing_kong": True}, "jibenhe", 2),
    ("11m22m33m44m5555p66p", [], "6p", {}, "qidui", 4),
    ("345m555m123p456p99p", [], "9p", {}, "jibenhe", 2),  # 带根: four 5m, no kong
    ("123p456p789p99p", [("pung", "555m"), ], "9p", {}, "jibenhe", 1),
    ("456m123p456p99p", [("pung", "555m")], "9p", {}, "jibenhe", 2),  # pung + 4th = 根
]


@pytest.mark.parametrize("hand,melds,win,flags,pattern,fan", SCORE_GOLDENS)
def test_score_goldens(hand, melds, win, flags, pattern, fan):
    r = yunnan.score(hand, melds, win_tile=win, **flags)
    assert (r.pattern, r.fan, r.value) == (pattern, fan, fan)
    assert sum(i.total for i in r.items) == fan


def test_score_goldens_need_legal_hands():
    # a melded pung plus the fourth copy inside a run is 带根 (not a declared kong)
    assert yunnan.score("456m123p456p99p", [("pung", "555m")], win_tile="9p").items[1].key \
        == "daigen"
    assert [i.key for i in yunnan.score("123p456p99p", [("pung", "777m"),
                                                         ("kong", "5555m")],
                                        win_tile="9p").items] == ["jibenhe", "minggang"]


@pytest.mark.parametrize("hand,melds,win,flags,error,words", [
    ("123m456m789m123p5p5s", [], "5s", {}, NotWinningError, "三|three suits"),
    ("456m789m234p55p", [("chow", "123m")], "5p", {}, InvalidHandError, "chow"),
    ("123m456m789m234p55p", [], "5p", {"earthly": True}, InvalidContextError, "self-draw"),
    ("123m456m789m234p55p", [], "5p", {"heavenly": True}, InvalidContextError, "self-draw"),
])
def test_score_errors(hand, melds, win, flags, error, words):
    with pytest.raises(error, match=words):
        yunnan.score(hand, melds, win_tile=win, **flags)


def test_allow_chow_option():
    r = yunnan.score("456m789m234p55p", [("chow", "123m")], win_tile="5p",
                     rules={"allow_chow": True})
    assert r.fan == 1
    # a chow meld breaks 对对和
    r = yunnan.score("555m888m22p333p", [("chow", "123m")], win_tile="2p",
                     rules={"allow_chow": True})
    assert r.pattern == "jibenhe"


def test_multi_ron_off_rejects_a_second_winner():
    record = {"rules": "yunnan", "dealer": 0, "options": {"multi_ron": False}, "events": [
        {"type": "win", "seat": 0, "hand": "123m456m789m234p55p", "win_tile": "5p", "from": 1},
        {"type": "win", "seat": 2, "hand": "234s567s678s345p55p", "win_tile": "5p", "from": 1}]}
    with pytest.raises(InvalidRecordError, match="event 1.*second winner"):
        yunnan.settle(record)


def test_two_two_chajiao_needs_the_recorded_draw():
    cases = json.loads((DATA / "yunnan_golden_records.json").read_text(encoding="utf-8"))
    record = next(c for c in cases if "single transfer" in c["name"])["record"]
    record = dict(record, events=[{"type": "exhausted"}])
    with pytest.raises(InvalidRecordError, match="chajiao_pairs"):
        yunnan.settle(record)
    bad = dict(record, events=[{"type": "exhausted", "chajiao_pairs": [[2, 1]]}])
    with pytest.raises(InvalidRecordError, match="not-ready payers"):
        yunnan.settle(bad)


def test_self_draw_needs_the_losers_hands_for_chahua():
    record = {"rules": "yunnan", "dealer": 0, "events": [
        {"type": "win", "seat": 0, "hand": "111s234s456s789s99s", "win_tile": "9s"}]}
    with pytest.raises(InvalidRecordError, match="final hand of seat 1.*查花"):
        yunnan.settle(record)


def test_tenpai_value_and_batch():
    assert yunnan.tenpai_value("147m258p1357p246m") is None
    assert yunnan.tenpai_value("123s456s789s11s23s") == (4, 4, 18)
    from mahjong.tiles import tile_counts
    hands = np.array([tile_counts(h) for h, ms, *_ in SCORE_GOLDENS if not ms])
    want = [f for h, ms, w, fl, p, f in SCORE_GOLDENS if not ms and not fl]
    flags_free = [i for i, (h, ms, w, fl, p, f) in enumerate(
        [g for g in SCORE_GOLDENS if not g[1]]) if not fl]
    out = yunnan.score_batch(hands)
    assert [int(out["fan"][i]) for i in flags_free] == want
