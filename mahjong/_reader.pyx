# cython: language_level=3, annotation_typing=False, binding=True, wraparound=True
"""The one reader of tile text and melds, and the one writer back to text (compiled).

Every entry point of the package reads its tiles and melds here (``mahjong.tiles`` and
``mahjong.hand`` are its public faces): tile text in every notation (tenhou ``"123m55z"``,
reference ``W1 J1``, GB letters, unicode, Chinese), tile ids, counts arrays, and melds in
every documented spelling (``("pung", "222p")``, ``{"type": ..., "tiles": ...}``, the one
meld syntax ``[222p] (7777s) {345m} <7z> pung:222p``, pymahjonggb packs). Out come sorted
id tuples, ``uint8[34]`` counts, ``(kind, tiles)`` melds and the kernels' flat
``[MELD code, lowest tile]`` byte pairs. Plain tenhou text is counted by the compiled
reader of ``mahjong_core/_tileparse.pxd``; anything else goes through the tokenizer below,
which words every error. No other module of the package parses tile text or meld spellings
(``tests/test_one_reader.py`` checks).
"""
import re
from collections.abc import Mapping
from itertools import islice

import numpy as np

from libc.string cimport memset
from mahjong_core._types cimport FIRST_HONOR, uint8_t
from mahjong_core._tileparse cimport count_tenhou_text, suit_base

from mahjong_core._types import (EAST, MELD_NAMES, N_KINDS, RED, SOUTH, WEST, NORTH, WHITE,
                                 GREEN)

from ._syntax import MELD_SYNTAX, STYLES
from .errors import InvalidHandError, MahjongError, TileParseError
from .validate import MAX_SEQUENCE, MAX_TEXT, show

COPIES = 4
cdef int _COPIES = COPIES
cdef int _MAX_TEXT = MAX_TEXT
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
#: the suit letters of tenhou notation, by suit (``SUIT_LETTERS[t // 9]``; the void suits of
#: a record are ``SUIT_LETTERS[0..2]``)
SUIT_LETTERS = "mpsz"
#: the suits a player may declare void, by suit number 0..2 (a void suit is one of these letters)
VOID_SUITS = tuple(SUIT_LETTERS[:3])

# --- names per notation, indexed by tile id -------------------------------------------

TENHOU_NAMES = tuple(f"{n}{s}" for s in SUIT_LETTERS[:3] for n in range(1, 10)) + tuple(
    f"{n}{SUIT_LETTERS[3]}" for n in range(1, 8))
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

# --- the tokenizer ----------------------------------------------------------------------

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
#: tenhou names only ("5p", "7z") -> id: for the fields whose form is tenhou names (records)
TENHOU_IDS = {name: i for i, name in enumerate(TENHOU_NAMES)}

# Every single-tile name of every notation (one dict lookup for a lone tile or a list of
# space-separated names, the forms tools built on pymahjonggb send).
_NAME_TO_ID = {}
for _names in (CHINESE_NAMES, UNICODE_NAMES, REFERENCE_NAMES, TENHOU_NAMES):
    for _t, _name in enumerate(_names):
        _NAME_TO_ID[_name] = _t
_NAME_TO_ID.update(_LETTER_TO_ID)
_NAME_TO_ID.update(_CN_HONORS)
#: every single-tile name of every notation -> its id (read it, never change it)
TILE_IDS = _NAME_TO_ID

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
_WORD = re.compile(r"\S+")


cdef list _ids_in_order(str text):
    """The ids of plain tenhou text ("123m456p11z", no spaces) in the order written, or None
    for anything else (the tokenizer then reads it and words the error)."""
    cdef int pending[16]
    cdef int n = 0, top = 0, base, i
    cdef Py_UCS4 ch
    cdef list out = []
    for ch in text:
        if 0x31 <= ch <= 0x39:                     # '1'..'9'
            if n == 16:
                return None
            pending[n] = <int>ch - 0x31
            if pending[n] > top:
                top = pending[n]
            n += 1
            continue
        base = suit_base(ch, top) if n else -1     # a letter closes a digit run
        if base < 0:
            return None
        for i in range(n):
            out.append(base + pending[i])
        n = 0
        top = 0
    if n:
        return None
    return out


def _tenhou_group(token: str, position: int) -> list:
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


def parse_tiles(text) -> list:
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
    fast = _ids_in_order(<str>text)   # the common case, without the tokenizer
    if fast is not None:
        return fast
    # space-separated names ("W1 W2 J1", "1m 2m", "东 南"): one dict lookup per tile
    try:
        return [_NAME_TO_ID[token] for token in text.split()]
    except KeyError:
        pass
    ids = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            bad = _WORD.match(text, pos)
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


def parse_tile(token) -> int:
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


def tile_id(value) -> int:
    """One tile as an id: an int 0..33 or a single-tile name of any notation in one step,
    anything else through :func:`parse_tile` (which words the error)."""
    if type(value) is int and 0 <= value < 34:
        return value
    if type(value) is str:
        t = _NAME_TO_ID.get(value)
        if t is not None:
            return t
    return parse_tile(value)


def name_ids(text):
    """The ids of space-separated single-tile names (``"W1 W2 J1"``, ``"1m 2m"``, ``"东 南"``)
    or of plain tenhou text, or None for anything else (then :func:`parse_tiles` reads it)."""
    if type(text) is not str or len(<str>text) > MAX_TEXT:
        return None
    fast = _ids_in_order(<str>text)
    if fast is not None:
        return fast
    try:
        return [_NAME_TO_ID[token] for token in (<str>text).split()]
    except KeyError:
        return None


def tenhou_size(text) -> int:
    """The number of tiles of plain tenhou text (``"123m55z"``: digits closed by suit letters,
    at most four copies of a tile), -1 for anything else; nothing is raised."""
    cdef int counts[34]
    if type(text) is not str or len(<str>text) > MAX_TEXT:
        return -1
    memset(counts, 0, sizeof(counts))
    return count_tenhou_text(<str>text, counts, _COPIES, _MAX_TEXT, False)


def ids_of_136(tiles136) -> list:
    """34-format ids (``id // 4``) of a hand given as 136-format ids 0..135 (each id one
    physical tile, so none twice; at most 14)."""
    if isinstance(tiles136, np.ndarray):
        if tiles136.ndim != 1 or tiles136.dtype.kind not in "iu":
            raise TileParseError(f"tiles136 must be a 1-D array of integer tile ids, got "
                                 f"shape {tiles136.shape} dtype {tiles136.dtype}")
        tiles136 = tiles136.tolist()
    if isinstance(tiles136, (str, bytes)) or not hasattr(tiles136, "__iter__"):
        raise TileParseError(f"tiles136 must be a sequence of 136-format tile ids 0..135, "
                             f"got {show(tiles136)}")
    ids, seen = [], set()
    for x in tiles136:
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise TileParseError(f"tiles136: {show(x)} is not a tile id (136-format ids are "
                                 "integers 0..135)")
        if not 0 <= x < 4 * N_KINDS:
            raise TileParseError(f"tiles136: tile id {show(int(x))} is out of range 0..135")
        if int(x) in seen:
            raise TileParseError(f"tiles136: tile id {int(x)} given twice (each 136-format "
                                 "id is one physical tile)")
        seen.add(int(x))
        ids.append(int(x) // 4)
        if len(ids) > 14:
            raise InvalidHandError(f"tiles136: more than 14 tiles (a hand has 13 - 3m or "
                                   f"14 - 3m concealed tiles)")
    return ids


# --- counts -----------------------------------------------------------------------------

def to_tile_ids(tiles) -> list:
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
    if isinstance(tiles, (bytes, bytearray, dict, Mapping)):
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
    return [tile_id(t) for t in seq]


def sorted_ids(tiles) -> tuple:
    """The tiles as a sorted tuple of ids (a tuple of ids 0..33 is taken as it is)."""
    if type(tiles) is tuple and all(type(t) is int and 0 <= t < 34 for t in tiles):
        return tiles
    return tuple(sorted(to_tile_ids(tiles)))


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


def counts_to_ids(counts) -> list:
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


def tile_counts(tiles):
    """A ``uint8[34]`` counts array of the tiles, rejecting a fifth copy of any tile.

    >>> tile_counts("1112z")[27:29].tolist()
    [3, 1]
    """
    counts = np.zeros(N_KINDS, dtype=np.uint8)
    cdef uint8_t[::1] view = counts
    if type(tiles) is str and len(<str>tiles) <= MAX_TEXT:   # plain tenhou text, compiled
        if count_tenhou_text(<str>tiles, &view[0], _COPIES, _MAX_TEXT, True) >= 0:
            return counts
        view[:] = 0
    for t in to_tile_ids(tiles):
        if view[t] == COPIES:
            raise InvalidHandError(f"a fifth copy of {TENHOU_NAMES[t]}: a tile has 4 copies")
        view[t] += 1
    return counts


# --- the one writer ---------------------------------------------------------------------

def format_tiles(ids, style: str = "tenhou") -> str:
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
        return tenhou_text(ids)
    if style == "reference":
        return " ".join([REFERENCE_NAMES[t] for t in ids])
    if style == "unicode":
        return "".join([UNICODE_NAMES[t] for t in ids])
    if style == "chinese":
        return " ".join([CHINESE_NAMES[t] for t in ids])
    raise MahjongError(f"unknown style {style!r}; choose one of {', '.join(STYLES)}")


def tenhou_text(ids) -> str:
    """Checked tile ids (ints 0..33) in tenhou notation, consecutive tiles of one suit in
    one group, in the order given: ``[0, 1, 2, 31]`` -> ``"123m5z"``."""
    cdef list out = []
    cdef int suit = -1, s, t
    cdef str digits = ""
    for t in ids:
        s = t // 9
        if suit >= 0 and s != suit:
            out.append(digits + SUIT_LETTERS[suit])
            digits = ""
        digits += chr(0x31 + t % 9)
        suit = s
    if suit >= 0:
        out.append(digits + SUIT_LETTERS[suit])
    return "".join(out)


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


def tile_name(tile, style: str = "tenhou") -> str:
    """The name of one tile in one notation (``english`` is also accepted here)."""
    t = parse_tile(tile)
    if style == "english":
        return ENGLISH_NAMES[t]
    return format_tiles([t], style)


# --- melds ------------------------------------------------------------------------------

#: the meld kinds (``MELD_NAMES`` of mahjong_core._types without the empty code 0)
MELD_KINDS = MELD_NAMES[1:]
#: meld kind -> the code of the batch arrays and the kernels' [code, tile] pairs
MELD_TYPE_CODES = {name: code for code, name in enumerate(MELD_NAMES) if name}

# Other spellings users bring (pymahjonggb's CHI/PENG/GANG, pinyin, Chinese).
_KIND_ALIASES = {
    "chow": "chow", "chi": "chow", "吃": "chow", "sequence": "chow",
    "pung": "pung", "pong": "pung", "peng": "pung", "碰": "pung", "triplet": "pung",
    "kong": "kong", "gang": "kong", "exposed_kong": "kong", "minkong": "kong", "明杠": "kong",
    "concealed_kong": "concealed_kong", "angang": "concealed_kong", "ankong": "concealed_kong",
    "closed_kong": "concealed_kong", "暗杠": "concealed_kong",
    "single_kong": "single_kong", "single": "single_kong",
}
# pymahjonggb / Botzone pack types: ("PENG", "F1", offer), the chow named by its middle tile.
_PACK_TYPES = {"CHI": "chow", "PENG": "pung", "GANG": "kong"}
# The one text form of a meld (MELD_SYNTAX): brackets -> (closing bracket, kind or None for
# "by its shape").
_BRACKETS = {"[": ("]", None), "{": ("}", "chow"), "(": (")", "concealed_kong"),
             "<": (">", "single_kong")}
_GROUP = re.compile(r"\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|<[^>]*>")
_MELD_ITEM = re.compile(r"\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|<[^>]*>|[^\s,\[\](){}<>]+")
# the winning tile of a hand's text: "+5p" (spaces allowed after the +)
_WIN_PART = re.compile(r"\+\s*([^\s\[\](){}<>+]+)")


def meld_kind(kind):
    """The kind of a meld spelling (``"peng"`` -> ``"pung"``), None for no kind."""
    return _KIND_ALIASES.get(str(kind).lower())


def check_meld(kind, tiles) -> tuple:
    """``(kind, sorted tile ids)`` of a meld given as a kind (any spelling) and its tiles
    (any tile input); raises :class:`InvalidHandError` unless they make that meld."""
    name = _KIND_ALIASES.get(str(kind).lower())
    if name is None:
        raise InvalidHandError(
            f"unknown meld kind {kind!r}; use one of {', '.join(MELD_KINDS)}")
    ids = tuple(sorted(to_tile_ids(tiles)))
    if name == "chow":
        ok = (len(ids) == 3 and ids[0] < FIRST_HONOR and ids[0] // 9 == ids[2] // 9
              and ids[1] == ids[0] + 1 and ids[2] == ids[0] + 2)
        if not ok:
            raise InvalidHandError(
                f"meld chow {format_tiles(ids)!r} is not a chow (three consecutive tiles of one suit)")
    else:
        size = {"pung": 3, "single_kong": 1}.get(name, 4)
        if len(ids) != size or len(set(ids)) != 1:
            raise InvalidHandError(
                f"meld {name} {format_tiles(ids)!r} is not a {name} ({size} copies of one tile)")
    return name, ids


def _meld_by_shape(text: str, original: str) -> tuple:
    ids = sorted(to_tile_ids(text))
    if len(ids) == 1:
        return check_meld("single_kong", ids)
    if len(set(ids)) == 1 and len(ids) in (3, 4):
        return check_meld("pung" if len(ids) == 3 else "kong", ids)
    if len(ids) == 3:
        return check_meld("chow", ids)  # checked as a run
    raise InvalidHandError(f"meld {original!r}: {len(ids)} tiles are no meld; write "
                           f"{MELD_SYNTAX}")


def meld_from_text(text: str) -> tuple:
    """``(kind, ids)`` of one meld in the one meld syntax (:data:`MELD_SYNTAX`)."""
    body = text.strip()
    if not body:
        raise InvalidHandError(f"meld {show(text)} is empty; write {MELD_SYNTAX}")
    if ":" in body:
        kind, tiles = body.split(":", 1)
        return check_meld(kind.strip(), tiles.strip())
    bracket = _BRACKETS.get(body[0])
    if bracket is not None:
        close, kind = bracket
        if not body.endswith(close):
            raise InvalidHandError(f"meld {show(text)}: {body[0]!r} without its {close!r}")
        inner = body[1:-1].strip()
        return _meld_by_shape(inner, text) if kind is None else check_meld(kind, inner)
    return _meld_by_shape(body, text)


def _meld_from_pack(pack: tuple) -> tuple:
    """pymahjonggb's ``(type, tile, offer)``: a chow by its middle tile; offer 0 is a
    concealed kong (a concealed pung or chow is concealed tiles, not a meld)."""
    kind, tile, offer = pack
    kind = _PACK_TYPES.get(kind.upper())
    if kind is None or isinstance(offer, bool) or not isinstance(offer, (int, np.integer)):
        raise InvalidHandError(f"meld {pack!r}: a (type, tile, offer) pack has type CHI, PENG "
                               "or GANG and a whole-number offer")
    t = parse_tile(tile)
    if kind == "chow":
        if offer == 0:
            raise InvalidHandError(f"meld {pack!r}: a concealed chow is not a meld; put its "
                                   "tiles among the concealed tiles")
        if t >= FIRST_HONOR or t % 9 in (0, 8):
            raise InvalidHandError(f"meld {pack!r}: a chow is named by its middle tile, 2 to 8 "
                                   "of a suit")
        return check_meld("chow", (t - 1, t, t + 1))
    if kind == "pung":
        if offer == 0:
            raise InvalidHandError(f"meld {pack!r}: a concealed pung is not a meld; put its "
                                   "tiles among the concealed tiles")
        return check_meld("pung", (t,) * 3)
    return check_meld("concealed_kong" if offer == 0 else "kong", (t,) * 4)


def read_meld(meld) -> tuple:
    """``(kind, sorted tile ids)`` of one meld in any accepted spelling but a Meld object
    (see :func:`mahjong.hand.parse_meld`, which takes those too)."""
    if isinstance(meld, str):
        return meld_from_text(meld)
    if isinstance(meld, (dict, Mapping)):
        unknown = set(meld) - {"type", "kind", "tiles", "from"}
        if unknown:
            raise InvalidHandError(f"meld {show(dict(meld))} has unknown field(s) "
                                   f"{', '.join(sorted(map(show, unknown)))}")
        kind = meld.get("type", meld.get("kind"))
        if kind is None or "tiles" not in meld:
            raise InvalidHandError(f"meld {show(dict(meld))} needs 'type' and 'tiles'")
        return check_meld(kind, meld["tiles"])
    if isinstance(meld, (tuple, list)) and len(meld) == 2 and isinstance(meld[0], str):
        return check_meld(meld[0], meld[1])
    if (isinstance(meld, (tuple, list)) and len(meld) == 3 and isinstance(meld[0], str)
            and meld[0].upper() in _PACK_TYPES):
        return _meld_from_pack(tuple(meld))
    raise InvalidHandError(f"cannot read a meld from {show(meld)}: give a Meld, text ({MELD_SYNTAX}), "
                           "(kind, tiles), {'type': kind, 'tiles': tiles} or a pymahjonggb "
                           "(type, tile, offer) pack")


def is_one_meld(melds) -> bool:
    """True for a value that is one meld where a list of melds is wanted: text, bytes, a
    mapping, a ``(kind, tiles)`` pair."""
    return isinstance(melds, (str, bytes, dict, Mapping)) or (
        isinstance(melds, tuple) and len(melds) == 2 and isinstance(melds[0], str)
        and melds[0].lower() in _KIND_ALIASES)


def meld_text_items(text) -> list:
    """The melds of one string in the one meld syntax, separated by commas or spaces, as
    ``(kind, ids)`` pairs."""
    if not isinstance(text, str):
        raise InvalidHandError(f"expected melds as text, got {type(text).__name__}")
    items = _MELD_ITEM.findall(text)
    rest = _MELD_ITEM.sub(" ", text).replace(",", " ").strip()
    if rest:
        raise InvalidHandError(f"melds {show(text)}: cannot read {rest.split()[0]!r}; write "
                               f"{MELD_SYNTAX}")
    return [meld_from_text(item) for item in items]


def split_meld_text(text) -> tuple:
    """``(concealed text, [(kind, ids), ...])`` of a hand string with bracketed melds,
    brackets anywhere, spaces optional."""
    if not isinstance(text, str):
        raise InvalidHandError(f"expected a hand string, got {type(text).__name__}")
    melds = [meld_from_text(m.group(0)) for m in _GROUP.finditer(text)]
    rest = _GROUP.sub(" ", text)
    for c in "[](){}<>":
        if c in rest:
            raise InvalidHandError(f"unbalanced {c!r} in the hand {show(text)}")
    return "".join(rest.split()), melds


def read_hand_text(text) -> tuple:
    """``(concealed ids, [(kind, ids), ...], winning tile or None)`` of the ``str(hand)``
    form ``"123m [222p] (7777s) <7z> +5p"``."""
    if not isinstance(text, str):
        raise InvalidHandError(f"Hand.parse reads a hand string such as "
                               f"'123m [222p] +5p', got {type(text).__name__}")
    wins = _WIN_PART.findall(text)
    if len(wins) > 1:
        raise InvalidHandError(f"the hand {show(text)} gives {len(wins)} winning tiles "
                               "(+tile); a hand has one")
    win = parse_tile(wins[0]) if wins else None
    concealed, melds = split_meld_text(_WIN_PART.sub(" ", text))
    if "+" in concealed:
        raise InvalidHandError(f"the hand {show(text)}: '+' must be followed by the "
                               "winning tile")
    return (tuple(to_tile_ids(concealed)) if concealed else ()), melds, win


def meld_pairs(melds) -> bytes:
    """The kernels' flat ``[MELD code, lowest tile]`` byte pairs of read melds (objects with
    ``kind`` and ``tiles``, e.g. :class:`mahjong.hand.Meld`)."""
    if not melds:
        return b""
    cdef unsigned char buf[8]   # a holding has at most four melds
    cdef Py_ssize_t n = 0
    cdef bytearray out
    if len(melds) > 4:
        out = bytearray()
        for m in melds:
            out.append(MELD_TYPE_CODES[m.kind])
            out.append(m.tiles[0])
        return bytes(out)
    cdef long code, tile
    for m in melds:
        code = MELD_TYPE_CODES[m.kind]
        tile = m.tiles[0]
        if not (0 <= tile < 256):  # (as bytearray.append refuses it)
            raise ValueError("byte must be in range(0, 256)")
        buf[n] = <unsigned char>code
        buf[n + 1] = <unsigned char>tile
        n += 2
    return buf[:n]
