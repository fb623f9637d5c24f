"""Full game logs (a ``wall`` or ``draw`` events) are played again when read: impossible play
is refused with a MahjongError naming the first impossible event (issue 26, item 1), and a
summary record (no draws, no wall) reads as before.

Each example and the mutation fuzz failed before the replay: the reader accepted the edited
logs and settled them.
"""
import copy
import json
import random

import pytest
from log_mutations import MUTATIONS, mutate, possible

from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.game import Game, _table, replay
from mahjong.record import HandRecord
from mahjong.ruleset import available_rulesets, settle
from mahjong.tiles import TENHOU_NAMES

RULE_SETS = available_rulesets()
SUIT_ONLY = ("sichuan", "yunnan", "guiyang")      # the 108-tile rule sets


def _log(rules, seed=3, agents="greedy"):
    return Game(rules, seed=seed, agents=agents).play()


def _first(log, kind, seat=None):
    return next(i for i, e in enumerate(log["events"])
                if e["type"] == kind and (seat is None or e["seat"] == seat))


def _refused(log, *patterns):
    """Settling ``log`` (as JSON text and as a mapping) raises a MahjongError whose message
    holds every pattern."""
    for given in (json.dumps(log, ensure_ascii=False), log):
        with pytest.raises(MahjongError) as info:
            settle(given)
        for p in patterns:
            assert p in str(info.value), (p, str(info.value))
    return str(info.value)


# ------------------------------------------------------------------------- engine logs

@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_engine_logs_settle_through_the_replay(rules, agents):
    for seed in range(6):
        log = _log(rules, seed, agents)
        assert list(settle(json.dumps(log)).deltas) == log["result"]["deltas"]
        assert list(settle(log).deltas) == log["result"]["deltas"]
        bare = {k: v for k, v in log.items() if k != "wall"}    # the deal rebuilt
        assert list(settle(bare).deltas) == log["result"]["deltas"]
        assert possible(log)      # (the Python-level judge agrees)


def test_summary_records_are_not_replayed():
    # a hand-written record with only the events its rule set needs (no draws, no wall)
    rec = {"rules": "sichuan", "dealer": 0, "events": [
        {"type": "kong", "seat": 1, "kind": "concealed", "tile": "3p"},
        {"type": "win", "seat": 2, "hand": "234m456m567s789s88s", "win_tile": "6m",
         "from": 1}]}
    assert sum(settle(rec).deltas) == 0


# ---------------------------------------------------------------- the issue's examples

@pytest.mark.parametrize("rules", SUIT_ONLY)
def test_a_draw_of_an_honour_is_refused(rules):
    log = _log(rules)
    i = _first(log, "draw")
    log["events"][i]["tile"] = "7z"
    _refused(log, f"event {i} (draw 7z by seat {log['events'][i]['seat']})")
    del log["wall"]
    _refused(log, f"event {i} (draw 7z", "not a")


@pytest.mark.parametrize("rules", SUIT_ONLY)
def test_a_discard_of_an_honour_is_refused(rules):
    log = _log(rules)
    i = _first(log, "discard")
    log["events"][i]["tile"] = "1z"
    _refused(log, f"record: event {i} (discard 1z by seat ")
    with pytest.raises(MahjongError):
        settle({k: v for k, v in log.items() if k != "wall"})


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_draw_that_is_not_the_next_tile_of_the_wall_is_refused(rules):
    log = _log(rules)
    i = _first(log, "draw")
    e = log["events"][i]
    kinds = 27 if rules in SUIT_ONLY else 34
    e["tile"] = TENHOU_NAMES[(TENHOU_NAMES.index(e["tile"]) + 1) % kinds]
    _refused(log, f"event {i} (draw {e['tile']} by seat {e['seat']})", "not the play")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_discard_of_a_tile_not_held_is_refused(rules):
    log = next(g for g in (_log(rules, seed) for seed in range(30))
               if g["events"][0]["type"] == "discard")       # the dealer's first action
    seats, dealer = log["seats"], log["dealer"]
    hand = set(log["wall"][:13] + [log["wall"][13 * seats]])  # the dealer's 14 tiles
    kinds = 27 if rules in SUIT_ONLY else 34
    missing = next(TENHOU_NAMES[t] for t in range(kinds) if TENHOU_NAMES[t] not in hand)
    log["events"][0]["tile"] = missing
    _refused(log, f"record: event 0 (discard {missing} by seat {dealer}): seat {dealer} may "
                  f"not discard {missing} here")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_first_draw_deleted_is_refused(rules):
    log = _log(rules)
    i = _first(log, "draw")
    del log["events"][i]
    _refused(log, f"event {i} (", "not the play")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_discard_given_to_the_next_seat_is_refused(rules):
    log = _log(rules)
    i = _first(log, "discard")
    e = log["events"][i]
    e["seat"] = (e["seat"] + 1) % log["seats"]
    # (the reader's own check refuses the claim of that discard further on, if any: the
    # replay names the discard, the first impossible event)
    _refused(log, f"record: event {i} (discard {e['tile']} by seat {e['seat']}): out of turn")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_swap_of_a_draw_with_its_discard_is_refused(rules):
    log = _log(rules)
    ev = log["events"]
    for i in range(len(ev) - 1):
        if ev[i]["type"] == "draw" and ev[i + 1]["type"] == "discard" and \
                ev[i]["seat"] == ev[i + 1]["seat"]:
            bad = copy.deepcopy(log)
            bad["events"][i], bad["events"][i + 1] = ev[i + 1], ev[i]
            _refused(bad, f"record: event {i} (discard")
            del bad["wall"]
            with pytest.raises(MahjongError):
                settle(bad)


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("cut", [20, 0])
def test_a_wall_cut_short_is_refused(rules, cut):
    log = _log(rules)
    log["wall"] = log["wall"][:cut]
    _refused(log, "record: wall: ")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_wall_of_four_1z_is_refused(rules):
    log = _log(rules)
    log["wall"] = ["1z"] * 4
    _refused(log, "record: ", "wall")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_another_dealer_is_refused(rules):
    log = _log(rules)
    log["dealer"] = (log["dealer"] + 1) % log["seats"]
    _refused(log, "event 0 (", "out of turn")


def test_the_message_names_the_event_as_the_issue_asks():
    log = _log("sichuan")
    i = _first(log, "discard")
    log["events"][i]["tile"] = "1z"
    message = _refused(log)
    assert message.startswith(f"record: event {i} (discard 1z by seat ")
    assert isinstance(pytest.raises(InvalidRecordError, settle, log).value, InvalidRecordError)


def test_a_win_the_play_does_not_give_is_refused():
    for seed in range(20):
        log = _log("guobiao", seed)
        wins = [i for i, e in enumerate(log["events"]) if e["type"] == "win"]
        if wins:
            break
    i = wins[0]
    win = log["events"][i]
    bad = copy.deepcopy(log)
    bad["events"][i]["last_tile"] = not win.get("last_tile", False)   # a flag it had not
    if not bad["events"][i]["last_tile"]:
        del bad["events"][i]["last_tile"]
    with pytest.raises(MahjongError, match=f"event {i} "):
        settle(bad)


def test_replay_refuses_a_draw_that_disagrees_with_the_wall():
    # issue 26, item 4: mahjong.game.replay ignored such a draw
    log = _log("sichuan")
    i = _first(log, "draw")
    log["events"][i]["tile"] = TENHOU_NAMES[(TENHOU_NAMES.index(log["events"][i]["tile"])
                                            + 1) % 27]
    with pytest.raises(MahjongError, match=f"replay: event {i} "):
        replay(log)


def test_the_reader_packs_the_event_codes_of_the_table():
    # the reader's codes are the table's (one order of event types, kong kinds, win flags)
    from mahjong import record
    from mahjong.record import log_codes
    assert [record.EVENT_TYPES.index(n) + 1 for n in record.EVENT_TYPES] == [
        _table.EV_DRAW, _table.EV_DISCARD, _table.EV_CHOW, _table.EV_PUNG, _table.EV_KONG,
        _table.EV_READY, _table.EV_FLIP, _table.EV_WIN, _table.EV_EXHAUSTED, _table.EV_PENALTY]
    assert record.KONG_KINDS == _table.KONG_KINDS
    assert record.WIN_FLAGS == _table.WIN_FLAG_NAMES
    rec = HandRecord.from_json(_log("guiyang"))
    codes, wins, finals = log_codes(rec.events, rec.final, rec.seats)
    assert len(codes) == 5 * len(rec.events) and len(finals) == 35 * rec.seats
    assert len(wins) == 35 * sum(e.type == "win" for e in rec.events)


# ---------------------------------------------------------------------- mutation fuzz

def _outcome(log):
    try:
        settle(json.dumps(log, ensure_ascii=False))
    except MahjongError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_edit_that_makes_a_log_impossible_is_refused_and_no_other(rules):
    """Single edits of engine logs (every class of MUTATIONS): refused with a MahjongError
    exactly when the Python-level replay (the judge) finds the edited log impossible."""
    rng = random.Random(f"replay-{rules}")
    wrong = []
    tried = kept = 0
    for seed in range(3):
        log = _log(rules, seed, ["random", "greedy"][seed % 2])
        for kind in MUTATIONS:
            for _ in range(6):
                mut = mutate(log, kind, rng.randrange)
                if mut is None:
                    continue
                tried += 1
                ok = possible(mut)
                kept += ok
                refused = _outcome(mut)
                if ok != (refused is None):
                    wrong.append((kind, ok, refused))
    assert not wrong, wrong[:5]
    assert tried > 100


@pytest.mark.parametrize("rules", RULE_SETS)
def test_edits_that_keep_the_play_are_accepted(rules):
    """Edits that change nothing the play reads: tiles of the wall nobody draws swapped."""
    log = _log(rules)
    rec = HandRecord.from_json(log)
    draws = sum(e.type in ("draw", "flip") for e in rec.events)
    wall = log["wall"]
    start = 13 * log["seats"] + 1 + draws + 2      # past every tile taken (and a margin)
    tail = [k for k in range(start, len(wall)) if wall[k] != wall[start]]
    if rules in ("two_player",) or not tail:
        pytest.skip("no undrawn tiles of two kinds in this log's live wall")
    same = copy.deepcopy(log)
    same["wall"][start], same["wall"][tail[0]] = wall[tail[0]], wall[start]
    assert possible(same)
    assert _outcome(same) is None
