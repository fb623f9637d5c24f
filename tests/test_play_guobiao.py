"""Guobiao for the game engine (mahjong.guobiao.play): the PlaySpec knobs of each option,
hand-checked wins (the 8-fan minimum without flowers, flowers, 和绝张, 抢杠和, seat and
prevalent winds) and a differential property: on generated winning hands and perturbed
ones, ``win_value`` is positive exactly when the record's settlement accepts the win, equals
the F settlement pays, and equals the reference calculator's total (pymahjonggb)."""
import random

import pytest

from mahjong.errors import InvalidRecordError
from mahjong.playspec import WIN_FLAGS, PlaySpec, WinQuery
from mahjong.guobiao import Rules, settle_record
from mahjong.guobiao.play import play_spec
from mahjong.tiles import format_tiles

import gb_hand_gen as gen

SPEC = play_spec()


def query(hand, win_tile, *, melds=(), seat=1, dealer=0, source=2, round_wind=0,
          prefix=(), options=None, **flags):
    """(record so far, win event) for a win by ``seat`` (``source`` None = self-draw)."""
    record = {"rules": "guobiao", "dealer": dealer, "round_wind": round_wind,
              "events": list(prefix)}
    if options:
        record["options"] = options
    win = {"type": "win", "seat": seat, "hand": hand, "win_tile": win_tile, "from": source,
           "melds": [{"type": k, "tiles": t} for k, t in melds]}
    win.update(flags)
    return record, win


def value(spec, record, win):
    return spec.win_value(WinQuery(record, win, ()))


def settled_value(record, win):
    """F as the record's settlement pays it, 0 when settlement refuses the win."""
    full = dict(record, events=list(record["events"]) + [win])
    try:
        s = settle_record(full)
    except InvalidRecordError:
        return 0
    return s.wins[len(full["events"]) - 1].total


# --- the knobs --------------------------------------------------------------------------

def test_default_knobs():
    assert isinstance(SPEC, PlaySpec)
    assert SPEC.rules == "guobiao" and SPEC.options == {} and SPEC.seats == 4
    assert SPEC.multi_ron is False          # 截和: the first claimant in play order
    assert SPEC.robbing_kong is True        # 抢杠和 on an added kong
    assert SPEC.pass_lock is False          # no 过水 in Guobiao
    assert SPEC.flowers is False and SPEC.honours and SPEC.chow
    assert SPEC.forms == 31                 # every form of the fan table
    assert "heavenly" not in SPEC.extra["win_flags"]
    assert "fourth_tile" in SPEC.extra["win_flags"]


def test_flowers_option():
    spec = play_spec({"flowers": True})
    assert spec.flowers is True and spec.options == {"flowers": True}
    assert play_spec(Rules(flowers=True)).flowers is True


def test_lianzhong_option_records_the_blessing_flags():
    spec = play_spec({"lianzhong": True})
    assert spec.options == {"lianzhong": True}
    assert spec.extra["win_flags"] == WIN_FLAGS


def test_unknown_option_is_refused():
    with pytest.raises(Exception, match="unknown option"):
        play_spec({"flower": True})


# --- golden wins ------------------------------------------------------------------------

def test_docs_example_14_fans():
    # 222m 888m(8m on the discard) 11z + 777z 555m shown: 碰碰和 6 + 混一色 6 + 箭刻 2 = 14
    rec, win = query("222m88m11z8m", "8m", melds=[("pung", "777z"), ("pung", "555m")],
                     prefix=[{"type": "discard", "seat": 2, "tile": "8m"}])
    assert value(SPEC, rec, win) == 14 == settled_value(rec, win)


def test_exactly_eight_fans_is_a_win():
    # 234m 567m 345p 678s 22s on a discard, 2s the single wait: 平和 2 + 门前清 2 + 断幺 2
    # + 连六 1 + 单钓将 1 = 8
    rec, win = query("234m567m345p678s2s2s", "2s")
    assert value(SPEC, rec, win) == 8 == settled_value(rec, win)


def test_below_eight_fans_is_refused():
    # 123m 567m 345p 678s 22s on a discard: 平和 2 + 门前清 2 + 单钓将 1 = 5 < 8
    rec, win = query("123m567m345p678s22s", "2s")
    assert value(SPEC, rec, win) == 0 == settled_value(rec, win)


def test_not_a_winning_hand_is_refused():
    rec, win = query("123m567m345p678s23s", "3s")
    assert value(SPEC, rec, win) == 0 == settled_value(rec, win)


def test_flowers_count_in_f_but_not_toward_the_minimum():
    spec = play_spec({"flowers": True})
    # the 8-fan hand with two flowers: F = 10
    rec, win = query("234m567m345p678s22s", "2s", options={"flowers": True}, flowers=2)
    assert value(spec, rec, win) == 10 == settled_value(rec, win)
    # the 5-fan hand with three flowers (8 in all) is still below the minimum
    rec, win = query("123m567m345p678s22s", "2s", options={"flowers": True}, flowers=3)
    assert value(spec, rec, win) == 0 == settled_value(rec, win)


def test_flowers_without_the_option_is_a_bug_not_a_refusal():
    rec, win = query("234m567m345p678s22s", "2s", flowers=1)
    with pytest.raises(InvalidRecordError, match="flowers"):
        value(SPEC, rec, win)


def test_fourth_tile_reaches_the_minimum():
    # 123m 567m 345p 22s 67s + 8s (a two-sided wait): 平和 2 + 门前清 2 = 4; 和绝张 4 → 8
    rec, win = query("123m567m345p22s67s8s", "8s")
    assert value(SPEC, rec, win) == 0
    rec, win = query("123m567m345p22s67s8s", "8s", fourth_tile=True)
    assert value(SPEC, rec, win) == 8 == settled_value(rec, win)


def test_robbing_a_kong():
    # the same 4-fan hand robbing an added 8s kong: 抢杠和 8 (it leaves out 和绝张) → 12
    rec, win = query("123m567m345p22s67s8s", "8s", source=3, robbing_kong=True)
    assert value(SPEC, rec, win) == 12 == settled_value(rec, win)
    rec, win = query("123m567m345p22s67s8s", "8s", source=3, robbing_kong=True,
                     fourth_tile=True)
    assert value(SPEC, rec, win) == 12 == settled_value(rec, win)


def test_seat_and_prevalent_wind():
    # seat 1 with dealer 0 sits South. 清龙 16 + 单钓将 1 + 缺一门 1, and the South pung:
    # 门风刻 2 (20); in the South round 圈风刻 2 more (22); for the West seat it is only a
    # 幺九刻 1 (19).
    hand, melds = "123m456m789m55p", [("pung", "222z")]
    rec, win = query(hand, "5p", melds=melds)
    east_round = value(SPEC, rec, win)
    rec_s, win_s = query(hand, "5p", melds=melds, round_wind=1)
    south_round = value(SPEC, rec_s, win_s)
    rec_w, win_w = query(hand, "5p", melds=melds, dealer=2)  # seat 1 sits West
    west_seat = value(SPEC, rec_w, win_w)
    assert (east_round, south_round, west_seat) == (20, 22, 19)
    for r, w in ((rec, win), (rec_s, win_s), (rec_w, win_w)):
        assert value(SPEC, r, w) == settled_value(r, w)


def test_standard_rules_have_no_heavenly_hand():
    rec, win = query("123m456m789m123p11z", "1z", seat=0, source=None, heavenly=True)
    with pytest.raises(InvalidRecordError, match="联众"):
        value(SPEC, rec, win)
    spec = play_spec({"lianzhong": True})
    rec["options"] = {"lianzhong": True}
    assert value(spec, rec, win) == settled_value(rec, win) > 88


# --- differential: generated hands --------------------------------------------------------

def _win_of(hand, seat, dealer):
    """(record so far, win event) of a generated hand: its kongs as events, the flags."""
    h, win_tile, melds, flags, seat_wind, rnd, flowers = hand
    ids = [t for t in range(34) for _ in range(int(h[t]))] + [win_tile]
    seat = (dealer + seat_wind) % 4
    others = [s for s in range(4) if s != seat]
    prefix, meld_json = [], []
    for kind, tile in melds:
        tiles = [tile, tile + 1, tile + 2] if kind == gen.CHOW else \
            [tile] * (3 if kind == gen.PUNG else 4)
        name = gen.MELD_KIND_NAMES[kind]
        meld_json.append({"type": name, "tiles": format_tiles(tiles)})
        if kind == gen.KONG:
            prefix.append({"type": "kong", "seat": seat, "kind": "exposed",
                           "tile": format_tiles([tile]), "from": others[0]})
        elif kind == gen.CONCEALED_KONG:
            prefix.append({"type": "kong", "seat": seat, "kind": "concealed",
                           "tile": format_tiles([tile])})
    record = {"rules": "guobiao", "dealer": dealer, "round_wind": rnd, "events": prefix,
              "options": {"flowers": True}}
    win = {"type": "win", "seat": seat, "hand": format_tiles(sorted(ids)),
           "melds": meld_json, "win_tile": format_tiles([win_tile]),
           "from": None if flags & gen.SELF_DRAWN else others[1], "flowers": flowers}
    for bit, name in ((gen.FOURTH_TILE, "fourth_tile"), (gen.REPLACEMENT, "replacement"),
                      (gen.ROBBING_KONG, "robbing_kong"), (gen.LAST_OF_WALL, "last_tile")):
        if flags & bit:
            win[name] = True
    return record, win


@pytest.mark.parametrize("kind", ["winning", "perturbed"])
def test_win_value_agrees_with_settlement_and_the_reference(kind):
    rng = random.Random(1136 if kind == "winning" else 2136)
    spec = play_spec({"flowers": True})
    accepted = refused = 0
    for n in range(1500):
        hand = gen.random_hand(rng) if kind == "winning" else gen.perturbed_hand(rng)
        record, win = _win_of(hand, n % 4, rng.randrange(4))
        got = value(spec, record, win)
        assert got == settled_value(record, win), (record, win)
        ref_total, _ = gen.reference_result(hand)
        flowers = hand[6]
        if ref_total is None or ref_total - flowers < 8:
            assert got == 0, (record, win, ref_total)
            refused += 1
        else:
            assert got == ref_total, (record, win, ref_total)
            accepted += 1
    # both outcomes are exercised
    assert accepted > 100 and refused > 100 if kind == "winning" else refused > 1000
