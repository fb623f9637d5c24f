"""Botzone judge logs (``botzone-json``): the Guobiao duplicate-wall game as Botzone's judge
writes and reads it.

A log is one JSON object: ``initdata`` (``quan``, the prevalent wind; ``srand``; ``walltiles``,
the 136 tiles in Botzone's names: player p's 34-tile part is ``walltiles[34p:34p+34]``, dealt
and drawn from its **end**, kong replacements too) and ``log``, the list that alternates the
judge's outputs (``{"output": {"command": "request", "content": {"0": "...", ...},
"display": {...}}}``) and the four bots' answers (``{"0": {"verdict": "OK", "response":
"PASS"}, ...}``); the last judge output is ``{"command": "finish", "content": {seat: score}}``
with its ``display`` (``action`` ``HU``, ``HUANG`` or a refused answer, ``player``, ``fan``,
``fanCnt``, ``score``). Player 0 deals; player p's seat wind is p. ``initdata`` may also be
the first judge output's, or a JSON-encoded string (as Botzone stores it).

:func:`read` takes a file of one log (pretty-printed or not), a JSONL file of one log per
line, a folder of such files (``*.json`` and ``*.jsonl``, in name order), a text or binary
stream, or a mapping (one decoded log). Each log is played on the engine (Guobiao with
``duplicate_walls``) from its wall, request by request: every draw must be the tile the
wall gives, every action legal by the engine's rules. A log the play refuses, or one that
is malformed or cut short, is an :class:`Imported` with a ``MahjongError`` naming the game
and the log entry (its index in ``log``); the reader goes on with the next. A finish whose
action is neither ``HU`` nor ``HUANG`` is a refused answer (the judge's penalty, its action
``WA``: an illegal answer, ``WH``: a false win, or the program's verdict such as ``TLE``; the
offender -30, each other player +10): the record ends with a ``penalty`` event of that
player where the requests stop. The judge's own result goes to the ``note``: ``score`` (by seat), ``action``, and for
a win ``player``, ``fan`` (the judge's fan total) and ``fans`` (``[[name, count, value],
...]``).

:func:`write` writes records of that game (Guobiao, ``duplicate_walls``, dealer 0, with its
wall) as judge logs in the same layout, one per line (JSONL): the requests to every seat,
each seat's answer, and the finish with the settlement's scores and fans.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple

from mahjong.botzone import BOTZONE_IDS, PART, SEATS, botzone_tile, tile_of
from mahjong.errors import MahjongError
from mahjong.formats._common import BOTZONE_FAN_NAMES as JUDGE_FAN_NAMES
from mahjong.formats._common import Imported
from mahjong_core._types import FIRST_HONOR

__all__ = ["read", "read_log", "write", "log_of_record", "JUDGE_FAN_NAMES"]

_RULES = "guobiao"
_OPTIONS = {"duplicate_walls": True}
_PLAYERS = tuple(str(p) for p in range(SEATS))      # the players' keys in the log
_TILES = sorted(list(BOTZONE_IDS.values()) * 4)    # the 136 tiles of the game, in order
#: the tiles each action of the requests names
_NEED = {"DRAW": 0, "PLAY": 1, "PENG": 1, "CHI": 2, "GANG": 0, "BUGANG": 1}


# --------------------------------------------------------------------------- reading

def read(source, *, name: Optional[str] = None) -> Iterator[Imported]:
    """The games of ``source`` (module doc), one :class:`Imported` per log, lazily."""
    for game, line, raw in _logs(source, name):
        yield read_log(raw, name=game, line=line)


def read_log(raw: Any, *, name: str = "log", line: int = 1) -> Imported:
    """One judge log (a mapping, or its JSON text) as an :class:`Imported`."""
    try:
        if isinstance(raw, (str, bytes)):
            try:
                raw = json.loads(raw)
            except (ValueError, RecursionError) as exc:
                raise MahjongError(f"not a JSON log: {exc}") from None
        if not isinstance(raw, Mapping):
            raise MahjongError(f"a judge log is a JSON object, not {type(raw).__name__}")
        note: Dict[str, Any] = {}
        record = _Replay(raw, note).record()
        return Imported(name, line, record=record, note=note)
    except MahjongError as exc:
        return Imported(name, line, error=MahjongError(f"{name}: line {line}: {exc}"))


def _logs(source, name) -> Iterator[Tuple[str, int, Any]]:
    """(game name, line, the log's JSON text or mapping) of every log of ``source``."""
    if isinstance(source, Mapping):
        yield name or "log", 1, source
        return
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if os.path.isdir(path):
            files = sorted(f for f in os.listdir(path) if f.endswith((".json", ".jsonl")))
            for f in files:
                yield from _logs(os.path.join(path, f), None)
            return
        try:
            stream = open(path, "rb")
        except OSError as exc:
            raise MahjongError(f"botzone-json: cannot read {path!r}: {exc.strerror}") from None
        with stream:
            yield from _stream_logs(stream, name or os.path.basename(path))
        return
    if hasattr(source, "read"):
        yield from _stream_logs(source, name or getattr(source, "name", None) or "stream")
        return
    raise MahjongError(f"botzone-json: source {type(source).__name__} is neither a path, a "
                       "folder, a stream nor a log mapping")


def _stream_logs(stream, name: str) -> Iterator[Tuple[str, int, Any]]:
    """A file of one log (any layout) or JSONL (one log per line, streamed)."""
    lines = (x.decode("utf-8", "replace") if isinstance(x, bytes) else x for x in stream)
    first, n = "", 0
    for first in lines:
        n += 1
        if n == 1:
            first = first.lstrip("\ufeff")         # a UTF-8 byte-order mark
        if first.strip():
            break
    else:
        return
    try:
        json.loads(first)
    except (ValueError, RecursionError):    # not one line of JSON: the file is one log
        yield name, n, first + "".join(lines)
        return
    pending: Optional[Tuple[int, str]] = (n, first)     # (held back: a file of one
    k = 0                                                # log is named by the file alone)
    for text in lines:
        n += 1
        if text.strip():
            k += 1
            yield f"{name} #{k}", pending[0], pending[1]
            pending = (n, text)
    yield (f"{name} #{k + 1}" if k else name), pending[0], pending[1]


class _Stop(Exception):
    """The log's finish was read (the game is over)."""


class _Replay:
    """A judge log played on the engine, request by request."""

    def __init__(self, raw: Mapping, note: Dict[str, Any]):
        from mahjong.game import _table
        from mahjong.game._drive import Drive
        self.note = note
        log = raw.get("log")
        if not isinstance(log, list) or not log:
            raise MahjongError("'log' is missing or not a list of judge outputs and answers")
        self.log = log
        init = raw.get("initdata")
        if not init and isinstance(log[0], Mapping):     # (none given: the judge's own)
            out = log[0].get("output")
            init = out.get("initdata") if isinstance(out, Mapping) else None
        if isinstance(init, str):
            try:
                init = json.loads(init)
            except (ValueError, RecursionError):
                raise MahjongError(f"initdata: {init[:40]!r} is not JSON") from None
        if not isinstance(init, Mapping):
            raise MahjongError("no 'initdata' (with quan and walltiles)")
        quan = init.get("quan", 0)
        if type(quan) is not int or not 0 <= quan <= 3:
            raise MahjongError(f"initdata: quan {quan!r} is not 0..3")
        tiles = init.get("walltiles")
        if not isinstance(tiles, str):
            raise MahjongError("initdata: no 'walltiles' (the 136 tiles, Botzone's names)")
        names = tiles.split()
        if len(names) != SEATS * PART:
            raise MahjongError(f"initdata: walltiles holds {len(names)} tiles, not "
                               f"{SEATS * PART}")
        try:
            wall = [BOTZONE_IDS[x] for x in names]
        except (KeyError, TypeError):
            wall = [tile_of(x, f"initdata: walltiles tile {i}") for i, x in enumerate(names)]
        self.quan = quan
        self.parts = [wall[PART * p:PART * (p + 1)][::-1] for p in range(SEATS)]
        deck = [x for part in self.parts for x in part]
        if sorted(deck) != _TILES:
            for t in range(34):
                if deck.count(t) != 4:
                    raise MahjongError(f"initdata: walltiles holds {deck.count(t)} "
                                       f"{botzone_tile(t)}, not 4")
        self.play = Drive.deal(_RULES, _OPTIONS, deck, 0, quan, spell=botzone_tile)
        self.T = _table
        self.penalty: Optional[int] = None
        self.at = 0
        self.events = 0     # the record's events the requests so far show (a penalty ends
        #                     the record there: the play may have drawn for the next seat)

    def record(self):
        from mahjong.record import HandRecord
        log = self.log
        n = len(log)
        try:
            for k in range(0, n, 2):
                entry = log[k]
                out = entry.get("output") if type(entry) is dict or \
                    isinstance(entry, Mapping) else None
                if type(out) is not dict and not isinstance(out, Mapping):
                    raise MahjongError(f"log entry {k}: not a judge output (no 'output')")
                self._judge(k, out, log[k + 1] if k + 1 < n else None)
            raise MahjongError(f"log entry {n - 1}: the log ends before the judge's finish "
                               "(truncated)")
        except _Stop:
            pass
        if self.penalty is not None:
            rec = self.play.t.record_so_far()
            rec["events"] = rec["events"][:self.events] + [{"type": "penalty",
                                                            "seat": self.penalty}]
            try:
                return HandRecord.from_json(rec)
            except MahjongError as exc:     # (the engine's own play: not expected)
                raise MahjongError(f"log entry {self.at}: {exc}") from None
        return self.play.game.hand_record()

    def _judge(self, k: int, out: Mapping, answers: Any) -> None:
        self.at = k
        command = out.get("command")
        content = out.get("content")
        if command == "finish":
            self._finish(k, out, content)
        if command != "request" or \
                type(content) is not dict and not isinstance(content, Mapping):
            raise MahjongError(f"log entry {k}: command {command!r} with content "
                               f"{_short(content)} is not a request or a finish")
        reqs = []
        for p, key in enumerate(_PLAYERS):
            r = content.get(key)
            if not isinstance(r, str):
                raise MahjongError(f"log entry {k}: no request to player {p}")
            reqs.append(r.split())
        if type(answers) is not dict and not isinstance(answers, Mapping):
            raise MahjongError(f"log entry {k + 1}: the players' answers to entry {k} are "
                               "missing (truncated)")
        head = reqs[0][0] if reqs[0] else ""
        if head == "0":
            for p in range(SEATS):
                if reqs[p] != ["0", str(p), str(self.quan)]:
                    raise MahjongError(f"log entry {k}: {' '.join(reqs[p])!r} to player {p} "
                                       f"is not '0 {p} {self.quan}'")
            return
        if head == "1":
            for p in range(SEATS):
                want = self.parts[p][:13]
                got = [tile_of(x, f"log entry {k}") for x in reqs[p][5:]]
                if reqs[p][:5] != ["1", "0", "0", "0", "0"] or sorted(got) != sorted(want):
                    raise MahjongError(f"log entry {k}: player {p} is dealt "
                                       f"{' '.join(reqs[p][5:])!r}, not the 13 tiles its "
                                       "part of the wall deals")
            return
        tok = None      # the public request (every player's but a drawing player's own)
        for r in reqs:
            if r and r[0] == "3":
                if tok is None:
                    tok = r
                elif r != tok:
                    tok = ()
                    break
        if not tok or len(tok) < 3:
            raise MahjongError(f"log entry {k}: the requests {_short(content)} name no one "
                               "action")
        if tok[1] not in ("0", "1", "2", "3"):
            raise MahjongError(f"log entry {k}: {tok[1]!r} is not a player")
        self._action(k, int(tok[1]), tok[2], tok[3:], reqs)

    def _action(self, k: int, p: int, act: str, args: List[str], reqs) -> None:
        T, play = self.T, self.play
        where = f"log entry {k}"
        tiles = [tile_of(x, where) for x in args]
        # the events it shows: a draw (not the dealer's first: its 14th tile), a discard, a
        # claim and its discard, a kong
        self.events += 2 if act in ("PENG", "CHI") else \
            0 if act == "DRAW" and play.t.n_ev == 0 else 1
        if _NEED.get(act, -1) != len(args):
            raise MahjongError(f"{where}: {' '.join(['3', str(p), act] + args)!r} is not an "
                               "action of the duplicate-wall game (DRAW PLAY PENG CHI GANG "
                               "BUGANG)")
        if act == "DRAW":
            mine = reqs[p]
            if len(mine) != 2 or mine[0] != "2":
                raise MahjongError(f"{where}: player {p} draws, but its request is "
                                   f"{' '.join(mine)!r}, not '2 T'")
            play.drawn(where, p, tile_of(mine[1], where))
        elif act == "PLAY":
            play.act(where, p, T.A_DISCARD + tiles[0], f"PLAY {args[0]}")
        elif act in ("PENG", "CHI"):
            disc = play.on_offer()
            if disc is None:
                raise MahjongError(f"{where}: {act} by player {p} follows no discard")
            if act == "PENG":
                a = T.A_PUNG
            else:
                mid = tiles[0]
                if mid >= FIRST_HONOR or abs(disc - mid) > 1 or disc // 9 != mid // 9 or \
                        mid % 9 in (0, 8):
                    raise MahjongError(f"{where}: CHI {args[0]} by player {p} is no run with "
                                       f"the discard {botzone_tile(disc)}")
                a = T.A_CHOW_LOW + (disc - (mid - 1))
            play.claim(where, p, a, act)
            play.act(where, p, T.A_DISCARD + tiles[-1], f"{act}, then PLAY {args[-1]}")
        elif act == "GANG":
            if play.on_offer() is not None:
                play.claim(where, p, T.A_MINGKONG, "GANG")
            else:
                said = self._answer(k - 1, p).split()
                if len(said) != 2 or said[0] != "GANG":
                    raise MahjongError(f"{where}: a concealed GANG by player {p}, but its "
                                       f"answer before was {' '.join(said)!r}, not 'GANG T'")
                play.act(where, p, T.A_KONG + tile_of(said[1], f"log entry {k - 1}"), "GANG")
        else:
            play.act(where, p, T.A_KONG + tiles[0], f"BUGANG {args[0]}")

    def _answer(self, k: int, p: int) -> str:
        entry = self.log[k] if 0 <= k < len(self.log) else None
        a = entry.get(str(p)) if isinstance(entry, Mapping) else None
        r = a.get("response") if isinstance(a, Mapping) else a
        return r if isinstance(r, str) else ""

    def _finish(self, k: int, out: Mapping, content: Any) -> None:
        where = f"log entry {k}"
        display = out.get("display") if isinstance(out.get("display"), Mapping) else {}
        scores = [content.get(str(p)) if isinstance(content, Mapping) else None
                  for p in range(SEATS)]
        if not all(type(s) is int for s in scores):
            raise MahjongError(f"{where}: the finish gives no score per player "
                               f"({_short(content)})")
        action = display.get("action", "")
        player = display.get("player")
        self.note.update(action=action, score=scores)
        if action == "HUANG":
            self.play.exhausted(where)
            raise _Stop
        if type(player) is not int or not 0 <= player < SEATS:
            raise MahjongError(f"{where}: the finish {action!r} names no player ({player!r})")
        self.note["player"] = player
        if action != "HU":
            self.penalty = player        # a refused answer: the judge's penalty
            raise _Stop
        fans = display.get("fan")
        if isinstance(fans, list):
            self.note["fan"] = display.get("fanCnt")
            self.note["fans"] = [[f.get("name"), f.get("cnt"), f.get("value")]
                                 for f in fans if isinstance(f, Mapping)]
        self.play.win(where, player)
        raise _Stop


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= 80 else text[:77] + "..."


# --------------------------------------------------------------------------- writing

def write(records: Iterable[Any], out) -> int:
    """Write records of the duplicate-wall game (HandRecords, record mappings or
    :class:`Imported`) to the text stream ``out`` as judge logs, one JSON line each;
    returns the number written. A refused :class:`Imported` is skipped; a record of another
    game is a MahjongError naming it."""
    n = 0
    for i, r in enumerate(records):
        if isinstance(r, Imported):
            if r.record is None:
                continue
            r = r.record
        out.write(json.dumps(log_of_record(r, where=f"record {i}"), ensure_ascii=False,
                             separators=(",", ":")))
        out.write("\n")
        n += 1
    return n


def _entry(content: Dict[str, Any], display: Dict[str, Any], command: str = "request",
           initdata=None) -> Dict[str, Any]:
    output: Dict[str, Any] = {"command": command, "content": content, "display": display}
    if initdata is not None:
        output["initdata"] = initdata
    return {"keep_running": False, "memory": 0, "output": output, "time": 0,
            "verdict": "OK"}


def _answers(said: Mapping[int, str]) -> Dict[str, Any]:
    return {str(p): {"keep_running": False, "memory": 0, "time": 0, "verdict": "OK",
                     "response": said.get(p, "PASS")} for p in range(SEATS)}


def unwritable(record) -> Optional[str]:
    """Why ``record`` (a HandRecord) cannot be written as a judge log, or None (``mahjong
    convert`` refuses such a game and goes on with the next)."""
    if record.rules != _RULES or not record.options.get("duplicate_walls") or \
            record.seats != SEATS:
        return "not a record of the duplicate-wall game (rules guobiao, option duplicate_walls)"
    if record.wall is None or len(record.wall) != SEATS * PART:
        return "a judge log needs the record's wall (136 tiles)"
    if record.dealer != 0:
        return f"dealer {record.dealer}: Botzone's player 0 deals (dealer 0 only)"
    return None


def log_of_record(record: Any, *, where: str = "record") -> Dict[str, Any]:
    """The judge log (a mapping) of one record of the duplicate-wall game."""
    from mahjong.record import HandRecord
    from mahjong.ruleset import settle
    rec = HandRecord.coerce(record)
    why = unwritable(rec)
    if why is not None:
        raise MahjongError(f"{where}: {why}")
    parts = [list(rec.wall[PART * p:PART * (p + 1)]) for p in range(SEATS)]
    names = " ".join(botzone_tile(x) for part in parts for x in reversed(part))
    init = {"quan": rec.round_wind, "srand": 0, "walltiles": names}
    settlement = settle(rec)
    events = list(rec.events)
    log: List[Dict[str, Any]] = []

    def request(per_player, display, said=None):
        log.append(_entry({str(p): per_player(p) for p in range(SEATS)}, display))
        log.append(_answers(said or {}))

    log.append(_entry({str(p): f"0 {p} {rec.round_wind}" for p in range(SEATS)},
                      {"action": "INIT", "quan": rec.round_wind, "srand": 0}, initdata=init))
    log.append(_answers({}))
    hands = [[botzone_tile(x) for x in parts[p][:13]] for p in range(SEATS)]
    request(lambda p: "1 0 0 0 0 " + " ".join(hands[p]), {"action": "DEAL", "hand": hands})
    # the dealer's 14th tile is its first draw for the judge
    events.insert(0, _FirstDraw(parts[0][13]))
    i = 0
    while i < len(events):
        e = events[i]
        typ = e.type
        nxt = events[i + 1] if i + 1 < len(events) else None
        if typ == "draw":
            s, name = e.seat, botzone_tile(e.tile)
            said = {s: _turn_answer(nxt, s)}
            if nxt is not None and nxt.type == "penalty" and nxt.seat != s:
                said = {s: f"PLAY {name}", nxt.seat: "HU"}   # another's answer refused
            request(lambda p: f"2 {name}" if p == s else f"3 {s} DRAW",
                    {"action": "DRAW", "player": s, "tile": name}, said)
        elif typ == "discard":
            _public(request, f"3 {e.seat} PLAY {botzone_tile(e.tile)}",
                    {"action": "PLAY", "player": e.seat, "tile": botzone_tile(e.tile)},
                    _claim_answers(events, i + 1))
        elif typ in ("pung", "chow"):
            play = nxt
            if play is None or play.type != "discard" or play.seat != e.seat:
                raise MahjongError(f"{where}: event {i - 1}: a {typ} not followed by its "
                                   "discard")
            tile = botzone_tile(play.tile)
            if typ == "pung":
                text, disp = f"3 {e.seat} PENG {tile}", {"action": "PENG"}
            else:
                mid = botzone_tile(e.tiles[1])
                text, disp = f"3 {e.seat} CHI {mid} {tile}", {"action": "CHI", "tileCHI": mid}
            disp.update(player=e.seat, tile=tile)
            _public(request, text, disp, _claim_answers(events, i + 2))
            i += 1
        elif typ == "kong":
            if e.kind == "added":
                name = botzone_tile(e.tile)
                _public(request, f"3 {e.seat} BUGANG {name}",
                        {"action": "BUGANG", "player": e.seat, "tile": name},
                        _claim_answers(events, i + 1))
            else:
                _public(request, f"3 {e.seat} GANG", {"action": "GANG", "player": e.seat},
                        _claim_answers(events, i + 1))
        elif typ in ("win", "exhausted", "penalty"):
            if typ == "win" and e.robbing_kong:     # the robbed kong: not an event
                name = botzone_tile(e.win_tile)
                _public(request, f"3 {e.from_seat} BUGANG {name}",
                        {"action": "BUGANG", "player": e.from_seat, "tile": name},
                        {e.seat: "HU"})
            log.append(_finish(e, settlement, events[i - 1]))
            break
        i += 1
    else:
        raise MahjongError(f"{where}: the record does not end with a win, an exhausted wall "
                           "or a penalty")
    return {"game": "ChineseStandardMahjong", "initdata": init, "log": log}


class _FirstDraw:
    """The dealer's first draw (the 14th tile it is dealt, for the judge)."""

    type = "draw"
    seat = 0

    def __init__(self, tile: int):
        self.tile = tile


def _public(request, text: str, display, said) -> None:
    request(lambda p: text, display, said)


def _turn_answer(nxt, s: int) -> str:
    """A seat's answer after its own draw: what its next event does."""
    if nxt is None:
        return "PASS"
    if nxt.type == "discard":
        return f"PLAY {botzone_tile(nxt.tile)}"
    if nxt.type == "kong":
        return f"{'BUGANG' if nxt.kind == 'added' else 'GANG'} {botzone_tile(nxt.tile)}"
    if nxt.type == "win":
        return f"BUGANG {botzone_tile(nxt.win_tile)}" if nxt.robbing_kong else "HU"
    return "PASS"       # a penalty on its own turn: an answer the judge refuses


def _claim_answers(events, j: int) -> Dict[int, str]:
    """The answers to a tile on offer: the claim or win of the event at ``j`` (a claim's
    answer names the tile then played)."""
    e = events[j] if j < len(events) else None
    if e is None:
        return {}
    if e.type == "win" and e.from_seat is not None:
        return {e.seat: "HU"}
    if e.type == "penalty":
        return {e.seat: "HU"}   # a false win on the tile on offer (or an answer not PASS)
    after = events[j + 1] if j + 1 < len(events) else None
    play = botzone_tile(after.tile) if after is not None and after.type == "discard" else ""
    if e.type == "pung":
        return {e.seat: f"PENG {play}"}
    if e.type == "chow":
        return {e.seat: f"CHI {botzone_tile(e.tiles[1])} {play}"}
    if e.type == "kong" and e.kind == "exposed":
        return {e.seat: "GANG"}
    return {}


def _finish(e, settlement, prev) -> Dict[str, Any]:
    scores = [int(x) for x in settlement.deltas]
    content = {str(p): scores[p] for p in range(SEATS)}
    if e.type == "exhausted":
        return _entry(content, {"action": "HUANG"}, command="finish")
    if e.type == "penalty":     # the judge's word: WH, a false win on the tile on offer
        offer = prev.type == "discard" or (prev.type == "kong" and prev.kind == "added")
        code = "WH" if offer and prev.seat != e.seat else "WA"     # WA, an illegal answer
        return _entry(content, {"action": code, "player": e.seat, "score": scores},
                      command="finish")
    result = next(iter(settlement.wins.values()))
    fans = [{"cnt": f.count, "name": JUDGE_FAN_NAMES.get(f.name, f.name), "value": f.points}
            for f in result.fans]
    return _entry(content, {"action": "HU", "player": e.seat, "fan": fans,
                            "fanCnt": result.total, "score": scores}, command="finish")
