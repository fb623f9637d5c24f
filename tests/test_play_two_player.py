"""The two-player game for the game engine (mahjong.two_player.play): the PlaySpec knobs of
each option, the worked examples of the rules and the refusals as (record so far, win)
queries, and a differential property: on random records (and perturbed, mostly
non-winning ones) ``win_value`` is positive exactly when settlement accepts the win and
equals what the opponent pays there."""
import random

import pytest

from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.playspec import PlaySpec
from mahjong.tiles import format_tiles, to_tile_ids
from mahjong.two_player import Rules, settle
from mahjong.two_player.play import first_ready, play_spec

import additive_hands

SPEC = play_spec()
#: four shown 花牌 tiles none of the examples holds (5z is added where an example says so)
SHOWN = ["1p", "1s", "3z", "4z"]


def record_of(events, win, *, shown=SHOWN, dealer=0, options=None):
    rec = {"rules": "two_player", "seats": 2, "dealer": dealer, "flower_indicators": shown,
           "events": list(events) + [win]}
    if options:
        rec["options"] = options
    return rec


win_event = additive_hands.win_event


def value(record, spec=SPEC):
    return additive_hands.win_value(record, spec)


def paid(record):
    """What the opponent pays in settlement, 0 when settlement refuses the win."""
    try:
        return max(settle(record).deltas)
    except InvalidRecordError:
        return 0


# --- the knobs --------------------------------------------------------------------------

def test_default_knobs():
    assert isinstance(SPEC, PlaySpec) and SPEC.rules == "two_player" and SPEC.options == {}
    assert SPEC.seats == 2 and SPEC.live_tiles == 71 and SPEC.honours
    assert SPEC.swap_at_start and SPEC.reserve_last_draw            # 换牌, 海底捞月
    assert SPEC.ready_any_time and SPEC.ready_locks_hand            # 报听
    assert SPEC.min_flower_indicators == 4
    assert SPEC.robbing_kong and not SPEC.pass_lock and SPEC.chow
    assert SPEC.forms == 7                                          # regular, 七对, 十三幺
    assert SPEC.extra["in_game_swap_probability"] == 0


def test_options_change_knobs():
    spec = play_spec({"flower_indicators": 2, "fan_table": {"七对": 2}, "min_fan": 3})
    assert spec.min_flower_indicators == 2
    assert spec.options == {"flower_indicators": 2, "fan_table": {"qidui": 2}, "min_fan": 3}
    assert Rules.from_mapping(spec.options) == Rules(**spec.options)
    assert play_spec(Rules(base=2)).options == {"base": 2}


def test_in_game_swap_is_refused_by_the_engine():
    # record v2 cannot show the in-game swap, so a game with it would not replay
    with pytest.raises(MahjongError, match="in_game_swap_probability"):
        play_spec({"in_game_swap_probability": 0.25})


# --- the worked examples of the rules --------------------------------------------------

def test_example_1_half_flush_self_draw():
    # 胡牌 1 + 混一色 3 + 门清 1 + 自摸 1 + 花牌 2 (two 5z, a shown tile) = 8
    rec = record_of([], win_event(0, "123m456m789m111z5z5z", "5z"),
                    shown=["5z", "9p", "9s", "3z"])
    assert value(rec) == 8 == paid(rec)


def test_example_2_cap():
    # 胡牌 1 + 清一色 6 + 七对 4 + 门清 1 + 自摸 1 + 花 1 = 14 → 13
    rec = record_of([], win_event(1, "11223344556677p", "7p"), shown=["1p", "9m", "9s", "3z"])
    assert value(rec) == 13 == paid(rec)


def test_example_3_robbing_a_kong_counts_as_self_draw():
    # B (seat 1) adds to [666s]; A robs 6s: 胡牌 1 + 自摸 1 = 2
    events = [{"type": "pung", "seat": 1, "tiles": "666s", "from": 0},
              {"type": "kong", "seat": 0, "kind": "exposed", "tile": "9p", "from": 1}]
    rec = record_of(events, win_event(0, "234m567m88m57s6s", "6s", [("kong", "9999p")],
                                      source=1, robbing_kong=True))
    assert value(rec) == 2 == paid(rec)


def test_example_4_haidi_from_the_reserve():
    # 胡牌 1 + 门清 1 + 自摸 1 + 海底捞月 1 = 4
    rec = record_of([], win_event(0, "234m456p678s111z88m", "8m", last_tile=True))
    assert value(rec) == 4 == paid(rec)


def test_example_5_ready_and_all_pungs_on_a_discard():
    # 胡牌 1 + 碰碰胡 3 + 报听 1 = 5 (one pung: not 门清)
    events = [{"type": "pung", "seat": 0, "tiles": "555m", "from": 1},
              {"type": "ready", "seat": 0}, {"type": "discard", "seat": 1, "tile": "2z"}]
    rec = record_of(events, win_event(0, "777p999s11z22z2z", "2z", [("pung", "555m")],
                                      source=1))
    assert value(rec) == 5 == paid(rec)


# --- refusals and flow checks -----------------------------------------------------------

def test_not_a_winning_hand():
    rec = record_of([], win_event(0, "234m456p678s111z89m", "9m"))
    assert value(rec) == 0 == paid(rec)


def test_min_fan_option():
    # 胡牌 1 + 断幺 1 on a discard, with a chow shown: 2 番
    win = win_event(1, "234m456p678s88m", "8m", [("chow", "345s")], source=0)
    events = [{"type": "chow", "seat": 1, "tiles": "345s", "from": 0}]
    rec = record_of(events, win)
    assert value(rec) == 2 == paid(rec)
    rec3 = record_of(events, win, options={"min_fan": 3})
    assert value(rec3, play_spec({"min_fan": 3})) == 0 == paid(rec3)
    rec2 = record_of(events, win, options={"min_fan": 2})
    assert value(rec2, play_spec({"min_fan": 2})) == 2 == paid(rec2)


def test_haidi_belongs_to_the_first_ready_player():
    events = [{"type": "ready", "seat": 1}, {"type": "ready", "seat": 0}]
    rec = record_of(events, win_event(0, "234m456p678s111z88m", "8m", last_tile=True))
    with pytest.raises(InvalidRecordError, match="ready first"):
        value(rec)
    with pytest.raises(InvalidRecordError, match="ready first"):
        settle(rec)
    rec = record_of(events, win_event(1, "234m456p678s111z88m", "8m", last_tile=True))
    assert value(rec) == 5 == paid(rec)     # + 报听


def test_base_option_scales_the_value():
    rec = record_of([], win_event(0, "234m456p678s111z88m", "8m", last_tile=True),
                    options={"base": 5})
    assert value(rec, play_spec({"base": 5})) == 20 == paid(rec)


def test_first_ready():
    assert first_ready([{"type": "draw", "seat": 0, "tile": "1m"}, {"type": "ready", "seat": 1},
                        {"type": "ready", "seat": 0}]) == {1: 1, 0: 2}


# --- differential: random records ---------------------------------------------------------

def _perturbed(rng, record):
    """The record with one concealed tile of the win replaced (mostly not winning)."""
    win = record["events"][-1]
    ids = to_tile_ids(win["hand"])
    held = ids + [t for m in win["melds"] for t in to_tile_ids(m["tiles"])] + \
        to_tile_ids(record["flower_indicators"])
    k = rng.randrange(len(ids))
    if ids[k] == to_tile_ids(win["win_tile"])[0]:
        return None
    t = rng.randrange(34)
    if held.count(t) >= 4:
        return None
    ids[k] = t
    win["hand"] = format_tiles(sorted(ids))
    return record


@pytest.mark.parametrize("perturb", [False, True])
def test_win_value_agrees_with_settlement(perturb):
    rng = random.Random(71 + perturb)
    accepted = refused = 0
    for _ in range(1500):
        record = additive_hands.random_record(rng, "two_player")
        if rng.random() < 0.3:
            record["options"]["min_fan"] = rng.choice((2, 3, 4, 6))
        if perturb:
            record = _perturbed(rng, record)
            if record is None:
                continue
        expected = paid(record)
        assert value(record, play_spec(record["options"])) == expected, record
        accepted += expected > 0
        refused += expected == 0
    assert refused > 100 and (accepted > 500 if not perturb else accepted > 10)
