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
(a single name string is accepted too). The concealed tiles, ``hand``, can be a string in
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
from typing import Dict, Iterable, List, Optional, Tuple, Union

import numpy as np

from mahjong_core import _decompose, _discard, _shanten

from ._compat import renamed_argument
from .errors import InvalidHandError, MahjongError, TileParseError
from .hand import Meld, MeldInput, check_copies, parse_melds
from .tiles import N_KINDS, TENHOU_NAMES, TileInput, parse_tile, tile_counts

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")
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
        counts = np.ascontiguousarray(tile_counts(tiles), dtype=np.uint8)
    melds = parse_melds(melds)
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


_mask_to_ids = _shanten.mask_to_ids
# The compiled entry points of shanten and useful_tiles for the common arguments (a tenhou
# string, tile ids or counts; no melds or wildcard; forms None, a name, a list or tuple of
# names): one C call, None for anything else.
_shanten_call = _shanten.shanten_call
_useful_call = _shanten.useful_call


# --- shanten ----------------------------------------------------------------------------

def shanten(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
            forms: FormsInput = None, wildcard: WildcardInput = None,
            tiles: Optional[TileInput] = None) -> int:
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
    """
    if tiles is not None:  # the old keyword (one compare: the common call pays nothing)
        hand = renamed_argument("shanten", "tiles", "hand", hand, tiles)
    fast = _shanten_call(hand, melds, forms, wildcard)  # the common arguments, in C
    if fast is not None:
        return fast
    if wildcard is None:
        counts, melds = _prepare(hand, melds)
        if not melds:
            return _shanten.missing_one(counts, 0, _checked_forms(forms, 0)) - 1
        locked, w = locked_copies(melds), -1
    else:
        if type(melds) in (tuple, list) and not melds and type(hand) in (str, list, tuple):
            fast = _shanten.fast_text_wild(hand, forms_mask(forms), wildcard_id(wildcard),
                                           False)
            if fast is not None:
                return fast[0] - 1
        counts, melds, locked, w = _core_args(hand, melds, wildcard)
    return _shanten.analyze_one(counts, len(melds), _checked_forms(forms, len(melds)), locked,
                                w, False)[0] - 1


def shanten_by_form(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                    wildcard: WildcardInput = None, tiles: Optional[TileInput] = None
                    ) -> Dict[str, Optional[int]]:
    """Shanten of each of the five forms.

    Parameters
    ----------
    hand, melds, wildcard
        As for :func:`shanten`.

    Returns
    -------
    dict
        Form name -> shanten, ``None`` where the form does not apply to a hand with these
        melds (special forms need a concealed hand; knitted straight allows one meld).

    Examples
    --------
    >>> shanten_by_form("19m19p19s1234567z")["thirteen_orphans"]
    0
    >>> shanten_by_form("123m456p789s11z", melds=[("pung", "222p")])["seven_pairs"] is None
    True
    """
    if tiles is not None:
        hand = renamed_argument("shanten_by_form", "tiles", "hand", hand, tiles)
    counts, melds, locked, w = _core_args(hand, melds, wildcard)
    if locked is None and w < 0:
        values = _shanten.missing_by_form(counts, len(melds))
    else:
        values = _shanten.missing_by_form_ex(counts, len(melds), locked, w)
    return {name: (None if v == _NOT_APPLICABLE else v - 1) for name, v in zip(FORMS, values)}


def is_complete(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                forms: FormsInput = None, wildcard: WildcardInput = None,
                tiles: Optional[TileInput] = None) -> bool:
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
    """
    if tiles is not None:
        hand = renamed_argument("is_complete", "tiles", "hand", hand, tiles)
    return shanten(hand, melds, forms, wildcard) == -1


# --- useful tiles, waits, discards --------------------------------------------------------

def useful_tiles(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                 forms: FormsInput = None, wildcard: WildcardInput = None,
                 tiles: Optional[TileInput] = None) -> List[int]:
    """Sorted ids of the tile kinds whose draw lowers the shanten (进张).

    For 13 - 3m tiles these are the draws that bring the hand closer; for 14 - 3m tiles,
    the draws that would lower the shanten after the best discard. A kind counts however
    many copies remain elsewhere (see :func:`unseen_counts`), but a kind whose four copies
    are in the hand and the melds is never useful. With a wildcard, a drawn copy of the
    wildcard kind is a wildcard: it is useful whenever the hand is not complete and a copy
    is left.

    Parameters
    ----------
    hand, melds, forms, wildcard
        As for :func:`shanten`.

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
    """
    if tiles is not None:  # the old keyword (one compare: the common call pays nothing)
        hand = renamed_argument("useful_tiles", "tiles", "hand", hand, tiles)
    fast = _useful_call(hand, melds, forms, wildcard)  # the common arguments, in C
    if fast is not None:
        return fast
    if (wildcard is not None and type(melds) in (tuple, list) and not melds
            and type(hand) in (str, list, tuple)):
        fast = _shanten.fast_text_wild(hand, forms_mask(forms), wildcard_id(wildcard), True)
        if fast is not None:
            return _mask_to_ids(fast[1])
    return _mask_to_ids(_useful_mask(hand, melds, forms, wildcard)[1])


def _compiled(public, full):
    """``public`` (a compiled function) documented as ``full``, its full path."""
    public.__doc__ = full.__doc__
    public.__module__ = __name__
    return public


# The public shanten and useful_tiles are compiled (mahjong_core._shanten): the common
# arguments go from the caller to the kernel in one C call, with no Python frame between;
# every other call comes to the two Python functions above, their full path.
_shanten.set_full_paths(shanten, useful_tiles)
shanten = _compiled(_shanten.shanten, shanten)
useful_tiles = _compiled(_shanten.useful_tiles, useful_tiles)


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
          tiles: Optional[TileInput] = None) -> List[int]:
    """Tiles that complete a ready hand of 13 - 3m tiles; ``[]`` if it is not ready.

    Parameters
    ----------
    hand, melds, forms, wildcard
        As for :func:`shanten`; the concealed part must have 13 - 3m tiles.

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
    """
    if tiles is not None:
        hand = renamed_argument("waits", "tiles", "hand", hand, tiles)
    missing, mask, counts, melds = _useful_mask(hand, melds, forms, wildcard)
    if int(counts.sum()) + 3 * len(melds) != 13:
        raise InvalidHandError(
            f"waits need {13 - 3 * len(melds)} concealed tiles with {len(melds)} meld(s), "
            f"got {int(counts.sum())}")
    return _mask_to_ids(mask) if missing == 1 else []


def unseen_counts(hand: Optional[TileInput] = None, melds: Iterable[MeldInput] = (),
                  visible: Optional[TileInput] = None, wildcard: WildcardInput = None, *,
                  tiles: Optional[TileInput] = None) -> np.ndarray:
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


def _discard_analysis(hand, melds, forms, visible, wildcard, tiles) -> List[DiscardOption]:
    """discard_analysis's full path: every argument form, and every error worded."""
    if tiles is not None:
        hand = _renamed_hand("discard_analysis", hand, tiles)
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
    hand, melds, forms, wildcard
        As for :func:`shanten`; the concealed part must have 14 - 3m tiles (a wildcard may
        be discarded like any tile). ``tiles=`` is the old name of ``hand``, kept for one
        release with a DeprecationWarning.
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
                   wildcard: WildcardInput = None, tiles: Optional[TileInput] = None
                   ) -> List[Decomposition]:
    """Every decomposition of a complete hand over the five forms; ``[]`` if incomplete.

    The concealed tiles (14 - 3m of them) are split; melds stay as they are, and only
    limit the forms (special forms need a concealed hand, knitted straight allows one meld).

    With a wildcard every reading is listed: each way to let the held wildcards stand for
    tiles (fifth copies included) so that the hand splits, with each split of that hand
    (see :class:`Decomposition` for ``wildcards`` and ``natural``).

    Parameters
    ----------
    hand, melds, wildcard
        As for :func:`shanten`.

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
    """
    if tiles is not None:
        hand = renamed_argument("decompositions", "tiles", "hand", hand, tiles)
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
            if t < 27:
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
