"""The penalty event (Botzone's duplicate-wall game: an illegal move or a false win costs the
offender 30 and pays each other player 10): read, replayed, settled by the Guobiao room, and
refused where no rule has it."""
import json

import pytest

from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.game import Game
from mahjong.record import EVENT_TYPES, HandRecord, PenaltyEvent
from mahjong.ruleset import settle
from mahjong_core import _types


def _log(options=None, seed=3):
    log = Game("guobiao", seed=seed,
               options={"duplicate_walls": True} if options is None else options,
               agents="greedy").play()
    return {k: v for k, v in log.items() if k not in ("result", "final")}


def _with_penalty(log, n, seat):
    out = dict(log)
    out["events"] = log["events"][:n] + [{"type": "penalty", "seat": seat}]
    return out


def test_the_penalty_event_is_the_cores_code_and_name():
    assert EVENT_TYPES[_types.EV_PENALTY - 1] == "penalty"
    assert _types.EV_VOID not in range(1, len(EVENT_TYPES) + 1)   # the engine's own stays unnamed


@pytest.mark.parametrize("seat", range(4))
def test_a_penalty_costs_the_offender_30_and_pays_each_other_player_10(seat):
    log = _log()
    for n in (0, 7, 20):     # at the start, after a draw, in a claim window ...
        rec = HandRecord.from_json(_with_penalty(log, n, seat))
        assert rec.events[-1] == PenaltyEvent(seat)
        s = settle(rec)
        assert s.deltas == tuple(-30 if p == seat else 10 for p in range(4))
        assert s.next_dealer == 1
        assert rec.to_json()["events"][-1] == {"type": "penalty", "seat": seat}
        assert HandRecord.from_json(json.dumps(rec.to_json())) == rec   # the text reader too


def test_a_penalty_ends_the_hand():
    log = _log()
    after = _with_penalty(log, 10, 1)
    after["events"].append(log["events"][10])
    with pytest.raises(InvalidRecordError,
                       match=r"event 10 \(penalty\): the penalty ended the hand"):
        HandRecord.from_json(after)
    won = dict(log)       # a penalty after a win: the hand was over
    won["events"] = log["events"] + [{"type": "penalty", "seat": 0}]
    with pytest.raises(InvalidRecordError, match="event"):
        settle(HandRecord.from_json(won))


def test_the_events_before_a_penalty_are_replayed_from_the_wall():
    log = _log()
    bad = _with_penalty(log, 12, 2)
    i = next(i for i, e in enumerate(bad["events"]) if e["type"] == "draw")
    bad["events"][i] = dict(bad["events"][i], tile="7z" if bad["events"][i]["tile"] != "7z"
                            else "1m")
    with pytest.raises(InvalidRecordError, match=f"event {i} "):
        HandRecord.from_json(bad)


@pytest.mark.parametrize("bad, word", [({"type": "penalty"}, "seat"),
                                       ({"type": "penalty", "seat": 4}, "seat"),
                                       ({"type": "penalty", "seat": 1, "fine": 30}, "fine")])
def test_a_malformed_penalty_is_refused_naming_it(bad, word):
    log = _log()
    rec = dict(log, events=log["events"][:5] + [bad])
    with pytest.raises(InvalidRecordError, match=f"event 5 \\(penalty\\).*{word}"):
        HandRecord.from_json(rec)


def test_a_penalty_without_the_duplicate_wall_game_is_refused():
    log = _log(options={}, seed=4)
    rec = HandRecord.from_json(_with_penalty(log, 8, 3))
    with pytest.raises(MahjongError, match=r"event 8 \(penalty by seat 3\).*duplicate_walls"):
        settle(rec)


@pytest.mark.parametrize("rules", ["sichuan", "yunnan", "guiyang", "huanggang", "two_player",
                                   "tongcheng"])
def test_a_room_without_penalties_refuses_one(rules):
    log = Game(rules, seed=2, agents="greedy").play()
    rec = {k: v for k, v in log.items() if k not in ("result", "final")}
    rec["events"] = log["events"][:6] + [{"type": "penalty", "seat": 1}]
    with pytest.raises(MahjongError, match=f"event 6 \\(penalty\\): {rules} has no penalty"):
        settle(HandRecord.from_json(rec))
