"""The two-player game: fan goldens (one per fan and option), the worked examples of the
rules as golden records, refusals, the fan table as data."""

import pytest

from mahjong import two_player as tp
from mahjong.errors import (InvalidContextError, InvalidHandError, MahjongError, NotWinningError)

from additive_records import cases, check_case, doc_table

# (hand, melds, win tile, flags, expected fans {key: count}, capped total); each row is
# hand-checked against the provisional table (values in mahjong/two_player/fans.py)
FAN_GOLDENS = [
    # 胡牌 alone: a chow shown, terminals, three suits, a discard win
    ("123m456p789s55p", [("chow", "234s")], "5p", {}, {"hupai": 1}, 1),
    # 门清: no claim; a concealed kong keeps it
    ("123m456p789s234s55p", [], "5p", {}, {"hupai": 1, "menqing": 1}, 2),
    ("123m456p789s55p", [("concealed_kong", "2222s")], "5p", {},
     {"hupai": 1, "menqing": 1}, 2),
    # an exposed kong breaks 门清
    ("123m456p789s55p", [("kong", "2222s")], "5p", {}, {"hupai": 1}, 1),
    # 自摸, and 抢杠 scored as a self-draw
    ("123m456p789s55p", [("chow", "234s")], "5p", {"self_drawn": True},
     {"hupai": 1, "zimo": 1}, 2),
    ("456p789s55m456s", [("pung", "999m")], "5s", {"robbing_kong": True},
     {"hupai": 1, "zimo": 1}, 2),
    # 报听
    ("123m456p789s55p", [("chow", "234s")], "5p", {"ready": True},
     {"hupai": 1, "baoting": 1}, 2),
    # 海底捞月: the reserve draw, a self-draw
    ("123m456p789s55p", [("chow", "234s")], "5p", {"self_drawn": True, "last_tile": True},
     {"hupai": 1, "zimo": 1, "haidi": 1}, 3),
    # 杠上开花
    ("123m456p789s55p", [("kong", "2222s")], "5p", {"self_drawn": True, "replacement": True},
     {"hupai": 1, "zimo": 1, "gangshangkaihua": 1}, 3),
    # 花牌: each copy held, melds included (a pung of a shown tile is 3)
    ("123m456p789s55p", [("pung", "999m")], "5p", {"flower_indicators": ["9m", "5p", "1z"]},
     {"hupai": 1, "huapai": 6}, 7),
    # a tile shown twice still counts once per held copy
    ("123m456p789s55p", [("chow", "234s")], "5p", {"flower_indicators": ["9s", "9s"]},
     {"hupai": 1, "huapai": 1}, 2),
    # 断幺
    ("234m456p678s55p", [("chow", "345s")], "5p", {}, {"hupai": 1, "duanyao": 1}, 2),
    # 碰碰胡 (concealed pungs count)
    ("777p999s11z", [("pung", "555m"), ("pung", "222s")], "1z", {},
     {"hupai": 1, "pengpenghu": 1}, 4),
    # 混一色
    ("123m456m789m11z", [("pung", "222z")], "1z", {}, {"hupai": 1, "hunyise": 1}, 4),
    # 七对 (concealed, so 门清 too); a four of a kind is two pairs
    ("1133m5577p99s1122z", [], "2z", {}, {"hupai": 1, "menqing": 1, "qidui": 1}, 6),
    ("1111m5577p99s1122z", [], "2z", {}, {"hupai": 1, "menqing": 1, "qidui": 1}, 6),
    # 小三元 (+ 混一色)
    ("77z123m456m", [("pung", "555z"), ("pung", "666z")], "7z", {},
     {"hupai": 1, "xiaosanyuan": 1, "hunyise": 1}, 9),
    # 清一色 (concealed)
    ("123m456m789m234m55m", [], "5m", {}, {"hupai": 1, "menqing": 1, "qingyise": 1}, 8),
    # 小四喜 (+ 混一色)
    ("44z123m", [("pung", "111z"), ("pung", "222z"), ("pung", "333z")], "4z", {},
     {"hupai": 1, "xiaosixi": 1, "hunyise": 1}, 12),
    # the 13-番 rows, each alone reaching the cap
    ("123m99m", [("pung", "555z"), ("pung", "666z"), ("pung", "777z")], "9m", {},
     {"hupai": 1, "dasanyuan": 1, "hunyise": 1}, 13),
    ("99m", [("pung", "111z"), ("pung", "222z"), ("pung", "333z"), ("pung", "444z")], "9m",
     {}, {"hupai": 1, "dasixi": 1, "hunyise": 1, "pengpenghu": 1}, 13),
    ("11z22z33z44z55z66z77z", [], "7z", {},
     {"hupai": 1, "menqing": 1, "qidui": 1, "ziyise": 1}, 13),
    ("19m19p19s12345677z", [], "7z", {}, {"hupai": 1, "menqing": 1, "shisanyao": 1}, 13),
    ("123m456p789s234s55p", [], "5p", {"self_drawn": True, "heavenly": True},
     {"hupai": 1, "menqing": 1, "zimo": 1, "tianhu": 1}, 13),
    ("123m456p789s234s55p", [], "5p", {"earthly": True},
     {"hupai": 1, "menqing": 1, "dihu": 1}, 13),
]


@pytest.mark.parametrize("hand,melds,win,flags,fans,total", FAN_GOLDENS)
def test_fan_goldens(hand, melds, win, flags, fans, total):
    r = tp.score(hand, melds, win_tile=win, **flags)
    assert {i.key: i.count for i in r.items} == fans
    assert r.uncapped_fan == sum(i.total for i in r.items)
    assert r.fan == total == min(r.uncapped_fan, 13)
    assert r.value == total


def test_best_reading_takes_seven_pairs_over_runs():
    # 112233p445566p77p reads as runs (清一色 10 in all) or as seven pairs (14 -> 13)
    r = tp.score("11223344556677p", win_tile="7p", self_drawn=True)
    assert "qidui" in {i.key for i in r.items}
    assert (r.uncapped_fan, r.fan) == (13, 13)


def test_best_reading_takes_pungs_over_runs():
    # 111222333m: three pungs (碰碰胡 with the other pung) beat three identical runs
    r = tp.score("111222333m55p", [("pung", "777s")], win_tile="5p")
    assert {i.key for i in r.items} == {"hupai", "pengpenghu"}


def test_fan_table_is_data_the_user_replaces():
    r = tp.score("1133m5577p99s1122z", win_tile="2z", rules={"fan_table": {"七对": 2,
                                                                          "menqing": 0}})
    assert {i.key: i.fan for i in r.items} == {"hupai": 1, "qidui": 2}
    assert "fan_table" in r.items[1].reason
    assert "provisional" in r.items[0].reason
    with pytest.raises(MahjongError, match="unknown fan 'xx'"):
        tp.Rules(fan_table={"xx": 1})
    with pytest.raises(MahjongError, match="integer >= 0"):
        tp.Rules(fan_table={"qidui": -1})
    with pytest.raises(MahjongError, match="fan_table"):
        tp.Rules(fan_table="other")


def test_every_row_is_provisional_and_documented():
    assert {r.source for r in tp.ROWS} == {"provisional"}
    assert all(r.definition for r in tp.ROWS)
    assert len({r.key for r in tp.ROWS}) == len(tp.ROWS) == 20


@pytest.mark.parametrize("base", [1, 5])
def test_cap_and_base(base):
    r = tp.score("11z22z33z44z55z66z77z", win_tile="7z", self_drawn=True,
                 rules={"base": base})
    assert r.uncapped_fan == 1 + 1 + 1 + 4 + 13
    assert (r.fan, r.value) == (13, 13 * base)
    assert "capped at 13" in r.notes[0]


def test_min_fan_option():
    with pytest.raises(NotWinningError, match="min_fan=2"):
        tp.score("123m456p789s55p", [("chow", "234s")], win_tile="5p", rules={"min_fan": 2})
    assert tp.score("123m456p789s234s55p", win_tile="5p", rules={"min_fan": 2}).fan == 2


@pytest.mark.parametrize("options,words", [
    ({"base": 0}, "base=0 must be at least 1"),
    ({"flower_indicators": -1}, "at least 0"),
    ({"min_fan": True}, "must be an integer"),
    ({"in_game_swap_probability": 2}, "from 0 to 1"),
    ({"cap": 5}, "unknown option"),
])
def test_bad_options(options, words):
    with pytest.raises(MahjongError, match=words):
        tp.Rules.from_mapping(options)


@pytest.mark.parametrize("hand,melds,win,flags,error,words", [
    ("123m456p789s55p12z", [], "2z", {}, NotWinningError, "neither"),
    ("123m456p789s55p", [], "5p", {}, InvalidHandError, "make 11 tiles"),
    ("123m456p789s55p", [("chow", "234s")], "5p", {"last_tile": True}, InvalidContextError,
     "reserve"),
    ("123m456p789s55p", [("chow", "234s")], "5p", {"replacement": True,
                                                    "self_drawn": True},
     InvalidContextError, "kong"),
    ("123m456p789s55p", [("pung", "999m")], "5p", {"flower_indicators": ["9m", "9m"]},
     InvalidHandError, "shown"),
    ("123m456p789s55p", [("chow", "234s")], "5p", {"robbing_kong": True, "self_drawn": True},
     InvalidContextError, "robbing"),
    ("123m456p789s55p", [("pung", "555p")], "5p", {}, InvalidHandError, "6 copies of 5p"),
])
def test_refusals(hand, melds, win, flags, error, words):
    with pytest.raises(error, match=words):
        tp.score(hand, melds, win_tile=win, **flags)


@pytest.mark.parametrize("case", cases("two_player_golden_records.json"))
def test_golden_records(case):
    check_case(case)


def test_the_docs_show_the_table():
    assert doc_table("TWO_PLAYER.md") == {r.key: (r.name, r.fan) for r in tp.ROWS}


def test_input_forms():
    # the hand before the win (13) is completed by win_tile; shown tiles as a string
    a = tp.score("123m456p789s234s5p", win_tile="5p", flower_indicators="5p1z")
    b = tp.score("123m456p789s234s55p", win_tile="5p", flower_indicators=["5p", "1z"])
    assert a == b and a.fan == 1 + 1 + 3
    assert tp.score([0, 1, 2, 12, 13, 14, 24, 25, 26, 19, 20, 21, 13, 13], win_tile=13) == \
        tp.score("123m456p789s234s55p", win_tile="5p")
