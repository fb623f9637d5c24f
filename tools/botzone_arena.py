"""A small Botzone runner: a judge program and four bot programs, through Botzone's protocol.

Botzone runs a game as turns. Each turn the *judge* program is started anew and reads one
JSON object, ``{"log": [...], "initdata": ...}``: ``log`` alternates the judge's earlier
outputs (``{"verdict", "time", "memory", "keep_running", "output": {...}}``) and the bots'
answers of that turn (``{"0": {"verdict", "time", "memory", "keep_running", "response"}, ...}``).
It answers ``{"command": "request" | "finish", "content": {seat: ...}, "display": ...}``
(the first turn's answer also carries the ``initdata`` it chose, given back every later
turn). On ``request`` every bot named in ``content`` is asked: in the JSON form a new process
reads ``{"requests": [...], "responses": [...]}`` (its whole history) and prints
``{"response": ...}``; in the simple form the first line ``n`` and the ``2n - 1`` alternating
lines; a bot that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer is kept
running and is given only the next request (one line; JSON-encoded in the JSON form). On
``finish`` the content holds the four scores. The log this runner returns is the layout the
judge reads (the sample logs of ``mahjong convert --from botzone-json`` have it too).

The runner also drives a game of the engine's own record through the judge
(:class:`RecordSeats`: bots that answer exactly the record's actions, the judge's wall made
from the record's wall) and compares the judge's winner, fans and scores with our
settlement (:func:`compare_with_record`), and re-runs a recorded judge log
(:func:`rerun_log`).

The judge itself is an external program, built outside this repository (docs/BOTZONE.md,
"Checked against the official judge"). Command line::

    python tools/botzone_arena.py play --judge JUDGE --games 20 [--form simple] [--keep-running]
    python tools/botzone_arena.py record --judge JUDGE --games 300 [--agents greedy,random]
    python tools/botzone_arena.py rerun --judge JUDGE FILE.json...
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import shlex
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

if __package__ in (None, ""):       # run as a script from the repository
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.errors import MahjongError  # noqa: E402
from mahjong.botzone import KEEP_RUNNING, botzone_tile  # noqa: E402
from mahjong._reader import TILE_IDS  # noqa: E402
# our fan names that Botzone's judge spells otherwise (same fan, same points)
from mahjong.formats._common import BOTZONE_FAN_NAMES as FAN_SPELLING  # noqa: E402

SEATS = 4
PART = 34                   # one seat's quarter of the duplicate wall
DEFAULT_BOT = [sys.executable, "-m", "mahjong", "botzone", "--agent", "greedy"]


# ------------------------------------------------------------------------------ the judge

def judge_turn(judge: Sequence[str], log: List[Any], initdata: Any,
               timeout: float = 30.0) -> Dict[str, Any]:
    """One turn of the judge program: its JSON answer to ``{"log": log, "initdata": ...}``."""
    payload = json.dumps({"log": log, "initdata": initdata}, ensure_ascii=False)
    try:
        proc = subprocess.run(list(judge), input=payload, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise MahjongError(f"judge: no answer within {timeout} s (turn {len(log) // 2})")
    except OSError as exc:
        raise MahjongError(f"judge: cannot run {judge[0]!r} ({exc})") from None
    if proc.returncode != 0:
        raise MahjongError(f"judge: exit code {proc.returncode} at turn {len(log) // 2}: "
                           f"{proc.stderr.strip()[:200]}")
    try:
        out = json.loads(proc.stdout)
    except ValueError:
        raise MahjongError(f"judge: answer at turn {len(log) // 2} is not JSON: "
                           f"{proc.stdout.strip()[:200]!r}") from None
    if not isinstance(out, dict) or out.get("command") not in ("request", "finish"):
        raise MahjongError(f"judge: answer at turn {len(log) // 2} has no command "
                           f"request/finish: {proc.stdout.strip()[:200]!r}")
    return out


# ------------------------------------------------------------------------------- the bots

class ProgramBot:
    """A bot program (a command line) in Botzone's JSON or simple form, a new process each
    turn, or one kept running when it prints :data:`KEEP_RUNNING` after an answer."""

    def __init__(self, command: Sequence[str], form: str = "json", time_limit: float = 6.0,
                 env: Optional[Dict[str, str]] = None, cwd: Optional[str] = None):
        if form not in ("json", "simple"):
            raise MahjongError(f"form: {form!r} is not json or simple")
        self.command = list(command)
        self.form = form
        self.time_limit = time_limit
        self.env = env
        self.cwd = cwd
        self.requests: List[Any] = []
        self.responses: List[str] = []
        self.proc: Optional[subprocess.Popen] = None
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self.kept = False

    def _input(self) -> str:
        if self.form == "json":
            return json.dumps({"requests": self.requests, "responses": self.responses},
                              ensure_ascii=False) + "\n"
        lines = [str(len(self.requests))]
        for i, req in enumerate(self.requests):
            lines.append(req)
            if i < len(self.responses):
                lines.append(self.responses[i])
        return "\n".join(lines) + "\n"

    def _parse(self, text: str) -> str:
        text = text.strip()
        if self.form == "simple":
            return text.splitlines()[0].strip() if text else ""
        try:
            ans = json.loads(text.splitlines()[0])
        except (ValueError, IndexError):
            raise ValueError("not JSON")
        if not isinstance(ans, dict) or not isinstance(ans.get("response"), str):
            raise ValueError("no response")
        return ans["response"]

    def _read_kept(self, deadline: float) -> Tuple[Optional[str], bool]:
        """The bot's lines up to the keep-running mark, or up to its end: (text, kept);
        (None, False) when nothing came before the deadline."""
        got: List[str] = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                return None, False
            if line is None:                       # the program ended
                return ("\n".join(got) if got else None), False
            if line.strip() == KEEP_RUNNING:
                return "\n".join(got), True
            got.append(line)

    def _pump(self, stream) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def ask(self, request: Any) -> Tuple[str, str, int]:
        """Answer ``request``: (response, verdict, milliseconds)."""
        self.requests.append(request)
        start = time.perf_counter()
        deadline = start + self.time_limit
        if self.kept and self.proc is not None:
            line = json.dumps(request, ensure_ascii=False) if self.form == "json" else request
            try:
                self.proc.stdin.write(line + "\n")
                self.proc.stdin.flush()
            except OSError:
                return self._record("", "RE", start)
            text, kept = self._read_kept(deadline)
        else:
            self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                         text=True, env=self.env, cwd=self.cwd)
            self.lines = queue.Queue()
            threading.Thread(target=self._pump, args=(self.proc.stdout,), daemon=True).start()
            self.proc.stdin.write(self._input())
            self.proc.stdin.flush()
            text, kept = self._read_kept(deadline)
            if not kept:
                try:
                    self.proc.stdin.close()
                except OSError:
                    pass
        if text is None:
            verdict = "TLE" if time.perf_counter() >= deadline else "RE"
            self.close()
            return self._record("", verdict, start)
        self.kept = kept
        if not kept:
            code = self._wait(deadline)
            if code != 0:
                return self._record("", "TLE" if code is None else "RE", start)
        try:
            response = self._parse(text)
        except ValueError:
            return self._record("", "NJ", start)       # Botzone: not a valid answer
        return self._record(response, "OK", start)

    def _wait(self, deadline: float) -> Optional[int]:
        try:
            code = self.proc.wait(timeout=max(0.01, deadline - time.perf_counter()))
        except subprocess.TimeoutExpired:
            self.close()
            return None
        self.proc = None
        return code

    def _record(self, response: str, verdict: str, start: float) -> Tuple[str, str, int]:
        self.responses.append(response)
        return response, verdict, int(round((time.perf_counter() - start) * 1000))

    def close(self) -> None:
        if self.proc is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        self.kept = False


# ------------------------------------------------------------------------------- a match

def play(judge: Sequence[str], bots: Sequence[Any], initdata: Any = "",
         judge_timeout: float = 30.0, parallel: bool = False) -> Dict[str, Any]:
    """Play one game: the judge program and four bots (objects with ``ask(request) ->
    (response, verdict, ms)``). Returns ``{"initdata", "log", "result", "times"}``: the log
    in the judge's layout, the result of the judge's last output (:func:`result_of`) and
    each answer's time in ms. With ``parallel`` the four bots of a turn are asked at once
    (each in a thread), as Botzone runs them."""
    if len(bots) != SEATS:
        raise MahjongError(f"bots: {len(bots)} given, {SEATS} expected")
    log: List[Any] = []
    times: List[int] = []
    pool = ThreadPoolExecutor(SEATS) if parallel else None
    try:
        while True:
            start = time.perf_counter()
            out = judge_turn(judge, log, initdata, judge_timeout)
            ms = int(round((time.perf_counter() - start) * 1000))
            log.append({"keep_running": False, "memory": 0, "output": out, "time": ms,
                        "verdict": "OK"})
            if not log[:-1] and "initdata" in out:
                initdata = out["initdata"]
            if out["command"] == "finish":
                break
            content = out.get("content") or {}
            answers = {}
            asked = [s for s in range(SEATS) if str(s) in content]
            if pool is not None:
                got = list(pool.map(lambda s: bots[s].ask(content[str(s)]), asked))
            else:
                got = [bots[s].ask(content[str(s)]) for s in asked]
            for seat, (response, verdict, t) in zip(asked, got):
                times.append(t)
                answers[str(seat)] = {"keep_running": bool(getattr(bots[seat], "kept", False)),
                                      "memory": 0, "time": t, "verdict": verdict,
                                      "response": response}
            log.append(answers)
    finally:
        if pool is not None:
            pool.shutdown()
        for b in bots:
            close = getattr(b, "close", None)
            if close is not None:
                close()
    return {"initdata": initdata, "log": log, "result": result_of(log[-1]["output"]),
            "times": times}


def result_of(output: Dict[str, Any]) -> Dict[str, Any]:
    """The judge's final output as ``{"action", "player", "scores", "fanCnt", "fan"}``
    (``action``: HU, HUANG, or a verdict against ``player``: WA, WH (a false win), TLE...)."""
    d = output.get("display") or {}
    content = output.get("content") or {}
    scores = [content.get(str(i), 0) for i in range(SEATS)]
    res = {"action": d.get("action"), "player": d.get("player"), "scores": scores}
    if d.get("action") == "HU":
        res["fanCnt"] = d.get("fanCnt")
        res["fan"] = d.get("fan") or []
    return res


def rerun_log(judge: Sequence[str], doc: Dict[str, Any]) -> List[str]:
    """Re-run a recorded judge log (``{"initdata", "log"}``): every judge output is made
    again from the log before it and compared with the recorded one. Returns the
    differences (empty when the judge gives back every recorded output)."""
    log = doc["log"]
    initdata = doc.get("initdata_given", doc.get("initdata", ""))
    diffs = []
    for j in range(0, len(log), 2):
        out = judge_turn(judge, log[:j], initdata)
        want = log[j]["output"]
        for key in ("command", "content", "display"):
            if out.get(key) != want.get(key):
                diffs.append(f"turn {j // 2}: {key} {json.dumps(out.get(key))[:160]} != "
                             f"recorded {json.dumps(want.get(key))[:160]}")
    return diffs


# ------------------------------------------------------------- our record through the judge

def _tile(name: str) -> str:
    return botzone_tile(TILE_IDS[name])


def record_initdata(record: Dict[str, Any]) -> Dict[str, Any]:
    """The judge's ``initdata`` for a duplicate-wall Guobiao record of the engine: the judge
    cuts ``walltiles`` in four 34-tile quarters (seat 0's first) and deals and draws each
    from its end, so each part of our wall (as dealt, then in draw order) is reversed."""
    if record.get("rules") != "guobiao" or not (record.get("options") or {}).get(
            "duplicate_walls"):
        raise MahjongError("record: not a duplicate-wall Guobiao record (rules guobiao, "
                           "options.duplicate_walls)")
    if record.get("dealer", 0) != 0:
        raise MahjongError(f"record: dealer {record.get('dealer')}: the judge's dealer is "
                           "seat 0")
    wall = record["wall"]
    if len(wall) != SEATS * PART:
        raise MahjongError(f"record: wall of {len(wall)} tiles, {SEATS * PART} expected")
    tiles = []
    for s in range(SEATS):
        tiles.extend(_tile(t) for t in reversed(wall[s * PART:(s + 1) * PART]))
    return {"srand": 0, "quan": record.get("round_wind", 0), "walltiles": " ".join(tiles)}


class RecordSeats:
    """Four bots that answer exactly the actions of one engine record. ``seat(i)`` is seat
    i's bot; each judge request is checked against the record (a drawn tile that is not the
    record's next draw is a :class:`MahjongError`)."""

    def __init__(self, record: Dict[str, Any]):
        self.events = [e for e in record["events"]]
        self.i = 0
        self.pending: Dict[int, str] = {}
        self.asked = 0

    def seat(self, s: int) -> "_RecordSeat":
        return _RecordSeat(self, s)

    def _ev(self, k: int = 0) -> Optional[Dict[str, Any]]:
        j = self.i + k
        return self.events[j] if j < len(self.events) else None

    def _turn(self, request: str) -> None:
        """All four answers to the judge's turn that ``request`` is part of."""
        words = request.split()
        ans = {s: "PASS" for s in range(SEATS)}
        if words[0] in ("0", "1"):
            pass
        elif words[0] == "2" or (words[0] == "3" and words[2] == "DRAW"):
            ans.update(self._after_draw())
        elif words[0] == "3" and words[2] in ("PLAY", "PENG", "CHI"):
            ans.update(self._after_discard(int(words[1])))
        elif words[0] == "3" and words[2] == "BUGANG":
            e = self._ev()
            if e is not None and e["type"] == "win" and e.get("from") is not None:
                ans[e["seat"]] = "HU"
                self.i += 1
        elif words[0] == "3" and words[2] == "GANG":
            pass
        else:
            raise MahjongError(f"request {request!r}: not a request of the duplicate-wall game")
        self.pending = ans

    def _after_draw(self) -> Dict[int, str]:
        e = self._ev()
        if e is not None and e["type"] == "draw":
            self.drawn = (e["seat"], e["tile"])
            self.i += 1
            e = self._ev()
        else:                                       # the dealer's 14th tile: no event
            self.drawn = None
        if e is None:
            raise MahjongError(f"record: events end after a draw (event {self.i})")
        s = e["seat"]
        if e["type"] == "win" and e.get("robbing_kong"):
            # the record holds no event of the robbed added kong: its win implies it
            return {e["from"]: f"BUGANG {_tile(e['win_tile'])}"}
        if e["type"] == "discard":
            out = f"PLAY {_tile(e['tile'])}"
        elif e["type"] == "kong" and e.get("kind") == "concealed":
            out = f"GANG {_tile(e['tile'])}"
        elif e["type"] == "kong" and e.get("kind") == "added":
            out = f"BUGANG {_tile(e['tile'])}"
        elif e["type"] == "win" and e.get("from") is None:
            out = "HU"
        else:
            raise MahjongError(f"record: event {self.i} {e} does not follow a draw")
        self.i += 1
        return {s: out}

    def _after_discard(self, discarder: int) -> Dict[int, str]:
        e = self._ev()
        if e is None or e["type"] in ("draw", "exhausted"):
            return {}
        if e["type"] == "win":
            self.i += 1
            return {e["seat"]: "HU"}
        if e["type"] in ("pung", "chow") or (e["type"] == "kong" and e.get("from") is not None):
            s = e["seat"]
            if e["type"] == "kong":
                self.i += 1
                return {s: "GANG"}
            nxt = self._ev(1)
            if nxt is None or nxt["type"] != "discard" or nxt["seat"] != s:
                raise MahjongError(f"record: event {self.i} (a {e['type']}) is not followed "
                                   "by the claimer's discard")
            self.i += 2
            if e["type"] == "pung":
                return {s: f"PENG {_tile(nxt['tile'])}"}
            mid = e["tiles"][1] + e["tiles"][-1]
            return {s: f"CHI {_tile(mid)} {_tile(nxt['tile'])}"}
        raise MahjongError(f"record: event {self.i} {e} does not follow a discard")


class _RecordSeat:
    def __init__(self, table: RecordSeats, seat: int):
        self.table = table
        self.seat = seat

    def ask(self, request: str) -> Tuple[str, str, int]:
        t = self.table
        if self.seat == 0 or not t.pending:
            t._turn(request)
        words = request.split()
        if words[0] == "2" and t.drawn is not None:
            if t.drawn != (self.seat, _name_of(words[1])):
                raise MahjongError(f"judge drew {words[1]} for seat {self.seat}, the record "
                                   f"{t.drawn}")
        out = t.pending.get(self.seat, "PASS")
        if self.seat == SEATS - 1:
            t.pending = {}
        return out, "OK", 0


def _name_of(token: str) -> str:
    """Our tile name ('7z') of a Botzone name ('J1')."""
    from mahjong.game import TENHOU_NAMES
    return TENHOU_NAMES[TILE_IDS[token]]


def our_result(record: Dict[str, Any]) -> Dict[str, Any]:
    """Our settlement of a record in the judge's terms: action, winner, fans, scores."""
    from mahjong.ruleset import settle
    st = settle(record)
    res: Dict[str, Any] = {"scores": list(st.deltas)}
    if st.wins:
        (ev, win), = st.wins.items()
        res.update(action="HU", player=record["events"][ev]["seat"], fanCnt=win.total,
                   fan=sorted((f.name, f.count, f.points) for f in win.fans))
    else:
        res.update(action="HUANG", player=None)
    return res


def compare_with_record(judge: Sequence[str], record: Dict[str, Any]) -> Dict[str, Any]:
    """Drive ``record`` through the judge and compare: ``{"judge", "ours", "diff"}``
    (``diff``: the names of what differs: action, player, fanCnt, fan, scores)."""
    seats = RecordSeats(record)
    game = play(judge, [seats.seat(s) for s in range(SEATS)], record_initdata(record))
    theirs = game["result"]
    if theirs.get("fan") is not None:
        theirs = dict(theirs, fan=sorted((f["name"], f["cnt"], f["value"])
                                         for f in theirs["fan"]))
    ours = our_result(record)
    diff = [k for k in ("action", "player", "fanCnt", "scores") if theirs.get(k) != ours.get(k)]
    if theirs.get("fan") is not None and ours.get("fan") is not None:
        if _fan_key(theirs["fan"]) != _fan_key(ours["fan"]):
            diff.append("fan")
    return {"judge": theirs, "ours": ours, "diff": diff, "log": game["log"]}



def _fan_key(fans: Iterable[Tuple[str, int, int]]) -> List[Tuple[str, int, int]]:
    return sorted((FAN_SPELLING.get(n, n), c, p) for n, c, p in fans)


# ------------------------------------------------------------------------- command line

def _stats(ms: List[int]) -> str:
    if not ms:
        return "-"
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"{statistics.mean(ms):.1f} / {statistics.median(ms):.0f} / {p95} / {ms[-1]}"


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="four bot programs through the judge")
    p.add_argument("--judge", required=True)
    p.add_argument("--bot", action="append", default=None,
                   help="a bot's command line (give it 4 times, or once for all four); "
                        "default: this Python's `-m mahjong botzone --agent greedy`")
    p.add_argument("--form", choices=("json", "simple"), default="json")
    p.add_argument("--keep-running", action="store_true",
                   help="add --keep-running to the default bot")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--time-limit", type=float, default=6.0)
    p.add_argument("--parallel", action="store_true", help="ask a turn's four bots at once")
    p.add_argument("--out", help="write each game's log (JSON lines)")
    r = sub.add_parser("record", help="engine duplicate-wall records through the judge")
    r.add_argument("--judge", required=True)
    r.add_argument("--games", type=int, default=100)
    r.add_argument("--first-seed", type=int, default=0)
    r.add_argument("--agents", default="greedy,random,greedy,random")
    r.add_argument("--show", type=int, default=20, help="differences shown")
    q = sub.add_parser("rerun", help="re-run recorded judge logs")
    q.add_argument("--judge", required=True)
    q.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    judge = shlex.split(args.judge)
    if args.cmd == "play":
        cmds = args.bot or [" ".join(shlex.quote(c) for c in DEFAULT_BOT
                                     + (["--keep-running"] if args.keep_running else []))]
        if len(cmds) == 1:
            cmds = cmds * SEATS
        verdicts: Counter = Counter()
        actions: Counter = Counter()
        times: List[int] = []
        first: List[int] = []
        out = open(args.out, "w") if args.out else None
        t0 = time.perf_counter()
        for g in range(args.games):
            bots = [ProgramBot(shlex.split(c), args.form, args.time_limit) for c in cmds]
            game = play(judge, bots, parallel=args.parallel)
            res = game["result"]
            actions[res["action"]] += 1
            for entry in game["log"][1::2]:
                for a in entry.values():
                    verdicts[a["verdict"]] += 1
            times.extend(game["times"][SEATS:])
            first.extend(game["times"][:SEATS])
            print(f"game {g}: {res['action']} player {res['player']} scores {res['scores']}"
                  f" turns {len(game['log']) // 2}", flush=True)
            if out:
                out.write(json.dumps({k: game[k] for k in ("initdata", "log", "result")},
                                     ensure_ascii=False) + "\n")
        if out:
            out.close()
        print(f"games {args.games} in {time.perf_counter() - t0:.0f} s; endings "
              f"{dict(actions)}; answers {dict(verdicts)}")
        print(f"ms per answer (mean / median / p95 / max): first {_stats(first)}; "
              f"later {_stats(times)}")
        return 0 if set(verdicts) <= {"OK"} and set(actions) <= {"HU", "HUANG"} else 1
    if args.cmd == "record":
        from mahjong.game import Game
        agents = args.agents.split(",")
        agents = (agents * SEATS)[:SEATS] if len(agents) in (1, 2) else agents
        counts: Counter = Counter()
        shown = 0
        for seed in range(args.first_seed, args.first_seed + args.games):
            rec = Game("guobiao", seed=seed, options={"duplicate_walls": True},
                       agents=agents).play()
            try:
                cmp = compare_with_record(judge, rec)
            except MahjongError as exc:
                counts["error"] += 1
                print(f"seed {seed}: {exc}", flush=True)
                continue
            counts[cmp["judge"]["action"]] += 1
            counts["differ" if cmp["diff"] else "agree"] += 1
            if cmp["diff"] and shown < args.show:
                shown += 1
                print(f"seed {seed}: {cmp['diff']}\n  judge {cmp['judge']}\n  ours  "
                      f"{cmp['ours']}", flush=True)
        print(f"records {args.games}: {dict(counts)}")
        return 0 if not counts["differ"] and not counts["error"] else 1
    bad = 0
    for f in args.files:
        with open(f, encoding="utf-8") as fh:
            doc = json.load(fh)
        diffs = rerun_log(judge, doc)
        res = result_of(doc["log"][-1]["output"])
        print(f"{os.path.basename(f)}: {res['action']} {res['scores']} "
              f"{'same' if not diffs else diffs[:3]}")
        bad += bool(diffs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
