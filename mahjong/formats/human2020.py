"""The 2020 human-game text (``human-2020``): one Guobiao game per file, as the field's
public parsers read the archive (``mjdata``; no file of it is in this repository: the
layout below is taken from them, and the tests use hand-made games).

Lines are tab-separated::

    <the game's source id, e.g. a path>
    <round wind 东/南/西/北>  <fans>  ['<fan>-<value>', ...]  <...>  <outcome: 自摸, 点炮 ... or 荒庄>
    <seat>  ['W1', 'W2', ...]  <flowers>           four deal lines, seats 0..3; the dealer's
    ...                                            14 tiles, the others' 13 (flowers among them)
    <seat>  <verb>  ['<tile>', ...]  [<claimed tile>  <from seat>]

Tiles: ``W1-9`` 万, ``B1-9`` 筒, ``T1-9`` 条, ``F1-4`` winds, ``J1-3`` 中发白, ``H1-8`` flowers.
Verbs: 摸牌 / 补花后摸牌 / 杠后摸牌 (a draw: from the wall, after a flower, after a kong),
打牌 (a discard), 吃 / 碰 / 明杠 (a claim of the last discard: its three or four tiles, then
the claimed tile and the seat it came from), 暗杠 (a concealed kong), 补杠 or 加杠 (an added
kong), 补花 (a flower set aside: the seat's flower count goes up; the next line draws its
replacement), 和牌 (a win: on one's own draw, on the discard or on the added kong on offer).
Seats play in order 0, 1, 2, 3 from the dealer; a flower drawn by the initial 补花 lines (at
the start, before the dealer's first discard) is a flower of the seat's deal.

These are ordinary Guobiao games with flowers (144 tiles, one wall). Each is played on the
engine (rule set ``guobiao``, option ``flowers``) from the deck its lines imply (the deal,
then every tile drawn in order, then the tiles nobody drew): every draw must be legal to
make, every action legal by the engine's rules, and a drawn game (荒庄) must have drawn every
tile. The record carries the draws as events and no wall (the real wall's undrawn part is
not known): :meth:`~mahjong.record.HandRecord.from_json` replays it as a wall-less full log.
The header goes to the ``note``: ``source``, ``wind``, ``fan`` (its number: the win's fan
total, as in the judge logs' note), ``fans`` (``[[name, value], ...]``) and ``outcome``. A game the play refuses is an :class:`Imported` with a
``MahjongError`` naming the game and the line; the reader goes on with the next.

:func:`read` takes a file (one game), a folder (its files, recursively, in name order), a
zip of such files (read one member at a time) or a text or binary stream (one game).
"""
from __future__ import annotations

import os
import re
import zipfile
import zlib
from typing import Any, Dict, Iterator, List, Optional, Tuple

from mahjong.botzone import BOTZONE_IDS, botzone_tile
from mahjong._reader import meld_kind
from mahjong.errors import MahjongError
from mahjong.formats._common import Imported
from mahjong_core._types import FIRST_FLOWER, FIRST_HONOR, N_FLOWERS

__all__ = ["read", "read_game"]

_OPTIONS = {"flowers": True}
_WINDS = {"东": 0, "南": 1, "西": 2, "北": 3}
_DRAWS = ("摸牌", "补花后摸牌", "杠后摸牌")
_VERBS = _DRAWS + ("打牌", "吃", "碰", "明杠", "暗杠", "补杠", "加杠", "补花", "和牌")
_LIST = re.compile(r"^\[\s*(.*?)\s*\]$")
_SEATS = 4


def read(source, *, name: Optional[str] = None) -> Iterator[Imported]:
    """The games of ``source`` (module doc), one :class:`Imported` per game, lazily."""
    for game, text in _games(source, name):
        if isinstance(text, MahjongError):       # a zip member that cannot be read
            yield Imported(game, 1, error=text)
            continue
        yield read_game(text, name=game)


def _games(source, name) -> Iterator[Tuple[str, Any]]:
    if hasattr(source, "read"):
        yield name or getattr(source, "name", None) or "stream", source.read()
        return
    if not isinstance(source, (str, os.PathLike)):
        raise MahjongError(f"human-2020: source {type(source).__name__} is neither a path "
                           "nor a stream")
    path = os.fspath(source)
    if os.path.isdir(path):
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for f in sorted(files):
                if not f.startswith("."):
                    yield from _games(os.path.join(root, f), None)
        return
    try:
        is_zip = zipfile.is_zipfile(path)
    except OSError as exc:
        raise MahjongError(f"human-2020: cannot read {path!r}: {exc.strerror}") from None
    if is_zip:
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                if info.is_dir():
                    continue
                game = f"{path}:{info.filename}"
                try:
                    with z.open(info) as member:     # one member at a time
                        data = member.read()
                except (zipfile.BadZipFile, zlib.error, NotImplementedError, OSError,
                        EOFError) as exc:
                    data = MahjongError(f"{game}: the zip member cannot be read ({exc})")
                yield game, data
        return
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise MahjongError(f"human-2020: cannot read {path!r}: {exc.strerror}") from None
    yield name or path, data


def read_game(text: Any, *, name: str = "game") -> Imported:
    """One game's text (str or UTF-8 bytes) as an :class:`Imported`."""
    line = 1
    note: Dict[str, Any] = {}
    try:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise MahjongError(f"not UTF-8 text (byte {exc.start})") from None
        lines = text.splitlines()
        return Imported(name, 1, record=_Game(lines, note).record(), note=note)
    except _LineError as exc:
        line = exc.line
        err = MahjongError(f"{name}: line {exc.line}: {exc.message}")
    except MahjongError as exc:
        err = MahjongError(f"{name}: {exc}")
    return Imported(name, line, error=err)


class _LineError(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


def _tile(token: str, line: int) -> int:
    """A tile id, flowers 34..41 (H1-8)."""
    t = BOTZONE_IDS.get(token)
    if t is not None:
        return t
    if len(token) == 2 and token[0] == "H" and "1" <= token[1] <= "8":
        return FIRST_FLOWER + int(token[1]) - 1
    raise _LineError(line, f"{token!r} is not a tile (W1-9 B1-9 T1-9 F1-4 J1-3 H1-8)")


def _name(t: int) -> str:
    return f"H{t - FIRST_FLOWER + 1}" if t >= FIRST_FLOWER else botzone_tile(t)


def _tiles(field: str, line: int) -> List[int]:
    f = field.strip()       # (as _LIST reads it: a line holds no line break)
    if len(f) < 2 or f[0] != "[" or f[-1] != "]":
        raise _LineError(line, f"{field[:40]!r} is not a list of tiles ['W1', ...]")
    inner = f[1:-1].strip()
    if not inner:
        return []
    return [_tile(x.strip().strip("'\""), line) for x in inner.split(",")]


class _Game:
    """One game's lines: its deck rebuilt, then played on the engine."""

    def __init__(self, lines: List[str], note: Dict[str, Any]):
        self.note = note
        rows = [(i + 1, x.rstrip("\r\n")) for i, x in enumerate(lines)]
        rows = [(n, x) for n, x in rows if x.strip()]
        if len(rows) < 6:
            raise _LineError(len(lines) or 1, "the game ends before its header and four "
                                              "deal lines")
        self._header(*rows[1])
        note["source"] = rows[0][1].strip()
        self.deal: List[List[int]] = [[] for _ in range(_SEATS)]
        self.deal_line = [0] * _SEATS
        seen = set()
        for n, x in rows[2:6]:
            cols = x.split("\t")
            seat = cols[0].strip()
            if seat not in ("0", "1", "2", "3") or len(cols) < 2 or int(seat) in seen:
                raise _LineError(n, f"{x[:40]!r} is not a deal line '<seat 0-3>\\t[tiles]"
                                    "\\t<flowers>' of a new seat")
            seen.add(int(seat))
            self.deal[int(seat)] = _tiles(cols[1], n)
            self.deal_line[int(seat)] = n
        sizes = [len(d) for d in self.deal]
        if sorted(sizes) != [13, 13, 13, 14]:
            raise _LineError(rows[2][0], f"the deal gives {sizes} tiles to seats 0-3: the "
                                         "dealer 14, the others 13")
        self.dealer = sizes.index(14)
        self.actions = []
        for n, x in rows[6:]:
            cols = x.split("\t")
            seat = cols[0].strip()
            if seat not in ("0", "1", "2", "3") or len(cols) < 3:
                raise _LineError(n, f"{x[:40]!r} is not '<seat 0-3>\\t<verb>\\t[tiles]'")
            verb = cols[1].strip()
            if verb not in _VERBS:
                raise _LineError(n, f"{verb!r} is not a verb ({' '.join(_VERBS)})")
            extra = [c.strip() for c in cols[3:] if c.strip()]
            self.actions.append((n, int(seat), verb, _tiles(cols[2], n), extra))

    def _header(self, n: int, x: str) -> None:
        cols = [c.strip() for c in x.split("\t")]
        if cols[0] not in _WINDS or len(cols) < 3:
            raise _LineError(n, f"{x[:40]!r} is not the header '<wind 东南西北>\\t<fans>\\t"
                                "[fans]...\\t<outcome>'")
        self.round_wind = _WINDS[cols[0]]
        fans = []
        m = _LIST.match(cols[2])
        if m is None:
            raise _LineError(n, f"{cols[2][:40]!r} is not the list of fans ['name-value', ...]")
        for item in (m.group(1).split(",") if m.group(1) else []):
            fan = item.strip().strip("'\"")
            label, _, value = fan.rpartition("-")
            fans.append([label, int(value)] if label and value.isdecimal() else [fan, None])
        self.note.update(wind=cols[0], fans=fans, outcome=cols[-1])
        if cols[1].lstrip("-").isdecimal():
            self.note["fan"] = int(cols[1])

    # --- the deck -------------------------------------------------------------------------

    def deck(self) -> List[int]:
        """The deck the lines imply, as the engine deals it: each seat's 13 from the dealer
        on (its flowers first: those of its deal and of the initial 补花 lines, with their
        replacements), the dealer's 14th, then every later draw in order, then the tiles
        nobody drew. A tile beyond the 144 is refused at the line that brings it."""
        acts = self.actions
        k = 0
        got: List[List[Tuple[int, int]]] = [[(t, self.deal_line[s]) for t in self.deal[s]]
                                             for s in range(_SEATS)]
        while k < len(acts) and acts[k][2] in ("补花", "补花后摸牌"):
            n, s, verb, tiles, _ = acts[k]
            if verb == "补花后摸牌":
                if len(tiles) != 1:
                    raise _LineError(n, f"{verb} draws one tile, not {len(tiles)}")
                got[s].append((tiles[0], n))
            k += 1
        self.start = k
        order: List[Tuple[int, int]] = []
        fourteenth: List[Tuple[int, int]] = []
        for j in range(_SEATS):
            s = (self.dealer + j) % _SEATS
            plain = [x for x in got[s] if x[0] < FIRST_FLOWER]
            want = 14 if s == self.dealer else 13
            if len(plain) != want:
                raise _LineError(self.deal_line[s], f"seat {s} holds {len(plain)} tiles once "
                                                    f"its flowers are replaced, not {want}")
            order += [x for x in got[s] if x[0] >= FIRST_FLOWER] + plain[:13]
            fourteenth += plain[13:]
        order += fourteenth
        for n, s, verb, tiles, _ in acts[k:]:
            if verb in _DRAWS:
                if len(tiles) != 1:
                    raise _LineError(n, f"{verb} draws one tile, not {len(tiles)}")
                order.append((tiles[0], n))
        left = [4] * 34 + [1] * N_FLOWERS
        for t, n in order:
            left[t] -= 1
            if left[t] < 0:
                raise _LineError(n, f"a {'fifth' if t < FIRST_FLOWER else 'second'} "
                                    f"{_name(t)}: more than the 144 tiles hold")
        return [t for t, _ in order] + [t for t in range(34 + N_FLOWERS)
                                         for _ in range(left[t])]

    # --- the play -------------------------------------------------------------------------

    def record(self):
        from mahjong.game import _table
        from mahjong.game._drive import Drive
        from mahjong.record import HandRecord
        deck = self.deck()
        play = Drive.deal("guobiao", _OPTIONS, deck, self.dealer, self.round_wind, spell=_name)
        T = _table
        acts = self.actions
        last_line = acts[-1][0] if acts else 6
        ended = False
        for n, s, verb, tiles, extra in acts[self.start:]:
            where = f"line {n}"
            if ended:
                raise _LineError(n, f"{verb} by seat {s} after the hand ended")
            try:
                if verb in _DRAWS:
                    if tiles[0] < FIRST_FLOWER:
                        play.drawn(where, s, tiles[0])
                elif verb == "补花":
                    if len(tiles) != 1 or tiles[0] < FIRST_FLOWER:
                        raise _LineError(n, "补花 sets aside one flower (H1-8)")
                elif verb == "和牌":
                    play.win(where, s)
                    ended = True
                else:
                    self._act(play, T, n, where, s, verb, tiles, extra)
            except MahjongError as exc:
                raise _LineError(n, str(exc).split(": ", 1)[1]) from None
        if not ended:
            try:
                play.exhausted(f"line {last_line}")
            except MahjongError as exc:
                if self.note.get("outcome") != "荒庄":
                    raise _LineError(last_line, "the game ends without a win (和牌) and is "
                                                "not a drawn game (荒庄): truncated?") from None
                raise _LineError(last_line, str(exc).split(": ", 1)[1]) from None
        log = play.game.log()
        rec = {k: v for k, v in log.items() if k not in ("wall", "note", "result")}
        try:
            return HandRecord.from_json(rec)     # the wall-less replay
        except MahjongError as exc:
            raise MahjongError(f"the record does not replay: {exc}") from None

    def _act(self, play, T, n, where, s, verb, tiles, extra) -> None:
        if any(t >= FIRST_FLOWER for t in tiles):
            raise _LineError(n, f"{verb} of a flower")
        if verb == "打牌":
            if len(tiles) != 1:
                raise _LineError(n, f"打牌 discards one tile, not {len(tiles)}")
            play.act(where, s, T.A_DISCARD + tiles[0], f"打牌 {_name(tiles[0])}")
            return
        if verb in ("暗杠", "补杠", "加杠"):
            if not tiles or any(t != tiles[0] for t in tiles):
                raise _LineError(n, f"{verb} names no one tile")
            play.act(where, s, T.A_KONG + tiles[0], f"{verb} {_name(tiles[0])}")
            return
        disc = play.on_offer()
        if disc is None:
            raise _LineError(n, f"{verb} by seat {s}: no discard is on offer")
        kind = meld_kind(verb)                       # chow, pung or kong (the one reader's)
        want = 4 if kind == "kong" else 3
        if len(tiles) != want or disc not in tiles:
            raise _LineError(n, f"{verb} takes {want} tiles with the discard "
                                f"{_name(disc)}, not {[_name(t) for t in tiles]}")
        if extra and extra[0] and _tile(extra[0].strip("[]'\""), n) != disc:
            raise _LineError(n, f"{verb} of {extra[0]}, but the discard on offer is "
                                f"{_name(disc)}")
        if kind == "chow":
            low = min(tiles)
            if sorted(tiles) != [low, low + 1, low + 2] or low >= FIRST_HONOR or low % 9 > 6:
                raise _LineError(n, f"吃 {[_name(t) for t in tiles]} is not a run")
            action = T.A_CHOW_LOW + (disc - low)
        elif kind == "pung":
            action = T.A_PUNG
        else:
            action = T.A_MINGKONG
        if any(t != tiles[0] for t in tiles) and kind != "chow":
            raise _LineError(n, f"{verb} of different tiles")
        play.claim(where, s, action, verb)
