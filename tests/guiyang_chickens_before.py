# The path the faster settlement replaced: mahjong/guiyang/chickens.py as it was
# before (tests only; the differential test tests/test_guiyang_settle_fast.py holds
# the two equal).
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

from mahjong.guiyang.items import ITEMS
from mahjong.guiyang.options import Rules

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
    key = (flip, tuple(play_flips)) if play_flips else flip
    cache = rules.__dict__.get("_chicken_tables_before")   # one table per turned-up tile, kept on
    if cache is None:                               # the (immutable) Rules object
        cache = {}
        object.__setattr__(rules, "_chicken_tables_before", cache)
    table = cache.get(key)
    if table is None:
        table = cache[key] = _chicken_tiles(rules, flip, tuple(play_flips))
    return table


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
    full: Dict[str, List[int]] = {}
    visible: Dict[str, List[int]] = {}
    concealed, melds = s.concealed, s.melds
    discards = s.discards if rules.mantang else ()
    for t, kinds in table.items():      # a handful of chicken tiles: count each one
        shown = 0
        for m in melds:
            if m.tiles[0] == t:
                shown += len(m.tiles)
        if discards:
            shown += discards.count(t)
        n = concealed.count(t) + shown
        if n:
            _add(full, kinds, n)
            if shown:
                _add(visible, kinds, shown)
    for key, money in chongfeng:
        _add(full, ((key, money),), 1)
        _add(visible, ((key, money),), 1)
    if rules.zhanji:
        # 站鸡: fixed chickens standing in the concealed hand (concealed kongs included)
        for t in (YAOJI, WUGU):
            n = concealed.count(t) + sum(4 for m in melds
                                         if m.kind == "concealed_kong" and m.tiles[0] == t)
            money = _fixed_money(table, t)
            if n and money:
                row = full.setdefault("zhanji", [0, 0])
                row[0] += n
                row[1] += money * n
    return full, visible


_LABELS: Dict[Tuple[str, int], str] = {}    # (kind, count) -> payment label, e.g. 幺鸡×3


def _label(key: str, count: int) -> str:
    label = _LABELS.get((key, count))
    if label is None:
        label = _name(key) + (f"×{count}" if count > 1 else "")
        if count <= 16:                 # bounded: a kind times the counts a hand can hold
            _LABELS[(key, count)] = label
    return label


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
    table = chicken_tiles(rules, flip, play_flips)
    if not table:
        return []
    gold = rules.gold_multiplier if flip == NINE_S else 1
    extra: Dict[int, List[Tuple[str, int]]] = {}
    zeren: Optional[Tuple[int, int]] = None
    if first_1s is not None:
        discarder, claimer = first_1s
        if claimer is None:
            extra.setdefault(discarder, []).append(
                ("chongfengji", rules.chicken_value("chongfengji") * gold))
        else:
            zeren = (discarder, claimer)
    if first_8p is not None and rules.wugu_8p and first_8p[1] is None:
        extra.setdefault(first_8p[0], []).append(
            ("chongfengwuguji", rules.chongfeng_value * rules.chicken_value("wuguji")))
    rows: List[Tuple[int, int, int, str]] = []
    if qualifies is None:
        status = {x.seat: x.qualifies for x in seats}
        qualifies = status.__getitem__
    everyone = [x.seat for x in seats]
    qualifying: Optional[List[int]] = None
    for s in seats:
        me = s.seat
        full, totals = seat_chickens(rules, table, s, extra.get(me, ()))
        if not full:                    # no chicken at all: his status does not matter
            continue
        if qualifies(me):               # collects each kind from each of the other three
            for key, (count, money) in full.items():
                reason = _label(key, count)
                for payer in everyone:
                    if payer != me:
                        rows.append((payer, me, money, reason))
            continue
        if totals:                      # 包鸡: his visible chickens to each qualifying player
            if qualifying is None:
                qualifying = [x for x in everyone if qualifies(x)]
            money = sum([m for _, m in totals.values()])
            what = ", ".join([_label(k, c) for k, (c, _) in totals.items()])
            reason = f"包鸡 (not ready; visible: {what})"
            rows += [(me, payee, money, reason) for payee in qualifying]
    if zeren is not None:
        discarder, claimer = zeren
        if claimer != discarder and qualifies(claimer):
            rows.append((discarder, claimer, rules.chicken_value("zerenji") * gold,
                         "责任鸡 (the first 1s, claimed)"))
    return rows
