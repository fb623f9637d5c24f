"""Self-play of many independent hands: ``mahjong simulate`` and ``mahjong.dask.simulate``.

Hand ``i`` of a run with seed ``S`` is dealt from ``SeedSequence([S, i])`` with dealer
``i mod seats``, so every hand is the same whoever plays it, in any order, on any number of
workers: a run split over workers writes the same logs as one process.

A run streams in constant memory whatever its number of hands: the hands are played chunk
by chunk (the chunks made as they are needed, a few at a time in flight on the workers), each
chunk's logs written out before the next is taken, and the summary keeps totals, not values.
"""
from __future__ import annotations

import codecs
import collections
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Dict, Iterable, Iterator, Mapping, Optional, Sequence

from mahjong.errors import MahjongError

from . import _AGENT_NAMES, Game, play_spec

__all__ = ["play_hand", "play_hands", "play_lines", "summarize", "Summary", "run"]


def _check_agents(agents) -> None:
    if isinstance(agents, str):
        for a in agents.split(","):
            if a not in _AGENT_NAMES:
                raise MahjongError(f"agents: unknown agent {a!r} "
                                   f"(known: {', '.join(_AGENT_NAMES)})")


def play_hand(rules: str, seed: int, index: int, agents="random",
              options: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
    """The log of hand ``index`` of the run with ``seed``."""
    seats = play_spec(rules, options).seats
    g = Game(rules, seed=[seed, index], options=options, agents=agents, dealer=index % seats)
    return g.play()


def play_hands(rules: str, hands: Sequence[int] | range, seed: int, agents="random",
               options: Optional[Mapping[str, Any]] = None) -> Iterator[Dict[str, Any]]:
    """Logs of the hands with the given indices, in order."""
    for g in _played(rules, hands, seed, agents, options):
        yield g.log()


def play_lines(rules: str, hands: Sequence[int] | range, seed: int, agents="random",
               options: Optional[Mapping[str, Any]] = None) -> Iterator[str]:
    """The logs of the hands with the given indices as JSON lines (no newline), in order:
    each written from its table (:meth:`Game.log_json`), no log mapping made."""
    for g in _played(rules, hands, seed, agents, options):
        yield g.log_json()


def _played(rules: str, hands: Sequence[int] | range, seed: int, agents="random",
            options: Optional[Mapping[str, Any]] = None) -> Iterator[Game]:
    """The finished games of the hands with the given indices, in order."""
    seats = play_spec(rules, options).seats
    for i in hands:
        g = Game(rules, seed=[seed, i], options=options, agents=agents, dealer=i % seats)
        g._advance(())
        yield g


class Summary:
    """Totals over logs: hands, wins per seat, 流局 (no win) rate, average win value and
    average absolute delta, the most frequent scoring items."""

    def __init__(self, seats: int):
        self.seats = seats
        self.hands = 0
        self.no_win = 0
        self.wins = [0] * seats
        self.value_sum = 0    # the win values (> 0) added up, and how many there were
        self.value_count = 0
        self.abs_delta = 0
        self.items: collections.Counter = collections.Counter()

    def add(self, log: Mapping[str, Any]) -> None:
        res = log["result"]
        self._add([e["seat"] for e in log["events"] if e["type"] == "win"],
                  res.get("win_values", ()), res["deltas"], res.get("items", ()))

    def add_game(self, game: Game) -> None:
        """Add a finished :class:`~mahjong.game.Game` (read from its table and its
        settlement: no log mapping is made)."""
        game.hand_record()
        self._add(game._table.win_seats(), game._table.win_values, game.settlement.deltas,
                  game._items())

    def _add(self, winners, win_values, deltas, items) -> None:
        self.hands += 1
        for seat in winners:
            self.wins[seat] += 1
        if not winners:
            self.no_win += 1
        for v in win_values:
            if v and v > 0:
                self.value_sum += v
                self.value_count += 1
        self.abs_delta += sum(abs(d) for d in deltas)
        self.items.update(items)

    def merge(self, other: "Summary") -> None:
        self.hands += other.hands
        self.no_win += other.no_win
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.value_sum += other.value_sum
        self.value_count += other.value_count
        self.abs_delta += other.abs_delta
        self.items.update(other.items)

    def to_json(self, **kwargs) -> str:
        """:meth:`to_dict` as a JSON string."""
        from .._compat import JsonText

        return JsonText.of(self.to_dict(), **kwargs)

    def to_dict(self) -> Dict[str, Any]:
        n = max(self.hands, 1)
        return {"hands": self.hands, "wins_per_seat": self.wins,
                "no_win_rate": self.no_win / n,
                "average_win_value": (self.value_sum / self.value_count) if self.value_count
                else None,
                "average_abs_delta": self.abs_delta / n / self.seats,
                "top_items": self.items.most_common(10)}

    def __str__(self) -> str:
        j = self.to_dict()
        lines = [f"hands: {j['hands']}",
                 "wins per seat: " + " ".join(str(w) for w in j["wins_per_seat"]),
                 f"no win (流局): {100 * j['no_win_rate']:.1f}%",
                 "average win value: " + ("-" if j["average_win_value"] is None
                                          else f"{j['average_win_value']:.2f}"),
                 f"average |delta| per seat: {j['average_abs_delta']:.2f}"]
        if j["top_items"]:
            lines.append("most frequent items: " +
                         ", ".join(f"{k} {v}" for k, v in j["top_items"]))
        return "\n".join(lines)


def summarize(logs: Iterable[Mapping[str, Any]], seats: int) -> Summary:
    s = Summary(seats)
    for log in logs:
        s.add(log)
    return s


def _chunk(args) -> tuple:
    rules, lo, hi, seed, agents, options, keep = args
    seats = play_spec(rules, options).seats
    summary = Summary(seats)
    lines = []
    for g in _played(rules, range(lo, hi), seed, agents, options):
        summary.add_game(g)
        if keep:
            lines.append(g._log_line(True))   # (UTF-8 JSON written from the table)
    return hi - lo, summary, lines


def _jobs(rules, hands: int, seed, agents, options, keep: bool, chunk: int):
    """The chunks of a run, made one at a time as they are asked for."""
    for lo in range(0, hands, chunk):
        yield (rules, lo, min(lo + chunk, hands), seed, agents, options, keep)


def _in_order(pool, jobs, window: int):
    """``pool.map(_chunk, jobs)`` with at most ``window`` chunks in flight: the jobs are
    taken lazily (``Executor.map`` would take every job before it gives one result)."""
    import collections as _collections

    pending: "_collections.deque" = _collections.deque()
    for job in jobs:
        pending.append(pool.submit(_chunk, job))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def _write_lines(out, lines) -> None:
    """Write a chunk's lines (UTF-8 bytes) to the text file ``out`` at once: to its binary
    buffer when it has one that takes UTF-8 and writes newlines as they are."""
    data = b"\n".join(lines) + b"\n"
    raw = getattr(out, "buffer", None)
    if raw is not None and os.linesep == "\n" and \
            codecs.lookup(getattr(out, "encoding", None) or "ascii").name == "utf-8":
        out.flush()
        raw.write(data)
    else:
        out.write(data.decode())


def run(rules: str, hands: int, seed: int = 0, agents="random",
        options: Optional[Mapping[str, Any]] = None, threads: int = 1, out=None,
        progress=None, chunk: int = 200) -> Summary:
    """Play ``hands`` hands; write one JSON log per line to the text file ``out`` (if any)
    in hand order; ``threads`` worker processes (1 = this process); ``progress(n)`` is
    called with the number of hands finished since the last call. Memory stays bounded
    whatever ``hands`` is: chunks of ``chunk`` hands are made as they are needed, at most
    two per worker in flight, and each is written out before the next is taken."""
    if type(hands) is not int or hands < 0:
        raise MahjongError(f"hands: {hands!r} (a non-negative int)")
    if type(threads) is not int or not 1 <= threads <= 256:
        raise MahjongError(f"threads: {threads!r} (1..256)")
    if type(chunk) is not int or chunk < 1:
        raise MahjongError(f"chunk: {chunk!r} (a positive int)")
    _check_agents(agents)
    spec = play_spec(rules, options)
    summary = Summary(spec.seats)
    jobs = _jobs(rules, hands, seed, agents, options, out is not None, chunk)

    def take(result):
        n, part, lines = result
        summary.merge(part)
        if out is not None and lines:
            _write_lines(out, lines)
        if progress is not None:
            progress(n)

    if threads == 1 or hands <= chunk:
        for job in jobs:
            take(_chunk(job))
    else:
        with ProcessPoolExecutor(threads) as pool:
            for result in _in_order(pool, jobs, 2 * threads):
                take(result)
    return summary
