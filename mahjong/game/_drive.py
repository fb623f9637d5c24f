"""The one driver of the engine's table from outside: a hand whose every action a source
gives, one recorded action at a time. Its callers are the readers of
:mod:`mahjong.formats` that know the whole deck (``botzone-json``: a judge log's wall;
``human-2020``: a deck rebuilt from a human game's deal and draws), the Botzone bot's
*shadow hand* (:mod:`mahjong.botzone`: the game rebuilt from the requests) and the replay of
game logs (:func:`mahjong.game.replay_steps`, :func:`mahjong.game.replay`,
:mod:`mahjong.formats.decisions` and the replay viewer, :mod:`mahjong.viewer`). (The check of
a whole log that the record reader asks for is the table's own, in C: ``Table.replay_log``.)

The caller spells its source's actions as the engine's action indices; here each one is
found legal by the table's own rules (nothing here checks a rule itself), applied, and the
draws the table then makes are checked against the source's. ``where`` (``"log entry 12"``,
``"line 40"``, ``"request 7: 'W5'"``, or any object whose ``str`` is that: it is made only
for a message) names the source's place in every error; ``what`` spells the action (None:
the engine's name of it).
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from mahjong.errors import MahjongError
from mahjong._reader import VOID_SUITS, sorted_ids, tile_id
from mahjong.tiles import TENHOU_NAMES
from mahjong.validate import show

from . import _table as T

__all__ = ["Drive"]

_PH_ACT, _PH_OVER, _PASS = int(T.PH_ACT), int(T.PH_OVER), int(T.A_PASS)


def _tenhou(tile: int) -> str:
    return TENHOU_NAMES[tile]


class Drive:
    """A hand on the engine's table with every seat's actions given from outside: ``game``
    (a :class:`~mahjong.game.Game`) with its seats made external. ``spell(tile)`` names a
    tile in the messages (the source's own names; tenhou's by default)."""

    __slots__ = ("game", "t", "spell")

    def __init__(self, game, spell=None):
        self.game = game
        self.t = game._table
        self.t.set_external()
        self.spell = spell or _tenhou

    @classmethod
    def deal(cls, rules: str, options, deck, dealer: int = 0, round_wind: int = 0, *,
             spell=None, seed: Any = 0, setup: bool = True) -> "Drive":
        """A hand of ``rules`` with ``options`` dealt from ``deck`` (the whole shuffled deck
        as the table takes it)."""
        from . import Game
        g = Game(rules, seed=seed, options=options, agents="random", dealer=dealer,
                 round_wind=round_wind, wall=deck, _setup=setup)
        g.agents = [None] * g.spec.seats      # (every action from outside)
        return cls(g, spell)

    # --- where the hand is ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.t.phase == _PH_OVER

    def on_offer(self) -> Optional[int]:
        """The discard (or robbed kong tile) on offer, None on a seat's own turn."""
        return None if self.t.phase == _PH_ACT else self.t.last_discard

    def pass_claims(self) -> None:
        """Every seat asked about the tile on offer passes."""
        self._pass_to(-1)

    def _pass_to(self, seat: int) -> bool:
        """The seats asked about the tile on offer before seat ``seat`` pass (-1: all of
        them); is ``seat`` asked now?"""
        t = self.t
        while True:
            phase = t.phase
            if phase == _PH_ACT or phase == _PH_OVER:
                return False
            if t.decider == seat:
                return True
            t.step(_PASS)

    # --- the source's actions ---------------------------------------------------------------

    def turn(self, where: str, seat: int) -> None:
        """Pass the claim window (if one is open) to seat ``seat``'s own turn."""
        self.pass_claims()
        t = self.t
        if t.phase != _PH_ACT:
            raise MahjongError(f"{where}: seat {seat} acts, but the hand is over (the "
                               "play leaves no tile to draw)")
        if t.decider != seat:
            raise MahjongError(f"{where}: out of turn: seat {seat} acts, but it is seat "
                               f"{t.decider}'s turn")

    def drawn(self, where: str, seat: int, tile: int) -> None:
        """Seat ``seat`` draws ``tile``: the play's own draw must be it."""
        self.turn(where, seat)
        got = self.t.last_drawn
        if got != tile:
            raise MahjongError(f"{where}: seat {seat} draws {self.spell(tile)}, but the play "
                               f"gives it {self.spell(got) if got is not None else 'no draw'}")

    def act(self, where: str, seat: int, action: int, what: Optional[str] = None) -> None:
        """Seat ``seat`` takes ``action`` on its own turn."""
        self.turn(where, seat)
        self.step(where, seat, action, what)

    def claim(self, where: str, seat: int, action: int, what: Optional[str] = None) -> None:
        """Seat ``seat`` takes ``action`` on the tile on offer (the seats asked before it
        pass)."""
        if not self._pass_to(seat):
            raise MahjongError(f"{where}: {what or T.action_name(action)} by seat {seat}: no "
                               "tile is on offer to it here")
        self.step(where, seat, action, what)

    def win(self, where: str, seat: int) -> None:
        """Seat ``seat`` wins: on its own draw, or on the tile on offer."""
        if self.on_offer() is None:
            self.act(where, seat, T.A_TSUMO, "a self-drawn win")
        else:
            self.claim(where, seat, T.A_RON, "a win on the tile on offer")
            self.pass_claims()      # (the seats asked after the winner)
        if not self.over:
            raise MahjongError(f"{where}: seat {seat} wins, but the hand goes on")

    def exhausted(self, where: str) -> None:
        """The hand ends drawn: the play must run out of tiles here."""
        self.pass_claims()
        if not self.over or not self.t.exhausted:
            raise MahjongError(f"{where}: the hand ends drawn, but seat {self.t.decider} "
                               "still has a tile to draw")

    def step(self, where: str, seat: int, action: int, what: Optional[str] = None) -> None:
        """The decider, seat ``seat``, takes ``action`` (spelled ``what``): it must be legal
        here."""
        t = self.t
        try:
            t.step(action)     # (the table's own check: nothing done when illegal)
        except (MahjongError, OverflowError, TypeError):     # (not an action index at all)
            legal = t.legal_actions()
            if action in legal:
                raise
            names = ", ".join(T.action_name(a) for a in legal)
            if what is None:
                what = T.action_name(action) if type(action) is int and \
                    0 <= action < T.N_ACTIONS else repr(action)
            raise MahjongError(f"{where}: {what} by seat {seat} is not legal here (the "
                               f"legal actions: {names})") from None

    # --- a game log's events ----------------------------------------------------------------

    def replay(self, events: Sequence[Mapping[str, Any]], voids=None, to_the_end: bool = True):
        """:func:`mahjong.game.replay_steps`: the decisions that ``events`` (record v2
        mappings) show, one at a time."""
        t = self.t
        n = len(events)
        over, void, swap, draw = (int(k) for k in (T.PH_OVER, T.PH_VOID, T.PH_SWAP,
                                                    T.EV_DRAW))
        while t.phase != over:
            i = t.n_ev
            if i >= n and not to_the_end:
                return
            phase = t.phase
            if phase == void:
                if not isinstance(voids, (list, tuple)) or len(voids) != t.seats or \
                        voids[t.decider] not in VOID_SUITS:
                    raise MahjongError(f"replay: the log's note gives no void suit of seat "
                                       f"{t.decider} (void_suits is {show(voids)})")
                a = T.A_VOID + VOID_SUITS.index(voids[t.decider])
            elif phase == swap:
                a = T.A_DONE
            else:
                legal = set(t.legal_actions())
                nxt = events[i] if i < n else None
                a = log_action(t, legal, nxt, events, i)
                if a is None or a not in legal:
                    raise MahjongError(f"replay: event {i} ({nxt!r}) is not a legal action "
                                       f"of seat {t.decider} at that point")
            yield a
            t.step(a)
            for x in range(i, t.n_ev):     # the draws the step made are the log's
                code, seat, tile = t.table_event(x)[:3]
                if code == draw:
                    if x >= n and not to_the_end:
                        return
                    e = events[x] if x < n else None
                    if not (type(e) is dict or isinstance(e, Mapping)) or \
                            e.get("type") != "draw" or e.get("seat") != seat or \
                            e.get("tile") not in (TENHOU_NAMES[tile], tile):
                        raise MahjongError(f"replay: event {x} ({e!r}): the wall gives seat "
                                           f"{seat} {TENHOU_NAMES[tile]} here")
        if t.n_ev < n:
            raise MahjongError(f"replay: event {t.n_ev} ({events[t.n_ev]!r}): the hand is "
                               f"over after event {t.n_ev - 1}")


def log_action(t, legal, nxt, events, i) -> Optional[int]:
    """The action of the decider of table ``t`` that a game log's events show from event
    ``i`` (``nxt``), or None: a log's spelling of the table's actions."""
    me = t.decider
    if t.phase == _PH_ACT:
        if nxt is None:
            return None
        typ = nxt["type"]
        if typ == "win" and nxt.get("robbing_kong") and nxt.get("from") == me:
            return T.A_KONG + tile_id(nxt["win_tile"])   # the robbed kong
        if typ == "win" and T.A_TSUMO in legal:
            return T.A_TSUMO
        if typ == "ready":
            return T.A_READY
        if typ == "kong":
            return T.A_KONG + tile_id(nxt["tile"])
        if typ == "discard":
            if T.A_PASS in legal:
                return T.A_PASS
            after = events[i + 1] if i + 1 < len(events) else None
            if (T.A_READY in legal and after is not None and after["type"] == "ready"
                    and after["seat"] == me):
                return T.A_READY          # a ready written after its discard
            return T.A_DISCARD + tile_id(nxt["tile"])
        return None
    # a claim window: what does this seat do in the events that follow the discard?
    k = i
    while k < len(events) and events[k]["type"] in ("win", "ready") and \
            events[k].get("seat") != me:
        k += 1        # other winners on the discard, other seats' readies in the window
    e = events[k] if k < len(events) else None
    if e is not None and e["type"] == "ready" and e.get("seat") == me:
        return T.A_READY
    if e is not None and e.get("seat") == me:
        if e["type"] == "win":
            return T.A_RON
        if e["type"] == "pung":
            return T.A_PUNG
        if e["type"] == "kong" and e.get("kind") == "exposed":
            return T.A_MINGKONG
        if e["type"] == "chow":
            low = sorted_ids(e["tiles"])[0]
            return T.A_CHOW_LOW + (t.last_discard - low)
    return T.A_PASS if T.A_PASS in legal else None
