"""Record format v2 (game logs): every event type, seats, immutability, round trips, and
hostile changes that must give a record or a MahjongError naming the problem."""
import copy
import json
import pickle
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from mahjong import sichuan
from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.record import (ClaimEvent, DiscardEvent, DrawEvent, ExhaustedEvent, FlipEvent,
                            HandRecord, KongEvent, ReadyEvent)
from mahjong.ruleset import available_rulesets, ruleset_info, settle

from test_sichuan_properties import build_record


def _read(raw):
    try:
        return HandRecord.from_json(raw)
    except MahjongError as exc:
        return type(exc).__name__, str(exc)


_EVENT_CHANGES = (
    lambda e, r: e.update(seat=r.choice([4, -1, "1", "²", True, None, 1.0, 2, 2**70])),
    lambda e, r: e.update({"from": r.choice([None, 0, 1, 3, 5, "2", True, []])}),
    lambda e, r: e.update({"from": e.get("seat")}),  # his own discard
    lambda e, r: e.update(tile=r.choice(["7s", "0s", "8z", "s7", "T7", 25, None, ["7s"]])),
    lambda e, r: e.update(kind=r.choice(["exposed", "added", "concealed", "single", None])),
    lambda e, r: e.update(win_tile=r.choice(["5p", "1m", "9z", "B5", 13, ["5p"]])),
    lambda e, r: e.update(hand=r.choice(["W1 W2", ["1m", "2m"], 5, None, "1111111111111m"])),
    lambda e, r: e.update(melds=r.choice([None, (), "222p", 5, 2.0, True, {},
                                          [{"type": "pung", "tiles": "223p"}],
                                          [{"type": "pung", "tiles": "222p"}] * 5])),
    lambda e, r: e.update({r.choice(["last_tile", "fourth_tile", "extra"]): r.choice(
        [True, False, 1])}),
    lambda e, r: e.update(flowers=r.choice([0, 3, 9, -1, True, "2"])),
    lambda e, r: e.pop(r.choice(["seat", "tile", "hand", "win_tile", "melds", "from",
                                 "type"]), None),
)


def _mutated(raw, rng):
    rec = copy.deepcopy(raw)
    targets = list(rec["events"]) + list((rec.get("final") or {}).values())
    if rng.random() < 0.2:
        rec[rng.choice(["seats", "round_wind", "indicator", "wall", "dealer"])] = rng.choice(
            [1, 2, 5, "E", None, [], ["1m"] * 5, "3p", True])
    if not targets:
        return rec
    for _ in range(rng.randint(1, 2)):
        rng.choice(_EVENT_CHANGES)(rng.choice(targets), rng)
    return rec


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_a_changed_record_is_read_or_refused_with_a_mahjong_error(seed, mutate):
    raw = build_record(seed)
    if mutate:
        raw = _mutated(raw, random.Random(seed))
    rec = _read(raw)
    if isinstance(rec, HandRecord):
        again = HandRecord.from_json(rec.dumps())
        assert again.to_json() == rec.to_json()
        assert pickle.loads(pickle.dumps(rec)).to_json() == rec.to_json()


FULL_LOG = {
    "rules": "sichuan", "dealer": 0,
    "events": [
        {"type": "discard", "seat": 0, "tile": "9p"},
        {"type": "pung", "seat": 2, "tiles": "999p", "from": 0},
        {"type": "discard", "seat": 2, "tile": "1s"},
        {"type": "draw", "seat": 3, "tile": "7s"},
        {"type": "kong", "seat": 3, "kind": "concealed", "tile": "7s"},
        {"type": "draw", "seat": 3, "tile": "3m"},
        {"type": "discard", "seat": 3, "tile": "3m"},
        {"type": "win", "seat": 1, "hand": "12m456m789m111p55p", "win_tile": "3m",
         "from": 3},
        {"type": "ready", "seat": 0},
        {"type": "exhausted"},
    ],
    "final": {"0": {"hand": "111m222m333p444p5p"},
              "2": {"hand": "123s456s89s99s", "melds": [{"type": "pung", "tiles": "999p"}]},
              "3": {"hand": "123p456p789p9s", "melds": [{"type": "concealed_kong",
                                                         "tiles": "7777s"}]}},
}


def _unreplayed(raw):
    """A hand-made full log read without its replay (it is no real play: the replay of full
    game logs is tested in test_full_log_replay.py)."""
    return HandRecord.from_json(raw, replay=False)


def _engine_log():
    from mahjong.game import Game
    return Game("sichuan", seed=11, agents="greedy").play()


def test_every_event_type_reads_into_its_class():
    raw = {"rules": "sichuan", "dealer": 0, "seats": 4, "round_wind": 2, "indicator": "3p",
           "flower_indicators": ["5p", "1z"], "wall": ["1m", "2m"],
           "events": [
               {"type": "draw", "seat": 0, "tile": "1m"},
               {"type": "discard", "seat": 0, "tile": "1m"},
               {"type": "chow", "seat": 1, "tiles": "123m", "from": 0},
               {"type": "ready", "seat": 2},
               {"type": "kong", "seat": 3, "kind": "single", "tile": "7z"},
               {"type": "flip", "tile": "9s"},
               {"type": "exhausted", "yunnan": {"chajiao_pairs": [[1, 0]]}}],
           "final": {"1": {"hand": "456m789m123p5p", "melds": [{"type": "chow",
                                                             "tiles": "123m"}]},
                     "3": {"hand": "456m789m123p5557p", "melds": [
                         {"type": "single_kong", "tiles": "7z"}]}}}
    rec = _unreplayed(raw)
    types = [type(e) for e in rec.events]
    assert types == [DrawEvent, DiscardEvent, ClaimEvent, ReadyEvent, KongEvent, FlipEvent,
                     ExhaustedEvent]
    assert rec.events[2].meld.kind == "chow" and rec.events[2].tiles == (0, 1, 2)
    assert rec.round_wind == 2 and rec.indicator == 11 and rec.flower_indicators == (13, 27)
    assert rec.wall == (0, 1)
    assert rec.events[-1].rule_data("yunnan")["chajiao_pairs"] == ((1, 0),)
    assert _unreplayed(rec.dumps()).to_json() == rec.to_json()


def test_new_events_settle_to_the_same_deltas_as_the_record_without_them():
    full = settle(_unreplayed(FULL_LOG))
    bare = dict(FULL_LOG, events=[e for e in FULL_LOG["events"]
                                  if e["type"] in ("kong", "win", "exhausted")])
    assert full.deltas == settle(bare).deltas and sum(full.deltas) == 0
    assert full.payments == settle(bare).payments or [
        (p.from_seat, p.to_seat, p.amount, p.reason) for p in full.payments] == [
        (p.from_seat, p.to_seat, p.amount, p.reason) for p in settle(bare).payments]
    # yunnan too (no kong money there; the same events)
    y = dict(FULL_LOG, rules="yunnan", events=FULL_LOG["events"][:8])  # ends at the win
    y_bare = dict(bare, rules="yunnan", events=bare["events"][:2])
    assert settle(_unreplayed(y)).deltas == settle(y_bare).deltas


def test_a_read_record_cannot_be_changed():
    rec = _unreplayed(FULL_LOG)
    with pytest.raises(InvalidRecordError):
        rec.final[3] = rec.final[0]
    with pytest.raises(InvalidRecordError):
        rec.dealer = 2
    with pytest.raises(InvalidRecordError):
        rec.options.update({"xuezhan": False})
    with pytest.raises((AttributeError, TypeError)):
        rec.events[0].seat = 3  # frozen events
    assert settle(rec).deltas == settle(_unreplayed(FULL_LOG)).deltas


def test_a_record_built_from_fields_is_validated_like_its_json():
    rec = HandRecord.from_json(_engine_log())
    same = HandRecord(rec.rules, rec.dealer, rec.events, rec.final, rec.options,
                      wall=rec.wall)
    assert same.to_json() == rec.to_json()
    with pytest.raises(InvalidRecordError, match="event 0 .*out of turn"):   # (replayed)
        HandRecord(rec.rules, rec.dealer, rec.events[1:], rec.final, rec.options,
                   wall=rec.wall)
    with pytest.raises(InvalidRecordError, match="fifth copy"):
        hand = _unreplayed(FULL_LOG).final[0]
        HandRecord("sichuan", 0, (), {0: hand, 1: hand})


BAD = [
    ("a chow not from the 上家", {"type": "chow", "seat": 2, "tiles": "123m", "from": 0},
     "上家"),
    ("a claim of one's own discard", {"type": "pung", "seat": 1, "tiles": "222m", "from": 1},
     "own discard"),
    ("a claim without from", {"type": "pung", "seat": 1, "tiles": "222m"}, "missing 'from'"),
    ("a pung that is not a pung", {"type": "pung", "seat": 1, "tiles": "223m", "from": 0},
     "not a pung"),
    ("a ready with an unknown field", {"type": "ready", "seat": 1, "bet": 3},
     "unknown field"),
    ("a flip without its tile", {"type": "flip"}, "missing 'tile'"),
    ("an exhausted event with a stray field", {"type": "exhausted", "pairs": 3},
     "rule-set data"),
]


@pytest.mark.parametrize("event,words", [pytest.param(e, w, id=d) for d, e, w in BAD])
def test_bad_new_events_are_refused_naming_the_event(event, words):
    raw = {"rules": "sichuan", "dealer": 0, "events": [event]}
    with pytest.raises(InvalidRecordError, match="event 0") as info:
        HandRecord.from_json(raw)
    assert words in str(info.value)


def test_listed_claims_must_agree_with_the_melds_shown():
    raw = copy.deepcopy(FULL_LOG)
    raw["final"]["2"]["melds"] = []
    raw["final"]["2"]["hand"] = "123s456s78s99s999p"
    with pytest.raises(InvalidRecordError, match=r"event 1 \(pung by seat 2\).*no pung"):
        HandRecord.from_json(raw)
    # a hand-written record listing one claim lists them all: seat 3's pung has none
    raw = {"rules": "sichuan", "dealer": 0,
           "events": [{"type": "pung", "seat": 2, "tiles": "999p", "from": 0}],
           "final": {"2": {"hand": "123s456s89s99s", "melds": [{"type": "pung",
                                                             "tiles": "999p"}]},
                     "3": {"hand": "123p456p789p9s", "melds": [{"type": "pung",
                                                            "tiles": "111s"}]}}}
    with pytest.raises(InvalidRecordError, match="final hand of seat 3.*no pung event made"):
        HandRecord.from_json(raw)
    del raw["final"]["3"]
    assert HandRecord.from_json(raw).events[0].meld.kind == "pung"


def test_a_full_log_claims_only_the_discard_just_made():
    raw = copy.deepcopy(FULL_LOG)
    raw["events"][1]["from"] = 3  # seat 3 did not discard 9p
    with pytest.raises(InvalidRecordError, match=r"event 1 \(pung by seat 2\)"):
        HandRecord.from_json(raw)
    raw = copy.deepcopy(FULL_LOG)
    raw["events"][7]["from"] = 2  # the last discard was seat 3's
    with pytest.raises(InvalidRecordError, match=r"event 7 \(win by seat 1\).*just made"):
        HandRecord.from_json(raw)


def test_discards_nobody_took_count_toward_the_four_copies():
    raw = copy.deepcopy(FULL_LOG)
    raw["events"][2]["tile"] = "5p"  # seats 0, 1 and 3 hold the four 5p
    with pytest.raises(InvalidRecordError, match="fifth copy of 5p.*discard"):
        HandRecord.from_json(raw)


def test_seats_bound_every_seat_field():
    raw = {"rules": "sichuan", "dealer": 0, "seats": 2,
           "events": [{"type": "discard", "seat": 2, "tile": "1m"}]}
    with pytest.raises(InvalidRecordError, match="'seat' must be 0..1"):
        HandRecord.from_json(raw)
    with pytest.raises(InvalidRecordError, match="'seats' must be 2..4"):
        HandRecord.from_json(dict(raw, seats=5))
    rec = HandRecord.from_json(dict(raw, events=[]))
    assert rec.seats == 2
    with pytest.raises(InvalidRecordError, match="seats is 2, but sichuan is played by 4"):
        settle(rec)


def test_registry_knows_every_rule_set_with_its_seats_and_tiles():
    assert {"guobiao", "sichuan", "yunnan"} <= set(available_rulesets())
    info = ruleset_info("guobiao")
    assert (info.seats, info.tiles) == (4, 136)
    assert (ruleset_info("sichuan").tiles, ruleset_info("yunnan").seats) == (108, 4)


def test_records_read_from_bytes_with_a_byte_order_mark():
    log = _engine_log()
    text = json.dumps(log).encode("utf-8")
    assert settle(b"\xef\xbb\xbf" + text).deltas == settle(log).deltas
    with pytest.raises(InvalidRecordError, match="not UTF-8"):
        settle(b"\xff\xfe{")


# ------------------------------------------------ impossible records and option types

def _sichuan(*events, final=None, options=None):
    return {"rules": "sichuan", "dealer": 0, "events": list(events), "final": final or {},
            "options": options or {}}


def test_a_fifth_kong_by_one_seat_is_refused():
    kongs = [{"type": "kong", "seat": 1, "kind": "concealed", "tile": t}
             for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m")]
    with pytest.raises(InvalidRecordError, match=r"event 4 \(kong by seat 1\): a fifth kong"):
        settle(_sichuan(*kongs))


def test_nothing_is_drawn_after_a_last_tile_self_draw():
    w1 = {"type": "win", "seat": 1, "hand": "123m456m789m234p55p", "win_tile": "5p",
          "last_tile": True}
    w2 = {"type": "win", "seat": 3, "hand": "234s567s678s345s99s", "win_tile": "9s",
          "last_tile": True}
    kong = {"type": "kong", "seat": 0, "kind": "concealed", "tile": "1s"}
    with pytest.raises(InvalidRecordError, match=r"event 1 \(win\): the wall was empty"):
        settle(_sichuan(w1, w2, kong))
    with pytest.raises(InvalidRecordError, match=r"event 1 \(kong\): the wall was empty"):
        settle(_sichuan(w1, kong))


def test_a_winners_impossible_final_hand_is_refused():
    win = {"type": "win", "seat": 1, "hand": "123m456m789m234p55p", "win_tile": "5p"}
    with pytest.raises(InvalidRecordError, match="final hand of seat 1.*not a possible"):
        settle(_sichuan(win, final={"1": {"hand": "1111111111111m"}}))


@pytest.mark.parametrize("options,words", [
    ({"max_fan": True}, "max_fan=True is not allowed"),
    ({"max_fan": 3.0}, "max_fan=3.0 is not allowed"),
    ({"longqidui_fan": 5.0}, "longqidui_fan=5.0 is not allowed"),
    ({"base": 2**60}, "out of range"),
    ({"base": "1"}, "must be an integer"),
])
def test_options_are_exact_values_of_their_documented_kind(options, words):
    win = {"type": "win", "seat": 1, "hand": "123m456m789m234p55p", "win_tile": "5p"}
    with pytest.raises(InvalidRecordError, match="options") as info:
        settle(_sichuan(win, options=options))
    assert words in str(info.value)
    with pytest.raises(MahjongError, match="option"):
        sichuan.Rules.from_mapping(options)


def test_option_names_must_be_strings():
    with pytest.raises(MahjongError, match="option names must be strings"):
        sichuan.Rules.from_mapping({1: 2, "base": 1})


@pytest.mark.parametrize("text,words", [
    ('{"rules": "sichuan", "dealer": ' + "9" * 5000 + ', "events": []}', "not valid JSON"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ('{"rules": "sichuan", "dealer": "\u00b2", "events": []}', "'dealer' must be an integer"),
    ('{"rules": "sichuan", "dealer": 18446744073709551616, "events": []}', "'dealer' must be"),
])
def test_hostile_json_is_a_record_error(text, words):
    with pytest.raises(InvalidRecordError) as info:
        HandRecord.from_json(text)
    assert words in str(info.value)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["sichuan", "yunnan"]), st.randoms())
def test_play_events_change_no_settlement(seed, rules, rnd):
    """Discards, draws-free ready declarations and flips inserted into a hand-written
    record (not a full game log) leave every payment as it was."""
    raw = dict(build_record(seed), rules=rules)
    try:
        bare = settle(raw)
    except MahjongError:
        return  # not a record of this rule set (e.g. a second win in Yunnan)
    events = list(raw["events"])
    won = set()
    out = []
    for e in events:
        # (not between a kong and the 杠上花 / 杠上炮 / 抢杠 win that depends on it)
        flagged = any(e.get(f) for f in ("replacement", "after_kong", "robbing_kong"))
        if e["type"] != "exhausted" and not flagged and rnd.random() < 0.5:
            seat = rnd.choice([s for s in range(4) if s not in won] or [None])
            if seat is not None:
                out.append(rnd.choice([{"type": "discard", "seat": seat,
                                        "tile": rnd.choice(["1m", "5p", "9s", "7z"])},
                                       {"type": "ready", "seat": seat}]))
        out.append(e)
        if e["type"] == "win":
            won.add(e["seat"])
    full = settle(dict(raw, events=out))
    assert full.deltas == bare.deltas
    def rows(settlement):  # reasons name events by index, and the indices moved
        return [(p.from_seat, p.to_seat, p.amount, re.sub(r"event \d+", "event", p.reason))
                for p in settlement.payments]

    assert rows(full) == rows(bare)
    assert full.next_dealer == bare.next_dealer
