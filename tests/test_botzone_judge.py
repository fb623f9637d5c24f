"""Checks against the official Botzone judge of Chinese Standard Mahjong (the duplicate-wall
game), run when the environment variable MAHJONG_BOTZONE_JUDGE names the judge's binary
(built outside the repository: docs/BOTZONE.md, "Checked against the official judge");
skipped otherwise (CI has no judge).

1. Four `mahjong botzone --agent greedy` programs play a whole game through the judge, each
   seat in another input form (JSON, simple, each also kept running): the game finishes and
   the judge accepts every answer; the forms answer alike.
2. The engine's duplicate-wall Guobiao games, driven through the judge (its wall made from
   our record's, bots answering exactly our record's actions), end with our winner, fans and
   scores.
3. The 16 real games of tests/data/botzone_games.json, re-run through the judge, give back
   every request and the recorded scores (and the shared data's judge logs, when there,
   every judge output).
The runner is tools/botzone_arena.py."""
import json
import os
import sys

import pytest

from child_env import CHILD_CWD, child_env
from mahjong.game import Game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import botzone_arena as arena  # noqa: E402

JUDGE = os.environ.get("MAHJONG_BOTZONE_JUDGE", "")
pytestmark = pytest.mark.skipif(
    not JUDGE, reason="MAHJONG_BOTZONE_JUDGE is not set: it names the official Botzone judge "
    "binary, built outside the repository (docs/BOTZONE.md, 'Checked against the official "
    "judge'); CI has none")

SAMPLES = os.environ.get("MAHJONG_BOTZONE_LOGS") or next(
    (p for p in (os.path.join(up, "shared", "data", "botzone", "botzone-logs-from-ijcai-text")
                 for up in (os.path.dirname(ROOT), os.path.dirname(os.path.dirname(ROOT))))
     if os.path.isdir(p)), "")
OPTIONS = {"duplicate_walls": True}
BOT = [sys.executable, "-m", "mahjong", "botzone", "--agent", "greedy"]


@pytest.fixture(scope="module")
def judge():
    if not (os.path.isfile(JUDGE) and os.access(JUDGE, os.X_OK)):
        pytest.fail(f"MAHJONG_BOTZONE_JUDGE={JUDGE!r} is not an executable file")
    return [JUDGE]


def _bot(form, keep):
    return arena.ProgramBot(BOT + (["--keep-running"] if keep else []), form,
                            time_limit=30.0, env=child_env(), cwd=CHILD_CWD)


def _responses(log):
    return [[entry[str(s)]["response"] for s in range(4)] for entry in log[1::2]]


#: a wall on which the greedy bots' game is short (34 turns): the engine's game of seed 2
SHORT_GAME_SEED = 2


def test_greedy_bots_every_form_through_the_judge(judge):
    rec = Game("guobiao", seed=SHORT_GAME_SEED, options=OPTIONS, agents="greedy").play()
    initdata = arena.record_initdata(rec)
    mixed = [_bot("json", False), _bot("simple", False), _bot("json", True),
             _bot("simple", True)]
    game = arena.play(judge, mixed, initdata)
    assert game["result"]["action"] in ("HU", "HUANG"), game["result"]
    verdicts = {a["verdict"] for entry in game["log"][1::2] for a in entry.values()}
    assert verdicts == {"OK"}
    assert [entry["2"]["keep_running"] for entry in game["log"][1::2]][-1]
    # the same game with four kept-running JSON bots: every answer the same
    kept = arena.play(judge, [_bot("json", True) for _ in range(4)], initdata)
    assert _responses(kept["log"]) == _responses(game["log"])
    assert kept["result"] == game["result"]


def test_greedy_bots_several_games_kept_running(judge):
    for _ in range(3):          # the judge's own random walls
        game = arena.play(judge, [_bot("json", True) for _ in range(4)])
        assert game["result"]["action"] in ("HU", "HUANG"), game["result"]
        assert {a["verdict"] for e in game["log"][1::2] for a in e.values()} == {"OK"}
        assert len(game["initdata"]["walltiles"].split()) == 136


#: seeds of duplicate-wall games with each kind of action (chow, pung, the three kongs, wins
#: on a discard and self-drawn, a robbed kong where there is one, exhausted walls)
RECORD_SEEDS = range(12)


@pytest.mark.parametrize("seed", RECORD_SEEDS)
def test_engine_records_settle_as_the_judge(judge, seed):
    rec = Game("guobiao", seed=seed, options=OPTIONS,
               agents=["greedy", "random", "greedy", "random"]).play()
    cmp = arena.compare_with_record(judge, rec)
    assert cmp["diff"] == [], (cmp["judge"], cmp["ours"])
    assert cmp["judge"]["scores"] == list(rec["result"]["deltas"])


def test_a_wrong_wall_order_is_seen(judge):
    """The comparison can fail: the same record with each wall part not reversed (the
    judge deals from the other end) is refused at the first draw or settles otherwise."""
    rec = Game("guobiao", seed=1, options=OPTIONS, agents="greedy").play()
    initdata = arena.record_initdata(rec)
    tiles = initdata["walltiles"].split()
    initdata["walltiles"] = " ".join(t for s in range(4)
                                     for t in reversed(tiles[34 * s:34 * s + 34]))
    seats = arena.RecordSeats(rec)
    try:
        game = arena.play(judge, [seats.seat(s) for s in range(4)], initdata)
    except arena.MahjongError as exc:
        assert "judge drew" in str(exc)
    else:       # an answer of the record the judge's hands cannot make: refused
        assert game["result"]["action"] == "WA", game["result"]


with open(os.path.join(ROOT, "tests", "data", "botzone_games.json"), encoding="utf-8") as fh:
    GAMES = json.load(fh)


def _log_of(game):
    """A judge log of one game of tests/data/botzone_games.json: the judge reads only the
    bots' answers (its own earlier outputs it makes again), so each judge turn is kept as
    the requests it gave."""
    log = []
    for requests, answers in game["turns"]:
        log.append({"verdict": "OK", "output": {"command": "request", "content": {
            str(s): r for s, r in enumerate(requests)}}})
        log.append({str(s): {"verdict": "OK", "response": a} for s, a in enumerate(answers)})
    return log


@pytest.mark.parametrize("index", range(16))
def test_real_games_give_back_every_request_and_the_score(judge, index):
    game = GAMES[index]
    log = _log_of(game)
    initdata = {"srand": 0, "quan": game["quan"], "walltiles": game["walltiles"]}
    for j in range(0, len(log), 2):
        out = arena.judge_turn(judge, log[:j], initdata)
        assert out["command"] == "request" and out["content"] == log[j]["output"]["content"], \
            (game["match"], j // 2)
    out = arena.judge_turn(judge, log, initdata)
    assert out["command"] == "finish"
    assert arena.result_of(out)["scores"] == game["scores"], game["match"]


def _samples():
    if not os.path.isdir(SAMPLES):
        return []
    return sorted(os.path.join(SAMPLES, f) for f in os.listdir(SAMPLES) if f.endswith(".json"))


@pytest.mark.skipif(not _samples(), reason=f"no judge logs in {SAMPLES} (MAHJONG_BOTZONE_LOGS)")
def test_sample_judge_logs_give_back_every_output(judge):
    """The shared data's judge logs (with the judge's displays: fans, winner, ...), when
    there: every judge output of two games, the last one of all 16."""
    files = _samples()
    assert len(files) == 16
    for f in files:
        with open(f, encoding="utf-8") as fh:
            doc = json.load(fh)
        out = arena.judge_turn(judge, doc["log"][:-1], doc["initdata_given"])
        assert out == doc["log"][-1]["output"], f
        assert arena.result_of(out)["scores"] == doc["result"]["scores"], f
    for f in files[:2]:
        with open(f, encoding="utf-8") as fh:
            assert arena.rerun_log(judge, json.load(fh)) == [], f
