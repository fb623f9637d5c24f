"""Huanggang for the game engine (mahjong.huanggang.play): the PlaySpec knobs, the worked
examples of the rules and each refusal as (record so far, win) queries, and a differential
property: on random records ``win_value`` is positive exactly when settlement accepts the
win, and equals the winner's receipt in that settlement."""
import copy

import numpy as np
import pytest

import mahjong.huanggang as hg
from mahjong.errors import InvalidRecordError
from mahjong.playspec import PlaySpec, WinQuery
from mahjong.hand import Meld
from mahjong.huanggang.play import MASK_258, MASK_WINDS_WHITE, melds_so_far, play_spec
from mahjong.huanggang.rules import laizi_of
from mahjong.tiles import to_tile_ids

import huanggang_examples as X
import huanggang_gen

SPEC = play_spec()


def split(record):
    """(record so far, win event) of a record whose last event is the win."""
    prefix = copy.deepcopy(record)
    win = prefix["events"].pop()
    prefix.pop("final", None)
    return prefix, win


def value(record, spec=SPEC):
    prefix, win = split(record)
    return spec.win_value(WinQuery(prefix, win, ()))


def receipt(record, rules=None):
    """The winner's delta in settlement, 0 when settlement refuses the win."""
    try:
        s = hg.settle(record, rules)
    except InvalidRecordError:
        return 0
    return max(s.deltas)


# --- the knobs --------------------------------------------------------------------------

def test_default_knobs():
    assert isinstance(SPEC, PlaySpec) and SPEC.rules == "huanggang" and SPEC.options == {}
    assert SPEC.indicator and SPEC.wildcard_of(11) == 12 and SPEC.wildcard_of(33) == 31
    assert SPEC.single_kong_tiles == (32, 33) and SPEC.single_kong_wildcard
    assert SPEC.wildcard_claims is False
    assert SPEC.multi_ron is False                  # 一炮单响
    assert SPEC.robbing_kong is True                # only an added kong
    assert SPEC.haidi_draw_only == 4
    assert SPEC.pass_lock is True                   # 过水, the option's default
    assert SPEC.forms == 1                          # no seven pairs
    assert SPEC.extra["indicator_copies_single_kong"] is False
    # 将一色 (2/5/8 only) and 风一色 (winds and 白) need no sets
    assert [t for t in range(34) if MASK_258 >> t & 1] == [1, 4, 7, 10, 13, 16, 19, 22, 25]
    assert [t for t in range(34) if MASK_WINDS_WHITE >> t & 1] == [27, 28, 29, 30, 31]


def test_options_change_knobs_and_record_options():
    spec = play_spec({"pass_lock": False, "laizipi_special": True, "qihu_points": 32,
                      "tiers": [1000, 1500, 2000]})
    assert spec.pass_lock is False and spec.extra["indicator_copies_single_kong"] is True
    assert spec.options == {"pass_lock": False, "laizipi_special": True, "qihu_points": 32,
                            "tiers": [1000, 1500, 2000]}
    hg.Rules.from_mapping(spec.options)  # the record's options read back
    assert play_spec(hg.Rules(cap=None, tiers=(1200, 1500, 2000))).options == {"cap": None}


def test_wildcard_of_is_the_rules_laizi():
    assert all(SPEC.wildcard_of(t) == laizi_of(t) for t in range(34))


# --- the worked examples of the rules --------------------------------------------------

@pytest.mark.parametrize("record, expected", [
    (X.example_1(), 144),                       # 屁胡 self-draw: 64 + 16 + 64
    (X.example_2(), 0),                         # soft 屁胡: 32 < 64, below 起胡
    (X.example_2(hard=True), 64),               # with a real 5m: 硬胡, 64
    (X.example_3(), 1520),                      # 清一色 self-draw: 480 + 240 + 800 (capped)
    (X.example_4(), 3900),                      # 金顶 1200 + 1200, 哈顶 1500
    (X.example_4(s_opened=True), 3600),         # all three opened: 3 × 金顶
    (X.example_4(none_opened=True), 6000),      # none opened: 3 × 三阳开泰
    (X.example_5(), 640),                       # 抢杠: 240 + 80 + 320 (all paid by E)
    (X.example_6(), 1920),                      # 全求人: 800 + 320 + 800
    (X.example_6(n_tenpai=False), 1920),        # 承包 moves the shares, not the total
    (X.example_7(), 3600),                      # 风一色: straight to 金顶
])
def test_worked_examples(record, expected):
    assert value(record) == expected == receipt(record)


def test_qihu_option():
    # the soft 屁胡 of example 2 pays 32: a win when 起胡 is 32
    spec = play_spec({"qihu_points": 32})
    record = X.example_2()
    record["options"] = {"qihu_points": 32}
    assert value(record, spec) == 32 == receipt(record)


# --- refusals (with 起胡 at 1 point, so that only the rule in question refuses) ---------

LOW = {"qihu_points": 1}
LOW_SPEC = play_spec(LOW)
FILLER = {0: {"hand": "1112223334445s"}, 1: {"hand": "6667778889995s"},
          3: {"hand": "1112223334446z"}}


def _win(hand, melds, win_tile, events, *, source=None, indicator="3p", final=None,
         options=LOW, **flags):
    """A record: ``events`` then the win of seat 2 (seat 0 deals); losers' closing hands
    are filler unless given."""
    win = {"type": "win", "seat": 2, "hand": hand, "melds": melds, "win_tile": win_tile,
           "from": source}
    win.update(flags)
    return X.record(list(events) + [win], final or FILLER, indicator=indicator,
                    options=dict(options))


PUNG_888P = {"type": "pung", "seat": 2, "tiles": "888p", "from": 3}
CHOW_789S = {"type": "chow", "seat": 2, "tiles": "789s", "from": 1}


def test_not_opened_is_refused():
    # only a concealed kong: 暗杠 does not open
    record = _win("123m456m789m55m", [X.ckong("9999p")], "5m",
                  [{"type": "kong", "seat": 2, "kind": "concealed", "tile": "9p"}])
    assert value(record, LOW_SPEC) == 0 == receipt(record)


def test_red_dragon_in_hand_is_refused():
    # 7z (红中) kept as the pair
    record = _win("123m456m789m77z", [X.pung("888p")], "7z", [PUNG_888P])
    assert value(record, LOW_SPEC) == 0 == receipt(record)


def test_pair_must_be_258_in_a_pihu():
    # 屁胡 with a 3m pair is not a shape; with a 5m pair it wins (F(W) = 碰 + 硬胡 + 自摸 3:
    # the dealer pays 1 × 2^(3 + 1), the others 1 × 2^3: 16 + 8 + 8)
    bad = _win("123m456m789p33m", [X.pung("888p")], "3m", [PUNG_888P])
    assert value(bad, LOW_SPEC) == 0 == receipt(bad)
    good = _win("123m456m789p55m", [X.pung("888p")], "5m", [PUNG_888P])
    assert value(good, LOW_SPEC) == 32 == receipt(good)


def test_one_laizi_rule_of_pihu_and_its_exemptions():
    # 赖子 4p (赖子皮 3p): 123m, 5m + 4p 4p, 55s: two 赖子 in a 屁胡 are refused ...
    two = _win("1235m55s4p4p", [X.pung("888p"), X.chow("789s")], "4p", [PUNG_888P, CHOW_789S])
    assert value(two, LOW_SPEC) == 0 == receipt(two)
    # ... unless the win is a 杠上开花 (on the replacement of a 红中杠): base 10, 软胡,
    # F(W) = 碰 + 吃 + 红中杠 = 3: 10 × 2^3 from each of three
    kong = _win("1235m55s4p4p", [X.pung("888p"), X.chow("789s"), X.single("7z")], "4p",
                [PUNG_888P, CHOW_789S, {"type": "kong", "seat": 2, "kind": "single",
                                        "tile": "7z"}], replacement=True)
    assert value(kong, LOW_SPEC) == 240 == receipt(kong)
    # one 赖子 (4p as 4m) is fine: F(W) = 碰 + 吃 + 自摸 = 3 → 16 + 8 + 8
    one = _win("1235m6m55s4p", [X.pung("888p"), X.chow("789s")], "6m", [PUNG_888P, CHOW_789S])
    assert value(one, LOW_SPEC) == 32 == receipt(one)


def test_seven_pairs_is_not_a_shape():
    record = _win("1122m3355p6699s11z", [], "1z", [])
    assert value(record, LOW_SPEC) == 0 == receipt(record)


def test_last_tile_win_on_a_discard_is_a_bug():
    record = _win("123m456m789p55m", [X.pung("888p")], "5m", [PUNG_888P], source=1,
                  last_tile=True)
    prefix, win = split(record)
    with pytest.raises(InvalidRecordError, match="last_tile"):
        SPEC.win_value(WinQuery(prefix, win, ()))


def test_haidi_is_a_big_hand():
    # a 屁胡 self-drawn in the 海底捞 phase is 海底捞 (base 10, F(W) = 碰 + 硬胡 = 2): 40 from
    # each of three, against 32 for the plain self-drawn 屁胡
    plain = _win("123m456m789p55m", [X.pung("888p")], "5m", [PUNG_888P])
    haidi = _win("123m456m789p55m", [X.pung("888p")], "5m", [PUNG_888P], last_tile=True)
    assert value(plain, LOW_SPEC) == 32 == receipt(plain)
    assert value(haidi, LOW_SPEC) == 120 == receipt(haidi)


def test_qihu_is_reached_through_a_losers_melds():
    # 清一色 (筒) on seat 1's discard, 赖子皮 1z (赖子 2z): base 10, F(W) = 碰 + 硬胡 = 2;
    # the discarder pays ×1.5: 15 × 2^2 = 60 < 64, below 起胡 ...
    hand, melds = "123p456p567p99p", [X.pung("888p")]
    plain = _win(hand, melds, "9p", [PUNG_888P], source=1, indicator="1z", options={})
    assert value(plain) == 0 == receipt(plain)
    # ... but when the discarder shows a pung, his share is 15 × 2^3 = 120: a win,
    # 120 + 40 + 40
    fed = _win(hand, melds, "9p", [{"type": "pung", "seat": 1, "tiles": "777s", "from": 0},
                                   PUNG_888P], source=1, indicator="1z", options={},
               final={0: FILLER[0], 1: {"hand": "6668889995s", "melds": [X.pung("777s")]},
                      3: FILLER[3]})
    assert value(fed) == 200 == receipt(fed)


def test_melds_so_far():
    events = [{"type": "pung", "seat": 1, "tiles": "555m", "from": 0},
              {"type": "chow", "seat": 2, "tiles": "345p", "from": 1},
              {"type": "kong", "seat": 3, "kind": "exposed", "tile": "9s", "from": 2},
              {"type": "kong", "seat": 1, "kind": "added", "tile": "5m"},
              {"type": "kong", "seat": 0, "kind": "single", "tile": "7z"},
              {"type": "kong", "seat": 0, "kind": "concealed", "tile": "1z"}]
    assert melds_so_far(events) == [
        [Meld("single_kong", (33,)), Meld("concealed_kong", (27,) * 4)],
        [Meld("kong", (4,) * 4)], [Meld("chow", (11, 12, 13))], [Meld("kong", (26,) * 4)]]


# --- differential: random records -------------------------------------------------------

def _copies(record):
    """Copies of each tile known in a record: hands, melds and the 赖子皮."""
    counts = np.zeros(34, int)
    holdings = [e for e in record["events"] if e["type"] == "win"]
    holdings += list(record["final"].values())
    for h in holdings:
        for x in to_tile_ids(h["hand"]):
            counts[x] += 1
        for m in h.get("melds", ()):
            for x in to_tile_ids(m["tiles"]):
                counts[x] += 1
    counts[to_tile_ids(record["indicator"])[0]] += 1
    return counts


def _with_loser_kongs(rng, record):
    """Now and then turn a loser's pung into an added kong (its final shows the kong), so
    that losers' kongs count in the shares too."""
    winner = record["events"][-1]["seat"]
    for i, e in enumerate(record["events"]):
        if e["type"] != "pung" or e["seat"] == winner or rng.random() > 0.3:
            continue
        tile = e["tiles"][0] + e["tiles"][-1]
        if _copies(record)[to_tile_ids(tile)[0]] >= 4:
            continue
        fh = record["final"][str(e["seat"])]
        fh["melds"] = [{"type": "kong", "tiles": e["tiles"][:-1] + tile}
                       if m["tiles"] == e["tiles"] else m for m in fh["melds"]]
        record["events"].insert(i + 1, {"type": "kong", "seat": e["seat"], "kind": "added",
                                        "tile": tile})
        break
    return record


def _claims_indicator(record):
    ind = to_tile_ids(record["indicator"])[0]
    for e in record["events"]:
        if e["type"] in ("chow", "pung") and ind in to_tile_ids(e["tiles"]):
            return True
        if e["type"] == "kong" and e["kind"] != "single" and to_tile_ids(e["tile"]) == [ind]:
            return True
    return False


@pytest.mark.parametrize("options", [None, {"kaikou_mode": "kaikou"},
                                     {"qihu_points": 16, "cap": None},
                                     {"laizipi_special": True, "qianggang_plus5": False}])
def test_win_value_agrees_with_settlement(options):
    rng = np.random.default_rng(136)
    spec = play_spec(options)
    accepted = refused = loser_kongs = 0
    for _ in range(700):
        record = huanggang_gen.random_record(rng)
        if record is None:
            continue
        if options and options.get("laizipi_special") and _claims_indicator(record):
            continue  # a claim the engine never makes: the 赖子皮 copies are konged alone
        record = _with_loser_kongs(rng, record)
        loser_kongs += any(e["type"] == "kong" and e["kind"] == "added" and
                           e["seat"] != record["events"][-1]["seat"] for e in record["events"])
        if options:
            record["options"] = dict(options)
        expected = receipt(record)
        assert value(record, spec) == expected, record
        accepted += expected > 0
        refused += expected == 0
    assert accepted > 50 and refused > 50 and loser_kongs > 50
