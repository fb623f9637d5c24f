"""The IJCAI / Botzone strong-AI text (``botzone-text``): read and write.

A game of the text::

    Match 61602cb45ddc087351c04358
    Wind 1
    Player 0 Deal T8 B7 T1 W6 B8 W9 J1 T9 B2 W3 T6 F4 W9
    Player 1 Deal ...                  (players 1, 2, 3: 13 tiles each)
    Player 0 Draw J3
    Player 0 Play T6
    Player 0 Peng W9 Ignore Player 3 Chi W8
    ...
    Player 1 Hu B7
    Fan 9 混一色*1+箭刻*1+老少副*1
    Score -8 33 -17 -8

(or ``Huang`` and ``Score 0 0 0 0`` for a drawn game; verbs in any capitalisation, LF or CRLF,
blank lines between games). Each game is the Botzone duplicate-wall game: a Guobiao record
with the option ``duplicate_walls``, dealer 0 (player 0 draws first), the round wind of the
``Wind`` line. Each seat's 34-tile part of the wall is rebuilt from its deal and its draws
(the tiles nobody drew follow, in ascending order), and the game is played again on the
engine's table: every draw is the part's next tile, every action legal (a win needs 8 fans).
The source's own ``Fan`` and ``Score`` go to the game's note, with the ``Match`` id and the
claims the text marks ``Ignore`` (lost on priority): ``{"match": ..., "fan": 9,
"fans": [["混一色", 1], ...], "score": [-8, 33, -17, -8], "ignored": [[event index,
"Player 3 Chi W8"], ...]}``.

Two habits of the source are kept: a self-drawn ``Hu`` names the last discard of the game,
not the tile drawn (the win is on the tile drawn); a robbed added kong is written as the
``BuGang`` line and the robber's ``Hu``.

See docs/BOTZONE.md for examples.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, Iterable, Iterator, List, Optional, Tuple

from mahjong_core._types import (EV_DRAW, EV_DISCARD, EV_CHOW, EV_PUNG, EV_KONG, EV_WIN,
                                 EV_EXHAUSTED, KONG_CONCEALED, KONG_EXPOSED, KONG_ADDED,
                                 KONG_KINDS)
from mahjong.errors import MahjongError
from mahjong.formats._common import Imported, botzone_fans, record_and_note
from mahjong.tiles import REFERENCE_NAMES

__all__ = ["read", "write", "read_lines", "game_text", "unwritable"]

RULES = "guobiao"
OPTIONS = {"duplicate_walls": True}
SEATS = 4
BLOCK = 1 << 18          # bytes read from the source at a time
MAX_GAME = 1 << 20       # the longest text of a game (a real one is about 2 kB)


_VERBS = {EV_DRAW: "Draw", EV_DISCARD: "Play", EV_CHOW: "Chi", EV_PUNG: "Peng",
          EV_WIN: "Hu"}
_KONG_VERBS = {KONG_EXPOSED: "Gang", KONG_CONCEALED: "AnGang", KONG_ADDED: "BuGang"}
_NO_WINS = bytes(35)                 # the win's holding: not given (the table's is taken)
_NO_FINALS = bytes(35 * SEATS)       # closing hands: not given


# ------------------------------------------------------------------------- reading

def _byte_blocks(source, name: Optional[str]) -> Tuple[Iterator[bytes], str, Any]:
    """The source as blocks of UTF-8 bytes, its name, and the file to close (or None)."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        try:
            f = open(path, "rb")
        except OSError as exc:
            raise MahjongError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        return _blocks(f), name or path, f
    read = getattr(source, "read", None)
    if read is None:
        raise MahjongError(f"source: {type(source).__name__} is not a path or a stream")
    return _blocks(source), name or str(getattr(source, "name", "<stream>")), None


def _blocks(f) -> Iterator[bytes]:
    first = True
    while True:
        chunk = f.read(BLOCK)
        if not chunk:
            return
        if type(chunk) is str:
            chunk = chunk.encode("utf-8", "surrogatepass")   # (a lone surrogate: not UTF-8)
        if first:
            first = False
            if chunk.startswith(b"\xef\xbb\xbf"):          # a UTF-8 byte-order mark
                chunk = chunk[3:]
        yield chunk


def _games(source, name: Optional[str]):
    """``(name, number, start line, match, wind, deck, events, lines, note, error)`` per
    game of the source, in order (``error``: (line, message) of a text that is no game)."""
    from mahjong.formats._botzone_text import Scanner

    blocks, name, f = _byte_blocks(source, name)
    try:
        scan = Scanner()
        buf = b""
        pos = 0
        eof = False
        number = 0
        while True:
            got = scan.next_game(buf, pos, eof)
            if got is None:
                if eof:
                    return
                if len(buf) - pos > MAX_GAME:
                    # no game is this long: refused, its text dropped (constant memory)
                    number += 1
                    cut = buf.rfind(b"\n", pos) + 1 or len(buf)
                    yield (name, number, scan.line + 1, None, None, None, None, None, None,
                           (scan.line + 1, f"more than {MAX_GAME:,} bytes without the "
                                           "game's end (its 'Score' line)"))
                    scan.line += buf.count(b"\n", pos, cut)
                    buf, pos = buf[cut:], 0
                chunk = next(blocks, None)
                if chunk is None:
                    eof = True
                buf = buf[pos:] + (chunk or b"")
                pos = 0
                continue
            number += 1
            pos = got[0]
            yield (name, number) + got[1:] + (scan.error,)
    finally:
        if f is not None:
            f.close()


class _Replay:
    """Plays games again on one table of the duplicate-wall Guobiao game."""

    def __init__(self):
        from mahjong.game import _log_head, _table, play_spec
        self.spec = play_spec(RULES, OPTIONS)
        self.head = _log_head(self.spec)
        self.tables = _table
        self.table = None

    def play(self, deck: bytes, wind: int, events: bytes, lines: bytes) -> Optional[tuple]:
        """Play the game; None when it is the play, else (line, message)."""
        t = self.table
        if t is None:
            t = self.table = self.tables.Table(self.spec, 0, wind, deck, [0] * SEATS,
                                               [0] * SEATS, False, True)
        else:
            t.redeal(deck, 0, wind)
        bad = t.replay_log(events, _NO_WINS, _NO_FINALS, None, False, _no_source)
        if bad is None:
            return None
        index, why, action, seat = bad
        n = len(events) // 5
        if why == "differs" and index == n - 1 and events[5 * index] == EV_WIN and \
                t.phase == self.tables.PH_OVER:
            code, s, tile, _, frm = t.table_event(index)
            if code == EV_WIN and s == events[5 * index + 1] and tile == events[5 * index + 2] \
                    and frm == (-1 if events[5 * index + 4] == 255 else events[5 * index + 4]):
                return None      # the win as the table makes it (its flags, its holding)
        return self._refusal(t, index, why, action, seat, events, lines)

    def _refusal(self, t, index, why, action, seat, events, lines) -> tuple:
        at = memoryview(lines).cast("i")
        n = len(at)
        line = at[min(index, n - 1)] if n else 0
        mine = _event_text(*events[5 * index:5 * index + 5]) if index < n else ""
        if why == "ends":
            return line, (f"the game ends after {mine or 'the deal'!r}, but the hand goes "
                          f"on (player {seat} is to act)")
        if why == "after":
            return line, f"{mine!r}: the hand is over before it"
        if why == "differs":
            theirs = _event_text(*t.table_event(index))
            return line, f"{mine!r} is not the play: {theirs!r} comes here"
        if why == "turn":
            return line, f"{mine!r}: out of turn (player {seat} is to act here)"
        if why == "illegal":
            if action in (self.tables.A_TSUMO, self.tables.A_RON):
                return line, (f"{mine!r}: a win that is not one (player {seat}'s hand does "
                              "not win here with 8 fans or more)")
            legal = ", ".join(self.tables.action_name(a) for a in t.legal_actions())
            return line, (f"{mine!r}: player {seat} may not "
                          f"{self.tables.action_name(action)} here (its legal actions: "
                          f"{legal})")
        return line, f"{mine!r}: not the play ({why})"

    def line_json(self, note: bytes) -> bytes:
        """The record of the game just played as one line of JSON (bytes, no newline),
        with the note."""
        out = self.table.log_json(self.head, (0,) * SEATS, 0, [], [], None, None, True)
        cut = out.rindex(b',"result":')
        return out[:cut] + b',"note":' + note + b"}"

    def record(self, wind: int):
        """The HandRecord of the game just played."""
        from mahjong.record import record_from_table
        return record_from_table(RULES, self.spec.options, 0, SEATS, wind, None,
                                 self.table.packed_log(), None)


def _no_source(n):
    raise MahjongError("botzone-text: the replay asked for the log's record")


def _event_text(code, seat, tile, aux, frm) -> str:
    if code == EV_EXHAUSTED:
        return "Huang"
    if code == EV_KONG:
        verb = _KONG_VERBS.get(aux, "Gang")
    else:
        verb = _VERBS.get(code, "?")
    if code == EV_CHOW:
        tile += 1
    name = REFERENCE_NAMES[tile] if 0 <= tile < 34 else "?"
    return f"Player {seat} {verb} {name}"


def _game_name(name: str, number: int, match: Optional[str]) -> str:
    return f"{name}: game {number}" + (f" (Match {match})" if match else "")


def _imports(source, name, as_lines: bool):
    replay = _Replay()
    for (src, number, start, match, wind, deck, events, lines, note, error) in \
            _games(source, name):
        gname = _game_name(src, number, match)
        if error is None:
            error = replay.play(deck, wind, events, lines)
        if error is not None:
            line, why = error
            yield Imported(gname, start, None,
                           MahjongError(f"{gname}: line {line}: {why}"), None)
            continue
        if as_lines:
            yield gname, start, replay.line_json(note)
        else:
            yield Imported(gname, start, replay.record(wind), None, json.loads(note))


def read(source, *, name: Optional[str] = None) -> Iterator[Imported]:
    """The games of ``source`` (a path, or a text or binary stream of the text), one
    :class:`~mahjong.formats.Imported` per game, lazily: its replayed record, or the error
    naming the game (number and Match id) and the line where it is impossible."""
    return _imports(source, name, False)


def read_lines(source, *, name: Optional[str] = None) -> Iterator[Any]:
    """:func:`read` for conversion to JSON lines: per game ``(name, line, json)`` with the
    record's JSON text (bytes, its note included) made straight from the table, or an
    :class:`~mahjong.formats.Imported` holding the error of a refused game."""
    return _imports(source, name, True)


# ------------------------------------------------------------------------- writing

_CLAUSE = re.compile(r"Player [0-3] [A-Za-z]+ [WBTFJ][1-9]")


def _checked_note(note, number: int) -> dict:
    """The note's fields the text writes (the match id, the Ignore clauses), checked so the
    text reads back: a MahjongError names what is not."""
    if not isinstance(note, dict):
        raise MahjongError(f"note: {type(note).__name__}, not an object")
    match = note.get("match")
    if match is not None and not (isinstance(match, (str, int)) and not isinstance(match, bool)
                                  and re.fullmatch(r"\S+", str(match))):
        raise MahjongError(f"note: match {match!r} is not one word")
    ignored = note.get("ignored")
    if ignored is not None:
        if not isinstance(ignored, (list, tuple)) or not all(
                isinstance(c, (list, tuple)) and len(c) == 2 and type(c[0]) is int and
                isinstance(c[1], str) and _CLAUSE.fullmatch(c[1]) for c in ignored):
            raise MahjongError(f"note: ignored {ignored!r:.80} is not a list of [event index, "
                               "'Player m Verb Tile']")
    return note


def unwritable(record) -> Optional[str]:
    """Why ``record`` (a HandRecord) cannot be written as the text, or None: the text holds
    the duplicate-wall Guobiao game with its wall."""
    if record.rules != RULES or not record.options.get("duplicate_walls"):
        return (f"a {record.rules} record with options {dict(record.options)}; botzone-text "
                "holds the duplicate-wall Guobiao game (rules guobiao, option "
                "duplicate_walls)")
    if record.wall is None or len(record.wall) != 136:
        return "the record has no wall of 136 tiles (the deals come from it)"
    if record.has_events("penalty"):
        return "the record ends with a penalty, which the text cannot hold (botzone-json can)"
    return None


def game_text(record, note: Optional[dict] = None, number: int = 1) -> str:
    """One game as the text (its lines, each ending in a newline, and the blank line after
    it): the record must be a duplicate-wall Guobiao game with its wall. Botzone's player 0
    is the dealer: a record dealt by seat d is written with player p = seat (d + p) mod 4
    (each seat keeps its wind). ``Fan`` and ``Score`` come from the Guobiao room's settlement
    of the record."""
    from mahjong.game import _table
    from mahjong.record import ClaimEvent, DiscardEvent, DrawEvent, KongEvent, WinEvent
    from mahjong.ruleset import settle

    note = note or {}
    why = unwritable(record)
    if why is not None:
        raise MahjongError(f"record {number}: {why}")
    wall = record.wall
    d = record.dealer
    names = REFERENCE_NAMES
    out: List[str] = [f"Match {note.get('match') or number}", f"Wind {record.round_wind}"]
    for p in range(SEATS):
        part = _table.part_start(136, SEATS, (d + p) % SEATS)
        out.append(f"Player {p} Deal " + " ".join(names[t] for t in wall[part:part + 13]))
    out.append(f"Player 0 Draw {names[wall[_table.part_start(136, SEATS, d) + 13]]}")
    ignored = {}
    for index, text in note.get("ignored") or ():
        ignored.setdefault(index, []).append(text)
    last_discard = None
    for i, e in enumerate(record.events):
        t = type(e)
        who = f"Player {(getattr(e, 'seat', d) - d) % SEATS}"
        if t is DrawEvent:
            line = f"{who} Draw {names[e.tile]}"
        elif t is DiscardEvent:
            line = f"{who} Play {names[e.tile]}"
            last_discard = e.tile
        elif t is ClaimEvent:
            if e.type == "chow":
                line = f"{who} Chi {names[e.tiles[1]]}"
            else:
                line = f"{who} Peng {names[e.tiles[0]]}"
        elif t is KongEvent:
            verb = _KONG_VERBS[KONG_KINDS.index(e.kind)]
            line = f"{who} {verb} {names[e.tile]}"
        elif t is WinEvent:
            if e.robbing_kong:
                out.append(f"Player {(e.from_seat - d) % SEATS} BuGang {names[e.win_tile]}")
            tile = e.win_tile if e.from_seat is not None or last_discard is None else \
                last_discard
            line = f"{who} Hu {names[tile]}"
        else:
            line = "Huang"
        for text in ignored.get(i, ()):
            line += " Ignore " + text
        out.append(line)
    result = settle(record)
    if record.has_events("win"):
        fans = botzone_fans(result)
        total = sum(w.total for w in result.wins.values())
        out.append(f"Fan {total} " + "+".join(f"{n}*{c}" for n, c in fans))
    out.append("Score " + " ".join(str(result.deltas[(d + p) % SEATS]) for p in range(SEATS)))
    return "\n".join(out) + "\n\n"


def write(records: Iterable[Any], out) -> int:
    """Write ``records`` (HandRecords, record mappings or JSON text, or
    :class:`~mahjong.formats.Imported`) to the text stream ``out``; returns the games
    written. ``Match`` is the note's match id (else the game's number), ``Ignore`` clauses
    those of the note; ``Fan`` and ``Score`` the Guobiao room's settlement."""
    n = 0
    for item in records:
        n += 1
        record, note = record_and_note(item, n, _checked_note)
        out.write(game_text(record, note, n))
    return n
