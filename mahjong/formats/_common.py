"""What every reader of :mod:`mahjong.formats` yields for a game, and the check of an
imported game's recorded result against the Guobiao room's settlement.

The keys of ``Imported.note`` that the readers of Botzone's formats share: ``match`` (the
source's game id), ``score`` (the recorded score of each seat), ``fan`` (the recorded fan
total of the win) and ``fans`` (``[name, count, ...]`` per fan, Botzone's names).
"""
from typing import Any, Dict, List, Optional

#: the Guobiao room's fan names that Botzone spells otherwise (the rest agree)
BOTZONE_FAN_NAMES = {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}


class Imported:
    """One game read from a source.

    ``name``: the game's name for messages (file, game number, the source's own id);
    ``line``: the line (1-based) where the game starts in its source;
    ``record``: the :class:`~mahjong.record.HandRecord`, replayed by the engine, or None;
    ``error``: the :class:`~mahjong.errors.MahjongError` that refused the game (its message
    names the game and the line), or None;
    ``note``: what the source recorded beside the play (e.g. ``{"fan": ..., "score": ...}``);
    it goes to the record's ``note`` field when written as JSON.
    """
    __slots__ = ("name", "line", "record", "error", "note")

    def __init__(self, name: str, line: int, record: Any = None, error: Optional[Exception] = None,
                 note: Optional[Dict[str, Any]] = None):
        self.name = name
        self.line = line
        self.record = record
        self.error = error
        self.note = note if note is not None else {}

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> Dict[str, Any]:
        """The record as a JSON-ready mapping with the ``note`` field (a refused game has
        none: ask ``error``)."""
        if self.record is None:
            raise self.error
        data = self.record.to_json()
        if self.note:
            data["note"] = dict(self.note)
        return data

    def __repr__(self) -> str:
        state = "ok" if self.error is None else f"refused: {self.error}"
        return f"Imported({self.name!r}, line {self.line}, {state})"


def botzone_fans(settlement) -> List[list]:
    """``[name, count]`` of every fan of a Guobiao settlement's wins, in Botzone's names."""
    return [[BOTZONE_FAN_NAMES.get(f.name, f.name), f.count]
            for w in settlement.wins.values() for f in w.fans]


def record_and_note(item, number: int, check_note=None):
    """(HandRecord, note) of an item a writer is given: a record, a record mapping or its
    JSON text (its ``note``, checked by ``check_note(note, number)`` when given; its
    ``result`` dropped: the settlement makes it again), or an :class:`Imported`.
    ``number``: the item's number (from 1) for messages."""
    import json

    from mahjong.errors import MahjongError
    from mahjong.record import HandRecord

    if isinstance(item, Imported):
        if item.record is None:
            raise MahjongError(f"record {number}: {item.name} was refused ({item.error})")
        return HandRecord.coerce(item.record), item.note or {}
    note = {}
    if isinstance(item, (str, bytes, bytearray)):
        try:
            item = json.loads(item)
        except (ValueError, RecursionError) as exc:   # (UnicodeDecodeError is a ValueError)
            raise MahjongError(f"record {number}: not a JSON record ({exc})") from None
    if isinstance(item, dict):
        note = item.get("note") or {}
        item = {k: v for k, v in item.items() if k not in ("note", "result")}
    try:
        record = HandRecord.coerce(item)
        return record, check_note(note, number) if check_note is not None else note
    except MahjongError as exc:
        raise MahjongError(f"record {number}: {exc}") from None


def _shown(value: Any) -> str:
    if isinstance(value, list) and all(type(v) is int for v in value):
        return " ".join(map(str, value))
    return repr(value)[:80]


def _fan_pairs(fans: Any) -> Optional[List[tuple]]:
    """The recorded fans as sorted (name, count) pairs, or None when they are not a list of
    ``[name, count, ...]``."""
    if not isinstance(fans, list) or not all(
            isinstance(f, (list, tuple)) and len(f) >= 2 and isinstance(f[0], str) and
            type(f[1]) is int for f in fans):
        return None
    return sorted((f[0], f[1]) for f in fans)


def check(game: Imported) -> Optional[str]:
    """Settle an imported game with its room and compare with what the source recorded
    (``note``: ``score``, ``fan``, ``fans``): None when they agree (or the source recorded
    nothing), else what differs. A refused game raises its error."""
    from mahjong.ruleset import settle

    if game.record is None:
        raise game.error
    note = game.note or {}
    result = settle(game.record)
    diffs = []
    score = note.get("score")
    if score is not None and score != list(result.deltas):
        diffs.append(f"scores {' '.join(map(str, result.deltas))}, recorded {_shown(score)}")
    # a fan total and fans are what a Guobiao win carries: a rule set whose wins carry
    # none has nothing to compare them with
    has_fans = all(hasattr(w, "total") and hasattr(w, "fans") for w in result.wins.values())
    total = note.get("fan")
    if total is not None and has_fans:
        ours = sum(w.total for w in result.wins.values()) if result.wins else None
        if total != ours:
            diffs.append(f"fan total {ours}, recorded {_shown(total)}")
    fans = note.get("fans")
    if fans is not None and has_fans:
        mine = sorted((n, c) for n, c in botzone_fans(result))
        theirs = _fan_pairs(fans)
        if mine != theirs:
            diffs.append("fans " + "+".join(f"{n}*{c}" for n, c in mine) + ", recorded " +
                         ("+".join(f"{n}*{c}" for n, c in theirs) if theirs is not None
                          else _shown(fans)))
    return "; ".join(diffs) or None


def read_jsonl(source, *, name: Optional[str] = None):
    """Our own game logs, one JSON record per line (a path or a binary or text stream):
    one :class:`Imported` per non-blank line, its ``note`` the record's ``note`` field (the
    ``result`` field is dropped: the settlement makes it again). The record is read and, a
    full game log, replayed by :meth:`HandRecord.from_json`."""
    import json
    import os

    from mahjong.errors import MahjongError
    from mahjong.record import HandRecord

    close = None
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        try:
            source = close = open(path, "rb")
        except OSError as exc:
            raise MahjongError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        name = name or path
    name = name or str(getattr(source, "name", "<stream>"))
    try:
        for number, raw in enumerate(source, 1):
            if not raw.strip():
                continue
            where = f"{name}: line {number}"
            try:
                data = json.loads(raw)
                if not isinstance(data, dict):
                    raise MahjongError(f"a {type(data).__name__}, not a record object")
                note = data.pop("note", None)
                data.pop("result", None)
                record = HandRecord.from_json(data)
            except (MahjongError, ValueError, RecursionError) as exc:
                yield Imported(where, number, None, MahjongError(f"{where}: {exc}"))
                continue
            yield Imported(where, number, record, None,
                           note if isinstance(note, dict) else None)
    finally:
        if close is not None:
            close.close()


class Counts:
    """The games of a conversion: read, converted, refused, and (checked) differing from
    their recorded result."""

    __slots__ = ("games", "converted", "refused", "differ")

    def __init__(self):
        self.games = self.converted = self.refused = self.differ = 0

    def to_dict(self) -> Dict[str, int]:
        return {k: getattr(self, k) for k in self.__slots__}


def games_of(source, fmt: str, *, name: Optional[str] = None, check_scores: bool = False,
             as_lines: bool = False, counts: Optional[Counts] = None, report=None,
             target: Optional[str] = None):
    """The games of ``source`` in format ``fmt`` (a reader's format) that convert: :class:`Imported` (or, ``as_lines`` where the format's module has a
    ``read_lines``, ``(name, line, JSON bytes)``). A refused game is counted and passed to
    ``report("refused", name, message)``; with ``check_scores`` each game is settled and one
    that differs from its recorded result is counted and reported (``"differs"``) but still
    converted. ``target``: the format the games go to; a game its module's
    ``unwritable(record)`` refuses is refused here."""
    from mahjong import formats
    from mahjong.errors import MahjongError

    counts = counts if counts is not None else Counts()
    lines = getattr(formats._module(fmt), "read_lines", None) if as_lines else None
    games = lines(source, name=name) if lines is not None else \
        formats.reader(fmt)(source, name=name)
    unwritable = getattr(formats._module(target), "unwritable", None) \
        if target is not None else None
    for game in games:
        counts.games += 1
        if type(game) is not tuple and game.error is None and unwritable is not None:
            why = unwritable(game.record)
            if why is not None:
                game = Imported(game.name, game.line, None,
                                MahjongError(f"{game.name}: cannot be written as {target}: "
                                             f"{why}"))
        if type(game) is not tuple and game.error is not None:
            counts.refused += 1
            if report is not None:
                report("refused", game.name, str(game.error))
            continue
        if check_scores:
            try:
                why = check(game)
            except MahjongError as exc:
                why = f"cannot be settled: {exc}"
            if why is not None:
                counts.differ += 1
                if report is not None:
                    report("differs", game.name, f"{game.name}: {why}")
        counts.converted += 1
        yield game


def write_jsonl(games, out) -> int:
    """Write games (:class:`Imported`, or ``(name, line, JSON bytes)``) as JSON lines to
    ``out`` (a text stream: its binary buffer when it has one); returns the games written."""
    import json

    buffer = getattr(out, "buffer", None)
    if buffer is not None:
        out.flush()
    n = 0
    for game in games:
        if type(game) is tuple:
            line = game[2] + b"\n"
        else:
            line = json.dumps(game.to_json(), ensure_ascii=False,
                              separators=(",", ":")).encode() + b"\n"
        if buffer is not None:
            buffer.write(line)
        else:
            out.write(line.decode())
        n += 1
    if buffer is not None:
        buffer.flush()
    return n


def convert(source, fmt: str, out, *, to: str = "jsonl", name: Optional[str] = None,
            check_scores: bool = False, counts: Optional[Counts] = None,
            report=None) -> Counts:
    """Convert the games of ``source`` (format ``fmt``) to the text stream ``out`` in format
    ``to`` (a format's writer; ``jsonl``: our game logs), streaming: one game at a time.
    Returns the :class:`Counts` (``counts`` added to when given)."""
    from mahjong import formats

    counts = counts if counts is not None else Counts()
    games = games_of(source, fmt, name=name, check_scores=check_scores,
                     as_lines=to == "jsonl" and not check_scores, counts=counts,
                     report=report, target=to)
    formats.writer(to)(games, out)
    return counts
