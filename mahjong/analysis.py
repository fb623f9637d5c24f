"""Hand analysis: shanten for every GB hand form, useful tiles, waits, discards and the
decompositions of complete hands.

Shanten is the number of tile exchanges a hand is away from ready: 0 = ready (听牌),
-1 = complete. Five forms are known (GB names in brackets):

``regular``           four sets and a pair, with 0-4 melds
``seven_pairs``       七对; a four of a kind counts as two pairs (GB rule); no melds
``thirteen_orphans``  十三幺; no melds
``honors_knitted``    全不靠 / 七星不靠 shape; no melds
``knitted_straight``  组合龙 + one set + a pair; no melds, or one meld (the set)

``forms=None`` takes the best over all five; otherwise pass an iterable of those names
(a single name string is accepted too). ``rules="sichuan"`` (any registered rule set) reads
the hand as that rule set plays instead: its forms, its tile set, its void suit (缺门) and
its wildcard indicator (see :func:`shanten`); without it no rule set applies. The concealed tiles, ``hand``, can be a string in
any notation (see :mod:`mahjong.tiles`), a sequence of tile ids, or a counts array of 34
(``hand`` is the name records, JSON lines and every rule set's ``score`` use; the old
keyword ``tiles=`` still works for this release, with a DeprecationWarning). ``tiles`` is
the last parameter, to be given by keyword only; it is not declared keyword-only (``*``)
because CPython 3.11 does not specialise calls of functions with keyword-only parameters:
that costs every positional call about 350 machine instructions, the plain parameter about
50.

The concealed part has 13 - 3m or 14 - 3m tiles for m melds. Targets never use a fifth
copy of a tile, counting the copies in the player's melds (a kong locks four, a pung
three, a chow one of each): a tile whose four copies are in hand and melds is never
useful, and ``1111m`` is not a wait on ``1m``. (The reference pymahjonggb counts neither;
docs/ALGORITHMS.md.) With ``wildcard=`` (赖子) every concealed copy of that kind may stand
for any tile, a fifth copy included.

>>> shanten("123456789m11p234s")
-1
>>> shanten("19m19p19s1234567z")
0
>>> useful_tiles("123456789m1p234s")
[9]
>>> shanten_by_form("147m258p369s1234z")["knitted_straight"]
2
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Optional, Tuple, Union

import numpy as np

from mahjong_core import _decompose, _discard, _shanten

from ._compat import renamed_argument
from ._entry import entry_points
from .errors import InvalidHandError, MahjongError, TileParseError
from mahjong_core._types import FIRST_HONOR, FORM_NAMES

from ._reader import VOID_SUITS, ids_of_136
from .hand import Meld, MeldInput, check_copies, parse_melds
from .tiles import N_KINDS, TENHOU_NAMES, TileInput, parse_tile, tile_counts

FORMS = FORM_NAMES
FORM_BITS = {name: 1 << i for i, name in enumerate(FORMS)}
ALL_FORMS = (1 << len(FORMS)) - 1
# The most melds each form allows (special forms are concealed, knitted straight may have
# its set melded, as in the reference).
FORM_MAX_MELDS = {"regular": 4, "seven_pairs": 0, "thirteen_orphans": 0,
                  "honors_knitted": 0, "knitted_straight": 1}
_NOT_APPLICABLE = 99

FormsInput = Union[None, str, Iterable[str]]
WildcardInput = Union[None, int, str]

__all__ = [
    "FORMS", "shanten", "shanten_by_form", "useful_tiles", "waits", "is_complete",
    "unseen_counts", "discard_analysis", "DiscardOption", "decompositions", "Decomposition",
]


# --- input handling ---------------------------------------------------------------------

def forms_mask(forms: FormsInput) -> int:
    """Bit set of the named forms (``None`` = all five)."""
    if forms is None:
        return ALL_FORMS
    if isinstance(forms, str):
        forms = (forms,)
    mask = 0
    try:
        names = list(forms)
    except TypeError:
        raise MahjongError(f"forms must be None or an iterable of form names, got "
                           f"{forms!r}") from None
    for name in names:
        bit = FORM_BITS.get(name) if isinstance(name, str) else None
        if bit is None:
            raise MahjongError(f"unknown hand form {name!r}; use one of {', '.join(FORMS)}")
        mask |= bit
    if not mask:
        raise MahjongError("forms is empty; name at least one of " + ", ".join(FORMS))
    return mask


def _applicable(mask: int, n_melds: int) -> int:
    return mask & sum(FORM_BITS[f] for f in FORMS if FORM_MAX_MELDS[f] >= n_melds)


def _prepare(tiles: TileInput, melds: Iterable[MeldInput]) -> Tuple[np.ndarray, Tuple[Meld, ...]]:
    """Validated C-contiguous uint8[34] counts of the concealed tiles, and the melds."""
    if tiles is None:
        raise TileParseError("hand: no concealed tiles given (the argument 'hand')")
    if (isinstance(tiles, np.ndarray) and tiles.shape == (N_KINDS,)
            and tiles.dtype.kind in "iu"):
        # a counts array: check it with numpy rather than expanding it to ids
        bad = np.flatnonzero((tiles < 0) | (tiles > 4))
        if bad.size:
            t = int(bad[0])
            raise InvalidHandError(
                f"counts[{t}] ({TENHOU_NAMES[t]}) is {int(tiles[t])}: a tile has 0 to 4 copies")
        counts = np.ascontiguousarray(tiles, dtype=np.uint8)
    else:
        counts = tile_counts(tiles)  # the reader: uint8[34], plain tenhou text compiled
    melds = () if type(melds) in (tuple, list) and not melds else parse_melds(melds)
    n = int(counts.sum())
    k = len(melds)
    if n + 3 * k not in (13, 14):
        raise InvalidHandError(
            f"{n} concealed tiles with {k} meld(s): the concealed part must have "
            f"{13 - 3 * k} or {14 - 3 * k} tiles")
    if melds:
        check_copies(np.repeat(np.arange(N_KINDS), counts), melds)
    return counts, melds


def locked_copies(melds: Iterable[Meld]) -> Optional[np.ndarray]:
    """uint8[34] copies of each tile in the melds (a kong locks four, a pung three, a chow
    one of each), or None without melds."""
    melds = tuple(melds)
    if not melds:
        return None
    locked = np.zeros(N_KINDS, np.uint8)
    for m in melds:
        for t in m.tiles:
            locked[t] += 1
    return locked


def wildcard_id(wildcard: WildcardInput) -> int:
    """Tile id of the wildcard kind (a tile in any notation or an id), -1 for None."""
    if wildcard is None:
        return -1
    try:
        return parse_tile(wildcard)
    except MahjongError as exc:
        raise type(exc)(f"wildcard: {exc}") from None
    except TypeError:
        raise MahjongError(f"wildcard must be a tile or None, got {wildcard!r}") from None


def _core_args(tiles: TileInput, melds: Iterable[MeldInput], wildcard: WildcardInput):
    """(counts, melds, locked copies or None, wildcard id or -1) for the exact kernel."""
    w = wildcard_id(wildcard)
    counts, melds = _prepare(tiles, melds)
    return counts, melds, locked_copies(melds), w


def _checked_forms(forms: FormsInput, n_melds: int) -> int:
    mask = forms_mask(forms)
    usable = _applicable(mask, n_melds)
    if not usable:
        names = [f for f in FORMS if mask & FORM_BITS[f]]
        raise InvalidHandError(
            f"form(s) {', '.join(names)} do not apply to a hand with {n_melds} meld(s)")
    return usable


# --- rule sets ----------------------------------------------------------------------------
#
# ``rules=`` reads what hand analysis needs from the room's play spec (mahjong.playspec):
# its hand forms, its tile set (``honours``), whether a winning hand must lack a suit
# (``void_suit_to_win``, 缺门) and how its indicator shows the wildcard (``wildcard_of``).
# Targets are not restricted in the kernel: for a hand inside the tile set, a target's unit
# (set or pair) outside it holds none of the hand's tiles, so a unit of an unused kind
# inside it does at least as well; the best count is the same, and the useful tiles are
# those of the plain analysis inside the tile set. A void suit's tiles are taken out of the
# hand (each is one discard whatever the target) and the suit out of the useful tiles.

#: the suit letters of ``void_suit=`` (characters, dots, bamboo)
SUITS = VOID_SUITS  # the reader's ("m", "p", "s")
_SUIT_MASKS = tuple(((1 << 9) - 1) << (9 * s) for s in range(3))
_ALL_TILES = (1 << N_KINDS) - 1
_SUITED_TILES = (1 << 27) - 1


@dataclass(frozen=True)
class RuleView:
    """What hand analysis takes from a rule set (its room's play spec)."""

    name: str
    forms: Tuple[str, ...]        # its hand forms (names of FORMS)
    tiles: int                    # 34-bit mask of the tile kinds of its tile set
    void: bool                    # a winning hand lacks a suit (缺门)
    wildcard_of: Optional[Callable[[int], int]] = None   # indicator -> wildcard (赖子)


_RULE_VIEWS: Dict[str, RuleView] = {}


def rule_view(rules) -> RuleView:
    """The :class:`RuleView` of ``rules``: a registered rule-set name (any case) or a room's
    ``Rules`` options object (its options may change what the room plays)."""
    if type(rules) is str:
        view = _RULE_VIEWS.get(rules)      # the common call: a name seen before
        if view is not None:
            return view
    from .rooms import find_room, room_names
    from .ruleset import RuleOptions
    from .validate import show

    if isinstance(rules, str):
        key = rules.strip().lower()
        view = _RULE_VIEWS.get(key)
        if view is not None:
            _RULE_VIEWS[rules] = view
            return view
        try:
            name, options = find_room(key).name, None
        except MahjongError:
            raise MahjongError(f"rules: unknown rule set {show(rules)}; available: "
                               f"{', '.join(room_names())}") from None
    elif isinstance(rules, RuleOptions) and type(rules).name:
        try:
            view = _RULE_VIEWS.get(rules)     # options seen before (when hashable)
        except TypeError:
            view = None
        if view is not None:
            return view
        name, options = type(rules).name, rules
    else:
        raise MahjongError(f"rules must be a rule-set name or a room's Rules options, got "
                           f"{show(rules)}")
    spec = find_room(name).play_spec(options)
    view = RuleView(name, tuple(f for f in FORMS if spec.forms & FORM_BITS[f]),
                    _ALL_TILES if spec.honours else _SUITED_TILES, spec.void_suit_to_win,
                    spec.wildcard_of if spec.indicator else None)
    if options is None:
        _RULE_VIEWS[name] = _RULE_VIEWS[rules] = view
    else:
        try:
            _RULE_VIEWS[options] = view
        except TypeError:   # options holding a mapping: read again each time
            pass
    return view


def _void_suit(void_suit) -> int:
    if isinstance(void_suit, str) and void_suit.strip().lower() in SUITS:
        return SUITS.index(void_suit.strip().lower())
    raise MahjongError(f"void_suit must be a suit, one of {', '.join(SUITS)}, got "
                       f"{void_suit!r}")


class _Plan:
    """One call's rule set read: forms (names), wildcard, tile-set mask, the suits a void
    may be (None: no void), the rule set's name (None without rules=)."""

    __slots__ = ("forms", "wildcard", "tiles", "voids", "name")

    def __init__(self, forms, wildcard, tiles, voids, name):
        self.forms, self.wildcard, self.tiles, self.voids, self.name = (
            forms, wildcard, tiles, voids, name)

    @property
    def plain(self) -> bool:
        """The plain analysis with these forms and wildcard gives the answer."""
        return self.tiles == _ALL_TILES and self.voids is None


def _plan(rules, forms: FormsInput, wildcard: WildcardInput, void_suit, indicator) -> _Plan:
    """Read ``rules=``, ``void_suit=`` and ``indicator=`` (see :func:`shanten`)."""
    voids = None if void_suit is None else (_void_suit(void_suit),)
    if rules is None:
        if indicator is not None:
            raise MahjongError("indicator: give rules= too, the rule set whose indicator "
                               "shows the wildcard (e.g. rules='huanggang')")
        return _Plan(forms, wildcard, _ALL_TILES, voids, None)
    view = rule_view(rules)
    if forms is None:
        forms = view.forms
    else:
        mask = forms_mask(forms)
        extra = [f for f in FORMS if mask & FORM_BITS[f] and f not in view.forms]
        if extra:
            raise MahjongError(f"forms: {extra[0]} is not a hand form of {view.name} (its "
                               f"forms: {', '.join(view.forms)})")
    if indicator is not None:
        if view.wildcard_of is None:
            raise MahjongError(f"indicator: {view.name} shows no wildcard indicator")
        if wildcard is not None:
            raise MahjongError("give wildcard= or indicator=, not both")
        try:
            wildcard = view.wildcard_of(parse_tile(indicator))
        except MahjongError as exc:
            raise type(exc)(f"indicator: {exc}") from None
        except TypeError:
            raise MahjongError(f"indicator must be a tile, got {indicator!r}") from None
    w = wildcard_id(wildcard)
    if w >= 0 and not view.tiles >> w & 1:
        raise InvalidHandError(f"wildcard: {TENHOU_NAMES[w]} is not a tile of {view.name}")
    if voids is None and view.void:
        voids = (0, 1, 2)
    return _Plan(forms, wildcard, view.tiles, voids, view.name)


def _check_tile_set(counts: np.ndarray, melds: Tuple[Meld, ...], plan: _Plan) -> None:
    """A tile outside the rule set's tile set (hand or melds) is an InvalidHandError."""
    if plan.tiles == _ALL_TILES:
        return
    data = counts.tobytes()
    held = [t for t in range(N_KINDS) if not plan.tiles >> t & 1 and data[t]]
    held += [t for m in melds for t in m.tiles if not plan.tiles >> t & 1]
    if held:
        raise InvalidHandError(f"tile {TENHOU_NAMES[held[0]]} is not in the tile set of "
                               f"{plan.name} (no honours)")


def _ruled_missing(counts: np.ndarray, n_melds: int, bits: int, locked, w: int,
                   plan: _Plan, want_mask: bool) -> Tuple[int, int]:
    """(missing, useful mask) of validated counts under the plan's tile set and void."""
    if plan.voids is None:
        missing, mask = _shanten.analyze_one(counts, n_melds, bits, locked, w, want_mask)
        return missing, mask & plan.tiles
    best, union = _NOT_APPLICABLE, 0
    for s in plan.voids:
        lo = 9 * s
        if locked is not None and locked[lo:lo + 9].any():
            continue            # a meld holds the suit: it cannot be void
        rest = counts.copy()
        rest[lo:lo + 9] = 0     # each tile of the void suit is one discard
        keep = ~_SUIT_MASKS[s]
        if lo <= w < lo + 9:    # a wildcard of that suit stays one
            rest[w] = counts[w]
            keep |= 1 << w
        missing, mask = _shanten.analyze_one(rest, n_melds, bits, locked, w, want_mask)
        if missing < best:
            best, union = missing, mask & keep & plan.tiles
        elif missing == best:
            union |= mask & keep & plan.tiles
    if best >= _NOT_APPLICABLE:
        suits = ", ".join(SUITS[s] for s in plan.voids)
        raise InvalidHandError(f"the melds hold a tile of every suit that could be void "
                               f"({suits}): the hand can never win under "
                               f"{plan.name or 'void_suit='} (缺门)")
    return best, union


def _ruled(hand, melds, plan: _Plan, forms_one: Optional[int] = None,
           want_mask: bool = True) -> Tuple[int, int, np.ndarray, Tuple[Meld, ...]]:
    """(missing, useful mask, counts, melds) of a hand under a plan that is not plain."""
    counts, melds, locked, w = _core_args(hand, melds, plan.wildcard)
    _check_tile_set(counts, melds, plan)
    bits = _checked_forms(plan.forms, len(melds)) if forms_one is None else forms_one
    return (*_ruled_missing(counts, len(melds), bits, locked, w, plan, want_mask),
            counts, melds)


def _hand_136(hand, tiles136):
    """The hand as 34-format ids from 136-format ids (``id // 4``; the reader's)."""
    if hand is not None:
        raise MahjongError("give the hand or tiles136=, not both")
    return ids_of_136(tiles136)


def _read_extras(function: str, hand, forms, wildcard, tiles, rules, void_suit, indicator,
                 tiles136):
    """(hand, plan or None) after the old keyword, tiles136= and rules=, void_suit=,
    indicator=."""
    if tiles is not None:   # the warning points at the caller of the public function
        hand = renamed_argument(function, "tiles", "hand", hand, tiles, stacklevel=4)
    if tiles136 is not None:
        hand = _hand_136(hand, tiles136)
    if rules is None and void_suit is None and indicator is None:
        return hand, None
    return hand, _plan(rules, forms, wildcard, void_suit, indicator)


_mask_to_ids = _shanten.mask_to_ids
# The compiled entry points of shanten and useful_tiles for the common arguments (a tenhou
# string, tile ids or counts; no melds; a wildcard as a tile id or tenhou name, or none;
# forms None, a name, a list or tuple of names): one C call, None for anything else.
_shanten_call = _shanten.shanten_call
_useful_call = _shanten.useful_call


# --- shanten ----------------------------------------------------------------------------

def shanten(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
            forms: FormsInput = None, wildcard: WildcardInput = None,
            tiles: Optional[TileInput] = None, rules=None, void_suit=None, indicator=None,
            tiles136=None) -> int:
    """Shanten of a hand: 0 = ready, -1 = complete, best over the chosen forms.

    Parameters
    ----------
    hand : str, sequence of int, or counts array of 34
        The concealed tiles (13 - 3m or 14 - 3m of them for m melds). ``tiles=`` is its
        old name (deprecated).
    melds : iterable of melds
        ``Meld`` objects, ``("pung", "222p")`` tuples or ``{"type", "tiles"}`` dicts.
    forms : None, str or iterable of str
        Form names (see :data:`FORMS`); ``None`` = all five.
    wildcard : tile or None
        The wildcard kind (赖子): every copy of it among the concealed tiles may stand for
        any tile, a fifth copy included; a drawn copy is a wildcard too. Melds never hold
        wildcards (copies of the kind in melds are plain tiles).
    rules : str or a room's Rules, optional (keyword)
        Analyse the hand as the rule set plays (a registered name in any case:
        ``"guobiao"``, ``"sichuan"``, ...; or its ``Rules`` options object). Without it the
        hand is read with no rule set: all five forms, all 34 tiles, no void suit and no
        wildcard unless given. With it: the forms are the rule set's own (``forms=`` may
        name only some of them): Guobiao all five; Sichuan, Yunnan, Guiyang regular and
        seven pairs; Huanggang regular only; two-player regular, seven pairs and thirteen
        orphans; Tongcheng those and honours-and-knitted. The tile set is the rule set's:
        Sichuan, Yunnan and Guiyang play without honours (an honour in the hand or melds is
        an :class:`InvalidHandError` naming it, and none is ever useful or a wait). Where the
        winning hand must lack a suit (缺门: Sichuan, Yunnan) the answer is the best over the
        suits that may be void (the suits no meld holds), unless ``void_suit=`` names one.
        Each rule set's spec (``mahjong.<room>.play.play_spec``) says all of this.
    void_suit : "m", "p" or "s", optional (keyword)
        The suit the hand must end without (缺门, e.g. the Sichuan 定缺 declared): its tiles
        in the hand are discards, and no tile of it is useful. With or without ``rules=``.
    indicator : tile, optional (keyword)
        The turned-up indicator (Huanggang's 赖子皮) of ``rules=``: the wildcard is the tile
        it shows (``wildcard=`` names the wildcard itself; give one of the two).
    tiles136 : sequence or 1-D integer array of 136-format tile ids, optional (keyword)
        The hand as 136-format ids (0..135, four per kind: id // 4 is the 34-format id), in
        place of ``hand``.

    The copies of a tile in the melds count toward its four: a tile whose four copies are
    in hand and melds is never drawn, waited on or used.

    Returns
    -------
    int

    Raises
    ------
    TileParseError, InvalidHandError, MahjongError
        Bad tiles, a fifth copy, a wrong tile count, an unknown or inapplicable form.

    Examples
    --------
    >>> shanten("11123455678999m")
    -1
    >>> shanten("1133557799m1133p", forms=["regular"])
    3
    >>> shanten("1133557799m1133p")  # seven pairs
    -1
    >>> shanten("23m456p789s11z", melds=[("pung", "222p")])
    0
    >>> shanten("123m456p789s11z2z5z"), shanten("123m456p789s11z2z5z", wildcard="5z")
    (1, 0)
    >>> shanten("147m258p369s1234z"), shanten("147m258p369s1234z", rules="two_player")
    (0, 6)
    >>> shanten("123456789m11p23s"), shanten("123456789m11p23s", rules="sichuan")  # 缺门
    (0, 2)
    >>> shanten(tiles136=[0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 37, 40, 44])
    0
    """
    if tiles is not None or rules is not None or void_suit is not None \
            or indicator is not None or tiles136 is not None:
        hand, plan = _read_extras("shanten", hand, forms, wildcard, tiles, rules, void_suit,
                                  indicator, tiles136)
        if plan is not None:
            if not plan.plain:
                return _ruled(hand, melds, plan, want_mask=False)[0] - 1
            forms, wildcard = plan.forms, plan.wildcard
        fast = _shanten_call(hand, melds, forms, wildcard)  # the arguments read, in C
        if fast is not None:
            return fast
    # (the common arguments took the compiled call before this: mahjong._entry) melds,
    # other notations, an error to word: read and checked, then the kernel
    if wildcard is None:
        counts, melds = _prepare(hand, melds)
        if not melds:
            return _shanten.missing_one(counts, 0, _checked_forms(forms, 0)) - 1
        locked, w = locked_copies(melds), -1
    else:
        counts, melds, locked, w = _core_args(hand, melds, wildcard)
    return _shanten.analyze_one(counts, len(melds), _checked_forms(forms, len(melds)), locked,
                                w, False)[0] - 1


def shanten_by_form(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                    wildcard: WildcardInput = None, tiles: Optional[TileInput] = None, *,
                    rules=None, void_suit=None, indicator=None, tiles136=None
                    ) -> Dict[str, Optional[int]]:
    """Shanten of each of the five forms.

    Parameters
    ----------
    hand, melds, wildcard, rules, void_suit, indicator, tiles136
        As for :func:`shanten` (default: no rule set).

    Returns
    -------
    dict
        Form name -> shanten, ``None`` where the form does not apply to a hand with these
        melds (special forms need a concealed hand; knitted straight allows one meld) or,
        with ``rules=``, is not a form of the rule set.

    Examples
    --------
    >>> shanten_by_form("19m19p19s1234567z")["thirteen_orphans"]
    0
    >>> shanten_by_form("123m456p789s11z", melds=[("pung", "222p")])["seven_pairs"] is None
    True
    >>> shanten_by_form("147m258p369s1234z", rules="sichuan")
    Traceback (most recent call last):
    ...
    mahjong.errors.InvalidHandError: tile 1z is not in the tile set of sichuan (no honours)
    """
    hand, plan = _read_extras("shanten_by_form", hand, None, wildcard, tiles, rules,
                              void_suit, indicator, tiles136)
    if plan is not None:
        counts, melds, locked, w = _core_args(hand, melds, plan.wildcard)
        _check_tile_set(counts, melds, plan)
        out: Dict[str, Optional[int]] = {}
        for name in FORMS:
            usable = ((plan.forms is None or name in plan.forms)
                      and _applicable(FORM_BITS[name], len(melds)))
            out[name] = (_ruled_missing(counts, len(melds), FORM_BITS[name], locked, w, plan,
                                        False)[0] - 1) if usable else None
        return out
    counts, melds, locked, w = _core_args(hand, melds, wildcard)
    if locked is None and w < 0:
        values = _shanten.missing_by_form(counts, len(melds))
    else:
        values = _shanten.missing_by_form_ex(counts, len(melds), locked, w)
    return {name: (None if v == _NOT_APPLICABLE else v - 1) for name, v in zip(FORMS, values)}


def is_complete(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                forms: FormsInput = None, wildcard: WildcardInput = None,
                tiles: Optional[TileInput] = None, *, rules=None, void_suit=None,
                indicator=None, tiles136=None) -> bool:
    """True if the 14 - 3m concealed tiles complete the hand in one of the forms.

    Parameters are those of :func:`shanten`; a 13 - 3m tile hand is never complete.

    Examples
    --------
    >>> is_complete("11123455678999m")
    True
    >>> is_complete("1112345678999m")  # 13 tiles: never complete
    False
    >>> is_complete("123m456p789s1z5m", melds=[("pung", "222s")], wildcard="5m")
    True
    >>> is_complete("1133557799m1133p"), is_complete("1133557799m1133p", rules="huanggang")
    (True, False)
    """
    if tiles is not None:
        hand = renamed_argument("is_complete", "tiles", "hand", hand, tiles)
    return shanten(hand, melds, forms, wildcard, rules=rules, void_suit=void_suit,
                   indicator=indicator, tiles136=tiles136) == -1


# --- useful tiles, waits, discards --------------------------------------------------------

def useful_tiles(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                 forms: FormsInput = None, wildcard: WildcardInput = None,
                 tiles: Optional[TileInput] = None, rules=None, void_suit=None,
                 indicator=None, tiles136=None) -> List[int]:
    """Sorted ids of the tile kinds whose draw lowers the shanten (进张).

    For 13 - 3m tiles these are the draws that bring the hand closer; for 14 - 3m tiles,
    the draws that would lower the shanten after the best discard. A kind counts however
    many copies remain elsewhere (see :func:`unseen_counts`), but a kind whose four copies
    are in the hand and the melds is never useful. With a wildcard, a drawn copy of the
    wildcard kind is a wildcard: it is useful whenever the hand is not complete and a copy
    is left.

    Parameters
    ----------
    hand, melds, forms, wildcard, rules, void_suit, indicator, tiles136
        As for :func:`shanten` (default: no rule set; with ``rules=`` only tiles of the
        rule set's tile set, and none of a void suit, are useful).

    Returns
    -------
    list of int
        Sorted tile ids.

    Examples
    --------
    >>> useful_tiles("1112345678999m")   # 九莲宝灯: every characters tile
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    >>> useful_tiles("6678s", melds=[("chow", s) for s in ("678s", "456s", "345s")])
    [26]
    >>> from mahjong.tiles import format_tiles
    >>> format_tiles(useful_tiles("123456789m11p23s", rules="sichuan", void_suit="s"))
    '123456789m123456789p'
    """
    if tiles is not None or rules is not None or void_suit is not None \
            or indicator is not None or tiles136 is not None:
        hand, plan = _read_extras("useful_tiles", hand, forms, wildcard, tiles, rules,
                                  void_suit, indicator, tiles136)
        if plan is not None:
            if not plan.plain:
                return _mask_to_ids(_ruled(hand, melds, plan)[1])
            forms, wildcard = plan.forms, plan.wildcard
        fast = _useful_call(hand, melds, forms, wildcard)  # the arguments read, in C
        if fast is not None:
            return fast
    return _mask_to_ids(_useful_mask(hand, melds, forms, wildcard)[1])



# The public shanten and useful_tiles: the common arguments go from the caller to the
# kernel in one compiled call (no Python frame between), every other call to the two
# functions above, their full path (mahjong._entry).
shanten, useful_tiles = entry_points(shanten, useful_tiles)


def _useful_mask(tiles, melds, forms, wildcard) -> Tuple[int, int, np.ndarray, Tuple[Meld, ...]]:
    """(missing, useful mask, counts, melds) through the exact kernel."""
    counts, melds, locked, w = _core_args(tiles, melds, wildcard)
    mask_forms = _checked_forms(forms, len(melds))
    if locked is None and w < 0:
        missing, mask = _shanten.useful_one(counts, 0, mask_forms)
    else:
        missing, mask = _shanten.analyze_one(counts, len(melds), mask_forms, locked, w)
    return missing, mask, counts, melds


def waits(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
          forms: FormsInput = None, wildcard: WildcardInput = None,
          tiles: Optional[TileInput] = None, *, rules=None, void_suit=None, indicator=None,
          tiles136=None) -> List[int]:
    """Tiles that complete a ready hand of 13 - 3m tiles; ``[]`` if it is not ready.

    Parameters
    ----------
    hand, melds, forms, wildcard, rules, void_suit, indicator, tiles136
        As for :func:`shanten` (default: no rule set); the concealed part must have
        13 - 3m tiles. With ``rules=`` the waits are the tiles that win under the rule
        set's forms, tile set and void suit (not its other conditions, such as a minimum
        value).

    Returns
    -------
    list of int
        Sorted tile ids (a tile whose four copies are in hand and melds is never a wait;
        with a wildcard, a ready hand also waits on the wildcard kind while a copy is left).

    Raises
    ------
    InvalidHandError
        Not 13 - 3m concealed tiles, or any error of :func:`shanten`.

    Examples
    --------
    >>> waits("1112345678999m") == list(range(9))
    True
    >>> waits("123456789m1p234s")
    [9]
    >>> len(waits("123m456p789s1z", melds=[("pung", "222s")], wildcard="1z"))  # a lone wildcard
    34
    >>> waits("1112345678999m", rules="huanggang", indicator="9p")  # 9p shows 1p, the wildcard
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    >>> waits("111222333m456p7p", rules="sichuan"), waits("111222333m456p7p", void_suit="p")
    ([12, 15], [])
    """
    hand, plan = _read_extras("waits", hand, forms, wildcard, tiles, rules, void_suit,
                              indicator, tiles136)
    if plan is not None and not plan.plain:
        missing, mask, counts, melds = _ruled(hand, melds, plan)
    else:
        if plan is not None:
            forms, wildcard = plan.forms, plan.wildcard
        missing, mask, counts, melds = _useful_mask(hand, melds, forms, wildcard)
    if int(counts.sum()) + 3 * len(melds) != 13:
        raise InvalidHandError(
            f"waits need {13 - 3 * len(melds)} concealed tiles with {len(melds)} meld(s), "
            f"got {int(counts.sum())}")
    return _mask_to_ids(mask) if missing == 1 else []


def unseen_counts(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                  visible: Optional[TileInput] = None, wildcard: WildcardInput = None, *,
                  tiles: Optional[TileInput] = None, tiles136=None) -> np.ndarray:
    """Copies of each tile kind not in the hand, its melds or ``visible`` (int8[34]).

    Parameters
    ----------
    hand, melds
        As for :func:`shanten` (``tiles=`` is the old name of ``hand``, kept for one
        release with a DeprecationWarning).
    visible : tiles, optional
        Every other tile the player can see (discards, other players' melds).
    wildcard : tile or None
        As for :func:`shanten`; the wildcard kind's entry is its copies left, like any
        other kind's.
    tiles136 : 136-format tile ids, optional
        The hand as 136-format ids, in place of ``hand`` (see :func:`shanten`).

    Returns
    -------
    numpy.ndarray of int8, shape (34,)

    Raises
    ------
    InvalidHandError
        More than four copies of a tile across hand, melds and visible tiles.

    Examples
    --------
    >>> int(unseen_counts("1112345678999m", visible="1m")[0])
    0
    """
    if tiles is not None:
        hand = _renamed_hand("unseen_counts", hand, tiles)
    if tiles136 is not None:
        hand = _hand_136(hand, tiles136)
    wildcard_id(wildcard)
    counts, melds = _prepare(hand, melds)
    return _unseen(counts, melds, visible)


def _renamed_hand(function: str, hand, tiles):
    """``hand`` from the old keyword ``tiles=`` (a DeprecationWarning; both is an error)."""
    from ._compat import renamed_argument

    return renamed_argument(function, "tiles", "hand", hand, tiles)


def _unseen(counts: np.ndarray, melds: Tuple[Meld, ...], visible: Optional[TileInput]
            ) -> np.ndarray:
    seen = counts.astype(np.int16)
    for m in melds:
        for t in m.tiles:
            seen[t] += 1
    if visible is not None:
        seen += tile_counts(visible)
    over = np.flatnonzero(seen > 4)
    if over.size:
        t = int(over[0])
        raise InvalidHandError(
            f"{int(seen[t])} copies of {TENHOU_NAMES[t]} across hand, melds and visible "
            "tiles: a tile has 4")
    return (4 - seen).astype(np.int8)


# One discard: tile, shanten, useful (sorted ids), unseen; a compiled type that reads like
# a NamedTuple of those four fields (see its docstring).
DiscardOption = _discard.DiscardOption


def _discard_analysis(hand, melds, forms, visible, wildcard, tiles, rules=None,
                      void_suit=None, indicator=None, tiles136=None) -> List[DiscardOption]:
    """discard_analysis's full path: every argument form, and every error worded."""
    hand, plan = _read_extras("discard_analysis", hand, forms, wildcard, tiles, rules,
                              void_suit, indicator, tiles136)
    if plan is not None:
        if not plan.plain:
            return _ruled_discards(hand, melds, visible, plan)
        forms, wildcard = plan.forms, plan.wildcard
    w = wildcard_id(wildcard)
    fast = _discard.options_call(hand, melds, forms, visible, w)
    if fast is not None:
        return fast
    counts, melds, locked, w = _core_args(hand, melds, wildcard)
    n_melds = len(melds)
    if int(counts.sum()) + 3 * n_melds != 14:
        raise InvalidHandError(
            f"a discard needs {14 - 3 * n_melds} concealed tiles with {n_melds} meld(s), "
            f"got {int(counts.sum())}")
    mask_forms = _checked_forms(forms, n_melds)
    unseen = _unseen(counts, melds, visible)
    return _discard.options_one(counts, n_melds, mask_forms, unseen, locked, w)


def _discard_counts(counts: np.ndarray, n_melds: int) -> None:
    if int(counts.sum()) + 3 * n_melds != 14:
        raise InvalidHandError(
            f"a discard needs {14 - 3 * n_melds} concealed tiles with {n_melds} meld(s), "
            f"got {int(counts.sum())}")


def _ruled_discards(hand, melds, visible, plan: _Plan) -> List[DiscardOption]:
    """discard_analysis under a rule set's tile set or void suit: each distinct discard
    analysed as :func:`useful_tiles` reads the 13 - 3m tiles left."""
    counts, melds, locked, w = _core_args(hand, melds, plan.wildcard)
    _check_tile_set(counts, melds, plan)
    n_melds = len(melds)
    _discard_counts(counts, n_melds)
    bits = _checked_forms(plan.forms, n_melds)
    unseen = _unseen(counts, melds, visible).tolist()
    options = []
    for t in np.flatnonzero(counts).tolist():
        rest = counts.copy()
        rest[t] -= 1
        missing, mask = _ruled_missing(rest, n_melds, bits, locked, w, plan, True)
        useful = _mask_to_ids(mask)
        options.append(DiscardOption(t, missing - 1, tuple(useful),
                                     sum(unseen[u] for u in useful)))
    options.sort(key=lambda o: (o.shanten, -o.unseen, o.tile))
    return options


# discard_analysis(hand=None, melds=(), forms=None, visible=None, wildcard=None, *,
# tiles=None) is compiled: the common arguments (the hand as a tenhou string, ids or 34
# counts, no melds or wildcard, forms None, a name, a list or tuple of names) go from the
# Python arguments to the list of options in one C call; every other call takes
# _discard_analysis above.
_discard.set_full_path(_discard_analysis)
discard_analysis = _discard.discard_analysis
discard_analysis.__module__ = __name__
discard_analysis.__doc__ = """Every distinct discard of a 14 - 3m tile hand, best first.

    Best = lowest shanten after the discard, then most unseen copies of useful tiles,
    then lowest tile id. One compiled pass over the discards (the kernel of
    :func:`mahjong.batch.discard_table`); the unseen copies are counted in the hand
    before the discard.

    Parameters
    ----------
    hand, melds, forms, wildcard, rules, void_suit, indicator, tiles136
        As for :func:`shanten` (default: no rule set); the concealed part must have
        14 - 3m tiles (a wildcard may be discarded like any tile). ``tiles=`` is the old
        name of ``hand``, kept for one release with a DeprecationWarning.
    visible : tiles, optional
        Tiles seen elsewhere (discards, other players' melds); they lower the unseen counts.

    Returns
    -------
    list of DiscardOption
        Each with ``tile``, ``shanten``, ``useful`` (sorted tile ids) and ``unseen``; it
        unpacks, indexes and compares as the tuple of those four.

    Examples
    --------
    >>> best = discard_analysis("123456789m11p23s5z")[0]
    >>> best.tile, best.shanten, best.useful, best.unseen
    (31, 0, (18, 21), 8)
    >>> best = discard_analysis("123456789m11p234s", rules="sichuan")[0]  # 缺门: drop a suit
    >>> best.tile, best.shanten
    (9, 1)
    """


# --- decompositions -----------------------------------------------------------------------

_SET_KINDS = {_decompose.PY_SET_CHOW: "chow", _decompose.PY_SET_PUNG: "pung"}


@dataclass(frozen=True)
class Decomposition:
    """One way a complete hand's concealed tiles split (melds are not repeated here).

    ``form`` is one of :data:`FORMS`. ``pair`` is the pair's tile (None for honors-knitted),
    ``sets`` the concealed sets as ``(kind, lowest tile)`` with kind "chow" or "pung",
    ``pairs`` the seven pairs' tiles (a four of a kind appears twice), ``knitted`` the
    knitted tiles (the nine of the pattern for knitted straight; the suited tiles for
    honors-and-knitted) and ``pattern`` the knitted pattern index 0..5.

    With a wildcard, ``wildcards`` lists (sorted) the tile each held wildcard stands for in
    this reading, and ``natural`` is True when every wildcard stands for its own kind (a
    reading with no wildcard is natural; Huanggang's 硬胡 is a win with a natural reading).
    """

    form: str
    pair: Optional[int] = None
    sets: Tuple[Tuple[str, int], ...] = ()
    pairs: Tuple[int, ...] = ()
    knitted: Tuple[int, ...] = ()
    pattern: Optional[int] = None
    wildcards: Tuple[int, ...] = ()
    natural: bool = True

    def __str__(self) -> str:
        return self.format()

    def format(self, style: str = "tenhou") -> str:
        """``form: knitted tiles, sets, pairs`` with the tiles in one notation (``tenhou``,
        ``reference``, ``unicode`` or ``chinese``); thirteen orphans shows its thirteen
        kinds and then the paired one; with wildcards, what they stand for.

        >>> print(decompositions("11123455678999m")[0])
        regular: 111m 234m 678m 999m 55m
        >>> print(decompositions("19m19p19s12345677z")[0].format("chinese"))
        thirteen_orphans: 一万 九万 一筒 九筒 一条 九条 东 南 西 北 白 发 中 中
        """
        from .tiles import TERMINALS_AND_HONORS, format_tiles

        parts = []
        if self.knitted:
            parts.append("knitted " + format_tiles(self.knitted, style))
        if self.form == "thirteen_orphans":
            parts.append(format_tiles(sorted(TERMINALS_AND_HONORS), style))
            parts.append(format_tiles([self.pair], style))
        else:
            parts += [format_tiles(_unit_tiles(kind, t), style) for kind, t in self.sets]
            parts += [format_tiles([t, t], style) for t in self.pairs]
            if self.pair is not None:
                parts.append(format_tiles([self.pair, self.pair], style))
        text = f"{self.form}: " + " ".join(parts)
        if self.form == "honors_knitted":
            text += " + honours"
        if self.wildcards:
            text += " (wildcards as " + ", ".join(format_tiles([t], style)
                                                  for t in self.wildcards) + ")"
        return text

    def to_dict(self, style: str = "tenhou") -> Dict[str, object]:
        """The reading as plain data, tiles as names in one notation."""
        from .tiles import format_tiles

        def name(t):
            return None if t is None else format_tiles([t], style)

        return {"form": self.form, "pair": name(self.pair),
                "sets": [{"kind": kind, "tiles": format_tiles(_unit_tiles(kind, t), style)}
                         for kind, t in self.sets],
                "pairs": [name(t) for t in self.pairs],
                "knitted": format_tiles(self.knitted, style), "pattern": self.pattern,
                "wildcards": [name(t) for t in self.wildcards], "natural": self.natural}

    def to_json(self, style: str = "tenhou", **kwargs) -> str:
        """:meth:`to_dict` as a JSON string (``kwargs`` go to :func:`json.dumps`)."""
        import json

        return json.dumps(self.to_dict(style), ensure_ascii=False, **kwargs)


def decompositions(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                   wildcard: WildcardInput = None, tiles: Optional[TileInput] = None, *,
                   rules=None, void_suit=None, indicator=None, tiles136=None
                   ) -> List[Decomposition]:
    """Every decomposition of a complete hand over the five forms; ``[]`` if incomplete.

    The concealed tiles (14 - 3m of them) are split; melds stay as they are, and only
    limit the forms (special forms need a concealed hand, knitted straight allows one meld).

    With a wildcard every reading is listed: each way to let the held wildcards stand for
    tiles (fifth copies included) so that the hand splits, with each split of that hand
    (see :class:`Decomposition` for ``wildcards`` and ``natural``).

    Parameters
    ----------
    hand, melds, wildcard, rules, void_suit, indicator, tiles136
        As for :func:`shanten` (default: no rule set, every form). With ``rules=`` only
        the rule set's forms, and with a void suit (缺门) only readings that leave a suit
        out.

    Returns
    -------
    list of Decomposition
        Regular decompositions first (pair, then sets in canonical order: by tile, pungs
        before chows), then knitted straight, seven pairs, thirteen orphans and
        honors-and-knitted; with wildcards each form's readings are sorted by what the
        wildcards stand for, then by pair and sets.

    Examples
    --------
    >>> [d.sets for d in decompositions("111222333m44455p")]
    [(('chow', 0), ('chow', 0), ('chow', 0), ('pung', 12)), (('pung', 0), ('pung', 1), ('pung', 2), ('pung', 12))]
    >>> decompositions("11223344556677m")[-1].form
    'seven_pairs'
    >>> [(d.pair, d.wildcards, d.natural) for d in decompositions("123m456p789s1z5z",
    ...     melds=[("pung", "222s")], wildcard="5z")]
    [(27, (27,), False)]
    >>> [(d.sets, d.wildcards) for d in decompositions("1m3m456p789s11z5z",
    ...     melds=[("pung", "222s")], wildcard="5z")]
    [((('chow', 0), ('chow', 12), ('chow', 24)), (1,))]
    >>> [d.form for d in decompositions("1133557799m1133p", rules="sichuan")]
    ['seven_pairs']
    >>> decompositions("1133557799m1133p", rules="huanggang")
    []
    """
    hand, plan = _read_extras("decompositions", hand, None, wildcard, tiles, rules,
                              void_suit, indicator, tiles136)
    if plan is not None:
        return _ruled_decompositions(hand, melds, plan)
    w = wildcard_id(wildcard)
    counts, melds = _prepare(hand, melds)
    n_melds = len(melds)
    out: List[Decomposition] = []
    if int(counts.sum()) + 3 * n_melds != 14:
        return out
    if w >= 0 and counts[w]:
        return _wild_readings(counts, n_melds, w)
    for pair, sets in _decompose.decompose(counts):
        out.append(Decomposition("regular", pair,
                                 tuple((_SET_KINDS[k], t) for k, t in sets)))
    if n_melds <= 1:
        for pattern, pair, sets in _decompose.knitted_straight(counts):
            out.append(Decomposition("knitted_straight", pair,
                                     tuple((_SET_KINDS[k], t) for k, t in sets),
                                     knitted=_decompose.knitted_pattern(pattern),
                                     pattern=pattern))
    if n_melds == 0:
        pairs = _decompose.seven_pairs(counts)
        if pairs is not None:
            out.append(Decomposition("seven_pairs", pairs=tuple(pairs)))
        orphan_pair = _decompose.thirteen_orphans(counts)
        if orphan_pair is not None:
            out.append(Decomposition("thirteen_orphans", orphan_pair))
        pattern = _decompose.honors_knitted(counts)
        if pattern is not None:
            out.append(Decomposition(
                "honors_knitted", knitted=tuple(int(t) for t in np.flatnonzero(counts[:27])),
                pattern=pattern))
    return out


def _ruled_decompositions(hand, melds, plan: _Plan) -> List[Decomposition]:
    """decompositions under a plan: the rule set's forms, tile set and void suit."""
    counts, melds = _prepare(hand, melds)
    _check_tile_set(counts, melds, plan)
    w = wildcard_id(plan.wildcard)
    mask = ALL_FORMS if plan.forms is None else forms_mask(plan.forms)
    out = [d for d in decompositions(counts, melds, plan.wildcard)
           if mask & FORM_BITS[d.form]]
    if plan.voids is None:
        return out
    held = {t // 9 for t in np.flatnonzero(counts).tolist() if t < FIRST_HONOR and t != w}
    held |= {t // 9 for m in melds for t in m.tiles if t < FIRST_HONOR}
    return [d for d in out
            if any(s not in held | {t // 9 for t in d.wildcards if t < FIRST_HONOR}
                   for s in plan.voids)]


# --- readings of a complete hand with wildcards -------------------------------------------
#
# A reading is a multiset of units (sets and the pair, or the special form's target) whose
# tiles cover every real tile; the slots the real tiles do not fill are the wildcards, so
# "what the wildcards stand for" is the target minus the real tiles. The search takes the
# lowest real tile not yet covered and tries every unit holding it (its other slots use a
# real tile while one is left, else a wildcard); once every real tile is covered, the
# wildcards left must form whole units by themselves (any units). Every multiset of units
# is reached this way (the unit covering the lowest real tile is always among the tries),
# and equal multisets met twice are merged.

_ALL_SET_UNITS = tuple([("pung", t) for t in range(N_KINDS)]
                       + [("chow", t) for t in range(27) if t % 9 <= 6])
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _unit_tiles(kind: str, t: int) -> Tuple[int, ...]:
    return (t, t, t) if kind == "pung" else (t, t + 1, t + 2)


def _set_key(s: Tuple[str, int]) -> Tuple[int, int]:
    return s[1], 0 if s[0] == "pung" else 1


def _regular_readings(real: List[int], k: int, n_sets: int):
    """Set of (pair, sets) with sum of units >= real and exactly k slots left to wildcards."""
    found = set()

    def rec(rest, k_left, sets_left, pair, sets):
        t = next((i for i in range(N_KINDS) if rest[i]), None)
        if t is None:
            need = 3 * sets_left + (0 if pair is not None else 2)
            if need != k_left:
                return
            for p in ([pair] if pair is not None else range(N_KINDS)):
                for extra in itertools.combinations_with_replacement(_ALL_SET_UNITS, sets_left):
                    found.add((p, tuple(sorted(sets + list(extra), key=_set_key))))
            return
        units = []
        if pair is None:
            units.append(("pair", t))
        if sets_left:
            units.append(("pung", t))
            if t < FIRST_HONOR:
                for start in (t - 2, t - 1, t):
                    if start >= 0 and start // 9 == t // 9 and start % 9 <= 6:
                        units.append(("chow", start))
        for kind, u in units:
            tiles = (u, u) if kind == "pair" else _unit_tiles(kind, u)
            taken = []
            wild = 0
            for x in tiles:
                if rest[x]:
                    rest[x] -= 1
                    taken.append(x)
                else:
                    wild += 1
            if wild <= k_left:
                if kind == "pair":
                    rec(rest, k_left - wild, sets_left, u, sets)
                else:
                    rec(rest, k_left - wild, sets_left - 1, pair, sets + [(kind, u)])
            for x in taken:
                rest[x] += 1

    rec(list(real), k, n_sets, None, [])
    return found


def _stands_for(target: np.ndarray, real: np.ndarray) -> Tuple[int, ...]:
    extra = target - real
    return tuple(int(t) for t in np.repeat(np.arange(N_KINDS), np.maximum(extra, 0)))


def _units_target(pair: Optional[int], sets, extra_tiles=()) -> np.ndarray:
    target = np.zeros(N_KINDS, np.int64)
    if pair is not None:
        target[pair] += 2
    for kind, t in sets:
        for x in _unit_tiles(kind, t):
            target[x] += 1
    for x in extra_tiles:
        target[x] += 1
    return target


def _wild_readings(counts: np.ndarray, n_melds: int, w: int) -> List[Decomposition]:
    real = counts.astype(np.int64)
    k = int(real[w])
    real[w] = 0
    real_list = [int(c) for c in real]

    def make(form, target, **fields):
        stands = _stands_for(target, real)
        return Decomposition(form, wildcards=stands, natural=all(t == w for t in stands),
                             **fields)

    out: List[Decomposition] = []
    regular = []
    for pair, sets in _regular_readings(real_list, k, 4 - n_melds):
        regular.append(make("regular", _units_target(pair, sets), pair=pair, sets=sets))
    out += sorted(regular, key=lambda d: (d.wildcards, d.pair, d.sets))
    if n_melds <= 1:
        knitted = []
        for pattern in range(6):
            nine = _decompose.knitted_pattern(pattern)
            rest = list(real_list)
            k_rest = k
            for t in nine:
                if rest[t]:
                    rest[t] -= 1
                else:
                    k_rest -= 1
            if k_rest < 0:
                continue
            for pair, sets in _regular_readings(rest, k_rest, 1 - n_melds):
                knitted.append(make("knitted_straight", _units_target(pair, sets, nine),
                                    pair=pair, sets=sets, knitted=tuple(nine),
                                    pattern=pattern))
        out += sorted(knitted, key=lambda d: (d.wildcards, d.pattern, d.pair, d.sets))
    if n_melds == 0:
        out += _wild_seven_pairs(real, k, make)
        for extra in _ORPHANS:
            target = np.zeros(N_KINDS, np.int64)
            target[list(_ORPHANS)] = 1
            target[extra] += 1
            if (real <= target).all() and int((target - real).sum()) == k:
                out.append(make("thirteen_orphans", target, pair=extra))
        out += _wild_honors_knitted(real, k, make)
    return out


def _wild_seven_pairs(real: np.ndarray, k: int, make) -> List[Decomposition]:
    base = [int(t) for t in range(N_KINDS) for _ in range((int(real[t]) + 1) // 2)]
    odd = sum(int(c) % 2 for c in real)
    free_pairs = 7 - len(base)
    if free_pairs < 0 or k - odd != 2 * free_pairs:
        return []
    readings = []
    for extra in itertools.combinations_with_replacement(range(N_KINDS), free_pairs):
        pairs = tuple(sorted(base + list(extra)))
        target = np.zeros(N_KINDS, np.int64)
        for t in pairs:
            target[t] += 2
        readings.append(make("seven_pairs", target, pairs=pairs))
    return sorted(readings, key=lambda d: (d.wildcards, d.pairs))


def _wild_honors_knitted(real: np.ndarray, k: int, make) -> List[Decomposition]:
    if real.max() > 1:
        return []
    readings = []
    for pattern in range(6):
        pool = list(_decompose.knitted_pattern(pattern)) + list(range(27, 34))
        if any(real[t] and t not in pool for t in range(N_KINDS)):
            continue
        unheld = [t for t in pool if not real[t]]
        for left_out in itertools.combinations(unheld, 2):
            target = np.zeros(N_KINDS, np.int64)
            target[[t for t in pool if t not in left_out]] = 1
            if int((target - real).sum()) != k:
                continue
            readings.append(make("honors_knitted", target,
                                 knitted=tuple(int(t) for t in np.flatnonzero(target[:27])),
                                 pattern=pattern))
    return sorted(readings, key=lambda d: (d.wildcards, d.pattern))


def __dir__():
    # the public API only (tab completion): no helper imports such as numpy or typing
    return sorted(set(__all__) | {n for n in globals() if n.startswith("__") and n.endswith("__")})
