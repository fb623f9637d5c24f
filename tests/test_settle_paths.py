"""The settlements' faster paths give what the old ones gave: the walk's errors come after
the steps before them (a bad win first, then an event after the end), the kong checks in
one pass keep their order (a kong of a wrong tile before an unlisted kong), the closing
hands of 查叫 / 查大叫 and their refusals, the Scorer's meld and count inputs in any buffer
form, and meld_pairs. The expected messages and payments are those of the code before the
change (4dc5878)."""
import numpy as np
import pytest

from mahjong import _reader
from mahjong.errors import InvalidRecordError
from mahjong.hand import parse_melds
from mahjong.record import HandRecord, walk_steps, walk_tuples
from mahjong.ruleset import Ledger, settle
from mahjong.sichuan.scoring import scorer

W = "234m567m678m345p55p"

REFUSED = [
    ({"rules": "sichuan", "dealer": 0, "events": [
        {"type": "win", "seat": 0, "hand": W, "win_tile": "5p"},
        {"type": "win", "seat": 1, "hand": "123s456s789s234m99m", "win_tile": "9m"},
        {"type": "win", "seat": 2, "hand": "111s222s333s567p88p", "win_tile": "8p"},
        {"type": "kong", "seat": 3, "kind": "concealed", "tile": "9p"}]},
     "event 3 (kong): the hand already ended at event 2"),
    ({"rules": "sichuan", "dealer": 0, "events": [
        {"type": "win", "seat": 0, "hand": W, "win_tile": "5p"},
        {"type": "win", "seat": 1, "hand": "123s456s789s234m98m", "win_tile": "9m"},
        {"type": "win", "seat": 2, "hand": "111s222s333s567p88p", "win_tile": "8p"},
        {"type": "kong", "seat": 3, "kind": "concealed", "tile": "9p"}]},
     "event 1 (win by seat 1): not a winning hand: not a Sichuan win: the tiles form neither "
     "4 sets + a pair nor seven pairs"),
    ({"rules": "yunnan", "dealer": 0, "options": {"multi_ron": False}, "events": [
        {"type": "win", "seat": 1, "hand": "234m567m678m345p56p", "win_tile": "5p", "from": 0},
        {"type": "win", "seat": 2, "hand": W, "win_tile": "5p", "from": 0}]},
     "event 1 (win by seat 2): a second winner on one discard, but this rule set takes only "
     "the first claimant (multi_ron is off)"),
    ({"rules": "yunnan", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": W, "win_tile": "5p", "from": 0},
        {"type": "kong", "seat": 3, "kind": "concealed", "tile": "1s"}]},
     "event 1 (kong): the hand already ended at event 0"),
    ({"rules": "tongcheng", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": W, "win_tile": "5p", "from": 0},
        {"type": "kong", "seat": 3, "kind": "concealed", "tile": "1s"}]},
     "event 1 (kong): the hand already ended at event 0"),
    ({"rules": "guobiao", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": "123m456m789m123p55p", "win_tile": "5p", "from": 0},
        {"type": "win", "seat": 2, "hand": "123m456m789m123p55p", "win_tile": "5p", "from": 0}]},
     "event 1 (win by seat 2): a second winner on one discard, but this rule set takes only "
     "the first claimant (multi_ron is off)"),
    ({"rules": "sichuan", "dealer": 0, "events": [
        {"type": "kong", "seat": 1, "kind": "concealed", "tile": "1z"}, {"type": "exhausted"}],
      "final": {"0": {"hand": "1234m", "melds": [["kong", "5555p"], ["pung", "666p"],
                                                 ["pung", "777p"]]},
                "1": {"hand": "123456789m1p", "melds": [["concealed_kong", "1111z"]]},
                "2": {"hand": "123456789m1234p"}, "3": {"hand": "123456789s1234p"}}},
     "event 0 (kong by seat 1): 1z is not a Sichuan tile"),
    ({"rules": "sichuan", "dealer": 0, "events": [{"type": "exhausted"}],
      "final": {"0": {"hand": "1234m", "melds": [["kong", "5555p"], ["pung", "666p"],
                                                 ["pung", "777p"]]},
                "1": {"hand": "123456789m1234s"}, "2": {"hand": "123456789m1234s"},
                "3": {"hand": "123456789s1234p"}}},
     "final hand of seat 0: shows the kong [5555p] but no kong event made it; a Sichuan "
     "record lists every kong (刮风下雨 is paid from the kong events)"),
    ({"rules": "yunnan", "dealer": 0, "events": [{"type": "exhausted"}],
      "final": {"0": {"hand": "1234567m11z2345p"}, "1": {"hand": "123456789m1234p"},
                "2": {"hand": "123456789m1234p"}, "3": {"hand": "123456789m1234s"}}},
     "final hand of seat 0: 1z is an honour tile; Yunnan plays with the 108 suit tiles only"),
]


@pytest.mark.parametrize("record, message", REFUSED)
def test_first_error_is_the_same(record, message):
    with pytest.raises(InvalidRecordError) as err:
        settle(record)
    assert str(err.value) == message


FINAL = {"0": {"hand": "123456789m1134p"}, "1": {"hand": "123456789m2345p"},
         "2": {"hand": "123456789s1234p"}, "3": {"hand": "123m456m789m1478p"}}


def test_exhausted_wall_payments():
    s = settle({"rules": "sichuan", "dealer": 0, "events": [{"type": "exhausted"}],
                "final": FINAL})
    assert s.deltas == (1, 1, 1, -3)
    assert [p.reason for p in s.payments] == [
        "查大叫: not ready; seat 0's best wait 2p is 1番",
        "查大叫: not ready; seat 1's best wait 2p is 1番",
        "查大叫: not ready; seat 2's best wait 1p is 1番"]
    y = settle({"rules": "yunnan", "dealer": 0, "events": [{"type": "exhausted"}],
                "final": FINAL})
    assert y.deltas == (1, 1, 1, -3) and y.next_dealer == 3
    assert [p.reason for p in y.payments] == ["查叫: not ready, pays a ready player 1番"] * 3


def test_walk_steps_then_error():
    rec = HandRecord.from_json(REFUSED[0][0])
    steps, error = walk_steps(rec, False, True)
    assert [s[0] for s in steps] == [0, 1, 2]
    assert str(error) == REFUSED[0][1]
    got = []
    with pytest.raises(InvalidRecordError) as err:
        for step in walk_tuples(rec, hand_ends_after_first_win=False):
            got.append(step)
    assert got == steps and str(err.value) == REFUSED[0][1]
    fine = HandRecord.from_json({"rules": "sichuan", "dealer": 0, "events": [
        {"type": "win", "seat": 0, "hand": W, "win_tile": "5p"}]})
    assert walk_steps(fine, False, True) == ([(0, fine.events[0], (), (0,))], None)


def test_scorer_reads_any_buffer():
    melds = parse_melds([("pung", "222p")])
    pairs = _reader.meld_pairs(melds)
    assert pairs == bytes([_reader.MELD_TYPE_CODES["pung"], 10])
    assert _reader.meld_pairs(()) == b""
    sc = scorer(4)
    hand = (0, 1, 2, 3, 4, 5, 6, 7, 8, 18, 18)
    counts = bytearray(34)
    for t in hand:
        counts[t] += 1
    want = sc.best_wait_one(np.frombuffer(bytes(counts), dtype=np.uint8),
                            np.frombuffer(pairs, dtype=np.uint8))
    assert sc.best_wait_one(counts, pairs) == sc.best_wait_one(bytes(counts), bytearray(pairs)) \
        == want
    assert sc.closing_hand_facts(hand, pairs)[1:] == want
    with pytest.raises(ValueError, match="34 counts"):
        sc.best_wait_one(bytes(33), pairs)
    with pytest.raises(ValueError, match="at most 4"):
        sc.best_wait_one(counts, bytes(10))
    with pytest.raises(ValueError, match="not a suit tile"):
        sc.closing_hand_facts(hand[:-1] + (27,), pairs)


def test_ledger_books_rows():
    ledger = Ledger(4)
    assert ledger.book(0, 1, 0, "nothing") is None
    assert ledger.book(0, 1, 2, "two", 3) == (0, 1, 2, "two", 3)
    assert ledger.book_from_others([0, 1, 2, 3], 2, 1, "each") == [
        (0, 2, 1, "each", None), (1, 2, 1, "each", None), (3, 2, 1, "each", None)]
    assert ledger.deltas() == [-3, 1, 3, -1]
    with pytest.raises(AssertionError, match="paying itself"):
        ledger.book(1, 1, 5, "self")
