"""Duplicate matches: every wall played with every seating, so each agent meets the same
tiles in every seat and the luck of the deal cancels out of the comparison.

>>> from mahjong.game.duplicate import play
>>> r = play("sichuan", "greedy,random", walls=3, seed=1)
>>> r.hands, [a["name"] for a in r.to_dict()["agents"]]
(6, ['greedy', 'random'])

**Players and seats.** ``agents`` names one agent per seat (``"A,B,C,D"``), or two agents
for a four-seat rule set: they then sit ``A,B,A,B`` (each agent twice, facing itself, so both
play as many seats, in the same positions relative to the other). The same name twice
(``"greedy,greedy"``) makes two players with the same agent, labelled ``greedy`` and
``greedy#2``.

**Seatings.** ``"rotate"`` (default) plays the players' arrangement in every rotation,
``"all"`` in every order (24 for four distinct agents); arrangements that place the players
identically are played once (``A,B,A,B`` has 2 rotations and 6 orders; a two-seat rule set
2 of each). ``"challenger"`` takes two agents and plays the first (the challenger) at each
seat in turn among the second (the baseline): the 1-against-3 arena, ``seats`` games per
wall. ``"random"``, the control, plays each wall once, with one seeded random arrangement:
the usual format, where every hand has its own wall.

**Hands.** A seating whose game is, event for event, an earlier seating's game of the same
wall (the agents decided alike throughout) is the same hand again: ``hands`` counts the
distinct hands, ``hands_played`` every game (the logs written hold every game, a repeat
with ``note.duplicate.same_as``, the seating it repeats).

**Wall parts.** By default (``wall_parts=True``; ``mahjong match --shared-wall`` turns it
off) every hand is played with the option ``duplicate_walls`` of the rule set: the wall is
cut into one part per seat, and each seat is dealt and draws only from its own part (kong
replacements too), so a seat gets the same tiles in every seating whoever claims what: the
player sitting there meets exactly the tiles the other players met there. The hand is drawn
when the seat to draw has no tile left, and a discard that leaves the next seat no draw can
only be won on. With one shared wall drawn in turn, a claim shifts who draws which tile.

**Seeds.** Wall ``w`` is the deck of ``Game(rules, seed=[seed, w], dealer=w mod seats)``:
the same deck, dealer and per-seat agent streams (the random agent's choices) in every
seating. The random control draws its arrangement from ``SeedSequence([seed, w, 2**32])``.
The numbers are sums of integer points, so they are the same on every machine, with any
number of worker processes.

**Numbers.** Per agent: points per seat-hand (a seat it played in one hand) and its 95%
confidence interval, from the per-wall means (a wall, with all its seatings, is one
independent observation); win, deal-in and self-draw rates per seat-hand and the average
winning value (as :mod:`mahjong.stats` counts them). ``difference``: the first agent's points
per hand minus the second's, paired by wall, with its 95% interval (Student's t) and
``walls_to_separate``: the walls after which the interval, at the measured spread, would
just exclude zero (``(1.96 sd / |mean|)^2``; None when the mean is 0). ``rank_points``: per
wall, the players ranked by their points over its seatings score n .. 1 (4/3/2/1 for four
players; level players share), summed over the walls: with four distinct agents,
``walls=4, seatings="all"`` and the default wall parts, the schedule of the Botzone / IJCAI
duplicate Guobiao competition (every wall with all 24 seat orders, 4/3/2/1 per wall).
"""
from __future__ import annotations

import itertools
import json
import math
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from mahjong.errors import MahjongError

__all__ = ["play", "DuplicateResult", "seatings", "players_of", "play_walls", "collect",
           "prepare", "match_options", "rank_points", "t975", "SEATINGS"]

SEATINGS = ("rotate", "all", "random", "challenger")


def players_of(agents, seats: int, mode: str = "rotate"
               ) -> Tuple[List[Any], List[str], List[int]]:
    """The players (agents: names or objects), their labels and the player at each seat of
    the first arrangement (``mode="challenger"``: two players, the first at seat 0 and the
    second at the others)."""
    from . import _agent

    if isinstance(agents, str):
        agents = agents.split(",")
    if not isinstance(agents, (list, tuple)):
        raise MahjongError(f"agents: {agents!r} is not a comma-separated list of agents")
    agents = list(agents)
    if mode == "challenger":
        if len(agents) != 2:
            raise MahjongError(f"agents: {len(agents)} given; seatings 'challenger' compares "
                               "two (the challenger, then the baseline)")
        pattern = [0] + [1] * (seats - 1)
    elif len(agents) == seats:
        pattern = list(range(seats))
    elif len(agents) == 2 and seats == 4:
        pattern = [0, 1, 0, 1]
    else:
        raise MahjongError(f"agents: {len(agents)} given; a duplicate match of {seats} seats "
                           f"takes {seats}" + (" or 2" if seats == 4 else ""))
    for a in agents:
        _agent(a.strip() if isinstance(a, str) else a)       # unknown names refused here
    agents = [a.strip() if isinstance(a, str) else a for a in agents]
    labels: List[str] = []
    for a in agents:
        base = a if isinstance(a, str) else getattr(a, "name", None) or type(a).__name__
        label, k = base, 1
        while label in labels:
            k += 1
            label = f"{base}#{k}"
        labels.append(label)
    return agents, labels, pattern


def seatings(pattern: Sequence[int], mode: str = "rotate") -> List[Tuple[int, ...]]:
    """The distinct arrangements (player at each seat) of ``mode``: ``"rotate"`` or
    ``"all"`` (``"random"`` draws from ``"all"``; ``"challenger"`` rotates)."""
    n = len(pattern)
    if mode in ("rotate", "challenger"):
        cands = (tuple(pattern[(s - k) % n] for s in range(n)) for k in range(n))
    elif mode in ("all", "random"):
        cands = itertools.permutations(pattern)
    else:
        raise MahjongError(f"seatings: {mode!r} (rotate, all, random or challenger)")
    return list(dict.fromkeys(cands))


def rank_points(points: Sequence[Any]) -> List[Fraction]:
    """The players' rank points of one wall, by their points over its seatings: n for the
    first of n players down to 1 for the last (4/3/2/1, the competition's), players level
    on points sharing their places' points evenly."""
    n = len(points)
    out = []
    for x in points:
        above = sum(y > x for y in points)
        level = sum(y == x for y in points)
        # places above+1 .. above+level, worth n - place + 1 each, shared
        out.append(Fraction(sum(n - k for k in range(above, above + level)), level))
    return out


def _exact(x):
    return x if type(x) is int else Fraction(x)


def _play_wall(rules, options, seed, w, agents, labels, arrangements, mode, keep):
    """The totals of wall ``w`` per player: (points, wins, deal_ins, self_draws, value sum,
    values), the log lines and the number of distinct hands (a seating whose game is an
    earlier seating's game event for event is the same hand again)."""
    from mahjong.stats import hand_facts

    from . import Game, play_spec

    seats = play_spec(rules, options).seats
    if mode == "random":
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, w, 1 << 32])))
        k = int(rng.integers(len(arrangements)))
        chosen = [(k, arrangements[k])]
    else:
        chosen = list(enumerate(arrangements))
    p = len(agents)
    points = [0] * p
    counts = [[0, 0, 0, 0, 0] for _ in range(p)]     # wins, deal_ins, self_draws, v_sum, v_n
    lines = []
    games = []          # (seating, events) of the distinct games so far
    for k, at in chosen:
        g = Game(rules, seed=[seed, w], options=options,
                 agents=[agents[at[s]] for s in range(seats)], dealer=w % seats)
        log = g.play()
        same = next((j for j, ev in games if ev == log["events"]), None)
        if same is None:
            games.append((k, log["events"]))
        f = hand_facts(log)
        for s, d in enumerate(f.deltas):
            points[at[s]] += _exact(d)
        for (seat, frm, _, _), v in itertools.zip_longest(f.wins, f.values):
            c = counts[at[seat]]
            c[0] += 1
            c[2] += frm is None
            if v is not None:
                c[3] += _exact(v)
                c[4] += 1
        for s in f.deal_ins:
            counts[at[s]][1] += 1
        if keep:
            note = {"wall": w, "seating": k, "players": list(at),
                    "agents": [labels[at[s]] for s in range(seats)]}
            if same is not None:
                note["same_as"] = same
            log["note"] = dict(log.get("note") or {}, duplicate=note)
            lines.append(json.dumps(log, ensure_ascii=False, separators=(",", ":")))
    return points, counts, lines, len(games)


def _chunk(args):
    rules, options, seed, lo, hi, agents, labels, arrangements, mode, keep = args
    return [_play_wall(rules, options, seed, w, agents, labels, arrangements, mode, keep)
            for w in range(lo, hi)]


def play_walls(rules, options, seed, lo, hi, agents, labels, arrangements, mode="rotate",
               keep=False):
    """The per-wall totals of walls ``lo .. hi-1`` (what a worker computes; ``mode``: the
    seatings)."""
    return _chunk((rules, options, seed, lo, hi, agents, labels, arrangements, mode, keep))


_T975 = (12.7062, 4.3027, 3.1824, 2.7764)     # Student's t, 97.5%, df 1..4


def t975(df: int) -> float:
    """Student's t quantile 0.975 with ``df`` degrees of freedom (a table below 5, the
    Cornish-Fisher expansion above: within 1e-4)."""
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959963984540054
    z3, z5, z7, z9 = z ** 3, z ** 5, z ** 7, z ** 9
    return (z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
            + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * df ** 4))


class _Moments:
    """Exact sum and sum of squares of per-wall values."""

    __slots__ = ("n", "s1", "s2")

    def __init__(self):
        self.n, self.s1, self.s2 = 0, 0, 0

    def add(self, x):
        self.n += 1
        self.s1 += x
        self.s2 += x * x

    def mean_sd(self, scale):
        """Mean and standard deviation of the values divided by ``scale``."""
        if self.n == 0:
            return None, None
        mean = Fraction(self.s1, 1) / self.n / scale
        if self.n < 2:
            return float(mean), None
        var = (Fraction(self.s2) - Fraction(self.s1) ** 2 / self.n) / (self.n - 1) / scale ** 2
        return float(mean), math.sqrt(var)

    def ci(self, scale):
        mean, sd = self.mean_sd(scale)
        if sd is None:
            return mean, None, None
        half = t975(self.n - 1) * sd / math.sqrt(self.n)
        return mean, [mean - half, mean + half], sd


_METHODS = {
    "rotate": "paired by wall: every seating of the wall",
    "all": "paired by wall: every seating of the wall",
    "random": "one random seating per wall",
    "challenger": "paired by wall: the challenger at every seat among the baseline",
}


class DuplicateResult:
    """The numbers of a duplicate match (:func:`play`): :meth:`to_dict` (the ``--json``
    form), :meth:`to_dataframe`, ``str()`` (a table)."""

    def __init__(self, rules, labels, pattern, arrangements, mode, seed, options):
        self.rules = rules
        self.labels = labels
        self.mode = mode
        self.seed = seed
        self.options = options
        self.arrangements = arrangements
        per_wall = 1 if mode == "random" else len(arrangements)
        self.hands_per_wall = per_wall
        # seat-hands per wall of each player (the same in every arrangement)
        self.seat_hands = [per_wall * pattern.count(p) for p in range(len(labels))]
        self.walls = 0
        self._hands = 0
        self.points = [_Moments() for _ in labels]
        self.diff = _Moments()
        self.counts = [[0, 0, 0, 0, 0] for _ in labels]
        self.rank_points = [Fraction(0)] * len(labels)

    @property
    def hands(self) -> int:
        """The distinct hands: a seating whose game is an earlier seating's of the same
        wall event for event (the agents decided alike throughout) is not another hand."""
        return self._hands

    @property
    def hands_played(self) -> int:
        """The games played, repeats included."""
        return self.walls * self.hands_per_wall

    def add_wall(self, points, counts, hands: Optional[int] = None) -> None:
        """Count one wall: the players' points and counts over its seatings (see
        :func:`play_walls`) and its number of hands (default: one per seating played)."""
        self.walls += 1
        self._hands += self.hands_per_wall if hands is None else hands
        for p, r in enumerate(rank_points(points)):
            self.rank_points[p] += r
        for p, x in enumerate(points):
            self.points[p].add(x)
            for i, c in enumerate(counts[p]):
                self.counts[p][i] += c
        if len(points) > 1:
            n0, n1 = self.seat_hands[0], self.seat_hands[1]
            self.diff.add(points[0] * n1 - points[1] * n0)

    def agents(self) -> List[Dict[str, Any]]:
        out = []
        for p, name in enumerate(self.labels):
            n = self.seat_hands[p]
            total = n * self.walls or 1
            mean, ci, sd = self.points[p].ci(n)
            wins, deal_ins, self_draws, v_sum, v_n = self.counts[p]
            out.append({"name": name, "points_per_hand": mean, "ci95": ci,
                        "win_rate": wins / total, "deal_in_rate": deal_ins / total,
                        "self_draw_rate": self_draws / total,
                        "average_value": float(Fraction(v_sum) / v_n) if v_n else None,
                        "seat_hands": n * self.walls, "wins": wins, "deal_ins": deal_ins,
                        "self_draws": self_draws,
                        "rank_points": float(self.rank_points[p])})
        return out

    def difference(self) -> Optional[Dict[str, Any]]:
        if len(self.labels) < 2:
            return None
        mean, ci, sd = self.diff.ci(self.seat_hands[0] * self.seat_hands[1])
        need = None
        if sd is not None and mean:
            need = math.ceil((1.959963984540054 * sd / abs(mean)) ** 2)
        return {"of": self.labels[:2], "mean": mean, "ci95": ci, "sd_per_wall": sd,
                "walls_to_separate": need, "method": _METHODS[self.mode]}

    def to_dict(self) -> Dict[str, Any]:
        return {"rules": self.rules, "walls": self.walls, "hands": self.hands,
                "hands_played": self.hands_played, "agents": self.agents(),
                "difference": self.difference(),
                "seatings": self.mode, "seed": self.seed,
                "wall_parts": bool((self.options or {}).get("duplicate_walls"))}

    def to_json(self, **kwargs) -> str:
        from .._compat import JsonText

        return JsonText.of(self.to_dict(), **kwargs)

    def to_dataframe(self):
        """One row per agent (pandas: ``pip install "mahjong-core[stats]"``)."""
        from mahjong.stats import _pandas

        rows = []
        for a in self.agents():
            lo, hi = a.pop("ci95") or (None, None)
            rows.append({**a, "ci95_low": lo, "ci95_high": hi})
        return _pandas("DuplicateResult.to_dataframe").DataFrame(rows).set_index("name")

    def __str__(self) -> str:
        def num(x, f="{:+.3f}"):
            return "-" if x is None else f.format(x)

        parts = "wall parts" if (self.options or {}).get("duplicate_walls") else "shared wall"
        head = (f"{self.rules}: {self.walls} walls x {self.hands_per_wall} seatings "
                f"({self.mode}, {parts}) = {self.hands} hands")
        if self.hands != self.hands_played:
            head += f" ({self.hands_played} played, repeats included)"
        lines = [head,
                 f"{'agent':<12} {'points/hand':>11} {'95% interval':>20} {'win':>6} "
                 f"{'deal-in':>7} {'tsumo':>6} {'value':>7}"]
        for a in self.agents():
            ci = a["ci95"]
            lines.append(f"{a['name']:<12} {num(a['points_per_hand']):>11} "
                         f"{'-' if ci is None else f'[{ci[0]:+.3f}, {ci[1]:+.3f}]':>20} "
                         f"{100 * a['win_rate']:5.1f}% {100 * a['deal_in_rate']:6.1f}% "
                         f"{100 * a['self_draw_rate']:5.1f}% "
                         f"{num(a['average_value'], '{:.2f}'):>7}")
        d = self.difference()
        if d is not None:
            ci = d["ci95"]
            lines.append(f"{d['of'][0]} - {d['of'][1]}: {num(d['mean'])} per hand, 95% "
                         + ("interval -" if ci is None else
                            f"interval [{ci[0]:+.3f}, {ci[1]:+.3f}]")
                         + ("" if d["walls_to_separate"] is None else
                            f"; walls to tell them apart: {d['walls_to_separate']}"))
        return "\n".join(lines)


def _jobs(rules, options, seed, walls, agents, labels, arrangements, mode, keep, chunk):
    """The chunks' jobs, made as they are taken (constant memory for any number of walls)."""
    return ((rules, options, seed, lo, min(lo + chunk, walls), agents, labels, arrangements,
             mode, keep) for lo in range(0, walls, chunk))


def _results(jobs, threads, n_jobs) -> Iterator[list]:
    """The chunks' results in order; at most 2 x threads chunks in flight."""
    if threads == 1 or n_jobs <= 1:
        for job in jobs:
            yield _chunk(job)
        return
    with ProcessPoolExecutor(threads) as pool:
        pending = []
        it = iter(jobs)
        for job in itertools.islice(it, 2 * threads):
            pending.append(pool.submit(_chunk, job))
        while pending:
            done = pending.pop(0).result()
            nxt = next(it, None)
            if nxt is not None:
                pending.append(pool.submit(_chunk, nxt))
            yield done


def match_options(options: Optional[Mapping[str, Any]], wall_parts: bool = True
                  ) -> Optional[Dict[str, Any]]:
    """The rule-set options every hand of a match is played with: ``options`` and, with
    ``wall_parts``, ``duplicate_walls`` (one wall part per seat)."""
    if type(wall_parts) is not bool:
        raise MahjongError(f"wall_parts: {wall_parts!r} (true or false)")
    if options is not None and not isinstance(options, Mapping):
        raise MahjongError(f"options: {options!r} is not a mapping of rule-set options")
    out = dict(options or {})
    if out.get("duplicate_walls", wall_parts) is not wall_parts:
        raise MahjongError(f"options: duplicate_walls={out['duplicate_walls']!r} but "
                           f"wall_parts={wall_parts} (one of them, please)")
    if wall_parts:
        out["duplicate_walls"] = True
    return out or None


def prepare(rules, agents, walls, seed, seatings_mode, options):
    """Check the arguments; the players, labels, pattern and arrangements."""
    from . import play_spec

    if type(walls) is not int or walls < 0:
        raise MahjongError(f"walls: {walls!r} (a non-negative int)")
    if type(seed) is not int or not 0 <= seed < 2 ** 63:
        raise MahjongError(f"seed: {seed!r} (a non-negative int)")
    if seatings_mode not in SEATINGS:
        raise MahjongError(f"seatings: {seatings_mode!r} (rotate, all, random or challenger)")
    seats = play_spec(rules, options).seats
    players, labels, pattern = players_of(agents, seats, seatings_mode)
    return players, labels, pattern, seatings(pattern, seatings_mode)


def collect(rules, labels, pattern, arrangements, mode, seed, options, parts
            ) -> DuplicateResult:
    """The result of the per-wall totals of :func:`play_walls` (``parts``: their lists, in
    wall order), as on Dask (:func:`mahjong.dask.match`)."""
    result = DuplicateResult(rules, labels, pattern, arrangements, mode, seed, options)
    for part in parts:
        for points, counts, _, hands in part:
            result.add_wall(points, counts, hands)
    return result


def play(rules: str, agents, walls: int, seed: int = 0, seatings: str = "rotate",
         options: Optional[Mapping[str, Any]] = None, threads: int = 1, out=None,
         progress=None, chunk: int = 4, wall_parts: bool = True) -> DuplicateResult:
    """Play a duplicate match (see the module docstring) and return its
    :class:`DuplicateResult`. ``wall_parts``: one wall part per seat (the rule set's option
    ``duplicate_walls``; default) or one shared wall (False). ``out``: a text file the logs
    are written to, one JSON line per hand, in wall then seating order, each with ``note.duplicate`` (wall, seating, the player
    and agent label at each seat); ``threads``: worker processes (the numbers and the logs do
    not depend on it; agents must then be names or picklable); ``progress(n)``: called with
    the walls finished since the last call."""
    if type(threads) is not int or not 1 <= threads <= 256:
        raise MahjongError(f"threads: {threads!r} (1..256)")
    if type(chunk) is not int or chunk < 1:
        raise MahjongError(f"chunk: {chunk!r} (a positive int)")
    options = match_options(options, wall_parts)
    players, labels, pattern, arrangements = prepare(rules, agents, walls, seed, seatings,
                                                     options)
    if threads > 1:
        import pickle
        try:
            pickle.dumps(players)
        except Exception:
            raise MahjongError(f"agents: {agents!r} cannot be sent to worker processes "
                               "(threads > 1): name built-in agents or give picklable "
                               "objects") from None
    result = DuplicateResult(rules, labels, pattern, arrangements, seatings, seed, options)
    jobs = _jobs(rules, options, seed, walls, players, labels, arrangements, seatings,
                 out is not None, chunk)
    for part in _results(jobs, threads, -(-walls // chunk)):
        for points, counts, lines, hands in part:
            result.add_wall(points, counts, hands)
            if out is not None:
                for line in lines:
                    out.write(line + "\n")
        if progress is not None:
            progress(len(part))
    return result
