"""The 通称 table: fan goldens (one per entry, exclusion and tail option), the worked
examples of the rules as golden records, refusals, the table as data."""
import pytest

from mahjong import tongcheng as tc
from additive_records import cases, check_case, doc_table
from mahjong.errors import InvalidContextError, InvalidHandError, MahjongError, NotWinningError

NO_TAIL = {"tail_values": 0}

# (hand, melds, win tile, flags, expected fans {key: count}, total), scored with the tail
# off (tail_values = 0) so that each row shows the entries of the source text; each row is
# hand-checked against the table in mahjong/tongcheng/fans.py
ENTRY_GOLDENS = [
    # 天胡: not also 不求人
    ("123m456p789s234s55p", [], "5p", {"self_drawn": True, "heavenly": True},
     {"tianhu": 1}, 30),
    ("123m456p789s234s55p", [], "5p", {"earthly": True}, {"dihu": 1}, 30),
    # 十三幺 (the table excludes nothing from it: 五门齐 counts too)
    ("19m19p19s12345677z", [], "7z", {}, {"shisanyao": 1, "wumenqi": 1}, 35),
    ("11z22z33z44z55z66z77z", [], "7z", {}, {"quanfengqidui": 1}, 30),
    # 全风对对胡 replaces 对对胡
    ("333z66z", [("pung", "111z"), ("pung", "222z"), ("pung", "555z")], "6z", {},
     {"quanfengduiduihu": 1}, 25),
    ("123m456p789s55p", [("chow", "234s")], "5p", {"kouting": True}, {"kouting": 1}, 25),
    # 大四喜: not also 对对胡; 混一色 counts in addition
    ("55m", [("pung", "111z"), ("pung", "222z"), ("pung", "333z"), ("pung", "444z")], "5m",
     {}, {"dasixi": 1, "hunyise": 1}, 33),
    ("234m55m", [("pung", "555z"), ("pung", "666z"), ("pung", "777z")], "5m", {},
     {"dasanyuan": 1, "hunyise": 1}, 28),
    ("44z234m", [("pung", "111z"), ("pung", "222z"), ("pung", "333z")], "4z", {},
     {"xiaosixi": 1, "hunyise": 1}, 28),
    # 十三不靠: 147m 258p 369s and five different honours; 五门齐 too
    ("147m258p369s12345z", [], "5z", {}, {"shisanbukao": 1, "wumenqi": 1}, 20),
    ("77z234m567p", [("pung", "555z"), ("pung", "666z")], "7z", {}, {"xiaosanyuan": 1}, 15),
    ("234m234m456m678m55m", [], "5m", {}, {"qingyise": 1}, 15),
    ("345m456p567s55p", [("pung", "555m")], "5p", {}, {"quandaiwu": 1}, 15),
    ("1133m5577p99s1122z", [], "2z", {}, {"qidui": 1}, 10),
    # 三姐妹: three identical chows (one of them shown)
    ("234m234m567p99s", [("chow", "234m")], "9s", {}, {"sanjiemei": 1}, 10),
    # 三箱次: three pungs of one's own draws; the discard won on completes the pair here
    ("222m555p888s345m99p", [], "9p", {}, {"sanxiangci": 1}, 10),
    ("123m456m789m234p55p", [], "5p", {}, {"yitiaolong": 1}, 8),
    ("123m345m789m11z", [("pung", "222z")], "1z", {}, {"hunyise": 1}, 8),
    ("123m456p789s234s55p", [], "5p", {"self_drawn": True}, {"buqiuren": 1}, 7),
    ("888s999s11p", [("pung", "222m"), ("pung", "555p")], "1p", {}, {"duiduihu": 1}, 7),
    ("123m234p234s11m", [("pung", "444m")], "1m", {}, {"xiaoyuwu": 1}, 7),
    ("678m789p678s99m", [("pung", "666p")], "9m", {}, {"dayuwu": 1}, 7),
    ("234m234p234s567m99p", [], "9p", {}, {"xixiangfeng": 1}, 5),
    ("222s567m99p", [("pung", "222m"), ("pung", "222p")], "9p", {}, {"xixiangfeng": 1}, 5),
    ("123m789p11z", [("pung", "999s"), ("chow", "123s")], "1z", {}, {"quandaiyao": 1}, 5),
    # all pungs of terminals and honours (全幺九) is 全带幺 with 对对胡
    ("111s777z99m", [("pung", "111m"), ("pung", "999p")], "9m", {},
     {"duiduihu": 1, "quandaiyao": 1}, 12),
    ("123m456p789s11z", [("pung", "555z")], "1z", {}, {"wumenqi": 1}, 5),
    # 穷胡: none of the entries
    ("234m456p67s99p8s", [("pung", "111z")], "8s", {}, {"qionghu": 1}, 7),
    # a pung the discard completed is not one of one's own draws: no 三箱次, so 穷胡
    ("222m555p888s345m99p", [], "8s", {}, {"qionghu": 1}, 7),
]


@pytest.mark.parametrize("hand,melds,win,flags,fans,total", ENTRY_GOLDENS)
def test_entry_goldens(hand, melds, win, flags, fans, total):
    r = tc.score(hand, melds, win_tile=win, rules=NO_TAIL, **flags)
    assert {i.key: i.count for i in r.items} == fans
    assert r.fan == total == sum(i.total for i in r.items) == r.value
    assert r.notes == ()  # no placeholder value was used


# the same kind of rows with the tail at its placeholder values (1 each, unverified)
TAIL_GOLDENS = [
    # 门清 (a concealed discard win), 缺门 (no 条), 单调 (the 5p completes the pair),
    # 五将 (a pair of 5), 缺字 (no honour)
    ("123m456m789m234p55p", [], "5p", {},
     {"yitiaolong": 1, "menqing": 1, "quemen": 1, "dandiao": 1, "wujiang": 1, "quezi": 1}, 13),
    # 断幺 with 七对 (seven pairs are always a wait on a pair)
    ("2233m5577p6688s44m", [], "4m", {},
     {"qidui": 1, "menqing": 1, "dandiao": 1, "duanyao": 1, "quezi": 1}, 14),
    # 地胡 is not also 门清; the other tail fans stay
    ("123m456p789s234s55p", [], "5p", {"earthly": True},
     {"dihu": 1, "dandiao": 1, "wujiang": 1, "quezi": 1}, 33),
    # 扣听 is not also 门清
    ("123m456p789s234s55p", [], "5p", {"kouting": True},
     {"kouting": 1, "dandiao": 1, "wujiang": 1, "quezi": 1}, 28),
    # 全带五 is not also 断幺, 五将 or 缺字
    ("345m456p567s55p", [("pung", "555m")], "5p", {}, {"quandaiwu": 1, "dandiao": 1}, 16),
    # 小于五 is not also 缺字
    ("123m234p234s11m", [("pung", "444m")], "1m", {}, {"xiaoyuwu": 1, "dandiao": 1}, 8),
    # 全风七对 is not also 不求人, 门清, 缺门, 单调, 全带幺 (nor 七对)
    ("11z22z33z44z55z66z77z", [], "7z", {"self_drawn": True}, {"quanfengqidui": 1}, 30),
    # 十三不靠 is not also 不求人 or 门清
    ("147m258p369s12345z", [], "5z", {"self_drawn": True},
     {"shisanbukao": 1, "wumenqi": 1}, 20),
    # a robbed kong is a discard win here: 门清, not 不求人
    ("123m456m789m11p46p", [], "5p", {"robbing_kong": True},
     {"yitiaolong": 1, "menqing": 1, "quemen": 1, "quezi": 1}, 11),
    # 穷胡 takes no tail fan (门清, 缺字 would apply)
    ("234m456p678s99p", [("chow", "345s")], "9p", {}, {"qionghu": 1}, 7),
    ("234m456p678s345s99p", [], "9p", {}, {"qionghu": 1}, 7),
]


@pytest.mark.parametrize("hand,melds,win,flags,fans,total", TAIL_GOLDENS)
def test_tail_goldens(hand, melds, win, flags, fans, total):
    r = tc.score(hand, melds, win_tile=win, **flags)
    assert {i.key: i.count for i in r.items} == fans
    assert r.fan == total == sum(i.total for i in r.items)
    tail = [i for i in r.items if i.key in tc.TAIL_KEYS]
    for item in tail:
        assert "unverified" in item.reason
    if tail:
        assert len(r.notes) == 1 and "unverified" in r.notes[0]
        assert all(i.name in r.notes[0] for i in tail)
    else:
        assert r.notes == ()


def test_tail_values_integer_and_mapping():
    hand = "123m456m789m234p55p"
    r = tc.score(hand, win_tile="5p", rules={"tail_values": 2})
    assert r.fan == 8 + 5 * 2 and r.notes == ()
    assert all("set by tail_values" in i.reason for i in r.items if i.key in tc.TAIL_KEYS)
    r = tc.score(hand, win_tile="5p", rules={"tail_values": {"门清": 3, "wujiang": 0}})
    assert {i.key: i.fan for i in r.items} == {"yitiaolong": 8, "menqing": 3, "quemen": 1,
                                               "dandiao": 1, "quezi": 1}
    assert "缺门, 单调, 缺字" in r.notes[0] and "门清" not in r.notes[0]


def test_fan_table_overrides_entries():
    r = tc.score("123m456m789m234p55p", win_tile="5p",
                 rules={"fan_table": {"一条龙": 10}, "tail_values": 0})
    assert r.fan == 10 and "set by fan_table" in r.items[0].reason
    # an entry switched off no longer applies: the hand falls to 穷胡
    r = tc.score("123m456m789m234p55p", win_tile="5p",
                 rules={"fan_table": {"yitiaolong": 0}})
    assert [i.key for i in r.items] == ["qionghu"]
    with pytest.raises(MahjongError, match="tail_values"):
        tc.Rules(fan_table={"门清": 2})
    with pytest.raises(MahjongError, match="unknown fan"):
        tc.Rules(tail_values={"清一色": 2})
    with pytest.raises(MahjongError, match="integer >= 0"):
        tc.Rules(tail_values=-1)


def test_sources_of_the_table():
    assert {r.source for r in tc.ROWS if r.key in tc.TAIL_KEYS} == {"placeholder"}
    assert {r.source for r in tc.ROWS if r.key not in tc.TAIL_KEYS} == {"seed"}
    assert tc.TAIL_KEYS == ("menqing", "quemen", "dandiao", "duanyao", "wujiang", "quezi")
    assert len(tc.ROWS) == 26 + 6
    for r in tc.ROWS:
        assert set(r.excludes) <= set(tc.FANS), r.key


def test_best_reading():
    # 222333444m: three pungs (三箱次 10) or three identical chows (三姐妹 10) — equal; with
    # the pair 5m and 567p the pung reading also has no 对对胡; the highest total is taken
    r = tc.score("222333444m567p99s", win_tile="9s", rules=NO_TAIL)
    assert r.fan == 10
    # seven pairs beat the runs of 112233 445566 77 (清一色 + 七对 = 25 > 清一色 15)
    r = tc.score("11223344556677p", win_tile="7p", rules=NO_TAIL)
    assert {i.key for i in r.items} == {"qingyise", "qidui"} and r.fan == 25


@pytest.mark.parametrize("hand,melds,win,flags,error,words", [
    ("123m456p789s55p12z", [], "2z", {}, NotWinningError, "neither"),
    ("123m456p789s234s55p", [], "5p", {"earthly": True, "self_drawn": True},
     InvalidContextError, "dealer's first discard"),
    ("123m456p789s234s55p", [("pung", "111z")], "5p", {}, InvalidHandError, "17 tiles"),
    ("123m456p789s234s55p", [], "5p", {"robbing_kong": True}, InvalidContextError,
     "exactly one, not 3"),
])
def test_refusals(hand, melds, win, flags, error, words):
    with pytest.raises(error, match=words):
        tc.score(hand, melds, win_tile=win, **flags)


@pytest.mark.parametrize("case", cases("tongcheng_golden_records.json"))
def test_golden_records(case):
    check_case(case)


def test_default_reasons_name_the_source():
    r = tc.score("55z123m456m", [("pung", "777z"), ("pung", "666z")], win_tile="5z")
    assert r.items[0].reason.endswith("(value from the source)")
    assert r.items[-1].reason.endswith("(placeholder value, unverified)")


def test_the_docs_show_the_table():
    assert doc_table("TONGCHENG.md") == {r.key: (r.name, r.fan) for r in tc.ROWS}
