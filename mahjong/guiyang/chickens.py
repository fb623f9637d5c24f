# cython: annotation_typing=False
# (compiled by Cython for speed, see setup.py; the annotations stay documentation only)
"""鸡 — chicken money of Guiyang 捉鸡, as functions of plain data.

Chickens are settled once per hand, only when the hand ends with a win:

* every chicken tile a player holds (concealed tiles and melds) is worth its value;
* 幺鸡 (1s) is always a chicken, 1U; the 翻牌鸡 is the tile after the tile turned up after
  the win (same suit, rank + 1, 9 -> 1), 1U; a turned-up 9s makes 幺鸡 the 翻牌鸡 and every
  幺鸡 a 金鸡 worth ``gold_multiplier`` U instead;
* 冲锋鸡: the first 1s discarded, when nobody claims it, belongs to its discarder and is
  worth ``chongfeng_value`` U (times the 金鸡 multiplier);
* 责任鸡: when that first 1s is claimed by a pung or kong, its discarder pays the claimer
  ``zeren_extra`` U (times the 金鸡 multiplier), if the claimer won or is ready;
* a player who won or is ready collects his chickens from each of the other three;
* a player who is not ready collects nothing and pays each player who won or is ready the
  value of his visible chickens (melds and 冲锋鸡; with 满堂鸡 his discards too): 包鸡.

The optional chickens (乌骨鸡, 摇摆鸡, 本鸡, 星期鸡, 吹风鸡, 前后鸡, 滚筒鸡, 站鸡,
满堂鸡) follow their options in :class:`~mahjong.guiyang.Rules`.

>>> from mahjong.guiyang import Rules
>>> table = chicken_tiles(Rules(), flip=26)          # 9s turned up: 金鸡
>>> table[18]
(('jinji', 20),)
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .items import ITEMS
from .options import Rules

__all__ = ["ChickenSeat", "chicken_tiles", "chicken_payments", "next_rank", "YAOJI", "WUGU",
           "CHUIFENG"]

YAOJI = 18      # 1s
NINE_S = 26     # 9s: turned up, 幺鸡 becomes 金鸡
WUGU = 16       # 8p
CHUIFENG = 13   # 5p: turned up, 吹风鸡 cancels every chicken

ChickenTable = Mapping[int, Tuple[Tuple[str, int], ...]]


class ChickenSeat(NamedTuple):
    """What the chicken settlement needs to know of one seat."""

    seat: int
    qualifies: bool                      # won, or ready at the end
    concealed: Sequence[int]             # concealed tiles (a winner's include the win)
    melds: Sequence                      # Meld objects (kind, tiles)
    discards: Sequence[int] = ()         # his discards still in front of him (满堂鸡)


def next_rank(tile: int) -> int:
    """The tile after ``tile`` in its suit, 9 -> 1."""
    return tile - tile % 9 + (tile % 9 + 1) % 9


def previous_rank(tile: int) -> int:
    """The tile before ``tile`` in its suit, 1 -> 9."""
    return tile - tile % 9 + (tile % 9 - 1) % 9


def _name(key: str) -> str:
    return ITEMS[key].name


def chicken_tiles(rules: Rules, flip: Optional[int], play_flips: Sequence[int] = ()
                  ) -> ChickenTable:
    """tile -> the chicken kinds it is, as ``((key, money), ...)``.

    ``flip``: the tile turned up after the win (None: the wall was empty);
    ``play_flips``: tiles turned up during play, in order (前后鸡 / 滚筒鸡 only).
    """
    return _tables(rules, flip, play_flips)[0]


def _tables(rules: Rules, flip, play_flips):
    """``(table, its items as a tuple of (tile, kinds), the money of 冲锋鸡, 冲锋乌骨鸡 and
    责任鸡)``, built once per options and turned-up tiles (the tuple is what the payments
    loop over)."""
    key = (flip, tuple(play_flips)) if play_flips else flip
    if _LAST_CACHE and _LAST_CACHE[0] is rules:
        cache = _LAST_CACHE[1]      # (records in a row share their options)
    else:
        cache = rules.__dict__.get("_chicken_tables")   # one table per turned-up tile,
        if cache is None:                               # kept on the (immutable) Rules
            cache = {}
            object.__setattr__(rules, "_chicken_tables", cache)
        _LAST_CACHE[:] = [rules, cache]
    tables = cache.get(key)
    if tables is None:
        table = _chicken_tiles(rules, flip, tuple(play_flips))
        gold = rules.gold_multiplier if flip == NINE_S else 1
        tables = cache[key] = (table, tuple(table.items()),
                               rules.chicken_value("chongfengji") * gold,
                               rules.chongfeng_value * rules.chicken_value("wuguji"),
                               rules.chicken_value("zerenji") * gold)
    return tables


_LAST_CACHE: list = []      # [rules, its table cache] of the last call


def _chicken_tiles(rules: Rules, flip: Optional[int], play_flips: Tuple[int, ...]
                   ) -> ChickenTable:
    # one table per (options, turned-up tiles): immutable, shared by the records using it
    if rules.chuifeng and flip == CHUIFENG:
        return MappingProxyType({})
    u = rules.unit
    table: Dict[int, List[Tuple[str, int]]] = {}

    def add(tile: int, key: str, money: int) -> None:
        table.setdefault(tile, []).append((key, money))

    gold = flip == NINE_S
    add(YAOJI, "jinji" if gold else "yaoji", rules.chicken_value("jinji") if gold else u)
    if flip is not None:
        after = next_rank(flip)
        if after != YAOJI:            # a 9s turned up makes 幺鸡 gold instead
            add(after, "fanpaiji", u)
        if rules.yaobai:
            add(previous_rank(flip), "yaobaiji", u)
        if rules.benji:
            add(flip, "benji", u)
    if rules.xingqi:
        for suit in range(3):
            add(9 * suit + rules.xingqi - 1, "xingqiji", u)
    if rules.wugu_8p:
        add(WUGU, "wuguji", rules.chicken_value("wuguji"))
    if play_flips and rules.gundong:
        for t in sorted({next_rank(f) for f in play_flips}):
            add(t, "gundongji", u)
    elif play_flips and rules.qianhou:
        add(next_rank(play_flips[-1]), "qianhouji", u)
    return MappingProxyType({t: tuple(kinds) for t, kinds in table.items()})


def _fixed_money(table: ChickenTable, tile: int) -> int:
    """The money of the fixed chicken kinds of ``tile`` (幺鸡 / 金鸡 / 乌骨鸡; 站鸡)."""
    return sum(m for k, m in table.get(tile, ()) if k in ("yaoji", "jinji", "wuguji"))


def _add(totals: Dict[str, List[int]], kinds: Tuple[Tuple[str, int], ...], n: int) -> None:
    for key, money in kinds:
        row = totals.get(key)
        if row is None:
            totals[key] = [n, money * n]
        else:
            row[0] += n
            row[1] += money * n


def seat_chickens(rules: Rules, table: ChickenTable, s: ChickenSeat,
                  chongfeng: Sequence[Tuple[str, int]] = ()
                  ) -> Tuple[Dict[str, List[int]], Dict[str, List[int]]]:
    """``({kind: [count, money]}, {kind: [count, money]})``: all of one seat's chickens,
    and the visible ones only (melds, discards with 满堂鸡, and 冲锋鸡: what 包鸡 pays for),
    counted in one pass over the chicken tiles."""
    full, visible = _seat_chickens(rules.mantang, rules.zhanji, tuple(table.items()), s[2],
                                   s[3], s[4], chongfeng)
    return ({} if full is None else full), ({} if visible is None else visible)


def _seat_chickens(mantang: bool, zhanji: bool, items: tuple, concealed, melds, discards,
                   chongfeng):
    """:func:`seat_chickens` of one seat's tiles; ``items``: the chicken table's items.
    A dict is None while it is empty (most seats hold one chicken kind or none)."""
    full: Optional[Dict[str, List[int]]] = None
    visible: Optional[Dict[str, List[int]]] = None
    if not mantang:
        discards = ()
    for t, kinds in items:              # a handful of chicken tiles: count each one
        shown = 0
        for m in melds:
            tiles = m.tiles
            mt = tiles[0]
            if mt == t:
                shown += len(tiles)
        for x in discards:
            if x == t:
                shown += 1
        n = shown
        for x in concealed:             # (a loop on C ints when compiled)
            if x == t:
                n += 1
        if n:
            if full is None:
                full = {}
            _add(full, kinds, n)
            if shown:
                if visible is None:
                    visible = {}
                _add(visible, kinds, shown)
    for key, money in chongfeng:
        if full is None:
            full = {}
        if visible is None:
            visible = {}
        _add(full, ((key, money),), 1)
        _add(visible, ((key, money),), 1)
    if zhanji:
        # 站鸡: fixed chickens standing in the concealed hand (concealed kongs included)
        table = dict(items)
        for t in (YAOJI, WUGU):
            n = 0
            for m in melds:
                if m.kind == "concealed_kong" and m.tiles[0] == t:
                    n += 4
            for x in concealed:
                if x == t:
                    n += 1
            money = _fixed_money(table, t)
            if n and money:
                if full is None:
                    full = {}
                row = full.setdefault("zhanji", [0, 0])
                row[0] += n
                row[1] += money * n
    return full, visible


_LABELS: Dict[str, List[str]] = {}    # kind -> its payment labels by count, e.g. 幺鸡×3


def _label(key: str, count: int) -> str:
    labels = _LABELS.get(key)
    if labels is None:
        # bounded: every kind, times the counts a hand can hold (more are built each time)
        name = _name(key)
        labels = _LABELS[key] = [name] + [name] + [f"{name}×{k}" for k in range(2, 17)]
    if 0 <= count <= 16:
        return labels[count]
    return _name(key) + (f"×{count}" if count > 1 else "")


def chicken_payments(rules: Rules, seats: Sequence[ChickenSeat], flip: Optional[int], *,
                     play_flips: Sequence[int] = (),
                     first_1s: Optional[Tuple[int, Optional[int]]] = None,
                     first_8p: Optional[Tuple[int, Optional[int]]] = None,
                     qualifies: Optional[Callable[[int], bool]] = None
                     ) -> List[Tuple[int, int, int, str]]:
    """The chicken payments of a hand that ended with a win, as ``(from, to, amount,
    reason)`` rows.

    ``first_1s``: ``(discarder, claimer)`` of the first 1s discarded (claimer None: nobody
    claimed it, so it is the discarder's 冲锋鸡; a claimer by pung or kong makes it a
    责任鸡); None when no 1s was discarded. ``first_8p``: the same for 8p (乌骨鸡 option).
    ``qualifies``: a function seat -> won or ready, used instead of ``ChickenSeat.qualifies``
    and asked only for the seats whose status changes a payment.

    >>> from mahjong.hand import parse_melds
    >>> seats = [ChickenSeat(0, True, (18, 18, 18), ()), ChickenSeat(1, False, (), ()),
    ...          ChickenSeat(2, False, (), ()), ChickenSeat(3, False, (), ())]
    >>> chicken_payments(Rules(), seats, flip=2)
    [(1, 0, 30, '幺鸡×3'), (2, 0, 30, '幺鸡×3'), (3, 0, 30, '幺鸡×3')]
    """
    if qualifies is None:
        status = {x.seat: x.qualifies for x in seats}
        qualifies = status.__getitem__
    seats = [tuple(x) for x in seats]  # (the fields of each ChickenSeat)
    return [row[:4] for row in _chicken_rows(rules, seats, flip, play_flips, first_1s,
                                             first_8p, qualifies, None)]


def _qualifies(qualifies, seat: int) -> bool:
    if type(qualifies) is set:
        return seat in qualifies
    return bool(qualifies(seat))


def _chicken_rows(rules: Rules, seats: list, flip, play_flips, first_1s, first_8p, qualifies,
                  at) -> list:
    """:func:`chicken_payments` as ``(from, to, amount, reason, at)`` rows (the settlement
    books them as they are); ``qualifies`` is required: a function seat -> won or ready,
    or the set of the seats that won or are ready."""
    tables = _tables(rules, flip, play_flips)
    items = tables[1]
    if not items:
        return []
    extra: Dict[int, List[Tuple[str, int]]] = {}
    zeren: Optional[Tuple[int, int]] = None
    if first_1s is not None:
        discarder, claimer = first_1s
        if claimer is None:
            extra.setdefault(discarder, []).append(("chongfengji", tables[2]))
        else:
            zeren = (discarder, claimer)
    if first_8p is not None and first_8p[1] is None and rules.wugu_8p:
        extra.setdefault(first_8p[0], []).append(("chongfengwuguji", tables[3]))
    rows: List[Tuple[int, int, int, str, Optional[int]]] = []
    mantang, zhanji = rules.mantang, rules.zhanji
    everyone = [x[0] for x in seats]
    qualifying: Optional[List[int]] = None
    for s in seats:
        me = s[0]
        full, totals = _seat_chickens(mantang, zhanji, items, s[2], s[3], s[4],
                                      extra.get(me, ()))
        if not full:                    # no chicken at all: his status does not matter
            continue
        if _qualifies(qualifies, me):   # collects each kind from each of the other three
            for key, row in full.items():
                count, money = row
                reason = _label(key, count)
                for payer in everyone:
                    if payer != me:
                        rows.append((payer, me, money, reason, at))
            continue
        if totals:                      # 包鸡: his visible chickens to each qualifying player
            if qualifying is None:
                qualifying = [x for x in everyone if _qualifies(qualifies, x)]
            money = 0
            what = []
            for key, row in totals.items():
                money += row[1]
                what.append(_label(key, row[0]))
            reason = f"包鸡 (not ready; visible: {', '.join(what)})"
            for payee in qualifying:
                rows.append((me, payee, money, reason, at))
    if zeren is not None:
        discarder, claimer = zeren
        if claimer != discarder and _qualifies(qualifies, claimer):
            rows.append((discarder, claimer, tables[4], "责任鸡 (the first 1s, claimed)", at))
    return rows
