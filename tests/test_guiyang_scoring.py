"""Guiyang 捉鸡 hand types: goldens on both scales, the 豆 licence, options, and the compiled
kernel against the slow twin in tests/guiyang_slow.py."""
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from mahjong import guiyang
from mahjong.errors import InvalidContextError, InvalidHandError, MahjongError, NotWinningError
from mahjong.guiyang import _kernel
from mahjong.guiyang.scoring import meld_bytes
from mahjong.hand import Meld

import guiyang_slow as slow

# (hand incl. the winning tile, melds, win tile, flags, hand type, scale A, scale B)
GOLDENS = [
    ("234m567m789m345p55p", [], "5p", {"self_drawn": True}, "pinghu", 10, 1),
    ("222m555m888m999p11p", [], "1p", {}, "daduizi", 30, 5),
    ("11m22m33m44m55m66p77p", [], "7p", {}, "qidui", 40, 10),
    ("11m22m3333m55p66p77p", [], "7p", {}, "longqidui", 50, 20),
    ("123m456m789m345m55m", [], "5m", {}, "qingyise", 50, 10),
    ("222m555m888m999m11m", [], "1m", {}, "qingdadui", 80, 15),
    ("11m22m33m44m55m66m77m", [], "7m", {}, "qingqidui", 90, 20),
    ("11m22m3333m55m66m77m", [], "7m", {}, "qinglongbei", 100, 30),
    ("3m55m77m22p44p66p", [("pung", "333m")], "3m", {}, "dilong", 40, 10),
    ("3p22p44p55p66p77p", [("pung", "333p")], "3p", {}, "qingdilong", 100, 30),
    # best reading: 1112345678999m + 9m reads as 清一色; 222333444m reads as pungs
    ("11123456789999m", [], "9m", {}, "qingyise", 50, 10),
    ("222333444m66p77p7p", [], "7p", {}, "daduizi", 30, 5),
    # seven pairs beat the regular reading of 112233 445566 77
    ("11223344556677p", [], "7p", {}, "qingqidui", 90, 20),
    # a kong is one set; 杠上胡 adds one U
    ("123s567s789s99s", [("concealed_kong", "4444s")], "9s",
     {"self_drawn": True, "replacement": True}, "qingyise", 60, 11),
    ("234m567m789p55p", [("kong", "6666s")], "5p", {}, "pinghu", 10, 1),
    ("234m567m789p456s55p", [], "5p", {"after_kong": True}, "pinghu", 10, 1),
    ("234m567m789p456s55p", [], "5s", {"robbing_kong": True}, "pinghu", 10, 1),
    ("234m567m789p456s55p", [], "5p", {"discarder_ready": True}, "pinghu", 10, 1),
    ("234m567m789p456s55p", [], "5p", {"ready": True}, "pinghu", 60, 11),
]


@pytest.mark.parametrize("hand,melds,win,flags,key,a,b", GOLDENS)
def test_goldens_on_both_scales(hand, melds, win, flags, key, a, b):
    r = guiyang.score(hand, melds, win_tile=win, **flags)
    assert (r.pattern, r.value, r.fan) == (key, a, a)
    assert sum(i.total for i in r.items) == a
    assert all(i.reason for i in r.items)
    rb = guiyang.score(hand, melds, win_tile=win, rules={"scale": "B"}, **flags)
    assert (rb.pattern, rb.value) == (key, b)


def test_items_of_a_ready_replacement_win():
    r = guiyang.score("123s567s789s99s", [("concealed_kong", "4444s")], win_tile="9s",
                      self_drawn=True, replacement=True, ready=True)
    assert [i.key for i in r.items] == ["qingyise", "gangshanghu", "baoting"]
    assert r.value == 50 + 10 + 50


def test_licence_refused_names_the_exceptions():
    with pytest.raises(InvalidContextError) as exc:
        guiyang.score("234m567m789p456s55p", win_tile="5p")
    for word in ("豆", "热炮", "抢杠", "报听"):
        assert word in str(exc.value)
    # bigger than 平胡: no licence needed
    assert guiyang.score("222m555m888m999p11p", win_tile="1p").value == 30


def test_options():
    assert guiyang.score("11m22m33m44m55m66m77m", win_tile="7m",
                         rules={"qingqidui_A": 80}).value == 80
    with pytest.raises(NotWinningError):
        guiyang.score("3m55m77m22p44p66p", [("pung", "333m")], win_tile="3m",
                      rules={"di_long": False})
    melds = [("pung", "222m"), ("pung", "444m"), ("pung", "666p"), ("pung", "888s")]
    assert guiyang.score("99s", melds, win_tile="9s").pattern == "daduizi"
    r = guiyang.score("99s", melds, win_tile="9s", rules={"danjiao": True})
    assert (r.pattern, r.value) == ("jingoudiao", 40)
    melds = [("pung", "222s"), ("pung", "444s"), ("pung", "666s"), ("pung", "888s")]
    assert guiyang.score("99s", melds, win_tile="9s", rules={"danjiao": True}).value == 90
    r = guiyang.score("234m567m789p456s55p", win_tile="5p", self_drawn=True, heavenly=True,
                      rules={"tiandi_hu": True})
    assert r.value == 60 and r.items[-1].key == "tianhu"
    assert guiyang.score("234m567m789p456s55p", win_tile="5p", self_drawn=True,
                         heavenly=True).value == 10


def test_bad_input_is_named():
    with pytest.raises(InvalidHandError, match="honour"):
        guiyang.score("234m567m789p111z55p", win_tile="5p", self_drawn=True)
    with pytest.raises(InvalidHandError, match="chow"):
        guiyang.score("234m567m789p55p", [("chow", "456s")], win_tile="5p", self_drawn=True)
    with pytest.raises(NotWinningError):
        guiyang.score("234m567m789p456s59p", win_tile="5p", self_drawn=True)
    with pytest.raises(InvalidContextError):
        guiyang.score("234m567m789p456s55p", win_tile="5p", replacement=True)
    with pytest.raises(InvalidContextError):
        guiyang.score("234m567m789p456s55p", win_tile="5p", self_drawn=True,
                      discarder_ready=True)
    with pytest.raises(MahjongError, match="scale"):
        guiyang.Rules(scale="C")
    with pytest.raises(MahjongError, match="chicken_unit"):
        guiyang.Rules(chicken_unit=0)


def test_tenpai_value():
    # waits 1m 2m 4m 5m, all 清一色: the first of the best is given
    assert guiyang.tenpai_value("123456789m34m99m") == (50, 0, "qingyise")
    assert guiyang.tenpai_value("1133557799m", [("pung", "999s")]) == (40, 26, "dilong")
    assert guiyang.tenpai_value("1133557799m", [("pung", "999s")],
                                rules={"di_long": False}) is None
    assert guiyang.tenpai_value("2468m2468p2468s9m") is None
    # 空听: the only wait is a tile whose four copies the player holds
    assert guiyang.tenpai_value("13m456p789p99s", [("kong", "2222m")]) is None
    assert guiyang.tenpai_value("13m456p789p99s", [("kong", "2222m")],
                                rules={"tenpai_ignores_own_4_copies": False}) == (10, 1,
                                                                                  "pinghu")


def test_item_table_lists_the_kernels_patterns():
    assert guiyang.PATTERN_KEYS == _kernel.PATTERNS
    assert len(guiyang.PATTERN_KEYS) == _kernel.N_PATTERN_IDS
    for row in guiyang.ITEM_TABLE:
        assert row.name and row.name_en and row.source


def test_rules_describe_every_option():
    rows = guiyang.Rules.describe()
    names = {r["name"] for r in rows}
    for n in ("scale", "qingqidui_A", "di_long", "dou_requires_tenpai", "repao_mode",
              "chicken_unit", "gold_multiplier", "chongfeng_value", "zeren_extra", "mantang",
              "wugu_8p", "yaobai", "benji", "xingqi", "chuifeng", "huangzhuang_dealer"):
        assert n in names
    assert all(r["doc"] for r in rows)


# -------------------------------------------------------- kernel against the slow twin

def _random_holding(rng, n_tiles):
    """A random holding of n_tiles (13 or 14) counting melds as 3: random melds, then sets
    and pairs biased toward complete shapes, within one, two or three suits."""
    pool = Counter({t: 4 for t in range(27)})
    suits = rng.sample(range(3), rng.choice((1, 1, 2, 3)))
    kinds = [9 * s + r for s in suits for r in range(9)]
    melds = []
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 4))):
        t = rng.choice(kinds)
        kind = rng.choice(("pung", "pung", "kong", "concealed_kong"))
        need = 3 if kind == "pung" else 4
        if pool[t] >= need:
            pool[t] -= need
            melds.append((kind, t))
    hand = []
    want = n_tiles - 3 * len(melds)
    while len(hand) < want:
        t = rng.choice(kinds)
        shape = rng.random()
        if shape < 0.3 and t % 9 <= 6 and all(pool[t + k] for k in range(3)) and \
                len(hand) + 3 <= want:
            for k in range(3):
                pool[t + k] -= 1
                hand.append(t + k)
        elif shape < 0.7 and pool[t] >= 2 and len(hand) + 2 <= want:
            pool[t] -= 2
            hand += [t, t]
        elif pool[t]:
            pool[t] -= 1
            hand.append(t)
    return sorted(hand), melds


def _melds_of(melds):
    return tuple(Meld(kind, [t] * (3 if kind == "pung" else 4)) for kind, t in melds)


VALUES_A = tuple(slow.SCALE_A[k] for k in guiyang.PATTERN_KEYS)
# the default options: 金钩钓 / 清金钩 are off
DEFAULT_A = dict(slow.SCALE_A, jingoudiao=0, qingjingou=0)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_readings_equal_the_slow_twin(seed):
    rng = random.Random(seed)
    hand, melds = _random_holding(rng, 14)
    win = rng.choice(hand)
    got = _kernel.readings(tuple(hand), meld_bytes(_melds_of(melds)), win)
    keys = {k for p, k in enumerate(guiyang.PATTERN_KEYS) if got >> p & 1}
    assert keys == slow.readings(hand, melds, win)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_best_wait_equals_the_slow_twin(seed, kongting):
    rng = random.Random(seed)
    hand, melds = _random_holding(rng, 13)
    v, tile, pattern = _kernel.best_wait(tuple(hand), meld_bytes(_melds_of(melds)), VALUES_A,
                                         kongting)
    want = slow.best_wait(hand, melds, slow.SCALE_A, kongting)
    if want is None:
        assert v == -1
    else:
        assert v == want[0]
        # the kernel's tile is one of the waits worth the best value
        assert slow.best(hand + [tile], melds, tile, slow.SCALE_A)[0] == v


def test_best_wait_on_every_ready_hand_of_a_sample():
    # deterministic sweep: many near-complete one-suit hands (the densest waits)
    rng = random.Random(7)
    seen_ready = 0
    for _ in range(2000):
        hand, melds = _random_holding(rng, 13)
        got = guiyang.scoring.wait_value(tuple(hand), meld_bytes(_melds_of(melds)),
                                         guiyang.Rules())
        want = slow.best_wait(hand, melds, DEFAULT_A)
        assert (got is None) == (want is None)
        if got is not None:
            seen_ready += 1
            assert got[0] == want[0]
    assert seen_ready > 100


# the kernel's one-call entries used by settlement: best_reading (the hand type of a win)
# and best_waits (every closing hand of a record) against the slow twin

@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["A", "B", "A-default"]))
def test_best_reading_equals_the_slow_twin(seed, scale):
    rng = random.Random(seed)
    hand, melds = _random_holding(rng, 14)
    win = rng.choice(hand)
    table = {"A": slow.SCALE_A, "B": slow.SCALE_B, "A-default": DEFAULT_A}[scale]
    values = tuple(table[k] for k in guiyang.PATTERN_KEYS)
    pattern, value = _kernel.best_reading(tuple(hand), meld_bytes(_melds_of(melds)), win,
                                          values)
    want_value, want_key = slow.best(hand, melds, win, table)
    assert value == want_value
    if want_key is None:
        assert pattern == -1
    else:
        # the kernel's hand type is one the twin reads, worth the best value
        assert guiyang.PATTERN_KEYS[pattern] in slow.readings(hand, melds, win)
        assert table[guiyang.PATTERN_KEYS[pattern]] == value


def test_best_waits_of_many_records_equal_the_slow_twin():
    # seeded sweep: four seats a call (some of them winners, some with melds)
    rng = random.Random(11)
    checked = ready = 0
    for _ in range(750):
        holdings, want = [], []
        for _seat in range(4):
            won = rng.random() < 0.2
            hand, melds = _random_holding(rng, 14 if won else 13)
            holdings.append((tuple(hand), _melds_of(melds), won))
            want.append(None if won else slow.best_wait(hand, melds, DEFAULT_A))
        kongting = rng.random() < 0.8
        if not kongting:
            want = [None if h[2] else slow.best_wait(list(h[0]), [(m.kind, m.tiles[0])
                                                              for m in h[1]], DEFAULT_A, False)
                    for h in holdings]
        got = _kernel.best_waits(holdings, guiyang.Rules().pattern_values, kongting)
        assert len(got) == 4
        for (hand, melds, won), g, w in zip(holdings, got, want):
            checked += 1
            assert (g is None) == (w is None)
            if g is None:
                continue
            ready += 1
            value, tile, pattern = g
            assert value == w[0]
            plain = [(m.kind, m.tiles[0]) for m in melds]
            # the tile is a wait worth the best value, read as the kernel's hand type
            assert slow.best(list(hand) + [tile], plain, tile, DEFAULT_A)[0] == value
            assert guiyang.PATTERN_KEYS[pattern] in slow.readings(list(hand) + [tile], plain,
                                                                  tile)
            assert DEFAULT_A[guiyang.PATTERN_KEYS[pattern]] == value
            # the same answer as the one-seat search
            assert _kernel.best_wait(hand, meld_bytes(melds), guiyang.Rules().pattern_values,
                                     kongting) == g
    assert checked == 3000 and ready > 150
