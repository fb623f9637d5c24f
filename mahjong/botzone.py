"""A Botzone bot program for any agent of the engine (Botzone's "Chinese Standard Mahjong",
the IJCAI duplicate-wall game: 136 tiles, no flowers, each seat deals and draws from its own
34-tile quarter of the wall).

The agent is a project agent name (``"greedy"``, ``"random"`` ...) or any callable
``(observation, legal_actions) -> action`` of the engine, the interface :class:`mahjong.game.Game`
uses, so a bot developed with the engine is submitted unchanged.

How it works: a *shadow* hand of the engine (Guobiao with ``duplicate_walls``) is made from
the requests so far. The bot's own seat holds its real tiles and draws; the other seats'
concealed tiles and draws are made up from the unseen tiles so that each of their public
actions is legal (a seat's draw is the tile it then plays; the tiles it melds, or plays after a
claim, are put in its dealt hand; a hidden concealed kong is of a kind none has seen). The
requests are played on it, then the agent decides on the engine's own observation and legal
actions, and its action is spelled in Botzone's words. So every answer is legal by the
engine's Guobiao rules (no win below 8 fans, no claim of a part's last discard, a chow only
from the seat before).

>>> bot = Bot("greedy")
>>> bot.answer("0 1 0")
'PASS'
>>> bot.answer("1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1")
'PASS'
>>> bot.answer("3 0 DRAW")
'PASS'
>>> bot.answer("3 0 PLAY J1")     # 花龙 and the pung of 中: 8 fans or more
'HU'
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any, Dict, List, Optional, Sequence, TextIO, Tuple

from mahjong_core._types import FIRST_HONOR
from mahjong.errors import MahjongError
from mahjong._reader import TILE_IDS
from mahjong.tiles import REFERENCE_NAMES

__all__ = ["Bot", "run", "KEEP_RUNNING", "botzone_tile", "tile_of"]

#: what a bot prints after an answer to stay running (Botzone's long-running mode)
KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
SEATS = 4
PART = 34                    # the tiles of one seat's quarter of the wall
_RULES = "guobiao"
_OPTIONS = {"duplicate_walls": True}


def botzone_tile(tile: int) -> str:
    """The Botzone name of tile id ``tile`` (W1-9 万, B1-9 筒, T1-9 条, F1-4, J1-3 中发白)."""
    return REFERENCE_NAMES[tile]


#: the tile id of each Botzone name: the reader's table of every tile name, held to Botzone's
#: own (the reference names)
BOTZONE_IDS = {name: t for name, t in TILE_IDS.items() if REFERENCE_NAMES[t] == name}


def tile_of(token: str, where: str) -> int:
    """The tile id of a Botzone tile name (``where`` names the request in an error)."""
    t = BOTZONE_IDS.get(token)
    if t is None:
        raise MahjongError(f"{where}: {token!r} is not a Botzone tile (W1-9 B1-9 T1-9 F1-4 "
                           "J1-3; flowers H1-8 are not played in the duplicate-wall game)")
    return t


class _Ev:
    """One step of the hand in the engine's terms: a draw (tile or None: unknown), a
    discard, a claim of the last discard (an engine action), an own-turn kong (tile or None:
    a hidden concealed kong). ``req`` and ``token`` name the request it came from."""

    __slots__ = ("kind", "seat", "tile", "action", "req", "token")

    def __init__(self, kind, seat, tile, req, token, action=None):
        self.kind, self.seat, self.tile = kind, seat, tile
        self.action, self.req, self.token = action, req, token

    def __str__(self) -> str:
        return f"request {self.req}: {self.token!r}"   # (where it came from, in a message)


class Bot:
    """The state of one Botzone bot across requests: :meth:`answer` takes one request line
    (and, for past turns replayed from a history, :meth:`feed` takes a request with the
    answer that was given) and returns the answer in Botzone's words."""

    def __init__(self, agent="greedy", seed: int = 0):
        from mahjong.game import _agent
        self.agent = _agent(agent, "agent")
        self.seed = seed
        self.seat: Optional[int] = None
        self.quan = 0
        self.hand: Optional[List[int]] = None
        self.events: List[_Ev] = []
        self.n = 0                       # requests read
        self.answers: List[str] = []     # our answers, by request
        self._last_req = ""

    # --- reading requests ------------------------------------------------------------------

    def feed(self, request: Any, response: Optional[str] = None) -> None:
        """Read one past request and the answer that was given to it (no decision made)."""
        self._read(request)
        self.answers.append(response if isinstance(response, str) else "")

    def answer(self, request: Any) -> str:
        """Read one request and return the answer to it."""
        self._read(request)
        out = self._decide()
        self.answers.append(out)
        return out

    def _read(self, request: Any) -> None:
        i = self.n
        where = f"request {i}"
        if not isinstance(request, str):
            raise MahjongError(f"{where}: {json.dumps(request)[:60]} is not a request line")
        tok = request.split()
        self.n += 1
        self._last_req = tok[0] if tok else ""
        if not tok:
            raise MahjongError(f"{where}: an empty request")
        if i == 0:
            if tok[0] != "0" or len(tok) != 3 or tok[1] not in "0123" or tok[2] not in "0123" \
                    or len(tok[1]) != 1 or len(tok[2]) != 1:
                raise MahjongError(f"{where}: {request!r} is not '0 seat quan' (seat and "
                                   "quan 0..3)")
            self.seat, self.quan = int(tok[1]), int(tok[2])
            return
        if i == 1:
            if tok[0] != "1" or len(tok) < 18:
                raise MahjongError(f"{where}: {request!r} is not '1 f0 f1 f2 f3 <13 tiles> "
                                   "<flowers>'")
            for k in range(1, 5):
                if tok[k] != "0":
                    raise MahjongError(f"{where}: flower count {tok[k]!r}: the "
                                       "duplicate-wall game has no flowers")
            if len(tok) != 18:
                raise MahjongError(f"{where}: {tok[18]!r}: 13 tiles and no flowers expected")
            self.hand = [tile_of(x, where) for x in tok[5:18]]
            return
        me = self.seat
        verb = tok[0]
        if verb == "2":
            if len(tok) != 2:
                raise MahjongError(f"{where}: {request!r} is not '2 T'")
            self.events.append(_Ev("draw", me, tile_of(tok[1], where), i, tok[1]))
            return
        if verb != "3" or len(tok) < 3 or tok[1] not in ("0", "1", "2", "3"):
            raise MahjongError(f"{where}: {(tok[0] if verb not in '23' else request)!r} is "
                               "not a request of the game (2 T, 3 p ACTION ...)")
        p = int(tok[1])
        act = tok[2]
        args = tok[3:]
        need = {"DRAW": 0, "PLAY": 1, "PENG": 1, "CHI": 2, "GANG": 0, "BUGANG": 1}
        if act not in need:
            raise MahjongError(f"{where}: {act!r} is not an action (DRAW PLAY PENG CHI GANG "
                               "BUGANG; BUHUA is not played in the duplicate-wall game)")
        if len(args) != need[act]:
            raise MahjongError(f"{where}: {request!r}: {act} takes {need[act]} tile(s)")
        tiles = [tile_of(x, where) for x in args]
        ev = self.events
        if act == "DRAW":
            if p == me:
                raise MahjongError(f"{where}: 'DRAW' of one's own seat (one's own draw is "
                                   "'2 T')")
            ev.append(_Ev("draw", p, None, i, act))
        elif act == "PLAY":
            ev.append(_Ev("play", p, tiles[0], i, args[0]))
        elif act == "PENG":
            self._last_discard(where, act, p)
            ev.append(_Ev("claim", p, None, i, act, action=_A["pung"]))
            ev.append(_Ev("play", p, tiles[0], i, args[0]))
        elif act == "CHI":
            last = self._last_discard(where, act, p)
            mid = tiles[0]
            if mid >= FIRST_HONOR or mid % 9 in (0, 8) or abs(last - mid) > 1 or last >= FIRST_HONOR or \
                    last // 9 != mid // 9:
                raise MahjongError(f"{where}: 'CHI {args[0]}' is no run with the discard "
                                   f"{botzone_tile(last)}")
            ev.append(_Ev("claim", p, None, i, args[0],
                          action=_A["chow_low"] + (last - (mid - 1))))
            ev.append(_Ev("play", p, tiles[1], i, args[1]))
        elif act == "GANG":
            if ev and ev[-1].kind == "play" and ev[-1].seat != p:
                ev.append(_Ev("claim", p, None, i, act, action=_A["exposed_kong"]))
            else:
                tile = None
                if p == me:
                    said = self.answers[-1].split() if self.answers else []
                    if len(said) != 2 or said[0] != "GANG":
                        raise MahjongError(f"{where}: 'GANG' of one's own seat, but the "
                                           f"answer before was {' '.join(said)!r}")
                    tile = tile_of(said[1], f"response {i - 1}")
                ev.append(_Ev("kong", p, tile, i, act))
        else:   # BUGANG
            ev.append(_Ev("kong", p, tiles[0], i, args[0], action="added"))

    def _last_discard(self, where, token, seat) -> int:
        if not self.events or self.events[-1].kind != "play":
            raise MahjongError(f"{where}: {token!r} follows no discard")
        if self.events[-1].seat == seat:
            raise MahjongError(f"{where}: {token!r}: seat {seat} claims its own discard")
        return self.events[-1].tile

    # --- the shadow hand ---------------------------------------------------------------------

    def _wall(self) -> List[int]:
        """A deck the requests so far can be played from (see the module's docstring)."""
        me = self.seat
        used = Counter()
        need = [Counter() for _ in range(SEATS)]         # in the other seats' dealt hands
        draws: List[List[Optional[int]]] = [[] for _ in range(SEATS)]
        pending = [None] * SEATS                         # a draw whose tile is not yet known
        hidden = []                                      # (seat, draw index) of hidden kongs
        last = None

        def use(t, e, k=1):
            used[t] += k
            if used[t] > 4:
                raise MahjongError(f"request {e.req}: {e.token!r}: a fifth "
                                   f"{botzone_tile(t)} in the hand")

        for t in self.hand:
            used[t] += 1
        for e in self.events:
            p = e.seat
            if e.kind == "draw":
                draws[p].append(e.tile)
                if e.tile is not None:
                    use(e.tile, e)
                else:
                    pending[p] = len(draws[p]) - 1
                if 13 + len(draws[p]) > PART:
                    raise MahjongError(f"request {e.req}: seat {p} draws more than its part "
                                       f"of the wall ({PART} tiles)")
                continue
            if p == me:
                last = e.tile if e.kind == "play" else last
                continue
            if e.kind == "play":
                if pending[p] is not None:
                    draws[p][pending[p]] = e.tile
                    pending[p] = None
                else:
                    need[p][e.tile] += 1
                use(e.tile, e)
                last = e.tile
            elif e.kind == "claim":
                for t in _claim_tiles(e.action, last):
                    need[p][t] += 1
                    use(t, e)
            elif e.kind == "kong":
                if pending[p] is None:
                    raise MahjongError(f"request {e.req}: {e.token!r}: seat {p} kongs without "
                                       "a draw")
                if e.tile is None:
                    hidden.append((p, pending[p], e))
                else:
                    draws[p][pending[p]] = e.tile
                    use(e.tile, e)
                pending[p] = None
            if sum(need[p].values()) > 13:
                raise MahjongError(f"request {e.req}: {e.token!r}: seat {p} shows more tiles "
                                   "than it holds")
        self._hidden = {}
        for p, k, e in hidden:
            kind = next((t for t in range(34) if used[t] == 0), None)
            if kind is None or sum(need[p].values()) + 3 > 13:
                raise MahjongError(f"seat {p}'s concealed kong: no kind left for it")
            used[kind] = 4
            need[p][kind] += 3
            draws[p][k] = kind
            self._hidden[id(e)] = kind
        from mahjong.game import _table
        pool = _table.shuffled(sorted((t for t in range(34) for _ in range(4 - used[t]))),
                               self.seed)
        deck = []
        for s in range(SEATS):
            dealt = list(self.hand) if s == me else list(need[s].elements())
            dealt += [pool.pop() for _ in range(13 - len(dealt))]
            part = dealt + [t if t is not None else pool.pop() for t in draws[s]]
            deck += part + [pool.pop() for _ in range(PART - len(part))]
        return deck

    def _shadow(self):
        """The shadow game with the requests so far played on it (by the table's one
        driver, :class:`mahjong.game._drive.Drive`)."""
        from mahjong.game._drive import Drive
        T = _table_mod()
        d = Drive.deal(_RULES, _OPTIONS, self._wall(), 0, self.quan, spell=botzone_tile,
                       seed=[self.seed, self.n])
        g = d.game
        for e in self.events:           # (an event is its own ``where``: "request 7: 'W5'")
            if e.kind == "claim":       # (the seats asked before the claimant pass)
                d.claim(e, e.seat, e.action)
            elif e.kind == "draw":      # (the table drew by itself)
                if e.tile is None:
                    d.turn(e, e.seat)
                else:
                    d.drawn(e, e.seat, e.tile)
            elif e.kind == "play":
                d.act(e, e.seat, T.A_DISCARD + e.tile)
            else:
                d.act(e, e.seat, T.A_KONG + self._kong_tile(g, e))
        return g

    def _kong_tile(self, g, e) -> int:
        return e.tile if e.tile is not None else self._hidden[id(e)]

    def _decide(self) -> str:
        if not self.events:
            return "PASS"
        me = self.seat
        last = self.events[-1]
        mine = last.kind == "draw" and last.seat == me
        window = last.seat != me and (last.kind == "play" or
                                      last.kind == "kong" and last.action == "added")
        if not (mine or window):
            return "PASS"
        g = self._shadow()
        t = g._table
        T = _table_mod()
        if mine:
            if g.over or t.phase != T.PH_ACT or t.decider != me:
                raise MahjongError(f"request {last.req}: {last.token!r}: not seat {me}'s "
                                   "draw in the hand so far")
            return self._spell_turn(g, self._ask(g))
        claim = None
        while not g.over:
            d = t.decider
            if t.phase == T.PH_ACT:
                if d == me and claim is not None:
                    return self._spell_claim(claim, self._ask(g))
                break
            if d != me:
                g.step(_A["pass"])          # what the others do in the window is not known
                continue
            a = self._ask(g)
            if a == _A["ron"]:
                return "HU"
            if a == _A["exposed_kong"]:
                return "GANG"
            if a != _A["pass"]:
                claim = (a, t.last_discard)
            g.step(a)
        return "PASS"

    def _ask(self, g) -> int:
        from mahjong.game import Observation
        legal = g.legal_actions()
        a = self.agent(Observation(g, self.seat), legal)
        if isinstance(a, str):
            from mahjong.game import action_index
            a = action_index(a)
        try:
            a = int(a)
        except (TypeError, ValueError):
            raise MahjongError(f"agent: answered {a!r}, not an action") from None
        if a not in legal:
            from mahjong.game._table import action_name   # (any index: "action 200")
            raise MahjongError(f"agent: answered {action_name(a)!r}, not a legal action "
                               f"({', '.join(action_name(x) for x in legal)})")
        return a

    def _spell_turn(self, g, a) -> str:
        if a < 34:
            return f"PLAY {botzone_tile(a)}"
        if a == _A["tsumo"]:
            return "HU"
        if _A["kong"] <= a < _A["kong"] + 34:
            tile = a - _A["kong"]
            if g._table.hand_of(self.seat)[tile] == 4:
                return f"GANG {botzone_tile(tile)}"
            return f"BUGANG {botzone_tile(tile)}"
        from mahjong.game import action_name
        raise MahjongError(f"agent: {action_name(a)!r} has no Botzone answer")

    def _spell_claim(self, claim, a) -> str:
        kind, disc = claim
        if a >= 34:
            from mahjong.game import action_name
            raise MahjongError(f"agent: {action_name(a)!r} after a claim (a discard is due)")
        if kind == _A["pung"]:
            return f"PENG {botzone_tile(a)}"
        mid = disc - (kind - _A["chow_low"]) + 1
        return f"CHI {botzone_tile(mid)} {botzone_tile(a)}"


def _table_mod():
    from mahjong.game import _table
    return _table


class _Actions(dict):
    """The engine's action indices by name (read once from the table module)."""

    def __missing__(self, key):
        T = _table_mod()
        self.update(kong=T.A_KONG, tsumo=T.A_TSUMO, ron=T.A_RON, pung=T.A_PUNG,
                    exposed_kong=T.A_MINGKONG, chow_low=T.A_CHOW_LOW, pass_=T.A_PASS)
        self["pass"] = T.A_PASS
        return self[key]


_A = _Actions()


def _claim_tiles(action, disc) -> Tuple[int, ...]:
    """The tiles a claim of discard ``disc`` takes from the claimant's hand."""
    if action == _A["pung"]:
        return (disc, disc)
    if action == _A["exposed_kong"]:
        return (disc, disc, disc)
    low = disc - (action - _A["chow_low"])
    return tuple(x for x in (low, low + 1, low + 2) if x != disc)


# --- the program ---------------------------------------------------------------------------

def _json_answer(text: str) -> str:
    return json.dumps({"response": text}, ensure_ascii=False)


def run(agent="greedy", keep_running: bool = False, stdin: Optional[TextIO] = None,
        stdout: Optional[TextIO] = None, seed: int = 0) -> None:
    """The bot program: read Botzone's input (the JSON form or the simple text form) from
    ``stdin``, print the answer in the same form; with ``keep_running``, then print
    :data:`KEEP_RUNNING` and answer one new request per line until the input ends."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    bot = Bot(agent, seed=seed)
    first = stdin.readline()
    while first and not first.strip():
        first = stdin.readline()
    if not first:
        raise MahjongError("input: empty (Botzone's JSON or simple input expected)")
    as_json = first.lstrip().startswith("{")
    if as_json:
        try:
            data = json.loads(first)
        except ValueError:
            rest = "" if keep_running else stdin.read()
            try:
                data = json.loads(first + rest)
            except ValueError as exc:
                raise MahjongError(f"input: not JSON ({exc})") from None
        requests, responses = _history_json(data)
    else:
        requests, responses = _history_text(first, stdin)
    for i, req in enumerate(requests[:-1]):
        bot.feed(req, responses[i])
    out = bot.answer(requests[-1])
    _say(stdout, _json_answer(out) if as_json else out)
    if not keep_running:
        return
    _say(stdout, KEEP_RUNNING)
    for line in stdin:
        if not line.strip():
            continue
        req = line.strip()
        if as_json:
            try:
                req = json.loads(req)
            except ValueError:
                raise MahjongError(f"request {bot.n}: {line.strip()[:60]!r} is not "
                                   "JSON") from None
            if isinstance(req, dict) and "requests" in req:    # a whole history again
                reqs = req["requests"]
                req = reqs[-1] if isinstance(reqs, list) and reqs else None
        out = bot.answer(req)
        _say(stdout, _json_answer(out) if as_json else out)
        _say(stdout, KEEP_RUNNING)


def _say(stdout, text: str) -> None:
    stdout.write(text + "\n")
    stdout.flush()


def _history_json(data) -> Tuple[List[Any], List[Any]]:
    if not isinstance(data, dict) or not isinstance(data.get("requests"), list):
        raise MahjongError("input: the JSON has no list 'requests'")
    requests = data["requests"]
    responses = data.get("responses", [])
    if not isinstance(responses, list):
        raise MahjongError("input: 'responses' is not a list")
    if not requests or len(responses) != len(requests) - 1:
        raise MahjongError(f"input: {len(requests)} requests and {len(responses)} responses "
                           "(one response fewer than requests expected)")
    for i, r in enumerate(responses):
        if not isinstance(r, str):
            raise MahjongError(f"response {i}: {json.dumps(r)[:60]} is not a string")
    return requests, responses


def _history_text(first: str, stdin) -> Tuple[List[str], List[str]]:
    try:
        n = int(first.strip())
    except ValueError:
        try:
            json.loads(first)
        except (ValueError, RecursionError):
            raise MahjongError(f"input: first line {first.strip()[:40]!r} is neither JSON "
                               "nor the number of turns") from None
        raise MahjongError(f"input: first line {first.strip()[:40]!r} is JSON but no "
                           "request object ({\"requests\": [...], \"responses\": [...]}) "
                           "nor the number of turns") from None
    if n < 1:
        raise MahjongError(f"input: {n} turns")
    lines = []
    for _ in range(2 * n - 1):
        line = stdin.readline()
        if not line:
            raise MahjongError(f"input: {len(lines)} lines after the first, "
                               f"{2 * n - 1} expected")
        lines.append(line.strip())
    return lines[0::2], lines[1::2]


def load_agent(spec: str):
    """An agent by name (greedy, random, ...) or ``MODULE:CALLABLE`` (the module found from
    the current folder too; a class is made with no arguments)."""
    if ":" not in spec:
        return spec
    import importlib
    import os
    mod, _, name = spec.partition(":")
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())      # (the `mahjong` script's path is its own folder)
    try:
        obj = importlib.import_module(mod)
    except ImportError as exc:
        raise MahjongError(f"--agent: cannot import {mod!r} ({exc})") from None
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            raise MahjongError(f"--agent: {mod!r} has no {name!r}")
    if isinstance(obj, type):
        obj = obj()
    return obj
