"""The hand model: melds (called sets) and hands (concealed tiles + melds + winning tile).

Melds can be given as :class:`Meld` objects, as ``(kind, tiles)`` tuples such as
``("pung", "222p")``, or as ``{"type": "pung", "tiles": "222p"}`` dicts (the JSON form of
hand records). Kinds: ``chow``, ``pung``, ``kong`` (exposed), ``concealed_kong``, and
``single_kong``: a one-tile kong (Huanggang's 红中杠, 发财杠 and 赖子杠: one tile set aside
for a replacement draw). A single kong is not one of the four sets and does not count
toward the 13/14 tiles of a hand.

>>> Hand.from_tiles("123m456p789s111z", melds=[("pung", "222p")])
Traceback (most recent call last):
...
mahjong.errors.InvalidHandError: 12 concealed tiles with 1 meld(s) make 15 tiles; a hand has 13 or 14
>>> h = Hand.from_tiles("123m456p789s1z", melds=[("pung", "222p")], win_tile="1z")
>>> str(h)
'123m456p789s1z [222p] +1z'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Iterable, Mapping, Optional, Tuple, Union

import numpy as np

# The one reader of meld spellings and tile text (compiled): this module wraps its
# (kind, tiles) answers in Meld objects.
from . import _reader
from ._reader import MELD_KINDS, MELD_TYPE_CODES
from ._syntax import MELD_SYNTAX
from .errors import InvalidHandError, MahjongError, TileParseError
from .validate import show
from .tiles import COPIES, N_KINDS, TENHOU_NAMES, TileInput, format_tiles, parse_tile, to_tile_ids

@dataclass(frozen=True)
class Meld:
    """A called set: ``kind`` one of :data:`MELD_KINDS`, ``tiles`` sorted tile ids."""

    kind: str
    tiles: Tuple[int, ...]

    def __post_init__(self):
        kind, tiles = _reader.check_meld(self.kind, self.tiles)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)

    @classmethod
    def _read(cls, kind_tiles: Tuple[str, Tuple[int, ...]]) -> "Meld":
        """A Meld of the reader's checked ``(kind, tiles)`` (not checked again)."""
        meld = object.__new__(cls)
        object.__setattr__(meld, "kind", kind_tiles[0])
        object.__setattr__(meld, "tiles", kind_tiles[1])
        return meld

    @property
    def tile(self) -> int:
        """The lowest tile (the run's first tile for a chow, the tile otherwise)."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        """A kong of any kind (one that earns a replacement draw), single kongs included."""
        return self.kind in ("kong", "concealed_kong", "single_kong")

    @property
    def is_single(self) -> bool:
        """A one-tile kong (``single_kong``): not a set, not counted in the hand size."""
        return self.kind == "single_kong"

    @property
    def size(self) -> int:
        """Tiles the meld counts for in a hand's 13/14: 3 for a set (a kong too), 0 for a
        single kong."""
        return 0 if self.kind == "single_kong" else 3

    @property
    def is_concealed(self) -> bool:
        return self.kind == "concealed_kong"

    @property
    def type_code(self) -> int:
        """The code used in ``(N, 4, 2)`` batch meld arrays."""
        return MELD_TYPE_CODES[self.kind]

    def to_json(self) -> dict:
        """The record form ``{"type": kind, "tiles": "222p"}`` (what hand records hold)."""
        return {"type": self.kind, "tiles": format_tiles(self.tiles)}

    def to_dict(self, style: str = "tenhou") -> dict:
        """``{"type": kind, "tiles": ...}`` with the tiles in one notation."""
        return {"type": self.kind, "tiles": format_tiles(self.tiles, style)}

    def __str__(self) -> str:
        return self.format()

    def format(self, style: str = "tenhou") -> str:
        """The meld in the one meld syntax, tiles in one notation: ``[222p]`` exposed,
        ``(7777s)`` concealed kong, ``<7z>`` single kong."""
        text = format_tiles(self.tiles, style)
        if self.is_single:
            return f"<{text}>"
        return f"({text})" if self.is_concealed else f"[{text}]"


MeldInput = Union[Meld, str, Tuple[str, Any], Tuple[str, Any, int], Mapping[str, Any]]

def parse_meld(meld: MeldInput) -> Meld:
    """A :class:`Meld` from any of the accepted forms.

    * a :class:`Meld`;
    * text: ``"pung:222p"`` (kind:tiles), ``"[222p]"`` (an exposed set, its kind from its
      shape: ``[345m]`` chow, ``[7777s]`` kong, ``[7z]`` single kong), ``"{345m}"`` chow,
      ``"(7777s)"`` concealed kong, ``"<7z>"`` single kong, or bare tiles read by shape;
    * a ``(kind, tiles)`` tuple or a ``{"type": kind, "tiles": tiles}`` dict (the record
      form);
    * pymahjonggb's ``(type, tile, offer)`` pack: ``("PENG", "F1", 1)``, ``("CHI", "W2", 3)``
      (a chow named by its middle tile), ``("GANG", "B5", 0)`` (offer 0: concealed kong).

    >>> [str(parse_meld(m)) for m in ("pung:222p", "[345m]", "(7777s)", "{678s}", "<7z>")]
    ['[222p]', '[345m]', '(7777s)', '[678s]', '<7z>']
    >>> parse_meld(("CHI", "W2", 1)) == parse_meld(("chow", "123m"))
    True
    """
    if isinstance(meld, Meld):
        return meld
    return Meld._read(_reader.read_meld(meld))


def parse_meld_text(text: str) -> Tuple[Meld, ...]:
    """Several melds in one string, in the one meld syntax, separated by commas or spaces.

    >>> [str(m) for m in parse_meld_text("pung:777z, [555m] (9999s) 345p")]
    ['[777z]', '[555m]', '(9999s)', '[345p]']
    """
    return tuple(map(Meld._read, _reader.meld_text_items(text)))


def split_melds(text: str) -> Tuple[str, Tuple[Meld, ...]]:
    """The concealed tiles and the bracketed melds of a hand string, brackets anywhere,
    spaces optional (the hand form of the command line and of :func:`parse_meld`).

    >>> concealed, melds = split_melds("333p777p99p [222p] (7777s) {345m}")
    >>> concealed, [str(m) for m in melds]
    ('333p777p99p', ['[222p]', '(7777s)', '[345m]'])
    """
    concealed, melds = _reader.split_meld_text(text)
    return concealed, tuple(map(Meld._read, melds))


def parse_melds(melds: Optional[Iterable[MeldInput]]) -> Tuple[Meld, ...]:
    """Melds from a list (or tuple, or numpy array of ``(kind, tiles)`` rows) of melds.
    Anything else (a number, a bool, a string, one meld, a mapping) is an
    :class:`InvalidHandError`, and so are more than four sets."""
    if melds is None:
        return ()
    if isinstance(melds, np.ndarray):
        if melds.ndim == 0:
            raise InvalidHandError(f"melds must be a list of melds, got {show(melds)}")
        melds = melds.tolist()  # rows of (kind, tiles)
    if isinstance(melds, Meld) or not hasattr(melds, "__iter__") or _reader.is_one_meld(melds):
        raise InvalidHandError(f"melds must be a list of melds, got {show(melds)}")
    melds = list(islice(melds, 17))  # a few melds (single kongs too): never read more
    if len(melds) > 16:
        raise InvalidHandError("more than 16 melds: a hand has at most 4 sets")
    try:
        out = tuple(parse_meld(m) for m in melds)
    except RecursionError:  # a meld nested too deeply for its own error message
        raise InvalidHandError("cannot read a meld nested that deeply: give a Meld, "
                               "(kind, tiles) or {'type': kind, 'tiles': tiles}") from None
    sets = sum(1 for m in out if m.kind != "single_kong")
    if sets > 4:
        raise InvalidHandError(f"{sets} melds: a hand has at most 4")
    return out


def standing_tiles(tiles: Any, melds: Iterable[Any], win_tile: Any) -> Tuple[Any, Any]:
    """``(tiles, win_tile)`` with the winning tile taken out of a 14-tile hand (counted as
    records count it: concealed tiles + 3 per set, a single kong 0), for the functions that
    take the standing tiles before the win (Guobiao); anything else is returned as given
    (the caller words its errors). Raises :class:`InvalidHandError` when 14 tiles do not
    hold the winning tile.

    >>> standing_tiles("1112345678999m5m", [], "5m")
    ([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8], 4)
    >>> standing_tiles("1112345678999m", [], "5m")
    ('1112345678999m', '5m')
    """
    try:
        ids = to_tile_ids(tiles)
        win = parse_tile(win_tile)
        sets = sum(1 for m in melds if parse_meld(m).kind != "single_kong")
    except (MahjongError, TypeError):
        return tiles, win_tile
    if len(ids) + 3 * sets != 14:
        return tiles, win_tile
    if win not in ids:
        raise InvalidHandError(f"win_tile: the 14 tiles of the hand do not hold the winning "
                               f"tile {TENHOU_NAMES[win]} (give 13 tiles without it, or 14 "
                               "with it)")
    ids.remove(win)
    return sorted(ids), win


def holding_size(concealed_count: int, melds: Iterable[Meld]) -> int:
    """Tiles of a holding as a hand counts them: concealed + 3 per set (a kong counts 3; a
    single kong counts 0)."""
    return concealed_count + sum(m.size for m in melds)


def check_copies(concealed: Iterable[int], melds: Iterable[Meld] = (),
                 extra: Iterable[int] = ()) -> np.ndarray:
    """Counts of every tile across concealed tiles, melds and extra tiles; raises
    :class:`InvalidHandError` naming the tile of which there are more than 4 copies."""
    try:  # tile ids: a negative one would count a tile from the end
        if not isinstance(concealed, (tuple, list, np.ndarray)):
            concealed = tuple(concealed)  # read once (an iterator)
        fine = all(0 <= t < N_KINDS for t in concealed)
    except TypeError:
        fine = False
    if not fine:
        raise TileParseError(f"concealed: expected tile ids 0..{N_KINDS - 1}, got "
                             f"{show(concealed)}")
    total = np.zeros(N_KINDS, dtype=np.int16)
    for t in concealed:
        total[t] += 1
    for m in melds:
        for t in m.tiles:
            total[t] += 1
    for t in extra:
        total[t] += 1
    over = np.flatnonzero(total > COPIES)
    if over.size:
        t = int(over[0])
        raise InvalidHandError(
            f"{int(total[t])} copies of {TENHOU_NAMES[t]} across hand and melds: a tile has 4")
    return total


@dataclass(frozen=True)
class Hand:
    """An immutable, hashable hand: concealed tiles (sorted ids), melds and an optional
    winning tile kept apart from the concealed tiles.

    Tile counts: concealed + 3 per meld is 13 (14 with the winning tile given apart),
    or 14 when no winning tile is given. Kongs count as 3 here (their fourth tile is the
    replacement draw).
    """

    concealed: Tuple[int, ...]
    melds: Tuple[Meld, ...] = ()
    win_tile: Optional[int] = None
    _counts: np.ndarray = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        concealed = tuple(sorted(to_tile_ids(self.concealed)))
        melds = parse_melds(self.melds)
        win = None if self.win_tile is None else parse_tile(self.win_tile)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "win_tile", win)
        size = holding_size(len(concealed), melds)
        if win is not None and size != 13:
            raise InvalidHandError(
                f"{len(concealed)} concealed tiles with {len(melds)} meld(s) make {size} tiles "
                "before the winning tile; a hand has 13")
        if win is None and size not in (13, 14):
            raise InvalidHandError(
                f"{len(concealed)} concealed tiles with {len(melds)} meld(s) make {size} tiles; "
                "a hand has 13 or 14")
        check_copies(concealed, melds, () if win is None else (win,))

    @classmethod
    def from_tiles(cls, tiles: TileInput, melds: Iterable[MeldInput] = (),
                   win_tile: Union[str, int, None] = None) -> "Hand":
        return cls(tuple(to_tile_ids(tiles)), tuple(parse_melds(melds)), win_tile)

    @property
    def counts(self) -> np.ndarray:
        """``uint8[34]`` counts of the concealed tiles (without the winning tile)."""
        if self._counts is None:
            c = np.zeros(N_KINDS, dtype=np.uint8)
            for t in self.concealed:
                c[t] += 1
            c.setflags(write=False)
            object.__setattr__(self, "_counts", c)
        return self._counts

    @property
    def n_melds(self) -> int:
        return len(self.melds)

    @property
    def is_concealed(self) -> bool:
        """No exposed melds (concealed kongs keep a hand concealed)."""
        return all(m.is_concealed for m in self.melds)

    def __str__(self) -> str:
        parts = [format_tiles(self.concealed)] if self.concealed else []
        parts += [str(m) for m in self.melds]
        if self.win_tile is not None:
            parts.append("+" + format_tiles([self.win_tile]))
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Read the ``str(hand)`` form back: ``"123m [222p] (7777s) <7z> +5p"`` (``<...>``
        is a single kong). Melds are read as :func:`split_melds` reads them (the one meld
        syntax: ``[ 222p ]``, ``{345m}``, brackets anywhere); ``+tile`` is the winning
        tile."""
        concealed, melds, win = _reader.read_hand_text(text)
        return cls(concealed, tuple(map(Meld._read, melds)), win)



def check_hand_size(concealed: Any, melds: Iterable[Any]) -> None:
    """A hand scored before or after its winning tile: 13 tiles (concealed + 3 per set, a
    single-tile kong counted 0) or 14; any other count is an :class:`InvalidHandError` that
    says so (tiles that do not parse are left to the scorer, which words that error).

    >>> check_hand_size("1112345678999m5m", [])
    >>> check_hand_size("1112345678999m55m", [])
    Traceback (most recent call last):
    ...
    mahjong.errors.InvalidHandError: hand: 15 tiles; expected 13 (before the winning tile) or 14 (with it)
    """
    try:
        n = len(to_tile_ids(concealed))
    except (MahjongError, TypeError):
        return
    kinds = [m[0] if isinstance(m, tuple) else getattr(m, "kind", None) for m in melds]
    sets = sum(1 for k in kinds if k not in ("single_kong", "single"))
    if n + 3 * sets not in (13, 14):
        what = f"{n} tiles" if not sets else (f"{n} tiles and {sets} meld(s) make "
                                              f"{n + 3 * sets} (a meld counts 3)")
        raise InvalidHandError(f"hand: {what}; expected 13 (before the winning tile) or 14 "
                               "(with it)")


__all__ = ["MELD_KINDS", "MELD_TYPE_CODES", "MELD_SYNTAX", "Meld", "Hand", "parse_meld",
           "parse_melds", "parse_meld_text", "split_melds", "standing_tiles",
           "check_hand_size", "check_copies", "holding_size", "MahjongError"]
