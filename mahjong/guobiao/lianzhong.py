"""The 联众 (Ourgame) rule set: Guobiao plus eleven extra fans of the 联众 game site.

``score(..., rules="lianzhong")`` scores every candidate decomposition of the hand with the
standard fans (the kernel's ``score_candidates``), adds the extras below to each candidate,
and keeps the candidate with the highest total (就高不就低).

=====  ========  ==========================================================================
fans   name      when
=====  ========  ==========================================================================
168    四方大发  pungs/kongs of all four winds and a pair of 发 (green dragon)
168    天和      ``heavenly=True``: the dealer's initial 14 tiles win
158    地和      ``earthly=True``: a non-dealer wins by self-draw on his first draw
108    人和      ``first_round=True``: a win in the first go-around
32     天听      ``heavenly_ready=True``: ready from the deal, declared, then won
6      混四节    four pungs, ranks +1 each, in two or three suits
4      混四步    four chows, starting ranks +1 each, in two or three suits
4      混三节    three pungs, ranks +1 each, in exactly two suits
2      混三步    three chows, starting ranks +1 each, in exactly two suits
1      258将     the pair is a 2, 5 or 8 of a suit
1      幺九头    the pair is a 1 or 9 of a suit
=====  ========  ==========================================================================

混杠 (88, a kong of four jokers) needs jokers, which Guobiao has not: it is not offered.

Combination choices (the 联众 rules give almost no 不计; these are this package's choices, the defaults
here):

* 四方大发 replaces 大四喜 and 字一色 (and what 大四喜 already excludes: 碰碰和, 三风刻,
  圈风刻, 门风刻, 幺九刻). ``LianzhongOptions(sifang_dafa_stacks_ziyise=True)`` keeps
  字一色 beside it.
* 天和/地和/人和 are mutually exclusive and exclude 自摸, 不求人, 门前清 and the wait fans
  (边张, 嵌张, 单钓将). 天听 cannot go with 天和 or 地和 (both are won before the first own
  discard, so nothing was declared).
* 混四节 excludes 一色三节高, 三色三节高 and 混三节; 碰碰和 still counts. 混四步 excludes
  一色三步高, 三色三步高 and 混三步. Since a fan is never claimed to lower a hand
  (就高不就低), 混四节/混四步 are counted only when they are worth more than the standard
  shifted fans they replace (so four pungs 1m 2m 3m 4p keep 一色三节高 24 instead of
  混四节 6). 混三节 (混三步) is counted at most once, and not when the
  decomposition already scores a shifted-pung (shifted-chow) fan: a set is not reused for a
  second fan of the same kind (不拆移).
* 258将 and 幺九头 need a pair (a regular or knitted-straight decomposition; seven pairs,
  thirteen orphans and honors-and-knitted hands have no 将).
* 无番和 means "no other fan": when an extra fan applies to a hand the standard table
  scored as 无番和, 无番和 is dropped (so a chicken hand with a 258 pair has 1 fan and is
  below the 8 minimum).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from mahjong_core._types import FIRST_HONOR, EAST, GREEN, NORTH, SOUTH, WEST

from .fans import FAN_BY_NAME

# Extra fan rows: (key, Chinese name, English name, points). The keys double as the
# keyword flags of the context-only fans.
EXTRA_FANS: Tuple[Tuple[str, str, str, int], ...] = (
    ("sifang_dafa", "四方大发", "Four Winds and Green Pair", 168),
    ("heavenly", "天和", "Heavenly Hand", 168),
    ("earthly", "地和", "Earthly Hand", 158),
    ("first_round", "人和", "Humanly Hand", 108),
    ("heavenly_ready", "天听", "Heavenly Ready Hand", 32),
    ("mixed_four_shifted_pungs", "混四节", "Mixed Four Shifted Pungs", 6),
    ("mixed_four_shifted_chows", "混四步", "Mixed Four Shifted Chows", 4),
    ("two_suited_shifted_pungs", "混三节", "Two-Suited Shifted Pungs", 4),
    ("two_suited_shifted_chows", "混三步", "Two-Suited Shifted Chows", 2),
    ("pair_258", "258将", "2-5-8 Pair", 1),
    ("terminal_pair", "幺九头", "Terminal Pair", 1),
)
EXTRA_BY_NAME = {row[1]: row for row in EXTRA_FANS}
EXTRA_POINTS = {row[1]: row[3] for row in EXTRA_FANS}

CONTEXT_FLAGS = ("heavenly", "earthly", "first_round", "heavenly_ready")
_BLESSING_NAMES = {"heavenly": "天和", "earthly": "地和", "first_round": "人和"}
# Fans a blessing (天和/地和/人和) replaces: the win circumstance and the wait are moot.
_BLESSING_EXCLUDES = ("自摸", "不求人", "门前清", "独听・边张", "独听・嵌张", "独听・单钓")

WINDS = (EAST, SOUTH, WEST, NORTH)


@dataclass(frozen=True)
class LianzhongOptions:
    """Rule options of the 联众 set. Defaults are the recommended ones."""

    sifang_dafa_stacks_ziyise: bool = False
    """Count 字一色 (64) beside 四方大发 instead of letting 四方大发 replace it."""


@dataclass(frozen=True)
class LianzhongContext:
    """The context-only extras of one win (all False = none)."""

    heavenly: bool = False
    earthly: bool = False
    first_round: bool = False
    heavenly_ready: bool = False

    @property
    def any(self) -> bool:
        return self.heavenly or self.earthly or self.first_round or self.heavenly_ready


def _is_pung(kind: str) -> bool:
    return kind in ("pung", "kong", "concealed_kong")


def _shifted_runs(sets: Sequence[Tuple[int, int]], length: int) -> List[Tuple[int, ...]]:
    """Suit sets of every choice of ``length`` (suit, rank) items whose ranks are
    r, r+1, ..., r+length-1 (one item per rank). ``sets`` = [(suit, rank), ...]."""
    by_rank: Dict[int, List[int]] = {}
    for suit, rank in sets:
        by_rank.setdefault(rank, []).append(suit)
    found = []
    for start in range(0, 10 - length):
        lists = [by_rank.get(start + i) for i in range(length)]
        if not all(lists):
            continue
        choices: List[Tuple[int, ...]] = [()]
        for suits in lists:
            choices = [c + (s,) for c in choices for s in suits]
        found.extend(choices)
    return found


def decomposition_extras(form: str, pair: Optional[int],
                         sets: Iterable[Tuple[str, int]],
                         standard: Dict[str, int],
                         options: LianzhongOptions = LianzhongOptions(),
                         ) -> Tuple[Dict[str, int], Tuple[str, ...]]:
    """The decomposition-dependent extras of one candidate.

    Parameters
    ----------
    form : str
        ``"regular"``, ``"knitted_straight"``, ``"seven_pairs"``, ... (only the regular and
        knitted-straight forms have sets and a pair).
    pair : int or None
        Tile id of the pair.
    sets : iterable of (kind, tile)
        The candidate's four sets, melds included: kind ``chow`` (tile = lowest tile),
        ``pung``, ``kong`` or ``concealed_kong``.
    standard : dict
        Standard fan counts of this candidate, by Chinese name.

    Returns
    -------
    (added, removed)
        ``added``: extra fan name -> count; ``removed``: names of standard fans to drop.

    >>> decomposition_extras("regular", 19, [("chow", 0), ("chow", 3), ("chow", 9),
    ...                      ("chow", 23)], {"平和": 1})
    ({'258将': 1}, ())
    """
    added: Dict[str, int] = {}
    removed: List[str] = []
    sets = list(sets)
    if form in ("regular", "knitted_straight") and pair is not None and pair < FIRST_HONOR:
        rank = pair % 9
        if rank in (1, 4, 7):
            added["258将"] = 1
        elif rank in (0, 8):
            added["幺九头"] = 1
    if form == "regular" and len(sets) == 4:
        pung_tiles = {tile for kind, tile in sets if _is_pung(kind)}
        if pair == GREEN and all(w in pung_tiles for w in WINDS):
            added["四方大发"] = 1
            removed += ["大四喜", "碰碰和", "三风刻", "圈风刻", "门风刻", "幺九刻"]
            if not options.sifang_dafa_stacks_ziyise:
                removed.append("字一色")
        suited_pungs = [(t // 9, t % 9) for kind, t in sets if _is_pung(kind) and t < FIRST_HONOR]
        chows = [(t // 9, t % 9) for kind, t in sets if kind == "chow"]
        _shifted(added, removed, standard, suited_pungs, "混四节", "混三节",
                 ("一色三节高", "三色三节高"))
        _shifted(added, removed, standard, chows, "混四步", "混三步",
                 ("一色三步高", "三色三步高"))
    return added, tuple(removed)


def _shifted(added, removed, standard, items, four_name, three_name, standard_names):
    """混四节/混三节 (pungs) or 混四步/混三步 (chows) over (suit, rank) items."""
    if len(items) >= 4 and any(len(set(s)) >= 2 for s in _shifted_runs(items, 4)):
        # Claimed only when it pays: it replaces the shifted fans it contains, and a
        # 6-fan 混四节 in place of a 24-fan 一色三节高 would lower the hand (就高不就低).
        replaced = sum(FAN_BY_NAME[n].points * standard.get(n, 0) for n in standard_names)
        if EXTRA_POINTS[four_name] > replaced:
            added[four_name] = 1
            removed.extend(standard_names)
            return
    if any(standard.get(n) for n in standard_names):
        return  # those sets already make a shifted fan: not counted twice (不拆移)
    if len(items) >= 3 and any(len(set(s)) == 2 for s in _shifted_runs(items, 3)):
        added[three_name] = 1


def context_extras(context: LianzhongContext) -> Tuple[Dict[str, int], Tuple[str, ...]]:
    """The context-only extras (天和, 地和, 人和, 天听) and the fans they replace."""
    added: Dict[str, int] = {}
    removed: Tuple[str, ...] = ()
    for flag, name in _BLESSING_NAMES.items():
        if getattr(context, flag):
            added[name] = 1
            removed = _BLESSING_EXCLUDES
    if context.heavenly_ready:
        added["天听"] = 1
    return added, removed


def apply_extras(standard: Dict[str, int], added: Dict[str, int],
                 removed: Iterable[str]) -> Dict[str, int]:
    """Standard counts minus ``removed`` plus ``added`` (a new dict). Any extra fan also
    removes 无番和 (which means "no other fan").

    >>> apply_extras({"无番和": 1}, {"258将": 1}, ())
    {'258将': 1}
    """
    drop = set(removed)
    if added:
        drop.add("无番和")
    out = {name: count for name, count in standard.items() if name not in drop}
    for name, count in added.items():
        out[name] = out.get(name, 0) + count
    return out


__all__ = ["EXTRA_FANS", "CONTEXT_FLAGS", "LianzhongOptions", "LianzhongContext",
           "decomposition_extras", "context_extras", "apply_extras"]
