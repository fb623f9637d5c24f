"""The game engine: seeded whole hands and matches of every rule set, legal actions and
claims, built-in agents, observations for reinforcement learning, and game logs (record v2)
that settlement reads.

>>> from mahjong.game import Game
>>> g = Game("sichuan", seed=7, agents="greedy")
>>> log = g.play()
>>> sorted(log) [:4]
['dealer', 'events', 'final', 'options']
>>> sum(log["result"]["deltas"])
0

A hand is played by a :class:`~mahjong.game._table.Table` (a C state machine); the rule set's
room tells it how its game is played (``mahjong/<room>/play.py``, a
:class:`~mahjong.playspec.PlaySpec`). Agents are ``"random"``, ``"greedy"``, ``"strong"``,
:class:`RandomAgent`, :class:`GreedyAgent`, :class:`StrongAgent` (run inside the table,
without Python calls of their own),
any callable ``(observation, legal_actions) -> action`` or an RLCard-style agent object
(``step`` / ``eval_step``: :class:`RLCardAgent`).
"""
from __future__ import annotations

import collections

import json
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from mahjong.errors import MahjongError
from mahjong.record import HandRecord, record_from_table
from mahjong.rooms import find_room
from mahjong.ruleset import settle
from mahjong._reader import TENHOU_IDS, VOID_SUITS
from mahjong.tiles import TENHOU_NAMES, parse_tiles
from mahjong.validate import show

from . import _table
from ._table import N_ACTIONS, OBS_SIZE
from mahjong.playspec import PlaySpec, WinQuery

__all__ = ["Game", "Match", "RandomAgent", "GreedyAgent", "StrongAgent", "RLCardAgent",
           "Observation",
           "Action", "play_spec", "replay", "stack_wall", "N_ACTIONS", "OBS_SIZE", "action_name", "action_index"]


_SPECS: Dict[Any, PlaySpec] = {}


def play_spec(rules: str, options: Optional[Mapping[str, Any]] = None) -> PlaySpec:
    """The room's PlaySpec of rule set ``rules`` with ``options`` (made once per rule set
    and options: a PlaySpec is immutable)."""
    try:
        key = (rules, None if not options else   # (True == 1: the type is in the key)
               tuple((k, type(v), v) for k, v in sorted(options.items())))
        hash(key)
    except (TypeError, AttributeError):
        key = None
    if key is not None:
        spec = _SPECS.get(key)
        if spec is not None:
            return spec
    spec = _make_play_spec(rules, options)
    if key is not None and len(_SPECS) < 256:
        _SPECS[key] = spec
    return spec


def _make_play_spec(rules: str, options: Optional[Mapping[str, Any]]) -> PlaySpec:
    if not isinstance(rules, str):
        raise MahjongError(f"rules: {rules!r} is not a rule set name")
    return find_room(rules).play_spec(options)


def _indicator_index(spec: PlaySpec, dealer: int, wall: int) -> int:
    """Where a log's indicator goes back into its ``wall`` of ``wall`` tiles: after the deal
    (with ``wall_parts``: after the dealer's 14 tiles, in the dealer's part of the deck)."""
    if spec.wall_parts:
        return _table.part_start(wall + 1, spec.seats, dealer) + 14
    return 13 * spec.seats + 1


_TILE_SETS: Dict[Any, tuple] = {}


def _tiles_of(spec: PlaySpec) -> tuple:
    """The rule set's tiles as ids (flowers are 34..41), a tuple made once per tile set."""
    key = (bool(spec.honours), bool(spec.flowers))
    tiles = _TILE_SETS.get(key)
    if tiles is None:
        kinds = 34 if spec.honours else 27
        tiles = _TILE_SETS[key] = tuple([t for t in range(kinds) for _ in range(4)] +
                                        (list(range(34, 42)) if spec.flowers else []))
    return tiles


def _tile_set(spec: PlaySpec) -> List[int]:
    """The rule set's tiles as ids (flowers are 34..41)."""
    return list(_tiles_of(spec))


def _seed_words(seed) -> List[int]:
    """The seed as a list of ints in [0, 2**64): an int or a sequence of them."""
    words = [seed] if type(seed) is int else seed
    if not isinstance(words, (list, tuple)) or not words:
        raise MahjongError(f"seed: {show(seed)} is not a non-negative int or a sequence of them")
    for w in words:
        if type(w) is not int and not isinstance(w, np.integer):
            raise MahjongError(f"seed: {show(w)} in {show(seed)} is not an int")
        if not 0 <= w < 2**64:
            raise MahjongError(f"seed: {w!r} is not in [0, 2**64)")
    return [int(w) for w in words]


_IDS = TENHOU_IDS  # the reader's tenhou names


def _tile_ids(values, what: str, top: int = 34) -> List[int]:
    """Tile ids of a list of tenhou names or ids below ``top`` (42 with flowers)."""
    if type(values) is list and all([type(t) is int and 0 <= t < top for t in values]):
        return list(values)         # (ids already: a deck as the engine holds one)
    if type(values) is str:  # a tile string, as the record reader takes it
        try:
            return [int(t) for t in parse_tiles(values)]
        except MahjongError as exc:
            raise MahjongError(f"{what}: {exc}") from None
    if isinstance(values, (bytes, Mapping)) or (
            values is not None and not hasattr(values, "__iter__")):
        raise MahjongError(f"{what}: expected a list of tiles, got {show(values)}")
    out = []
    for i, t in enumerate(values or ()):
        if type(t) is str and t in _IDS:
            out.append(_IDS[t])
        elif isinstance(t, (int, np.integer)) and not isinstance(t, bool) and 0 <= t < top:
            out.append(int(t))
        else:
            raise MahjongError(f"{what}: tile {i} is {t!r}, not a tile")
    return out


def deck_of_log(log: Mapping[str, Any], spec: PlaySpec) -> List[int]:
    """The shuffled deck a log was dealt from, as the engine holds it: the wall with the
    indicator put back after the deal, the flowers put back where the note says, then the
    shown flower indicators and the reserve."""
    def tiles(name):
        return _tile_ids(log.get(name), f"replay: {name}")

    deck = tiles("wall")
    if spec.indicator:
        ind = log.get("indicator")
        if ind is None:
            raise MahjongError("replay: the log has no 'indicator'")
        deck.insert(_indicator_index(spec, log.get("dealer", 0), len(deck)),
                    _tile_ids([ind], "replay: indicator")[0])
    note = log.get("note") if isinstance(log.get("note"), Mapping) else {}
    for k, p in enumerate(note.get("flower_positions") or ()):
        deck.insert(p, 34 + k)
    return deck + tiles("flower_indicators") + tiles("reserve")


class Action(int):
    """An index of the fixed action space (an int) with a readable name."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return _ACTION_NAMES[self]

    @property
    def kind(self) -> str:
        return self.name.split(" ")[0]

    @property
    def tile(self) -> Optional[int]:
        a = int(self)
        if a < 34:
            return a
        if _table.A_KONG <= a < _table.A_KONG + 34:
            return a - _table.A_KONG
        return None

    def __repr__(self) -> str:
        return f"Action({int(self)}, {self.name!r})"


_ACTIONS = tuple(Action(a) for a in range(N_ACTIONS))


def action_name(index) -> str:
    """A readable name of action ``index`` (0 .. N_ACTIONS - 1): 'discard 5m', 'kong 7z',
    'pung', 'pass', 'void p' ..."""
    if type(index) is bool or not isinstance(index, (int, np.integer)) or \
            not 0 <= index < N_ACTIONS:
        raise MahjongError(f"action: {show(index)} is no action index (0..{N_ACTIONS - 1})")
    return _ACTION_NAMES[index]


_ACTION_NAMES = tuple(_table.action_name(a) for a in range(N_ACTIONS))
_ACTION_INDEX = {name: a for a, name in enumerate(_ACTION_NAMES)}


def action_index(name: str) -> int:
    """The index of an action by name: 'discard 5m', 'kong 7z', 'pung', 'pass', 'void p'."""
    a = _ACTION_INDEX.get(name) if isinstance(name, str) else None
    if a is None:
        raise MahjongError(f"action: unknown action name {name!r}")
    return a


class RandomAgent:
    """Picks a legal action uniformly at random (from the seat's own seeded stream)."""

    kind = _table.AGENT_RANDOM

    def __call__(self, observation, legal_actions):
        return observation.game._table_choose(observation.seat, self.kind)

    def __repr__(self):
        return "RandomAgent()"


class GreedyAgent:
    """Always wins when it may; discards to the lowest shanten, then the most unseen useful
    tiles (a tile of the suit a 缺门 hand gives up first); claims and kongs when they lower
    (kongs: do not raise) the number of missing tiles; kongs 红中/发财-type single kong tiles
    at once; declares ready when it may."""

    kind = _table.AGENT_GREEDY

    def __call__(self, observation, legal_actions):
        return observation.game._table_choose(observation.seat, self.kind)

    def __repr__(self):
        return "GreedyAgent()"


class StrongAgent:
    """Plays for value (compiled, no Python call per decision of its own): wins whenever it
    may; weighs each discard by the chance of completing (the useful tiles still unseen,
    the draws left) times the value within reach (at a ready hand the room's own value of
    each wait, so a wait the rule set never allows, as a Guobiao hand under 8 fans, is
    worth nothing); claims only when the claim makes the hand worth more; when its hand is
    far, does not discard what a seat that has claimed or declared ready is likely to win
    on (its void suit, its own discards, the honours nobody else can hold are safe). See
    docs/ENGINE.md."""

    kind = _table.AGENT_STRONG

    def __call__(self, observation, legal_actions):
        return observation.game._table_choose(observation.seat, self.kind)

    def __repr__(self):
        return "StrongAgent()"


class RLCardAgent:
    """An RLCard-style agent object (methods ``step(state)`` and ``eval_step(state)``) as an
    agent of this engine. ``state`` is a dict as RLCard gives one:

    * ``"obs"``: the observation array (float32[OBS_SIZE], :meth:`Observation.array`);
    * ``"legal_actions"``: an ``OrderedDict`` whose keys are the legal action indices;
    * ``"raw_obs"``: the :class:`Observation`;
    * ``"raw_legal_actions"``: the legal actions' names (``'discard 5m'``, ``'pung'`` ...).

    The agent answers an index or a name (RLCard's ``use_raw`` agents); ``eval_step``'s
    ``(action, info)`` pair is taken for its action. ``train=False`` (what an object with
    ``eval_step`` passed as an agent gets) calls ``eval_step``, ``train=True`` ``step``."""

    __slots__ = ("agent", "train")

    def __init__(self, agent, train: bool = False):
        if not callable(getattr(agent, "step", None)) or \
                (not train and not callable(getattr(agent, "eval_step", None))):
            raise MahjongError(f"agents: {show(agent)} has no step/eval_step method")
        self.agent = agent
        self.train = bool(train)

    @staticmethod
    def state(observation, legal_actions) -> Dict[str, Any]:
        """The RLCard-style state of a decision."""
        return {"obs": observation.array(),
                "legal_actions": collections.OrderedDict((int(a), None) for a in legal_actions),
                "raw_obs": observation,
                "raw_legal_actions": [_ACTION_NAMES[a] for a in legal_actions]}

    def __call__(self, observation, legal_actions):
        state = self.state(observation, legal_actions)
        if self.train:
            return self.agent.step(state)
        out = self.agent.eval_step(state)
        return out[0] if isinstance(out, tuple) else out

    def __repr__(self):
        return f"RLCardAgent({self.agent!r}{', train=True' if self.train else ''})"


_AGENT_NAMES = {"random": RandomAgent, "greedy": GreedyAgent, "strong": StrongAgent}


def _is_rlcard(a) -> bool:
    return callable(getattr(a, "eval_step", None)) and callable(getattr(a, "step", None))


def _agent(a, what: str = "agents"):
    if isinstance(a, str):
        if a not in _AGENT_NAMES:
            raise MahjongError(f"{what}: unknown agent {show(a)} "
                               f"(known: {', '.join(_AGENT_NAMES)})")
        return _AGENT_NAMES[a]()
    if isinstance(a, (RandomAgent, GreedyAgent, StrongAgent)) or callable(a):
        return a
    if _is_rlcard(a):
        return RLCardAgent(a)
    raise MahjongError(f"{what}: {show(a)} is not an agent name, a callable "
                       f"(observation, legal_actions) -> action or an RLCard-style agent")


def _agents(agents, seats: int, what: str = "agents") -> list:
    if agents is None:
        agents = "random"
    if isinstance(agents, str):
        names = agents.split(",")
        if len(names) == 1:
            names = names * seats
        agents = names
    if callable(agents) or _is_rlcard(agents):
        agents = [agents] * seats      # one agent object for every seat
    try:
        agents = list(agents)
    except TypeError:
        raise MahjongError(f"{what}: {show(agents)} is not an agent or a list of "
                           "them") from None
    if len(agents) != seats:
        raise MahjongError(f"{what}: {len(agents)} given for {seats} seats")
    return [_agent(a, what) for a in agents]


#: the table's phases by name (Observation.phase)
_PHASE_NAMES = {_table.PH_VOID: "void", _table.PH_ACT: "turn", _table.PH_CLAIM: "claim",
                _table.PH_ROB: "rob", _table.PH_OVER: "over", _table.PH_EXCHANGE: "exchange",
                _table.PH_SWAP: "swap"}


class Observation:
    """What seat ``seat`` sees when it must decide. Seats in ``melds``, ``discards``,
    ``ready`` and ``won`` are absolute (0 .. seats-1); :meth:`array` counts them from the
    observer for learning."""

    __slots__ = ("game", "seat", "phase", "hand", "melds", "discards", "wall_remaining",
                 "dealer", "round_wind", "seat_wind", "scores", "ready", "won", "void_suit",
                 "last_discard", "last_drawn", "win_offer", "wildcard", "_mask")

    def __init__(self, game: "Game", seat: int):
        t = game._table
        self.game = game
        self.seat = seat
        self.phase = _PHASE_NAMES[t.phase]
        self.hand = t.hand_of(seat)
        self.melds = tuple(tuple(t.melds_of(s)) for s in range(t.seats))
        self.discards = tuple(t.river_of(s) for s in range(t.seats))
        self.wall_remaining = t.wall_remaining
        self.dealer = t.dealer
        self.round_wind = t.round_wind
        self.seat_wind = (seat - t.dealer) % t.seats
        self.scores = tuple(game.scores)
        states = [t.seat_state(s) for s in range(t.seats)]
        self.ready = tuple(st["ready"] for st in states)
        self.won = tuple(st["won"] for st in states)
        self.void_suit = states[seat]["void_suit"]
        self.last_discard = t.last_discard
        self.last_drawn = t.last_drawn if t.decider == seat else None
        self.win_offer = t.win_offer if t.decider == seat else 0
        self.wildcard = t.wildcard if t.wildcard >= 0 else None
        self._mask = None

    def array(self) -> np.ndarray:
        """The observation as a float32 vector of OBS_SIZE (layout: Table.observe_into)."""
        out = np.empty(OBS_SIZE, dtype=np.float32)
        return self.game._table.observe_into(self.seat, out)

    @property
    def mask(self) -> np.ndarray:
        """Boolean mask over the N_ACTIONS action indices (all False if seat must not act)."""
        if self._mask is None:
            m = np.zeros(N_ACTIONS, dtype=np.bool_)
            if self.game._table.decider == self.seat:
                self.game._table.legal_mask(m)
            self._mask = m
        return self._mask


class Game:
    """One hand of rule set ``rules``, dealt from ``seed`` (int or sequence of ints), or
    from ``wall``: a whole shuffled deck as the table takes it (tile ids or names; the deal,
    then the draws, then the reserve), as :func:`stack_wall` and :func:`deck_of_log` give.
    ``scores`` are what observations show (a match's running scores)."""

    def __init__(self, rules: str, seed: Union[int, Sequence[int]] = 0,
                 options: Optional[Mapping[str, Any]] = None, agents=None, *,
                 dealer: int = 0, round_wind: int = 0, wall: Optional[Sequence] = None,
                 scores: Optional[Sequence[int]] = None, _setup: bool = True):
        self.rules = rules
        self.spec = play_spec(rules, options)
        seats = self.spec.seats
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise MahjongError(f"dealer: {show(dealer)} is not a seat (0..{seats - 1})")
        if type(round_wind) is not int or not 0 <= round_wind < 4:
            raise MahjongError(f"round_wind: {round_wind!r} (0..3)")
        self.agents = _agents(agents, seats)
        state = _table.seed_state(_seed_words(seed), 2 + seats)
        self.seed = seed
        if wall is None:
            wall = _table.shuffled(_tiles_of(self.spec), state[0])
        else:
            wall = self._read_wall(wall)
        kinds = [getattr(a, "kind", _table.AGENT_EXTERNAL)
                 if type(a) in (RandomAgent, GreedyAgent, StrongAgent) else _table.AGENT_EXTERNAL
                 for a in self.agents]
        self.scores = list(scores) if scores is not None else [0] * seats
        self._table = _table.Table(self.spec, dealer, round_wind, wall, kinds,
                                   state[2:], _setup)
        self._record = None
        self._hand = None
        self._exhausted = _UNSET
        self.settlement = None

    def _read_wall(self, wall) -> List[int]:
        out = _tile_ids(wall, "wall", 42 if self.spec.flowers else 34)
        need = _tile_set(self.spec)
        if sorted(out) != need:
            raise MahjongError(f"wall: not the {len(need)} tiles of {self.rules}")
        return out

    # --- playing --------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._table.phase == _table.PH_OVER

    @property
    def decider(self) -> Optional[int]:
        """The seat that must decide now (None when the hand is over)."""
        return None if self.over else self._table.decider

    def legal_actions(self) -> List[Action]:
        return [_ACTIONS[a] for a in self._table.legal_actions()]

    def observe(self, seat: Optional[int] = None) -> Observation:
        if seat is None:
            seat = self._table.decider
        if type(seat) is not int or not 0 <= seat < self.spec.seats:
            raise MahjongError(f"seat: {seat!r} is not a seat")
        return Observation(self, seat)

    def step(self, action) -> None:
        """Apply the decider's action: an index, an :class:`Action` or a name ('pung')."""
        if isinstance(action, str):
            action = action_index(action)
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise MahjongError(f"action: {show(action)} is not an action index")
        if not 0 <= action < N_ACTIONS:
            raise MahjongError(f"action: {show(action)} is not an action index "
                               f"(0..{N_ACTIONS - 1})")
        self._table.step(int(action))

    def _table_choose(self, seat: int, kind: int) -> int:
        return self._table.choose(seat, kind)

    def play(self) -> Dict[str, Any]:
        """Play to the end with the agents; return the game log (record v2 + ``result``)."""
        self._advance(())
        return self.log()

    def _advance(self, stop) -> int:
        """Play the agents until a seat in ``stop`` must decide (return it) or the hand is
        over (return -1)."""
        t = self._table
        agents = self.agents
        while True:
            seat = t.run_builtin()
            if seat < 0 or seat in stop:
                return seat
            obs = Observation(self, seat)
            legal = self.legal_actions()
            a = agents[seat](obs, legal)
            try:
                self.step(a)
            except MahjongError as exc:
                raise MahjongError(f"agent of seat {seat}: {exc}") from None

    def play_record(self) -> HandRecord:
        """Play to the end with the agents; return the hand as a typed record
        (:meth:`hand_record`, settled: ``self.settlement``) without making the log mapping."""
        self._advance(())
        return self.hand_record()

    def hand_record(self) -> HandRecord:
        """The finished hand as a :class:`~mahjong.record.HandRecord`, made from the table's
        own log (no JSON, no tile text in between) and settled in that form (the settlement
        is ``self.settlement``). It equals ``HandRecord.from_json(self.log())``."""
        if self._hand is None:
            if not self.over:
                raise MahjongError("hand_record: the hand is not over (see record_so_far())")
            t = self._table
            spec = self.spec
            hand = record_from_table(spec.rules, spec.options, t.dealer, t.seats,
                                     t.round_wind, t.indicator if t.indicator >= 0 else None,
                                     t.packed_log(), self._exhausted_data())
            self.settlement = settle(hand)
            self._hand = hand
        return self._hand

    def _exhausted_data(self):
        """The rule set's data of the exhausted event (None: none), drawn once."""
        if self._exhausted is _UNSET:
            data = None
            t = self._table
            if t.exhausted and self.spec.exhausted_data is not None:
                rec = t.record_so_far()
                rec["final"] = t.final_hands()
                # seeded by the deck itself, so that a replay of the log draws the same
                rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(
                    [t.dealer] + t.deck_ids())))
                data = self.spec.exhausted_data(rec, rng)
            self._exhausted = data
        return self._exhausted

    def _items(self) -> List[str]:
        """The names of the scoring items of the settlement's wins."""
        return [getattr(i, "name", str(i)) for w in self.settlement.wins.values()
                for i in getattr(w, "items", None) or getattr(w, "fans", ())]

    def log(self) -> Dict[str, Any]:
        """The game log of the finished hand: record v2 fields, then ``result``
        (``deltas``, ``next_dealer``) by the rule set's settlement of this very record."""
        if self._record is not None:
            return self._record
        if not self.over:
            raise MahjongError("log: the hand is not over (see record_so_far())")
        self.hand_record()
        s = self.settlement
        rec = self._table.record_so_far()
        rec["final"] = self._table.final_hands()
        data = self._exhausted_data()
        if data is not None:
            rec["events"][-1][self.spec.rules] = data
        note = {}
        voids = self._table.void_suits()
        if any(v is not None for v in voids):
            note["void_suits"] = [VOID_SUITS[v] if v is not None else None for v in voids]
        if self._table.setup_notes:
            note["setup"] = list(self._table.setup_notes)
        if self.spec.flowers:
            note["flower_positions"] = self._table.flower_positions()
        if note:
            rec["note"] = note
        rec["result"] = {"deltas": list(s.deltas), "next_dealer": s.next_dealer,
                         "win_values": list(self._table.win_values), "items": self._items()}
        self._record = rec
        return rec

    def log_json(self) -> str:
        """The game log as one line of JSON text: ``json.dumps(self.log(),
        ensure_ascii=False, separators=(",", ":"))``, written straight from the table's
        log by a compiled writer (no mapping, no json.dumps) unless :meth:`log` made the
        mapping already (then that mapping, as it is now)."""
        return self._log_line(False)

    def _log_line(self, as_bytes: bool):
        """:meth:`log_json` (as UTF-8 bytes with ``as_bytes``)."""
        if self._record is not None:
            text = json.dumps(self._record, ensure_ascii=False, separators=(",", ":"))
            return text.encode() if as_bytes else text
        if not self.over:
            raise MahjongError("log: the hand is not over (see record_so_far())")
        self.hand_record()
        s = self.settlement
        t = self._table
        data = self._exhausted_data()
        return t.log_json(
            _log_head(self.spec), s.deltas, s.next_dealer, t.win_values, self._items(),
            None if data is None else b"," + _json_bytes({self.spec.rules: data})[1:-1],
            _json_bytes(list(t.setup_notes)) if t.setup_notes else None, as_bytes)

    def record_so_far(self) -> Dict[str, Any]:
        return self._table.record_so_far()


_UNSET = object()
_LOG_HEADS: Dict[int, Any] = {}


def _json_bytes(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _log_head(spec: PlaySpec) -> bytes:
    """The first fields of a game log of ``spec`` as JSON text (rules and options, and the
    comma after them), made once per spec."""
    got = _LOG_HEADS.get(id(spec))
    if got is not None and got[0] is spec:
        return got[1]
    head = _json_bytes({"rules": spec.rules, "options": dict(spec.options)})[:-1] + b","
    if len(_LOG_HEADS) >= 256:
        _LOG_HEADS.clear()
    _LOG_HEADS[id(spec)] = (spec, head)   # (the spec kept: its id is not reused)
    return head


def stack_wall(rules: str, hands: Mapping[int, Any], draws: Any = (), *, dealer: int = 0,
               indicator: Any = None, options: Optional[Mapping[str, Any]] = None,
               seed: int = 0) -> List[int]:
    """A wall that deals ``hands`` (seat -> tiles; the dealer's 14, the others' 13) and then
    draws ``draws`` in order (after the 赖子皮 ``indicator`` where the rule set turns one up);
    the tiles not named follow in a seeded order. For scenario tests and puzzles:
    ``Game(rules, wall=stack_wall(...))``. With the option ``duplicate_walls`` (one wall part
    per seat), ``draws`` maps a seat to the tiles it draws from its own part, in order."""
    from mahjong.tiles import to_tile_ids
    spec = play_spec(rules, options)
    seats = spec.seats
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise MahjongError(f"stack_wall: dealer {show(dealer)} is not a seat (0..{seats - 1})")
    if not isinstance(hands, Mapping):
        raise MahjongError(f"stack_wall: hands {show(hands)} is not a mapping seat -> tiles")
    for s in hands:
        if type(s) is not int or not 0 <= s < seats:
            raise MahjongError(f"stack_wall: seat {show(s)} of hands is not a seat of {rules} "
                               f"(0..{seats - 1})")
    pool = collections.Counter(_tile_set(spec))

    def take(tiles, what):
        try:
            ids = list(to_tile_ids(tiles)) if not isinstance(tiles, (list, tuple)) else \
                [t if type(t) is int else to_tile_ids(t)[0] for t in tiles]
        except (MahjongError, IndexError) as exc:     # (IndexError: an empty name)
            why = exc if isinstance(exc, MahjongError) else "an empty tile name"
            raise MahjongError(f"stack_wall: {what}: {why}") from None
        for t in ids:
            if not 0 <= t < 34:
                raise MahjongError(f"stack_wall: {what}: tile id {t} is out of range")
            if pool[t] == 0:
                raise MahjongError(f"stack_wall: {what} needs a copy of "
                                   f"{TENHOU_NAMES[t]} that is not left")
            pool[t] -= 1
        return ids

    dealt = {}
    for s in range(seats):
        want = 14 if s == dealer else 13
        ids = take(hands.get(s, ()), f"seat {s}'s hand")
        if len(ids) > want:
            raise MahjongError(f"stack_wall: seat {s} is dealt {want} tiles, not {len(ids)}")
        dealt[s] = ids
    if spec.wall_parts:
        return _stack_parts(spec, dealt, draws, dealer, indicator, pool, take, seed)
    head = take(draws, "the draws")
    ind = take([indicator] if indicator is not None else [], "the indicator")
    rest = _table.shuffled(sorted(pool.elements()), seed)

    def fill(ids, n):
        while len(ids) < n:
            ids.append(rest.pop())
        return ids

    wall: List[int] = []
    for k in range(seats):
        s = (dealer + k) % seats
        wall += fill(dealt[s], 14 if s == dealer else 13)[:13]
    wall.append(dealt[dealer][13])
    if spec.indicator:
        wall += fill(ind, 1)
    elif ind:
        raise MahjongError(f"stack_wall: {rules} turns up no indicator")
    wall += head + rest
    return wall


def _stack_parts(spec, dealt, draws, dealer, indicator, pool, take, seed) -> List[int]:
    """stack_wall with wall parts: each seat's part is its hand, then (the dealer's) the
    indicator, then its draws, then tiles not named."""
    seats = spec.seats
    if not isinstance(draws, Mapping):
        if draws:
            raise MahjongError("stack_wall: with duplicate_walls, draws is a mapping seat -> "
                               f"the tiles it draws, not {show(draws)}")
        draws = {}
    for s in draws:
        if type(s) is not int or not 0 <= s < seats:
            raise MahjongError(f"stack_wall: seat {show(s)} of draws is not a seat "
                               f"(0..{seats - 1})")
    own = {s: take(draws.get(s, ()), f"seat {s}'s draws") for s in range(seats)}
    ind = take([indicator] if indicator is not None else [], "the indicator")
    if ind and not spec.indicator:
        raise MahjongError(f"stack_wall: {spec.rules} turns up no indicator")
    rest = _table.shuffled(sorted(pool.elements()), seed)
    live = spec.live_tiles or len(_tile_set(spec))
    wall: List[int] = []
    for s in range(seats):
        part = dealt[s]
        part += [rest.pop() for _ in range((14 if s == dealer else 13) - len(part))]
        if s == dealer and spec.indicator:
            part += ind or [rest.pop()]
        part += own[s]
        size = _table.part_start(live, seats, s + 1) - _table.part_start(live, seats, s)
        if len(part) > size:
            raise MahjongError(f"stack_wall: seat {s}'s hand and draws are {len(part)} tiles, "
                               f"more than its part of the wall ({size})")
        wall += part + [rest.pop() for _ in range(size - len(part))]
    return wall + rest


def replay(log: Mapping[str, Any]) -> Dict[str, Any]:
    """Play a log again from its wall, every seat taking the action its events show, and
    return the new log: the same events when the log is the engine's own."""
    if not isinstance(log, Mapping):
        raise MahjongError(f"replay: the log is a {type(log).__name__}, not a mapping")
    if "wall" not in log:
        raise MahjongError("replay: the log has no 'wall'")
    events = log.get("events")
    if not isinstance(events, (list, tuple)) or \
            not all(isinstance(e, Mapping) for e in events):
        raise MahjongError(f"replay: 'events' is {show(events)}, not a list of events")
    events = list(events)
    options = log.get("options") or {}
    d = Drive.deal(log["rules"], options, deck_of_log(log, play_spec(log["rules"], options)),
                   log.get("dealer", 0), log.get("round_wind", 0), setup=False)
    voids = (log.get("note") or {}).get("void_suits") if isinstance(log.get("note"), dict) \
        else None
    for _ in d.replay(events, voids):
        pass
    return d.game.log()


def replay_steps(g: "Game", events: Sequence[Mapping[str, Any]], voids=None,
                 to_the_end: bool = True):
    """Play ``events`` (a log's events as record v2 mappings) again on ``g``, a game dealt
    from the log's deck whose seats are all external (``set_external``), one decision at a
    time: yields the action (an index) the events show for the decider, with the table in
    the state of that decision, then applies it and checks that the draws it made are the
    log's. ``voids``: each seat's void suit ('m', 'p', 's') where the rule set declares
    one. A MahjongError names the first event that is not the play. ``to_the_end=False``:
    the events may stop before the hand is over (a log that ends with a penalty): the steps
    stop where they do. (The table's one driver: :class:`mahjong.game._drive.Drive`.)"""
    return Drive(g).replay(events, voids, to_the_end)


class Match:
    """Several hands: the seating, round wind and dealers by the rule set's match schedule
    (its room's :meth:`~mahjong.rooms.Room.schedule`; by default fixed seats and the dealer
    named by each hand's settlement, ``next_dealer``), cumulative ``scores`` per player.
    Guobiao's schedule plays 4 rounds x 4 hands with the seat swap before the West round
    (players 0<->1 and 2<->3 change seats)."""

    def __init__(self, rules: str, seed: int = 0, options=None, agents=None,
                 hands: Optional[int] = None, dealer: Optional[int] = None):
        self.rules = rules
        self.options = options
        if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) \
                or not 0 <= seed < 2**64:
            raise MahjongError(f"seed: {show(seed)} is not an int in [0, 2**64)")
        self.seed = int(seed)
        spec = play_spec(rules, options)
        self.seats = spec.seats
        self.players = _agents(agents, self.seats)    # by player, not seat
        self.room = find_room(rules)
        self.hands = hands if hands is not None else self.room.match_hands
        if type(self.hands) is not int or self.hands < 1:
            raise MahjongError(f"hands: {show(hands)} (a positive int)")
        first = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, 1 << 30])))
        self.dealer = dealer if dealer is not None else int(first.integers(self.seats))
        self.scores = [0] * self.seats              # by player
        self.logs: List[Dict[str, Any]] = []

    @staticmethod
    def duplicate(rules: str, agents, walls: int, seed: int = 0, **kwargs):
        """A duplicate match (every wall with every seating):
        :func:`mahjong.game.duplicate.play`."""
        from .duplicate import play
        return play(rules, agents, walls, seed, **kwargs)

    def seat_of_players(self, hand: int) -> List[int]:
        """The player at each seat (table position) in hand ``hand`` (0-based)."""
        return list(self.room.schedule(hand).players)

    def play(self) -> List[Dict[str, Any]]:
        """Play the hands; return their logs (each with ``note.match``: the hand number,
        the player at each seat and the scores after it)."""
        dealer = self.dealer
        dice = np.random.Generator(np.random.PCG64(np.random.SeedSequence([self.seed, 1 << 31])))
        for h in range(self.hands):
            seating = self.room.schedule(h)
            at = list(seating.players)
            round_wind = seating.round_wind
            if seating.dealer is not None:
                dealer = seating.dealer
            g = Game(self.rules, seed=[self.seed, h], options=self.options,
                     agents=[self.players[at[s]] for s in range(self.seats)], dealer=dealer,
                     round_wind=round_wind,
                     scores=[self.scores[at[s]] for s in range(self.seats)])
            log = g.play()
            for s, d in enumerate(log["result"]["deltas"]):
                self.scores[at[s]] += d
            log["note"] = dict(log.get("note") or {}, match={
                "hand": h, "players": at, "scores": list(self.scores)})
            self.logs.append(log)
            if seating.dealer is None:
                nxt = log["result"]["next_dealer"]
                # None: the rule set leaves the next dealer to the dice
                dealer = int(dice.integers(self.seats)) if nxt is None else nxt
        return self.logs


from ._drive import Drive  # noqa: E402  (the one driver)
from . import _logcheck  # noqa: E402,F401  (registers the replay of full game logs)
