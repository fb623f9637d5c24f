"""Hand records: parsing, round trip, and every kind of record that makes no sense."""
import copy

import pytest

from mahjong import sichuan, yunnan
from mahjong.errors import InvalidRecordError
from mahjong.record import HandRecord, KongEvent, WinEvent
from mahjong.ruleset import settle

WIN_E = {"type": "win", "seat": 0, "hand": "234m567m678m345p55p", "win_tile": "5p"}
BASE = {"rules": "sichuan", "dealer": 0, "events": [WIN_E]}


def rec(*events, **top):
    out = {"rules": "sichuan", "dealer": 0, "events": list(events)}
    out.update(top)
    return out


def test_round_trip_and_objects():
    r = HandRecord.from_json(rec(
        {"type": "kong", "seat": 1, "kind": "exposed", "tile": "7s", "from": 2},
        {"type": "win", "seat": 2, "hand": "234m567m678m55p", "win_tile": "5p",
         "melds": [{"type": "pung", "tiles": "222p"}], "from": 3},
        {"type": "exhausted"}))
    assert isinstance(r.events[0], KongEvent) and r.events[0].from_seat == 2
    assert isinstance(r.events[1], WinEvent) and not r.events[1].self_drawn
    again = HandRecord.from_json(r.dumps())
    assert again == r
    assert HandRecord.coerce(r) is r
    # JSON text works the same as the mapping
    text = HandRecord.from_json(BASE).dumps()
    assert settle(text).deltas == settle(BASE).deltas == (3, -1, -1, -1)


def test_a_hand_before_the_win_is_completed_by_the_win_tile():
    before = rec({"type": "win", "seat": 0, "hand": "234m567m678m345p5p", "win_tile": "5p"})
    after = rec(WIN_E)
    assert HandRecord.from_json(before) == HandRecord.from_json(after)
    with pytest.raises(InvalidRecordError, match="16 tiles"):
        HandRecord.from_json(rec({"type": "win", "seat": 0, "hand": "234m567m678m345p5p",
                                  "melds": [{"type": "pung", "tiles": "222p"}],
                                  "win_tile": "5p"}))


def test_reference_and_unicode_tiles_in_records():
    r = HandRecord.from_json(rec({"type": "win", "seat": 0,
                                  "hand": "W2 W3 W4 W5 W6 W7 W6 W7 W8 B3 B4 B5 B5 B5",
                                  "win_tile": "B5"}))
    assert settle(r).deltas == (3, -1, -1, -1)


BAD = [
    # (description, record, words the message must contain)
    ("not a winning hand",
     rec({"type": "win", "seat": 0, "hand": "234m567m678m345p59p", "win_tile": "5p"}),
     "event 0 (win by seat 0): not a winning hand"),
    ("three suits is no Sichuan win",
     rec({"type": "win", "seat": 0, "hand": "234m567m678s345p55p", "win_tile": "5p"}),
     "three suits"),
    ("a discard win from the winner himself",
     rec(dict(WIN_E, **{"from": 0})), "from the winner himself"),
    ("a second win by the same seat",
     rec(WIN_E, {"type": "win", "seat": 0, "hand": "123s456s789s234s55s", "win_tile": "5s"}),
     "event 1 (win by seat 0): a second win by seat 0"),
    ("a win after the hand ended (non-血战)",
     rec(WIN_E, {"type": "win", "seat": 1, "hand": "123s456s789s234s55s", "win_tile": "5s"},
         options={"xuezhan": False}), "event 1 (win): the hand already ended at event 0"),
    ("a fifth copy of a tile across seats",
     rec(WIN_E, {"type": "win", "seat": 1, "hand": "234m567m678m345p55p", "win_tile": "5p"}),
     "fifth copy of 5p: 6 copies held by seat 0 (win at event 0), seat 1 (win at event 1)"),
    ("a fifth copy inside one hand",
     rec({"type": "win", "seat": 0, "hand": "22222m67m678m345p5p", "win_tile": "5p"}),
     "fifth copy of 2m in one hand"),
    ("a kong of tiles the seat cannot hold (final melds disagree)",
     rec({"type": "kong", "seat": 1, "kind": "concealed", "tile": "7s"},
         final={"1": {"hand": "123m456m789m1p", "melds": [{"type": "pung", "tiles": "777s"}]}}),
     "event 0 (kong by seat 1): a concealed kong of 7s"),
    ("a kong of tiles another seat holds",
     rec({"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p"}, WIN_E),
     "seat 0 (win at event 1), seat 1's kongs (kong at event 0)"),
    ("a kong by a seat that has won",
     rec(WIN_E, {"type": "kong", "seat": 0, "kind": "concealed", "tile": "7s"}),
     "already won at event 0"),
    ("a win fed by a seat that has won",
     rec(WIN_E, {"type": "win", "seat": 1, "hand": "123s456s789s234s55s", "win_tile": "5s",
                 "from": 0}), "no longer discards"),
    ("an event after the wall ran out",
     rec({"type": "exhausted"}, WIN_E), "no event may follow"),
    ("an exposed kong without from",
     rec({"type": "kong", "seat": 1, "kind": "exposed", "tile": "7s"}), "needs 'from'"),
    ("a concealed kong with from",
     rec({"type": "kong", "seat": 1, "kind": "concealed", "tile": "7s", "from": 2}),
     "only given for an exposed kong"),
    ("an unknown kong kind",
     rec({"type": "kong", "seat": 1, "kind": "sideways", "tile": "7s"}), "'kind'"),
    ("a bad seat", rec(dict(WIN_E, seat=4)), "'seat' must be 0..3"),
    ("a bad tile", rec(dict(WIN_E, win_tile="0p")), "'win_tile'"),
    ("the win tile not in the hand", rec(dict(WIN_E, win_tile="9p")), "not in the hand"),
    ("twelve tiles in a win",
     rec(dict(WIN_E, hand="234m567m678m35p5p")), "expected 14"),
    ("replacement without a kong before",
     rec(dict(WIN_E, replacement=True)), "previous event to be a kong by the winner"),
    ("after_kong without the discarder's kong",
     rec(dict(WIN_E, **{"from": 1, "after_kong": True})), "kong by the discarder"),
    ("heavenly by a non-dealer",
     rec(dict(WIN_E, seat=1, heavenly=True)), "dealer"),
    ("heavenly after a kong",
     rec({"type": "kong", "seat": 0, "kind": "concealed", "tile": "7s"},
         dict(WIN_E, heavenly=True, melds=[{"type": "concealed_kong", "tiles": "7777s"}],
              hand="234m567m678m55p")), "first event"),
    ("robbing_kong with a robbed seat showing no pung",
     rec({"type": "win", "seat": 2, "hand": "123p456p789p66p567s", "win_tile": "6s",
          "from": 3, "robbing_kong": True},
         final={"3": {"hand": "123m456m789m1p444s"}}), "no pung of 6s"),
    ("an unknown event type", rec({"type": "foul", "seat": 1}), "unknown event type"),
    ("a discard without its tile", rec({"type": "discard", "seat": 1}), "missing 'tile'"),
    ("an unknown field", rec(dict(WIN_E, bonus=True)), "unknown field"),
    ("an unknown option", rec(WIN_E, options={"speed": 3}), "options: unknown option"),
    ("a bad option value", rec(WIN_E, options={"longqidui_fan": 9}), "longqidui_fan"),
    ("a final hand of the wrong size",
     rec({"type": "exhausted"}, final={"1": {"hand": "123m"}}), "expected 13"),
    ("流局 without the hands it needs",
     rec({"type": "exhausted"}), "final hand of seat 0 is needed"),
    ("an honour tile in a Sichuan kong",
     rec({"type": "kong", "seat": 1, "kind": "concealed", "tile": "5z"}), "not a Sichuan tile"),
    ("a record that is not JSON", "{not json", "not valid JSON"),
    ("an unknown rule set", {"rules": "mars", "dealer": 0, "events": []}, "unknown rule set"),
    ("earthly by the dealer", rec(dict(WIN_E, earthly=True)), "non-dealer"),
]


@pytest.mark.parametrize("record,words", [pytest.param(r, w, id=d) for d, r, w in BAD])
def test_bad_records_are_refused_with_a_clear_message(record, words):
    with pytest.raises(ValueError) as info:
        settle(record)
    assert words in str(info.value)
    assert isinstance(info.value, (InvalidRecordError,)) or "unknown rule set" in words


def test_yunnan_hand_ends_at_the_first_win():
    record = {"rules": "yunnan", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": "123m456m789m234p55p", "win_tile": "5p", "from": 2},
        {"type": "kong", "seat": 3, "kind": "concealed", "tile": "7s"}]}
    with pytest.raises(InvalidRecordError, match="event 1 .*already ended"):
        yunnan.settle(record)


def test_rule_set_mismatch():
    with pytest.raises(InvalidRecordError, match="not 'yunnan'"):
        yunnan.settle(BASE)
    assert sichuan.settle(copy.deepcopy(BASE)).deltas == (3, -1, -1, -1)


def test_record_may_stop_after_any_event():
    # a 血战 hand settled so far: only the listed events count, no 流局 step
    r = sichuan.settle(rec({"type": "kong", "seat": 1, "kind": "concealed", "tile": "7s"}))
    assert r.deltas == (-2, 6, -2, -2) and r.next_dealer is None
