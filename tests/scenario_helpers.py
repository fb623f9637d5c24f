"""Scripted hands for the engine's scenario tests (tests/test_game_scenarios*.py).

A scenario stacks the wall with :func:`mahjong.game.stack_wall` (the deal and the draws
are forced) and drives every seat from a script: a list of action names per seat
("discard 5p", "pung", "ron", "kong 7s", "ready", "void m", "swap 5m", "done", ...).

* On its own turn a seat takes the next name of its script (unless that name only answers
  a claim window: "ron", "pung", "exposed_kong", "chow_*", or "pass" when passing is not
  an action of this turn); "." stands for the default of one turn. When it has no name
  for the turn it discards the tile it just drew (摸切), or lays it down ("pass") where
  that is the only way on (海底捞, the two-player reserve draw).
* In a claim window (a discard, or an added kong that may be robbed) a seat takes the next
  name of its script only when that name is a claim the seat may make now; otherwise it
  passes. A window where passing is not allowed (a forced win) stops the script with an
  error unless the script says "ron".
* In the setup phases (定缺, 换三张, 换牌) the script must say what to do, except that 换牌
  ends with "done" by itself.

Events are compared in a compact text form (:func:`brief`), one string per event.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

from mahjong.game import Game, stack_wall
from mahjong.game import _table
from mahjong.playspec import WIN_FLAGS
from mahjong.tiles import TENHOU_NAMES

#: names that only answer a claim window: on its own turn a seat whose script says one of
#: these next plays on by default until the window comes
ONLY_CLAIMS = {"ron", "pung", "exposed_kong", "chow_low", "chow_mid", "chow_high"}
CLAIMS = {"ron", "pung", "exposed_kong", "chow_low", "chow_mid", "chow_high", "pass", "ready"}


class ScriptError(AssertionError):
    """A script does not fit the hand (a name that is not legal, a decision left open)."""


def brief(event: Mapping[str, Any]) -> str:
    """One event as a short string: '0 draw 5m', '1 discard 5m', '2 pung 5m from 1',
    '3 chow 345m from 2', '1 kong added 7s', '1 kong exposed 7s from 0', '2 ready',
    'flip 4p', 'exhausted', '1 win 5p from 0 +after_kong', '3 win 4s tsumo +replacement'."""
    typ = event["type"]
    s = event.get("seat")
    if typ in ("draw", "discard"):
        return f"{s} {typ} {event['tile']}"
    if typ == "pung":
        return f"{s} pung {event['tiles'][0] + event['tiles'][-1]} from {event['from']}"
    if typ == "chow":
        return f"{s} chow {event['tiles']} from {event['from']}"
    if typ == "kong":
        text = f"{s} kong {event['kind']} {event['tile']}"
        return text + (f" from {event['from']}" if "from" in event else "")
    if typ == "ready":
        return f"{s} ready"
    if typ == "flip":
        return f"flip {event['tile']}"
    if typ == "exhausted":
        return "exhausted"
    if typ == "win":
        frm = "tsumo" if event.get("from") is None else f"from {event['from']}"
        flags = "".join(f" +{f}" for f in WIN_FLAGS if event.get(f))
        return f"{s} win {event['win_tile']} {frm}{flags}"
    return repr(event)


def events_of(g_or_log) -> List[str]:
    log = g_or_log.log() if isinstance(g_or_log, Game) else g_or_log
    return [brief(e) for e in log["events"]]


def names(g: Game) -> List[str]:
    """The decider's legal actions by name."""
    return [a.name for a in g.legal_actions()]


def deal(rules: str, hands: Mapping[int, str], draws: str = "", *, options=None, dealer=0,
         indicator=None, seed=0) -> Game:
    """A Game of ``rules`` on a stacked wall; every seat is driven from outside."""
    wall = stack_wall(rules, hands, draws, dealer=dealer, indicator=indicator,
                      options=options, seed=seed)
    g = Game(rules, options=options, dealer=dealer, wall=wall)
    g._table.set_external()
    return g


def _claim_window(g: Game) -> bool:
    return g._table.phase in (_table.PH_CLAIM, _table.PH_ROB)


def _setup_phase(g: Game) -> bool:
    return g._table.phase in (_table.PH_VOID, _table.PH_EXCHANGE, _table.PH_SWAP)


def next_action(g: Game, todo: List[str]) -> str:
    """The action a scripted seat takes now (popping its script as needed)."""
    legal = names(g)
    if not legal:
        raise ScriptError("the hand is live but no action is legal")
    if _claim_window(g):
        if todo and todo[0] in CLAIMS and todo[0] in legal:
            return todo.pop(0)
        if "pass" in legal:
            return "pass"
        raise ScriptError(f"seat {g.decider} must answer the claim window: {legal}")
    if todo and todo[0] == ".":
        todo.pop(0)          # this turn: the default
    elif todo and not (todo[0] in ONLY_CLAIMS or (todo[0] == "pass" and "pass" not in legal)):
        a = todo.pop(0)
        if a not in legal:
            raise ScriptError(f"seat {g.decider}: {a!r} is not legal now (legal: {legal})")
        return a
    if _setup_phase(g):
        if "done" in legal:
            return "done"
        raise ScriptError(f"seat {g.decider} has no script for the setup: {legal}")
    drawn = g._table.last_drawn
    if drawn is not None and f"discard {_tile(drawn)}" in legal:
        return f"discard {_tile(drawn)}"
    if "pass" in legal and not any(n.startswith("discard") for n in legal):
        return "pass"
    raise ScriptError(f"seat {g.decider} has no script left: {legal}")


def _tile(t: int) -> str:
    return TENHOU_NAMES[t]


def drive(g: Game, scripts: Mapping[int, Sequence[str]], *, stop=None) -> Game:
    """Play ``g`` from its scripts until the hand is over (or ``stop(g)`` is true before a
    decision). Checks on the way that a live hand always has a legal action. Every script
    must be used up by the end."""
    todo: Dict[int, List[str]] = {s: list(v) for s, v in scripts.items()}
    g.trace = getattr(g, "trace", [])     # (seat, action name, number of events before it)
    while not g.over:
        if stop is not None and stop(g):
            return g
        seat = g.decider
        a = next_action(g, todo.setdefault(seat, []))
        g.trace.append((seat, a, g._table.n_ev))
        g.step(a)
    left = {s: v for s, v in todo.items() if v}
    if left:
        raise ScriptError(f"scripts not used up: {left}")
    return g


def play(rules: str, hands: Mapping[int, str], draws: str = "",
         scripts: Optional[Mapping[int, Sequence[str]]] = None, **kw) -> Game:
    """Deal and drive to the end."""
    return drive(deal(rules, hands, draws, **kw), scripts or {})


def rest_of(rules: str, *used: str, options=None) -> List[str]:
    """The tiles of ``rules`` not named in ``used`` (tenhou strings), as names in a fixed
    order (for building long draw sequences around a few placed tiles)."""
    import collections
    from mahjong.game import _tile_set, play_spec
    from mahjong.tiles import to_tile_ids
    pool = collections.Counter(_tile_set(play_spec(rules, options)))
    for text in used:
        for t in to_tile_ids(text):
            assert pool[t] > 0, f"rest_of: {_tile(t)} is used up"
            pool[t] -= 1
    return [_tile(t) for t in sorted(pool.elements()) if t < 34]
