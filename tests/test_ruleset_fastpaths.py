"""The compiled helpers of regional settlement agree with what they stand for.

Settling a record makes one compiled call per win and per closing hand
(the room kernels' scorers: ``score_ids`` / ``closing_hand_facts``); these tests hold them
equal to the separate calls and to brute force.
"""
import copy
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mahjong import sichuan, yunnan
from mahjong.errors import MahjongError
from mahjong.record import HandRecord
from mahjong.ruleset import suited_hand_arrays, suits_held
from mahjong.tiles import format_tiles

from test_ruleset_oracle import random_hand
from test_sichuan_properties import build_record

KERNEL = {0: sichuan._kernel, 1: yunnan._kernel}  # by the tests' rule-set number


def _scorer(rules, option):
    return KERNEL[rules].scorer(option)

FLAGS = ("replacement", "after_kong", "robbing_kong", "last_tile", "heavenly", "earthly",
         "first_round")


def _outcome(record, rules_module):
    try:
        s = rules_module.settle(record)
    except MahjongError as exc:
        return type(exc).__name__, str(exc)
    return s.to_json(), str(s)


def _mutated(raw, rng):
    """A copy of a record dict with one random change (often making it invalid)."""
    rec = copy.deepcopy(raw)
    events = rec["events"]
    if not events:
        return rec
    e = rng.choice(events)
    choice = rng.randrange(5)
    if choice == 0:
        e[rng.choice(FLAGS)] = True
    elif choice == 1 and "hand" in e:
        i = rng.randrange(len(e["hand"]))
        e["hand"] = e["hand"][:i] + rng.choice("123456789z") + e["hand"][i + 1:]
    elif choice == 2 and e.get("melds"):
        e["melds"][0] = dict(e["melds"][0], type=rng.choice(["pung", "kong", "concealed_kong"]))
    elif choice == 3:
        rec["options"] = rng.choice([{"xuezhan": False}, {"max_fan": 3, "zimo_jiadi": True},
                                     {"zhigang_pay": "feeder_2_others_1",
                                      "hujiao_zhuanyi": True}, {"longqidui_fan": 5}])
    else:
        rng.shuffle(events)
    return rec


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_settlement_of_a_record_equals_settlement_of_its_json_form(seed, mutate):
    """Every record is validated once when it is made; settling the record object and its
    JSON text gives the same result, or the same error."""
    raw = build_record(seed)
    if mutate:
        raw = _mutated(raw, random.Random(seed))
    try:
        record = HandRecord.from_json(raw)
    except MahjongError:
        return  # the record itself is bad: settlement never sees it
    assert _outcome(record, sichuan) == _outcome(record.dumps(), sichuan)


def test_closing_hand_facts_equal_separate_calls():
    rng = random.Random(3)
    for _ in range(3000):
        hand, melds, win = random_hand(rng, n_suits=rng.choice((1, 2, 3)))
        hand = list(hand)
        hand.remove(rng.choice(hand))  # a 13-tile closing hand, often not ready
        ms = [(k, format_tiles([t] * (3 if k == "pung" else 4))) for k, t in melds]
        counts, rows, parsed = suited_hand_arrays(hand, ms, size=13)
        for rules, option in ((0, 4), (0, 5), (1, 0), (1, 1)):
            for skip in (True, False):
                fan, tile = _scorer(rules, option).best_wait_one(counts, rows, skip)
                assert _scorer(rules, option).closing_hand_facts(
                    tuple(sorted(hand)), rows, skip) == (suits_held(counts, parsed), fan,
                                                              tile)


def _best_wait_by_brute_force(rules, counts, rows, option, skip_own_four):
    """(fan, tile) of the best discard win, scoring every one of the 27 suit tiles."""
    score_one = _scorer(rules, option).score_one
    own = np.array(counts[:27], dtype=np.int64)
    for kind, t in zip(rows[::2], rows[1::2]):
        if kind == 1:
            own[t:t + 3] += 1
        else:
            own[t] += 3 if kind == 2 else 4
    items = np.zeros(32, dtype=np.int16)
    best, best_tile = -1, -1
    for t in range(27):
        if own[t] >= 4 and (skip_own_four or counts[t] >= 4):
            continue
        trial = np.array(counts, dtype=np.uint8)
        trial[t] += 1
        fan = score_one(trial, rows, 0, items)
        if fan > 0 and fan > best:
            best, best_tile = fan, t
    return best, best_tile


def test_pruned_best_wait_search_equals_brute_force():
    """The compiled search scores only the formal waits of the concealed tiles (the core's
    wait search); it must find what scoring all 27 tiles finds, for ready and unready hands, with pungs, kongs and
    (Yunnan with allow_chow) chows."""
    rng = random.Random(11)
    n_ready = 0
    for n in range(4000):
        chows = n % 4 == 3
        hand, melds, _ = random_hand(rng, n_suits=rng.choice((1, 2, 2, 3)),
                                     allow_chow_melds=chows, complete=n % 5 != 4)
        hand = list(hand)
        hand.remove(rng.choice(hand))  # 13 tiles: ready when the 14 were a win
        rows = bytes(x for kind, t in melds
                     for x in ({"chow": 1, "pung": 2, "kong": 3, "concealed_kong": 4}[kind], t))
        counts = np.zeros(34, dtype=np.uint8)
        for t in hand:
            counts[t] += 1
        for rules, option in (((1, 0), (1, 1)) if chows else ((0, 4), (0, 5), (1, 0))):
            for skip in (True, False):
                want = _best_wait_by_brute_force(rules, counts, rows, option, skip)
                assert _scorer(rules, option).best_wait_one(counts, rows, skip) == want, \
                    (hand, melds, rules, option, skip)
                n_ready += want[0] > 0
    assert n_ready > 5000  # the ready case is well covered, not only the early exits


def test_compiled_helpers_reject_bad_ids():
    with pytest.raises(ValueError):
        sichuan._kernel.scorer(4).score_ids((27,) * 2 + (0,) * 12, b"", 0)
    with pytest.raises(ValueError):
        sichuan._kernel.scorer(4).score_ids((0,) * 5 + (1,) * 9, b"", 0)  # fifth copy
    with pytest.raises(ValueError):
        sichuan._kernel.scorer(4).closing_hand_facts((1,) * 13, b"\x02\x1b")  # meld of an honour
