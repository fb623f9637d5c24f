"""The tile model: tile ids, and parsing/formatting of every notation users bring.

Tile ids are the tenhou 34-format::

    0-8   1m-9m   characters 万      18-26  1s-9s   bamboo 条/索
    9-17  1p-9p   dots 筒/饼          27-30  1z-4z   East South West North
                                      31-33  5z-7z   White 白, Green 发, Red 中

Flowers and seasons are not tile ids; they are carried as a count.

Accepted notations (mixable in one string, separators optional)::

    tenhou      "123m456p789s1234567z"
    reference   "W1 W2 B5 T9 F1 J1"  (pymahjonggb / Botzone; J1 = Red, J2 = Green, J3 = White)
    letters     "E S W N P F C"      (GB honor letters: P = White, F = Green, C = Red)
    unicode     "🀇🀈🀉🀀🀄"            (Mahjong Tiles block)
    chinese     "一万 五筒 九条 东 中 发财 白板"

>>> parse_tiles("123m5z")
[0, 1, 2, 31]
>>> format_tiles([0, 1, 2, 31])
'123m5z'
>>> format_tiles([0, 33], style="reference")
'W1 J1'
"""
from __future__ import annotations

import re
from itertools import islice
from typing import Iterable, List, Mapping, Sequence, Union

import numpy as np

from ._syntax import STYLES  # the notations (shared with the command line)
from .errors import InvalidHandError, MahjongError, TileParseError
from .validate import MAX_SEQUENCE, MAX_TEXT

N_KINDS = 34
COPIES = 4

MAN, PIN, SOU, HONOR = 0, 1, 2, 3
SUIT_LETTERS = "mpsz"
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + HONORS

TileInput = Union[str, Sequence[int], np.ndarray]

# --- names per notation, indexed by tile id -------------------------------------------

TENHOU_NAMES = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(
    f"{n}z" for n in range(1, 8))
REFERENCE_NAMES = (
    tuple(f"{s}{n}" for s in "WBT" for n in range(1, 10))
    + ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
)
LETTER_NAMES = ("E", "S", "W", "N", "P", "F", "C")  # honors only
UNICODE_NAMES = (
    tuple(chr(0x1F007 + i) for i in range(9))      # 🀇..🀏 characters
    + tuple(chr(0x1F019 + i) for i in range(9))    # 🀙..🀡 dots
    + tuple(chr(0x1F010 + i) for i in range(9))    # 🀐..🀘 bamboo
    + tuple(chr(0x1F000 + i) for i in range(4))    # 🀀🀁🀂🀃 winds
    + (chr(0x1F006), chr(0x1F005), chr(0x1F004))   # 🀆 white, 🀅 green, 🀄 red
)
_CN_NUMERALS = "一二三四五六七八九"
CHINESE_NAMES = (
    tuple(f"{n}万" for n in _CN_NUMERALS)
    + tuple(f"{n}筒" for n in _CN_NUMERALS)
    + tuple(f"{n}条" for n in _CN_NUMERALS)
    + ("东", "南", "西", "北", "白", "发", "中")
)
ENGLISH_NAMES = (
    tuple(f"Characters {n}" for n in range(1, 10))
    + tuple(f"Dots {n}" for n in range(1, 10))
    + tuple(f"Bamboo {n}" for n in range(1, 10))
    + ("East", "South", "West", "North", "White", "Green", "Red")
)


# --- parsing --------------------------------------------------------------------------

_CN_SUITS = {"万": MAN, "萬": MAN, "筒": PIN, "饼": PIN, "餅": PIN, "条": SOU, "條": SOU, "索": SOU}
_CN_DIGITS = {c: i for i, c in enumerate(_CN_NUMERALS)}
_CN_DIGITS.update({str(i + 1): i for i in range(9)})
_CN_DIGITS["幺"] = 0  # 幺鸡 / 幺万 style
_CN_HONORS = {
    "东风": EAST, "南风": SOUTH, "西风": WEST, "北风": NORTH,
    "東風": EAST, "東": EAST, "东": EAST, "南": SOUTH, "西": WEST, "北": NORTH,
    "白板": WHITE, "白": WHITE, "发财": GREEN, "發財": GREEN, "发": GREEN, "發": GREEN,
    "红中": RED, "紅中": RED, "中": RED,
}
_UNICODE_TO_ID = {ch: i for i, ch in enumerate(UNICODE_NAMES)}
_REFERENCE_TO_ID = {name: i for i, name in enumerate(REFERENCE_NAMES)}
_LETTER_TO_ID = {name: 27 + i for i, name in enumerate(LETTER_NAMES)}

_TENHOU_TO_ID = {name: i for i, name in enumerate(TENHOU_NAMES)}
#: tile id by tenhou name ("5p" -> 13), read-only: what fast paths look a name up in
TENHOU_IDS = _TENHOU_TO_ID
_TENHOU_ONLY = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")
_TENHOU_GROUP = re.compile(r"([1-9]+)([mpsz])")

# One token at a time; the order of the alternatives settles overlaps ("W1" is a
# reference name, a lone "W" is West).
_TOKEN = re.compile(
    r"""
    (?P<ref>[WBT][1-9]|F[1-4]|J[1-3])
  | (?P<tenhou>[0-9]+[mpsz])
  | (?P<letter>[ESWNPFC])
  | (?P<cn_suited>[一二三四五六七八九幺1-9][万萬筒饼餅条條索])
  | (?P<cn_honor>东风|南风|西风|北风|東風|白板|发财|發財|红中|紅中|[东東南西北白发發中])
  | (?P<unicode>[\U0001F000-\U0001F02B])
  | (?P<sep>[\s,;|/+\-\ufe0f\ufe0e]+)
    """,
    re.VERBOSE,
)


def _tenhou_group(token: str, position: int) -> List[int]:
    digits, suit = token[:-1], SUIT_LETTERS.index(token[-1])
    ids = []
    for d in digits:
        n = int(d)
        if n == 0:
            raise TileParseError(
                f"tile '0{token[-1]}' at position {position}: red fives (tenhou '0') are not "
                "tiles of the Chinese rule sets; write 5 instead")
        if suit == HONOR and n > 7:
            raise TileParseError(f"tile '{n}z' at position {position}: honors are 1z-7z")
        ids.append(suit * 9 + n - 1)
    return ids


def parse_tiles(text: str) -> List[int]:
    """Parse a tile string in any supported notation into a list of tile ids.

    The order of the tiles is kept. Raises :class:`TileParseError` naming the first
    token that is not a tile (flowers included: they are a count, not a tile).

    >>> parse_tiles("19m 1z J1 🀄 白板")
    [0, 8, 27, 33, 33, 31]
    """
    if not isinstance(text, str):
        raise TileParseError(f"expected a tile string, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise TileParseError(f"a tile string of {len(text)} characters: at most {MAX_TEXT} "
                             "are read (the longest wall is far shorter)")
    # Fast path for space-separated reference names ("W1 W2 J1"), the form tools built on
    # pymahjonggb send: one dict lookup per tile instead of the tokenizer.
    try:
        return [_REFERENCE_TO_ID[token] for token in text.split()]
    except KeyError:
        pass
    if _TENHOU_ONLY.fullmatch(text):  # the common case, without the general tokenizer
        return [_TENHOU_TO_ID[d + suit] for digits, suit in _TENHOU_GROUP.findall(text)
                for d in digits]
    ids: List[int] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            bad = re.match(r"\S+", text[pos:])
            token = bad.group(0) if bad else text[pos]
            raise TileParseError(f"unknown tile token {token!r} at position {pos} in {text!r}")
        kind, token = m.lastgroup, m.group(0)
        if kind == "ref":
            ids.append(_REFERENCE_TO_ID[token])
        elif kind == "tenhou":
            ids.extend(_tenhou_group(token, pos))
        elif kind == "letter":
            ids.append(_LETTER_TO_ID[token])
        elif kind == "cn_suited":
            ids.append(_CN_SUITS[token[1]] * 9 + _CN_DIGITS[token[0]])
        elif kind == "cn_honor":
            ids.append(_CN_HONORS[token])
        elif kind == "unicode":
            if token not in _UNICODE_TO_ID:
                raise TileParseError(
                    f"{token!r} (U+{ord(token):X}) at position {pos} is a flower, season or "
                    "the tile back: count flowers separately")
            ids.append(_UNICODE_TO_ID[token])
        pos = m.end()
    return ids


def parse_tile(token: Union[str, int]) -> int:
    """Parse exactly one tile (a name in any notation, or an id 0..33)."""
    if isinstance(token, (int, np.integer)) and not isinstance(token, bool):
        t = int(token)
        if not 0 <= t < N_KINDS:
            raise TileParseError(f"tile id {t} is out of range 0..33")
        return t
    ids = parse_tiles(token)
    if len(ids) != 1:
        raise TileParseError(f"expected exactly one tile, got {len(ids)} in {token!r}")
    return ids[0]


# --- formatting -----------------------------------------------------------------------

def format_tiles(ids: Iterable[int], style: str = "tenhou") -> str:
    """Format tile ids in one notation: ``tenhou`` (default), ``reference``,
    ``unicode`` or ``chinese``. Tenhou style groups consecutive tiles of one suit and
    keeps the given order; the other styles list the tiles one by one."""
    if isinstance(ids, str):  # a tile string in any notation: convert it
        ids = parse_tiles(ids)
    try:
        ids = [parse_tile(t) for t in ids]
    except TypeError:
        raise TileParseError(f"expected tile ids or a tile string, got {type(ids).__name__}"
                             ) from None
    if style == "tenhou":
        out, digits, suit = [], "", None
        for t in ids:
            s = SUIT_LETTERS[t // 9]
            if suit is not None and s != suit:
                out.append(digits + suit)
                digits = ""
            digits += str(t % 9 + 1)
            suit = s
        if suit is not None:
            out.append(digits + suit)
        return "".join(out)
    if style == "reference":
        return " ".join(REFERENCE_NAMES[t] for t in ids)
    if style == "unicode":
        return "".join(UNICODE_NAMES[t] for t in ids)
    if style == "chinese":
        return " ".join(CHINESE_NAMES[t] for t in ids)
    raise MahjongError(f"unknown style {style!r}; choose one of {', '.join(STYLES)}")


# A run of tenhou groups standing alone in a text ("7s", "234s 567s 55m", "赖子 4p"): not
# glued to a letter or digit on either side (nor after a decimal point), so "x1.5", "1.5p",
# "E(0)" or a word are never read as tiles.
_TENHOU_IN_TEXT = re.compile(r"(?<![0-9A-Za-z.])(?:[1-9]+[mps]|[1-7]+z)+(?![0-9A-Za-z])")


def restyle(text: str, style: str = "tenhou") -> str:
    """A text with every tile written in tenhou notation in it (the reasons, notes and
    printed results of scoring and settlement) rewritten in ``style``.

    >>> restyle("赖子 4p; reading: 234s 55m", "unicode")
    '赖子 🀜; reading: 🀑🀒🀓 🀋🀋'
    >>> restyle("暗杠 (下雨) 7s, x1.5", "chinese")
    '暗杠 (下雨) 七条, x1.5'
    """
    if style not in STYLES:
        raise MahjongError(f"unknown style {style!r}; choose one of {', '.join(STYLES)}")
    if style == "tenhou":
        return text
    return _TENHOU_IN_TEXT.sub(lambda m: format_tiles(parse_tiles(m.group(0)), style), text)


def tile_name(tile: int, style: str = "tenhou") -> str:
    """The name of one tile in one notation (``english`` is also accepted here)."""
    t = parse_tile(tile)
    if style == "english":
        return ENGLISH_NAMES[t]
    return format_tiles([t], style)


# --- counts ---------------------------------------------------------------------------

def to_tile_ids(tiles: TileInput) -> List[int]:
    """Tile ids from a string (any notation), a sequence of ids, or a counts array.

    A numpy array of shape (34,), or any sequence of exactly 34 integers, is read as a
    counts array (no hand has 34 tiles); every other sequence is read as tile ids.
    """
    if isinstance(tiles, str):
        return parse_tiles(tiles)
    if isinstance(tiles, np.ndarray):
        if tiles.ndim != 1:
            raise InvalidHandError(f"a tiles array must be 1-D (tile ids, or 34 counts), got "
                                   f"shape {tiles.shape}")
        if tiles.shape[0] == N_KINDS:
            return counts_to_ids(tiles)
    if isinstance(tiles, (bytes, bytearray, Mapping)):
        raise TileParseError(f"expected tiles as a string, ids or counts, got "
                             f"{type(tiles).__name__}")
    try:
        seq = list(islice(tiles, MAX_SEQUENCE + 1))  # an absurd length is not read whole
    except TypeError:
        raise TileParseError(f"expected tiles as a string, ids or counts, got "
                             f"{type(tiles).__name__}") from None
    if len(seq) > MAX_SEQUENCE:
        raise InvalidHandError(f"more than {MAX_SEQUENCE} tiles: a hand, a meld or a wall "
                               "holds far fewer")
    if len(seq) == N_KINDS and all(isinstance(c, (int, np.integer)) for c in seq):
        return counts_to_ids(seq)
    return [parse_tile(t) for t in seq]


def _whole_count(tile: int, value) -> int:
    """One entry of a counts array as an int; a fraction, NaN or a non-number is an error
    (int() would truncate 1.5 to 1 and give a silently wrong hand)."""
    if isinstance(value, (int, np.integer, np.bool_)):
        return int(value)
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return int(value)
    shown = value if isinstance(value, (float, np.floating)) else repr(value)
    raise InvalidHandError(
        f"counts[{tile}] ({TENHOU_NAMES[tile]}) is {shown}: a tile count is a whole number 0 to 4")


def counts_to_ids(counts: Sequence[int]) -> List[int]:
    """Sorted tile ids of a 34-length counts array (validated: 0..4 copies each)."""
    if len(counts) != N_KINDS:
        raise InvalidHandError(f"a counts array has 34 entries, got {len(counts)}")
    ids = []
    for t, c in enumerate(counts):
        c = _whole_count(t, c)
        if not 0 <= c <= COPIES:
            raise InvalidHandError(
                f"counts[{t}] ({TENHOU_NAMES[t]}) is {c}: a tile has 0 to 4 copies")
        ids.extend([t] * c)
    return ids


def tile_counts(tiles: TileInput) -> np.ndarray:
    """A ``uint8[34]`` counts array of the tiles, rejecting a fifth copy of any tile.

    >>> tile_counts("1112z")[27:29].tolist()
    [3, 1]
    """
    counts = np.zeros(N_KINDS, dtype=np.uint8)
    for t in to_tile_ids(tiles):
        if counts[t] == COPIES:
            raise InvalidHandError(f"a fifth copy of {TENHOU_NAMES[t]}: a tile has 4 copies")
        counts[t] += 1
    return counts


def suit_of(tile: int) -> int:
    """0 = characters, 1 = dots, 2 = bamboo, 3 = honors."""
    return tile // 9


def is_honor(tile: int) -> bool:
    return tile >= 27


def is_terminal(tile: int) -> bool:
    return tile < 27 and tile % 9 in (0, 8)
