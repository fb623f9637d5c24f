"""Statistics of any set of game logs: the engine's (``mahjong simulate``, ``mahjong match``),
imported ones, or a user's own records (anything :func:`mahjong.ruleset.settle` reads).

>>> from mahjong.game import Game
>>> from mahjong.stats import summary
>>> logs = [Game("sichuan", seed=s, agents="greedy").play() for s in range(3)]
>>> st = summary(logs)
>>> st.hands, sum(p["points"] for p in st.to_dict()["per_seat"])
(3, 0)

What is counted (one definition, used by ``mahjong match`` too, see :func:`hand_facts`):

* ``wins`` / ``self_draws``: win events (a 血战 hand can hold several); a win's kind is
  ``self_draw`` (no ``from``), ``robbing_kong`` or ``discard``;
* ``deal_ins``: discards won on, per discarding (or robbed) seat: several wins on one
  discard (一炮多响: consecutive wins with the same ``from`` and ``win_tile``) are one;
* ``exhausted``: hands with an ``exhausted`` event (the wall ran out);
* ``points``: the settlement's deltas; ``items``: how many wins scored each fan or scoring
  item; a win's value: the log's ``result.win_values`` (the engine's value of the win)
  where the log has one, else the settled score's value;
* ``length``: the number of discards of the hand.

A log with a ``result`` (the engine's logs) is read from it (its rule set must be
registered, with one delta per seat); any other record is settled once. :func:`summary_of_lines` reads JSON lines; lines in the engine's compact form are
read without decoding the whole line (the fast path of ``mahjong stats``).
"""
from __future__ import annotations

import collections
import json
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence

from .errors import MahjongError

__all__ = ["HandFacts", "hand_facts", "line_facts", "Stats", "summary", "summary_of_lines",
           "read_lines"]


class HandFacts(NamedTuple):
    """What statistics read from one hand."""

    rules: str
    deltas: Sequence[Any]
    #: one (seat, from, win_tile, robbing_kong) per win event, in order
    wins: List[tuple]
    #: the seat of every deal-in (a discard, or a robbed kong, won on by one or more seats)
    deal_ins: List[int]
    exhausted: bool
    items: List[str]
    values: List[Any]
    length: int
    #: the label of the agent (player) at each seat, where the log names them
    agents: Optional[List[str]]


def _deal_ins(wins: List[tuple]) -> List[int]:
    out = []
    last = None
    for seat, frm, tile, _ in wins:
        if frm is None:
            last = None
            continue
        if last != (frm, tile):
            out.append(frm)
        last = (frm, tile)
    return out


def _agents_of_note(note) -> Optional[List[str]]:
    if not isinstance(note, Mapping):
        return None
    dup = note.get("duplicate")
    if isinstance(dup, Mapping) and isinstance(dup.get("agents"), list):
        return [str(a) for a in dup["agents"]]
    match = note.get("match")
    if isinstance(match, Mapping) and isinstance(match.get("players"), list):
        return [f"player {p}" for p in match["players"]]
    return None


def _score_value(res) -> Any:
    v = getattr(res, "value", None)
    return getattr(res, "total", None) if v is None else v


def _score_items(res) -> List[str]:
    return [getattr(i, "name", str(i))
            for i in (getattr(res, "items", None) or getattr(res, "fans", ()))]


def _result_ok(res, seats) -> bool:
    if not isinstance(res, Mapping):
        return False
    d = res.get("deltas")
    items = res.get("items", [])
    values = res.get("win_values", [])
    return (isinstance(d, list) and (seats is None or len(d) == seats)
            and all(type(x) in (int, float) for x in d)
            and isinstance(items, list) and all(type(x) is str for x in items)
            and isinstance(values, list)
            and all(x is None or type(x) in (int, float) for x in values))


_SEATS: Dict[str, Any] = {}  # a log's spelling of its rule set -> (name, seats)


def _rule_set(rules, deltas) -> str:
    """The registered name of the rule set of a log read from its ``result`` (not settled,
    so checked here): a rule set of the registry, played by as many seats as the deltas."""
    known = _SEATS.get(rules) if type(rules) is str else None
    if known is None:
        from .ruleset import ruleset_info

        if not isinstance(rules, str):
            raise MahjongError(f"record: 'rules' must name a rule set, got {rules!r}")
        try:
            info = ruleset_info(rules)
        except MahjongError as exc:
            raise MahjongError(f"record: 'rules': {exc}") from None
        known = _SEATS[rules] = (info.name, info.seats)
    if len(deltas) != known[1]:
        raise MahjongError(f"result: {len(deltas)} deltas, but {known[0]} is played by "
                           f"{known[1]} seats")
    return known[0]


def hand_facts(record) -> HandFacts:
    """The facts of one hand: a log or record as a mapping (its ``result`` read when it has
    one, else settled), a :class:`~mahjong.record.HandRecord`, or JSON text."""
    if isinstance(record, (str, bytes)):
        return line_facts(record)
    if isinstance(record, Mapping) and _result_ok(record.get("result"), record.get("seats")):
        events = record.get("events")
        if not isinstance(events, list):
            raise MahjongError("record: 'events' is not a list")
        wins = []
        length = 0
        exhausted = False
        for i, e in enumerate(events):
            t = e.get("type") if isinstance(e, Mapping) else None
            if t == "discard":
                length += 1
            elif t == "win":
                wins.append((e.get("seat"), e.get("from"), e.get("win_tile"),
                             bool(e.get("robbing_kong"))))
            elif t == "exhausted":
                exhausted = True
            elif t is None:
                raise MahjongError(f"record: event {i} is not an event object")
        res = record["result"]
        return HandFacts(_rule_set(record.get("rules"), res["deltas"]), res["deltas"], wins, _deal_ins(wins),
                         exhausted, list(res.get("items", ())), list(res.get("win_values", ())),
                         length, _agents_of_note(record.get("note")))
    return _settled_facts(record)


def _settled_facts(record) -> HandFacts:
    from .record import HandRecord
    from .ruleset import settle

    rec = HandRecord.coerce(record)
    s = settle(rec)
    wins = []
    length = 0
    exhausted = False
    for e in rec.events:
        t = e.type
        if t == "discard":
            length += 1
        elif t == "win":
            wins.append((e.seat, e.from_seat, e.win_tile, bool(e.robbing_kong)))
        elif t == "exhausted":
            exhausted = True
    scores = [s.wins[k] for k in sorted(s.wins)]
    items = [name for res in scores for name in _score_items(res)]
    agents = _agents_of_note(record.get("note")) if isinstance(record, Mapping) else None
    return HandFacts(rec.rules, list(s.deltas), wins, _deal_ins(wins), exhausted, items,
                     [_score_value(res) for res in scores], length, agents)


_DECODER = json.JSONDecoder()
_WIN = '{"type":"win"'


def line_facts(line) -> HandFacts:
    """The facts of one JSON line (bytes or str). A log in the engine's compact form (no
    spaces after separators, one ``"result":{``) is read by decoding only its result, wins
    and note; any other line is decoded whole and read by :func:`hand_facts`."""
    try:
        text = line.decode("utf-8") if isinstance(line, (bytes, bytearray)) else line
    except UnicodeDecodeError as exc:
        raise MahjongError(f"not UTF-8 text: byte 0x{line[exc.start]:02x} at column "
                           f"{exc.start + 1}") from None
    if not isinstance(text, str):
        raise MahjongError(f"not a JSON line (bytes or str): {type(text).__name__}")
    fast = text.startswith('{"rules":"') and '": ' not in text and '", "' not in text
    if fast:
        at = text.find('"result":{')
        # and a list of events (else the slow path says what is wrong)
        fast = at > 0 and text.find('"result":{', at + 1) < 0 and '"events":[' in text
    if fast:
        try:
            res = _DECODER.raw_decode(text, at + 9)[0]
            wins = []
            k = text.find(_WIN)
            while k >= 0:
                e, end = _DECODER.raw_decode(text, k)
                wins.append((e.get("seat"), e.get("from"), e.get("win_tile"),
                             bool(e.get("robbing_kong"))))
                k = text.find(_WIN, end)
            agents = None
            n = text.find('"note":{')
            if n >= 0:
                agents = _agents_of_note(_DECODER.raw_decode(text, n + 7)[0])
        except (ValueError, AttributeError, RecursionError):
            fast = False
    if fast and _result_ok(res, None):
        rules = _rule_set(text[10:text.find('"', 10)], res["deltas"])
        return HandFacts(rules, res["deltas"], wins, _deal_ins(wins),
                         '{"type":"exhausted"' in text, list(res.get("items", ())),
                         list(res.get("win_values", ())), text.count('{"type":"discard"'),
                         agents)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise MahjongError(f"not JSON: {exc}") from None
    except RecursionError:
        raise MahjongError("not JSON: nested too deeply") from None
    if not isinstance(data, Mapping):
        raise MahjongError("not a JSON object (a log or record)")
    return hand_facts(data)


#: the most samples a cumulative series keeps (:attr:`Stats.series`)
SERIES_POINTS = 1000


def _group() -> Dict[str, Any]:
    return {"hands": 0, "wins": 0, "self_draws": 0, "deal_ins": 0, "points": 0}


class Stats:
    """Totals over hands (add them with :meth:`add` / :meth:`add_facts`), in constant
    memory. ``series``: also the cumulative points per agent (or per seat) for the plot,
    as ``{name: [(hand, points after it), ...]}`` sampled every ``series_stride`` hands
    (the stride doubles whenever a series passes :data:`SERIES_POINTS` samples, so they
    stay few however many hands are read; :meth:`cumulative` adds the last hand)."""

    def __init__(self, series: bool = False):
        self.hands = 0
        self.rules: collections.Counter = collections.Counter()
        self.kinds = {"self_draw": 0, "discard": 0, "robbing_kong": 0}
        self.exhausted = 0
        self.no_win = 0
        self.items: collections.Counter = collections.Counter()
        self.value_sum = 0
        self.value_count = 0
        self.length_sum = 0
        self.lengths: collections.Counter = collections.Counter()
        self.deltas: collections.Counter = collections.Counter()   # per seat-hand
        self.per_seat: List[Dict[str, Any]] = []
        self.per_agent: Dict[str, Dict[str, Any]] = {}
        self.unnamed = 0        # hands whose log names no agents
        self.series: Optional[Dict[str, List[tuple]]] = {} if series else None
        self.series_stride = 1
        self._totals: Dict[str, Any] = {}  # the cumulative points behind the series

    def add(self, record) -> None:
        self.add_facts(hand_facts(record))

    def add_facts(self, f: HandFacts) -> None:
        self.hands += 1
        self.rules[f.rules] += 1
        seats = len(f.deltas)
        while len(self.per_seat) < seats:
            self.per_seat.append(_group())
        groups = [self.per_seat[s] for s in range(seats)]
        if f.agents is not None and len(f.agents) == seats:
            agroups = [self.per_agent.setdefault(a, _group()) for a in f.agents]
        else:
            agroups = None
            self.unnamed += 1
        for s, d in enumerate(f.deltas):
            groups[s]["hands"] += 1
            groups[s]["points"] += d
            self.deltas[d] += 1
        for seat, frm, _, robbing in f.wins:
            kind = "self_draw" if frm is None else "robbing_kong" if robbing else "discard"
            self.kinds[kind] += 1
            if type(seat) is not int or not 0 <= seat < seats:
                raise MahjongError(f"win event: seat {seat!r} is not a seat")
            groups[seat]["wins"] += 1
            if frm is None:
                groups[seat]["self_draws"] += 1
        for s in f.deal_ins:
            if type(s) is not int or not 0 <= s < seats:
                raise MahjongError(f"win event: 'from' {s!r} is not a seat")
            groups[s]["deal_ins"] += 1
        if agroups is not None:
            # by agent: an agent at several seats of one hand counts each seat-hand
            for s, g in enumerate(agroups):
                g["hands"] += 1
                g["points"] += f.deltas[s]
            for seat, frm, _, _ in f.wins:
                agroups[seat]["wins"] += 1
                if frm is None:
                    agroups[seat]["self_draws"] += 1
            for s in f.deal_ins:
                agroups[s]["deal_ins"] += 1
        if self.series is not None:
            by = collections.Counter()
            for s, d in enumerate(f.deltas):
                by[f.agents[s] if agroups is not None else f"seat {s}"] += d
            self._sample(by)
        if not f.wins:
            self.no_win += 1
        self.exhausted += f.exhausted
        self.items.update(f.items)
        for v in f.values:
            if v is not None:
                self.value_sum += v
                self.value_count += 1
        self.length_sum += f.length
        self.lengths[f.length] += 1

    def _sample(self, points: Mapping[str, Any]) -> None:
        """One hand's points per name onto the cumulative series (a name met late starts
        at 0 at every earlier sample)."""
        totals, series = self._totals, self.series
        for name, pts in points.items():
            if name not in totals:
                totals[name] = 0
                anyone = next(iter(series.values()), [])
                series[name] = [(h, 0) for h, _ in anyone]
            totals[name] += pts
        if not series or self.hands % self.series_stride:
            return
        for name, samples in series.items():
            samples.append((self.hands, totals[name]))
        if len(samples) > SERIES_POINTS:  # every other sample: half as many, twice apart
            for name in series:
                series[name] = series[name][1::2]
            self.series_stride *= 2

    def cumulative(self) -> Dict[str, List[tuple]]:
        """The series (``series=True``) as ``{name: [(hand, cumulative points), ...]}``,
        ending at the last hand; ``{}`` without them."""
        out = {}
        for name, samples in (self.series or {}).items():
            if not samples or samples[-1][0] != self.hands:
                samples = samples + [(self.hands, self._totals[name])]
            out[name] = samples
        return out

    # --- reports ---------------------------------------------------------------------------

    def _rows(self, groups: Iterable[tuple]) -> List[Dict[str, Any]]:
        out = []
        for label, g in groups:
            n = g["hands"] or 1
            out.append({**label, **g, "win_rate": g["wins"] / n,
                        "deal_in_rate": g["deal_ins"] / n,
                        "self_draw_rate": g["self_draws"] / n,
                        "points_per_hand": g["points"] / n})
        return out

    def rows(self, by: str = "seat") -> List[Dict[str, Any]]:
        """One row per seat (``by="seat"``) or per agent (``by="agent"``)."""
        if by == "seat":
            return self._rows(({"seat": s}, g) for s, g in enumerate(self.per_seat))
        if by == "agent":
            if self.unnamed:
                raise MahjongError(f"--by agent: {self.unnamed} of {self.hands} logs name "
                                   "no agents (the logs of `mahjong match` name them in "
                                   "note.duplicate.agents, a Match's in note.match.players)")
            return self._rows(({"agent": a}, g) for a, g in sorted(self.per_agent.items()))
        raise MahjongError(f"by: {by!r} (seat or agent)")

    def to_dict(self, by: str = "seat") -> Dict[str, Any]:
        """The summary: the keys ``hands``, ``wins``, ``self_draws``, ``exhausted``,
        ``items`` (name -> wins scoring it, most frequent first) and ``per_seat`` (``wins``,
        ``deal_ins``, ``points``, ...), then rates, wins by kind, average value and length
        (and ``per_agent`` with ``by="agent"``)."""
        seat_hands = sum(g["hands"] for g in self.per_seat) or 1
        wins = sum(self.kinds.values())
        deal_ins = sum(g["deal_ins"] for g in self.per_seat)
        out = {"hands": self.hands, "wins": wins, "self_draws": self.kinds["self_draw"],
               "exhausted": self.exhausted,
               "items": dict(sorted(self.items.items(), key=lambda kv: (-kv[1], kv[0]))),
               "per_seat": self.rows("seat"),
               "rules": dict(self.rules), "wins_by_kind": dict(self.kinds),
               "no_win": self.no_win, "deal_ins": deal_ins,
               "win_rate": wins / seat_hands, "deal_in_rate": deal_ins / seat_hands,
               "self_draw_rate": self.kinds["self_draw"] / seat_hands,
               "average_value": self.value_sum / self.value_count if self.value_count
               else None,
               "average_length": self.length_sum / self.hands if self.hands else None}
        if by == "agent":
            out["per_agent"] = self.rows("agent")
        elif by != "seat":
            raise MahjongError(f"by: {by!r} (seat or agent)")
        return out

    def to_dataframe(self, by: str = "seat"):
        """:meth:`rows` as a pandas DataFrame (pandas: ``pip install "mahjong-core[stats]"``)."""
        return _pandas("Stats.to_dataframe").DataFrame(self.rows(by))

    def __str__(self) -> str:
        d = self.to_dict()
        n = max(d["hands"], 1)
        rules = ", ".join(f"{r} {k}" for r, k in d["rules"].items())
        lines = [f"hands: {d['hands']}" + (f" ({rules})" if rules else ""),
                 f"wins: {d['wins']} (self-draw {d['wins_by_kind']['self_draw']}, discard "
                 f"{d['wins_by_kind']['discard']}, robbing a kong "
                 f"{d['wins_by_kind']['robbing_kong']}); hands without a win: {d['no_win']}; "
                 f"wall exhausted: {d['exhausted']}",
                 f"per seat-hand: win {100 * d['win_rate']:.1f}%, deal-in "
                 f"{100 * d['deal_in_rate']:.1f}%, self-draw {100 * d['self_draw_rate']:.1f}%",
                 "average value: " + ("-" if d["average_value"] is None
                                      else f"{d['average_value']:.2f}")
                 + f"; average length: {self.length_sum / n:.1f} discards"]
        for r in d["per_seat"]:
            lines.append(f"seat {r['seat']}: wins {r['wins']}, deal-ins {r['deal_ins']}, "
                         f"points {r['points']}")
        if d["items"]:
            top = list(d["items"].items())[:20]
            lines.append("items: " + ", ".join(f"{k} {v}" for k, v in top))
        return "\n".join(lines)


def _pandas(what: str):
    try:
        import pandas
    except ImportError:
        raise MahjongError(f"{what} needs pandas: pip install \"mahjong-core[stats]\" "
                           "(or pip install pandas)") from None
    return pandas


def summary(records: Iterable[Any], series: bool = False) -> Stats:
    """The statistics of ``records`` (logs or records: mappings, HandRecords, JSON text)."""
    st = Stats(series)
    if isinstance(records, (str, bytes, Mapping)) or not hasattr(records, "__iter__"):
        raise MahjongError(f"records: expected an iterable of logs or records, got "
                           f"{type(records).__name__}")
    for i, r in enumerate(records):
        try:
            st.add(r)
        except MahjongError as exc:
            raise MahjongError(f"record {i}: {exc}") from None
    return st


def read_lines(f) -> Iterable[bytes]:
    """The non-blank lines of a binary file."""
    for line in f:
        if line.strip():
            yield line


def summary_of_lines(lines: Iterable[Any], series: bool = False) -> Stats:
    """The statistics of JSON lines (one log or record per line), streamed."""
    st = Stats(series)
    if isinstance(lines, (str, bytes, Mapping)) or not hasattr(lines, "__iter__"):
        raise MahjongError(f"lines: expected an iterable of JSON lines, got "
                           f"{type(lines).__name__}")
    for i, line in enumerate(lines, 1):
        try:
            st.add_facts(line_facts(line))
        except MahjongError as exc:
            raise MahjongError(f"line {i}: {exc}") from None
    return st


def plot(st: Stats, out_dir: str) -> List[str]:
    """Write PNG charts of ``st`` (made with ``series=True`` for the cumulative points) into
    ``out_dir``: ``items.png`` (item frequencies), ``scores.png`` (the distribution of the
    points per seat-hand), ``cumulative.png`` (cumulative points by agent, or by seat).
    Needs matplotlib (``pip install "mahjong-core[stats]"``). Returns the paths written."""
    import os
    import warnings

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib import font_manager
    except ImportError:
        raise MahjongError("--plot needs matplotlib: pip install \"mahjong-core[stats]\" "
                           "(or pip install matplotlib)") from None
    if not isinstance(out_dir, (str, os.PathLike)):
        raise MahjongError(f"plot: out_dir must be a path, got {type(out_dir).__name__}")
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as exc:
        raise MahjongError(f"--plot: cannot make {out_dir}: {exc.strerror}") from None
    cjk = cjk_fonts(font_manager)
    written = []
    with warnings.catch_warnings(), matplotlib.rc_context(
            {"font.family": ["sans-serif"],
             "font.sans-serif": cjk[:1] + ["DejaVu Sans"],
             # an ASCII minus: a CJK font first may have no U+2212 (a box on the axis)
             "axes.unicode_minus": False}):
        warnings.simplefilter("ignore")      # a missing CJK glyph is drawn as a box
        top = st.items.most_common(30)
        fig, ax = plt.subplots(figsize=(8, max(2.5, 0.28 * len(top) + 1)))
        ax.barh([k for k, _ in reversed(top)], [v for _, v in reversed(top)])
        ax.set_xlabel("wins scoring the item")
        ax.set_title(f"scoring items ({st.hands} hands)")
        written.append(_save(fig, os.path.join(out_dir, "items.png"), plt))

        fig, ax = plt.subplots(figsize=(8, 4))
        xs = sorted(st.deltas)
        ax.bar([str(x) for x in xs] if len(xs) <= 40 else xs, [st.deltas[x] for x in xs])
        ax.set_xlabel("points of a seat in a hand")
        ax.set_ylabel("seat-hands")
        ax.set_title("score distribution")
        if len(xs) <= 40:
            ax.tick_params(axis="x", labelrotation=90)
        written.append(_save(fig, os.path.join(out_dir, "scores.png"), plt))

        fig, ax = plt.subplots(figsize=(8, 4))
        for name, samples in sorted(st.cumulative().items()):
            ax.plot([h for h, _ in samples], [pts for _, pts in samples], label=name)
        ax.set_xlabel("hand")
        ax.set_ylabel("cumulative points")
        ax.set_title("cumulative points")
        if st.series:
            ax.legend()
        written.append(_save(fig, os.path.join(out_dir, "cumulative.png"), plt))
    return written


def cjk_fonts(font_manager=None) -> List[str]:
    """The installed fonts matplotlib knows that draw Chinese (item names)."""
    if font_manager is None:
        from matplotlib import font_manager
    return [f.name for f in font_manager.fontManager.ttflist
            if any(k in f.name for k in ("CJK", "WenQuanYi", "Hei", "Ming", "Song"))]


def _save(fig, path, plt) -> str:
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path
