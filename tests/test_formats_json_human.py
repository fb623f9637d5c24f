"""The botzone-json (Botzone judge logs) and human-2020 (the 2020 human-game text) formats:
read, write, the engine's replay of every game, and hostile inputs."""
import copy
import io
import json
import os
import zipfile

import pytest

from mahjong.errors import MahjongError
from mahjong.formats import read, write
from mahjong.formats.botzone_json import log_of_record, read_log
from mahjong.formats.human2020 import read_game
from mahjong.game import Game
from mahjong.record import HandRecord
from mahjong.ruleset import settle

HERE = os.path.dirname(os.path.abspath(__file__))
LOGS = os.path.join(HERE, "..", "..", "shared", "data", "botzone", "botzone-logs-from-ijcai-text")
if not os.path.isdir(LOGS):
    LOGS = "/work/shared/data/botzone/botzone-logs-from-ijcai-text"
HUMAN = os.path.join(HERE, "data", "human2020")
needs_logs = pytest.mark.skipif(not os.path.isdir(LOGS), reason="no Botzone sample logs")


def _sample(i=0):
    name = sorted(f for f in os.listdir(LOGS) if f.endswith(".json"))[i]
    with open(os.path.join(LOGS, name), encoding="utf-8") as f:
        return json.load(f)


def _text(records):
    out = io.StringIO()
    n = write("botzone-json", records, out)
    return n, out.getvalue()


# --------------------------------------------------------------------------- botzone-json

@needs_logs
def test_the_16_judge_logs_replay_and_settle_to_the_judges_scores_and_fans():
    games = list(read("botzone-json", LOGS))
    assert len(games) == 16 and all(g.ok for g in games), [g.error for g in games]
    actions = set()
    for g in games:
        s = settle(g.record)
        assert list(s.deltas) == g.note["score"], g.name
        actions.add(g.note["action"])
        if g.note["action"] == "HU":
            (win,) = s.wins.values()
            assert win.total == g.note["fan"], g.name
            assert [i for i, e in enumerate(g.record.events) if e.type == "win"], g.name
            assert g.record.events[-1].seat == g.note["player"]
        else:
            assert g.record.events[-1].type == "exhausted"
        assert g.record.options["duplicate_walls"] is True and g.record.wall is not None
    assert actions == {"HU", "HUANG"}
    assert games[0].name.startswith("sample-00") and games[0].line == 1


@needs_logs
def test_the_judge_logs_read_write_read_is_stable_and_writes_the_judges_own_log():
    games = list(read("botzone-json", LOGS))
    n, text = _text(games)
    assert n == 16
    again = list(read("botzone-json", io.StringIO(text)))
    assert [g.record for g in again] == [g.record for g in games]
    assert [g.note["score"] for g in again] == [g.note["score"] for g in games]
    assert _text(again)[1] == text
    # the requests and the answers are the judge's own, entry by entry; the fans its names
    for i, line in enumerate(text.splitlines()):
        mine, orig = json.loads(line), _sample(i)
        assert mine["initdata"]["walltiles"] == orig["initdata"]["walltiles"]
        said = [e["output"]["content"] if "output" in e else
                {k: v["response"] for k, v in e.items()} for e in mine["log"]]
        judge = [e["output"]["content"] if "output" in e else
                 {k: v["response"] for k, v in e.items()} for e in orig["log"]]
        assert said == judge, i
        fans = orig["log"][-1]["output"]["display"].get("fan")
        if fans:
            got = mine["log"][-1]["output"]["display"]["fan"]
            assert sorted(map(json.dumps, got)) == sorted(map(json.dumps, fans)), i


def test_engine_games_written_as_judge_logs_read_back_to_the_same_records():
    recs = [Game("guobiao", seed=s, options={"duplicate_walls": True},
                 agents="greedy").play_record() for s in range(120)]
    kinds = {e.kind for r in recs for e in r.events if e.type == "kong"}
    assert {"concealed", "added"} <= kinds
    assert any(e.type == "win" and e.robbing_kong for r in recs for e in r.events)
    assert any(r.events[-1].type == "exhausted" for r in recs)
    n, text = _text(recs)
    back = list(read("botzone-json", io.StringIO(text)))
    assert n == len(back) == 120 and all(b.ok for b in back), [b.error for b in back if b.error]
    assert [b.record for b in back] == recs
    for r, b in zip(recs, back):
        assert list(settle(r).deltas) == b.note["score"]


@needs_logs
def test_sources_a_file_a_pretty_printed_file_jsonl_a_stream_and_a_mapping(tmp_path):
    one = _sample(3)
    (tmp_path / "pretty.json").write_text(json.dumps(one, indent=2, ensure_ascii=False))
    (tmp_path / "two.jsonl").write_text(json.dumps(one) + "\n\n" + json.dumps(_sample(4)) + "\n")
    got = list(read("botzone-json", str(tmp_path)))       # a folder, in name order
    assert [g.name for g in got] == ["pretty.json", "two.jsonl #1", "two.jsonl #2"]
    assert [g.line for g in got] == [1, 1, 3] and all(g.ok for g in got)
    assert got[0].record == got[1].record
    assert next(read("botzone-json", one, name="m")).record == got[0].record
    stream = io.BytesIO(json.dumps(one).encode())
    assert next(read("botzone-json", stream)).record == got[0].record


def _refused(raw, *words):
    g = read_log(raw, name="g7")
    assert not g.ok and g.record is None and isinstance(g.error, MahjongError)
    msg = str(g.error)
    assert msg.startswith("g7: line 1: ")
    for w in words:
        assert w in msg, msg
    return msg


@needs_logs
def test_hostile_judge_logs_are_refused_naming_the_entry():
    log = _sample(0)
    cut = copy.deepcopy(log)
    cut["log"] = cut["log"][:40]
    _refused(cut, "log entry 39", "truncated")
    cut["log"] = cut["log"][:39]                 # a judge output without its answers
    _refused(cut, "log entry 39", "answers", "truncated")
    bad = copy.deepcopy(log)
    bad["initdata"]["walltiles"] = bad["initdata"]["walltiles"].replace("W1", "X1", 1)
    _refused(bad, "initdata", "'X1' is not a Botzone tile")
    six = copy.deepcopy(log)
    tiles = six["initdata"]["walltiles"].split()
    tiles[tiles.index("B9")] = "W1"              # a fifth W1 in the wall
    six["initdata"]["walltiles"] = " ".join(tiles)
    _refused(six, "initdata", "5 W1")
    # a claim out of turn: the chow of entry 28 made by the seat after the chower
    odd = copy.deepcopy(log)
    content = odd["log"][28]["output"]["content"]
    assert content["0"] == "3 2 CHI T5 J3"
    for p in content:
        content[p] = "3 3 CHI T5 J3"
    _refused(odd, "log entry 28", "CHI", "seat 3")
    # a draw the wall does not give
    drew = copy.deepcopy(log)
    drew["log"][4]["output"]["content"]["0"] = "2 W9"
    _refused(drew, "log entry 4", "W9", "J3")
    # a sixth copy dealt: the deal request names tiles its part does not hold
    dealt = copy.deepcopy(log)
    dealt["log"][2]["output"]["content"]["1"] = "1 0 0 0 0 " + " ".join(["B6"] * 13)
    _refused(dealt, "log entry 2", "player 1")
    _refused({"log": []}, "'log'")
    _refused("{not json", "not a JSON log")
    _refused([1, 2], "JSON object")


@needs_logs
def test_a_bad_log_in_a_jsonl_file_is_refused_and_the_rest_is_read(tmp_path):
    good = json.dumps(_sample(1))
    bad = json.loads(good)
    bad["log"] = bad["log"][:10]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join([good, json.dumps(bad), "[1, 2", good]) + "\n")
    got = list(read("botzone-json", str(path)))
    assert [g.ok for g in got] == [True, False, False, True]
    assert "games.jsonl #2: line 2: log entry 9" in str(got[1].error)
    assert "games.jsonl #3: line 3" in str(got[2].error)
    assert got[0].record == got[3].record
    with pytest.raises(MahjongError, match="cannot read"):
        list(read("botzone-json", str(tmp_path / "nothing.json")))


@needs_logs
def test_a_refused_answer_is_a_penalty_read_from_the_judges_finish():
    log = _sample(0)
    log["log"] = log["log"][:22]          # entry 20: player 0 drew T9; its answer refused
    log["log"][21]["0"]["response"] = "PLAY B1"
    log["log"].append({"output": {"command": "finish", "content": {"0": -30, "1": 10, "2": 10,
                                                                    "3": 10},
                                  "display": {"action": "WA", "player": 0,
                                              "score": [-30, 10, 10, 10]}}})
    g = read_log(log)
    assert g.ok, g.error
    assert g.record.events[-1].type == "penalty" and g.record.events[-1].seat == 0
    assert g.record.events[-2].type == "draw"
    assert settle(g.record).deltas == (-30, 10, 10, 10) and g.note["player"] == 0
    # written back: the finish of the same penalty
    n, text = _text([g])
    back = next(read("botzone-json", io.StringIO(text)))
    assert back.record == g.record and back.note["score"] == [-30, 10, 10, 10]


def test_write_refuses_records_of_another_game():
    rec = Game("guobiao", seed=1, agents="greedy").play_record()
    with pytest.raises(MahjongError, match="duplicate-wall"):
        log_of_record(rec)
    rec = Game("guobiao", seed=1, dealer=2, options={"duplicate_walls": True},
               agents="greedy").play_record()
    with pytest.raises(MahjongError, match="dealer 2"):
        write("botzone-json", [rec], io.StringIO())


# --------------------------------------------------------------------------- human-2020

def test_the_fixture_games_read_every_verb_flowers_folder_and_zip():
    got = list(read("human-2020", HUMAN))
    names = [g.name for g in got]
    # each game named by its path as the folder was given, a zip's members after the zip's
    at = os.path.join
    assert names == [at(HUMAN, "every-verb.txt"), at(HUMAN, "games.zip:2020/discard.txt"),
                     at(HUMAN, "games.zip:2020/drawn.txt"),
                     at(HUMAN, "games.zip:2020/robbing.txt"), at(HUMAN, "selfdraw.txt")]
    assert all(g.ok for g in got), [g.error for g in got]
    for g in got:
        assert g.record.rules == "guobiao" and g.record.options["flowers"] is True
        assert g.record.wall is None                  # the draws are the events
        assert any(e.type == "draw" for e in g.record.events)
        settle(g.record)
    every = got[0]
    with open(os.path.join(HUMAN, "every-verb.txt"), encoding="utf-8") as f:
        verbs = {line.split("\t")[1] for line in f.read().splitlines()[6:]}
    assert verbs == {"摸牌", "补花后摸牌", "杠后摸牌", "打牌", "吃", "碰", "明杠", "暗杠", "补杠",
                     "补花", "和牌"}
    kinds = {e.kind for e in every.record.events if e.type == "kong"}
    assert kinds == {"exposed", "concealed", "added"}
    assert every.note["source"] == "./2020/every-verb.txt" and every.note["wind"] == "东"
    ends = {g.name.split("/")[-1]: g.record.events[-1] for g in got}
    assert ends["drawn.txt"].type == "exhausted" and got[2].note["outcome"] == "荒庄"
    assert ends["robbing.txt"].robbing_kong and ends["selfdraw.txt"].from_seat is None
    assert ends["discard.txt"].from_seat is not None
    wins = [e for g in got for e in g.record.events if e.type == "win"]
    assert any(w.flowers for w in wins)
    # a zip on its own, and one game from a stream
    assert [g.record for g in read("human-2020", os.path.join(HUMAN, "games.zip"))] == \
        [g.record for g in got[1:4]]
    with open(os.path.join(HUMAN, "selfdraw.txt"), "rb") as f:
        assert next(read("human-2020", f)).record == got[4].record


def test_engine_games_as_human_text_read_back_to_the_same_records():
    from human2020_text import engine_game, text_of
    for seed in range(60):
        log = engine_game(seed, kongs=seed % 2 == 1)
        g = read_game(text_of(log, f"./2020/{seed}.txt"), name=str(seed))
        assert g.ok, g.error
        want = {k: v for k, v in log.items() if k not in ("wall", "note", "result")}
        assert g.record == HandRecord.from_json(want)
        assert list(settle(g.record).deltas) == log["result"]["deltas"]


def _every_verb_lines():
    with open(os.path.join(HUMAN, "every-verb.txt"), encoding="utf-8") as f:
        return f.read().splitlines()


def _refused_text(lines, *words, line=None):
    g = read_game("\n".join(lines) + "\n", name="hg")
    assert not g.ok and isinstance(g.error, MahjongError), "accepted"
    msg = str(g.error)
    assert msg.startswith("hg"), msg
    if line is not None:
        assert msg.startswith(f"hg: line {line}: ") and g.line == line, msg
    for w in words:
        assert w in msg, msg
    return msg


def test_hostile_human_games_are_refused_naming_the_line():
    lines = _every_verb_lines()
    _refused_text(lines[:40], "truncated", line=40)
    _refused_text(lines[:4], "header and four deal lines")
    k = next(i for i, x in enumerate(lines) if "\t打牌\t" in x and i > 10)
    bad = list(lines)
    bad[k] = bad[k].replace("['", "['X", 1)
    _refused_text(bad, "is not a tile", line=k + 1)
    # a claim out of turn: the discard's next seat claims before the discard is made
    j = next(i for i, x in enumerate(lines) if "\t碰\t" in x)
    moved = list(lines)
    moved.insert(j - 1, moved.pop(j))
    _refused_text(moved, line=j)
    # more copies than the 144 tiles hold: in the deal, and a second flower drawn
    deal = list(lines)
    for s in range(2, 6):       # the first tile (not a flower) of each deal line: J1
        seat, tiles, rest = deal[s].split("\t", 2)
        items = tiles[1:-1].split(",")
        first = next(i for i, x in enumerate(items) if not x.strip("'").startswith("H"))
        items[first] = "'J1'"
        deal[s] = "\t".join([seat, "[" + ",".join(items) + "]", rest])
    assert sum(x.count("'J1'") for x in deal[2:6]) >= 5
    msg = _refused_text(deal, "a fifth J1")
    assert msg.split(": ")[1][:6] in ("line 3", "line 4", "line 5", "line 6")
    flower = next(x.split("['")[1][:2] for x in lines if "\t补花\t" in x)
    d = max(i for i, x in enumerate(lines) if "\t摸牌\t" in x)
    two = list(lines)
    two[d] = two[d].split("\t摸牌\t")[0] + f"\t摸牌\t['{flower}']\t"
    _refused_text(two, f"a second {flower}", line=d + 1)
    verb = list(lines)
    verb[k] = verb[k].replace("打牌", "扔牌")
    _refused_text(verb, "'扔牌' is not a verb", line=k + 1)
    assert not read_game(b"\xff\xfe", name="x").ok


def test_a_bad_game_in_a_zip_is_refused_and_the_rest_is_read(tmp_path):
    lines = _every_verb_lines()
    path = tmp_path / "mixed.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("a.txt", "\n".join(lines) + "\n")
        z.writestr("b.txt", "\n".join(lines[:30]) + "\n")
        z.writestr("c.txt", "\n".join(lines) + "\n")
    got = list(read("human-2020", str(path)))
    assert [g.ok for g in got] == [True, False, True]
    assert str(got[1].error).startswith(str(tmp_path / "mixed.zip") + ":b.txt: line 30: ")
    assert got[0].record == got[2].record


@needs_logs
def test_damaged_judge_logs_and_human_games_are_refused_with_a_mahjong_error():
    import random
    rng = random.Random(5)
    junk = [None, 1, -1, "", "X", "3 0 PLAY X9", "2 W1", {}, [], "3 9 PLAY W1", "HU",
            "GANG W1", "3 1 GANG", "3 0 BUGANG W1", 1.5, True, {"0": 1}]

    def mutate(o, depth=0):
        if isinstance(o, dict) and o:
            k = rng.choice(list(o))
            if rng.random() < 0.3 or depth > 4:
                o[k] = rng.choice(junk)
            else:
                mutate(o[k], depth + 1)
        elif isinstance(o, list) and o:
            i = rng.randrange(len(o))
            if rng.random() < 0.15:
                del o[i:]
            elif rng.random() < 0.3 or depth > 4:
                o[i] = rng.choice(junk)
            else:
                mutate(o[i], depth + 1)

    base = _sample(5)
    for _ in range(300):
        log = copy.deepcopy(base)
        mutate(log)
        g = read_log(log)
        assert g.ok or isinstance(g.error, MahjongError)
    lines = _every_verb_lines()
    fields = ["", "x", "['W1']", "[]", "5", "打牌", "['H9']", "['W1','W1','W1']"]
    for _ in range(300):
        damaged = list(lines)
        i = rng.randrange(len(damaged))
        cols = damaged[i].split("\t")
        cols[rng.randrange(len(cols))] = rng.choice(fields)
        damaged[i] = "\t".join(cols)
        g = read_game("\n".join(damaged))
        assert g.ok or isinstance(g.error, MahjongError)


def test_penalties_written_as_the_judges_finish_read_back():
    log = Game("guobiao", seed=3, options={"duplicate_walls": True}, agents="greedy").play()
    for n, seat, code in ((7, 1, "WH"), (8, 0, "WA"), (8, 1, "WA"), (9, 0, "WA"), (0, 2, "WA")):
        rec = {k: v for k, v in log.items() if k not in ("result", "final")}
        rec["events"] = log["events"][:n] + [{"type": "penalty", "seat": seat}]
        r = HandRecord.from_json(rec)
        n_written, text = _text([r])
        finish = json.loads(text)["log"][-1]["output"]
        assert finish["display"]["action"] == code and finish["display"]["player"] == seat
        back = next(read("botzone-json", io.StringIO(text)))
        assert back.ok and back.record == r, (n, seat, back.error)
        assert back.note["score"] == [-30 if p == seat else 10 for p in range(4)]
    c = next(i for i, e in enumerate(log["events"]) if e["type"] in ("chow", "pung"))
    rec["events"] = log["events"][:c + 1] + [{"type": "penalty", "seat": 1}]   # after a claim
    with pytest.raises(MahjongError, match=f"event {c}: a (chow|pung) not followed by its "
                                           "discard"):
        _text([HandRecord.from_json(rec)])


JUDGE = os.environ.get("MAHJONG_BOTZONE_JUDGE", "")


@pytest.mark.skipif(not JUDGE, reason="MAHJONG_BOTZONE_JUDGE is not set (the official judge)")
def test_the_official_judge_makes_every_output_of_the_written_logs():
    import subprocess

    def judge(log, initdata):
        proc = subprocess.run([JUDGE], input=json.dumps({"log": log, "initdata": initdata}),
                              capture_output=True, text=True, timeout=60)
        return json.loads(proc.stdout)

    recs = [Game("guobiao", seed=s, options={"duplicate_walls": True},
                 agents="greedy").play_record() for s in (84, 14, 2)]   # 抢杠, 荒庄, a win
    log = Game("guobiao", seed=3, options={"duplicate_walls": True}, agents="greedy").play()
    for n, seat in ((7, 1), (8, 1)):
        rec = {k: v for k, v in log.items() if k not in ("result", "final")}
        rec["events"] = log["events"][:n] + [{"type": "penalty", "seat": seat}]
        recs.append(HandRecord.from_json(rec))
    for line in _text(recs)[1].splitlines():
        doc = json.loads(line)
        for j in range(0, len(doc["log"]), 2):
            out, want = judge(doc["log"][:j], doc["initdata"]), doc["log"][j]["output"]
            assert (out["command"], out["content"]) == (want["command"], want["content"]), j
        a, b = out["display"], want["display"]
        assert [a.get(k) for k in ("action", "player", "score")] == \
            [b.get(k) for k in ("action", "player", "score")]
        if a["action"] == "HU":
            assert a["fanCnt"] == b["fanCnt"]
            assert sorted(map(json.dumps, a["fan"])) == sorted(map(json.dumps, b["fan"]))
