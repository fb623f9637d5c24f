"""Guiyang chicken and 豆 arithmetic as functions of plain data (no record needed)."""

from hypothesis import given, settings, strategies as st

from mahjong.guiyang import ChickenSeat, Rules, chicken_payments, chicken_tiles, dou_payments
from mahjong.guiyang.chickens import next_rank, previous_rank
from mahjong.guiyang.dou import full_value
from mahjong.hand import Meld
from mahjong.tiles import to_tile_ids

S1, S9, P8, P5 = 18, 26, 16, 13


def seat(s, qualifies, hand="", melds=(), discards=""):
    return ChickenSeat(s, qualifies, tuple(to_tile_ids(hand)) if hand else (),
                       tuple(Meld(k, t) for k, t in melds),
                       tuple(to_tile_ids(discards)) if discards else ())


def deltas(rows):
    out = [0] * 4
    for a, b, amount, *_ in rows:
        out[a] -= amount
        out[b] += amount
    return out


def test_ranks_wrap():
    assert next_rank(8) == 0 and next_rank(26) == 18 and next_rank(13) == 14
    assert previous_rank(0) == 8 and previous_rank(18) == 26


def test_chicken_tiles():
    r = Rules()
    assert chicken_tiles(r, None) == {S1: (("yaoji", 10),)}
    assert chicken_tiles(r, 2) == {S1: (("yaoji", 10),), 3: (("fanpaiji", 10),)}
    assert chicken_tiles(r, S9) == {S1: (("jinji", 20),)}               # 金鸡, no 翻牌 item
    assert chicken_tiles(Rules(gold_multiplier=3), S9)[S1] == (("jinji", 30),)
    assert chicken_tiles(Rules(scale="B"), 2)[3] == (("fanpaiji", 1),)
    assert chicken_tiles(Rules(chuifeng=True), P5) == {}
    assert P5 + 1 in chicken_tiles(Rules(), P5)                          # 吹风鸡 off
    t = chicken_tiles(Rules(yaobai=True, benji=True, wugu_8p=True, xingqi=2), 4)
    assert t[5] == (("fanpaiji", 10),) and t[3] == (("yaobaiji", 10),)
    assert t[4] == (("benji", 10),) and t[P8] == (("wuguji", 20),)
    assert t[1] == (("xingqiji", 10),) and t[10] == (("xingqiji", 10),)
    assert t[19] == (("xingqiji", 10),)
    t = chicken_tiles(Rules(qianhou=True), None, play_flips=(0, 9))
    assert t[10] == (("qianhouji", 10),) and 1 not in t
    t = chicken_tiles(Rules(gundong=True), None, play_flips=(0, 9, 0))
    assert t[1] == (("gundongji", 10),) and t[10] == (("gundongji", 10),)


def test_qualifying_player_collects_from_each_of_the_other_three():
    rows = chicken_payments(Rules(), [seat(0, True, "111s"), seat(1, False), seat(2, True),
                                      seat(3, False)], flip=None)
    assert deltas(rows) == [90, -30, -30, -30]


def test_two_qualifying_players_exchange():
    rows = chicken_payments(Rules(), [seat(0, True, "111s"), seat(1, True, "1s"),
                                      seat(2, False), seat(3, False)], flip=None)
    # 0 collects 30 from 1, 2, 3; 1 collects 10 from 0, 2, 3
    assert deltas(rows) == [80, 0, -40, -40]


def test_baoji_counts_only_visible_chickens():
    seats = [seat(0, True), seat(1, False, "1s", melds=[("pung", "222m")]),
             seat(2, False, melds=[("pung", "111s")]), seat(3, True)]
    rows = chicken_payments(Rules(), seats, flip=0)                      # 翻牌鸡 2m
    # seat 1: the pung of 2m (3 x 10) is visible, the 1s in his hand is not
    # seat 2: the pung of 1s (3 x 10)
    assert deltas(rows) == [60, -60, -60, 60]
    assert all(r[3].startswith("包鸡") for r in rows)


def test_chongfeng_and_zeren():
    seats = [seat(0, True), seat(1, False), seat(2, False), seat(3, True)]
    assert deltas(chicken_payments(Rules(), seats, flip=None, first_1s=(3, None))) == \
        [-20, -20, -20, 60]
    assert deltas(chicken_payments(Rules(), seats, flip=S9, first_1s=(3, None))) == \
        [-40, -40, -40, 120]
    # not ready: 包鸡 of the 冲锋鸡
    assert deltas(chicken_payments(Rules(), seats, flip=None, first_1s=(1, None))) == \
        [20, -40, 0, 20]
    # 责任鸡 to a qualifying claimer (plus his three 1s in the pung)
    seats = [seat(0, True, melds=[("pung", "111s")]), seat(1, False), seat(2, False),
             seat(3, False)]
    rows = chicken_payments(Rules(), seats, flip=None, first_1s=(2, 0))
    assert deltas(rows) == [100, -30, -40, -30]
    assert (2, 0, 10, "责任鸡 (the first 1s, claimed)") in rows
    # no 责任鸡 to a claimer who is not ready
    seats = [seat(0, True), seat(1, False, melds=[("pung", "111s")]), seat(2, False),
             seat(3, False)]
    rows = chicken_payments(Rules(), seats, flip=None, first_1s=(2, 1))
    assert not [r for r in rows if r[3].startswith("责任鸡")]


def test_optional_chickens():
    seats = [seat(0, True, "111s88p"), seat(1, False), seat(2, False), seat(3, False,
                                                                          discards="1s8p")]
    assert deltas(chicken_payments(Rules(), seats, flip=None)) == [90, -30, -30, -30]
    # 乌骨鸡: two 8p at 2U
    assert deltas(chicken_payments(Rules(wugu_8p=True), seats, flip=None)) == \
        [210, -70, -70, -70]
    # 站鸡: the three standing 1s count twice
    assert deltas(chicken_payments(Rules(zhanji=True), seats, flip=None)) == \
        [180, -60, -60, -60]
    # 满堂鸡: seat 3's discarded 1s is visible: 包鸡 10
    assert deltas(chicken_payments(Rules(mantang=True), seats, flip=None)) == \
        [100, -30, -30, -40]
    # 冲锋乌骨鸡 of a player not ready
    assert deltas(chicken_payments(Rules(wugu_8p=True), seats, flip=None,
                                   first_8p=(2, None))) == [250, -70, -110, -70]
    # 吹风鸡 cancels everything
    assert chicken_payments(Rules(chuifeng=True), seats, flip=P5, first_1s=(3, None)) == []


def test_dou():
    r = Rules()
    kongs = [(1, 0, "concealed", None, 4), (2, 0, "exposed", 1, 11), (3, 2, "added", None, 20)]
    # seat 0: 闷豆 20 from each of 1, 2, 3 and 点豆 10 from 1; seat 2: 转弯豆 10 from each
    assert deltas(dou_payments(r, kongs, qualifies={0, 2})) == [60, -40, 10, -30]
    assert deltas(dou_payments(r, kongs, qualifies={0})) == [70, -30, -20, -20]
    assert deltas(dou_payments(Rules(dou_requires_tenpai=False), kongs, qualifies=())) == \
        deltas(dou_payments(r, kongs, qualifies={0, 2}))
    assert deltas(dou_payments(r, kongs, qualifies={0, 2}, void={1})) == [0, -20, 30, -10]
    assert deltas(dou_payments(Rules(scale="B"), kongs, qualifies={0, 2})) == [6, -4, 1, -3]
    assert [full_value(r, k) for k in ("concealed", "added", "exposed")] == [60, 30, 10]


SEATS = st.lists(st.tuples(st.booleans(), st.lists(st.integers(0, 26), max_size=13),
                           st.lists(st.integers(0, 26), max_size=3)), min_size=4, max_size=4)


@settings(max_examples=200, deadline=None)
@given(SEATS, st.one_of(st.none(), st.integers(0, 26)),
       st.one_of(st.none(), st.tuples(st.integers(0, 3), st.one_of(st.none(),
                                                                    st.integers(0, 3)))),
       st.fixed_dictionaries({}, optional={
           "mantang": st.booleans(), "wugu_8p": st.booleans(), "yaobai": st.booleans(),
           "benji": st.booleans(), "xingqi": st.integers(0, 7), "chuifeng": st.booleans(),
           "zhanji": st.booleans(), "gold_multiplier": st.sampled_from([2, 3]),
           "scale": st.sampled_from(["A", "B"])}))
def test_chicken_money_moves_between_seats_and_nobody_gains_without_qualifying(
        raw, flip, first, options):
    seats = [ChickenSeat(s, q, tuple(h), (), tuple(d)) for s, (q, h, d) in enumerate(raw)]
    rows = chicken_payments(Rules(**options), seats, flip=flip, first_1s=first)
    d = deltas(rows)
    assert sum(d) == 0
    for s, (q, _, _) in enumerate(raw):
        if not q:
            assert d[s] <= 0      # a player who is not ready only pays
    assert all(r[2] > 0 for r in rows)
