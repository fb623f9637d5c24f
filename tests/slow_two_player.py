"""The slow, obviously-correct twin of ``mahjong.two_player`` scoring (the first, plain
version of the two-player rules: Reading objects, dicts of fans, one rule per line).
tests/test_additive_twins.py checks the fast scoring against it on random hands."""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Sequence, Tuple

from mahjong.additive import full_hand, tile_of
from slow_readings import Reading, readings
from mahjong.errors import NotWinningError
from mahjong.ruleset import ScoreItem, ScoreResult, WinFlag, checked_win_bits
from mahjong.two_player.fans import CAP, FANS, ROWS
from mahjong.two_player.rules import RULES_NAME, Rules
from mahjong.two_player.scoring import _check_context, flower_kinds_of

_WINDS = range(27, 31)
_DRAGONS = range(31, 34)
_TERMINALS_HONOURS = frozenset((0, 8, 9, 17, 18, 26) + tuple(range(27, 34)))
_ORDER = {r.key: i for i, r in enumerate(ROWS)}


def _hand_items(totals: Sequence[int], melds, flags: int, ready: bool,
                flower_kinds: Sequence[int]) -> Dict[str, int]:
    """The fans that do not depend on the reading: key -> count."""
    out: Dict[str, int] = {"hupai": 1}
    if all(m.kind == "concealed_kong" for m in melds):
        out["menqing"] = 1
    if flags & (WinFlag.SELF_DRAWN | WinFlag.ROBBING_KONG):
        out["zimo"] = 1
    if ready:
        out["baoting"] = 1
    if flags & WinFlag.LAST_TILE:
        out["haidi"] = 1
    if flags & WinFlag.REPLACEMENT:
        out["gangshangkaihua"] = 1
    held = sum(totals[t] for t in flower_kinds)
    if held:
        out["huapai"] = held
    if not any(totals[t] for t in _TERMINALS_HONOURS):
        out["duanyao"] = 1
    suits = sum(1 for s in range(3) if any(totals[9 * s:9 * s + 9]))
    honours = any(totals[27:])
    if suits == 1:
        out["hunyise" if honours else "qingyise"] = 1
    elif suits == 0:
        out["ziyise"] = 1
    if flags & WinFlag.HEAVENLY:
        out["tianhu"] = 1
    if flags & WinFlag.EARTHLY:
        out["dihu"] = 1
    return out


def _reading_items(reading: Reading, totals: Sequence[int]) -> Dict[str, int]:
    """The fans of one reading: key -> count."""
    if reading.form == "seven_pairs":
        return {"qidui": 1}
    if reading.form == "thirteen_orphans":
        return {"shisanyao": 1}
    out: Dict[str, int] = {}
    if all(kind != "chow" for kind, _, _ in reading.sets):
        out["pengpenghu"] = 1
    # honour tiles only form pungs/kongs and the pair, so the counts decide these rows
    dragon_sets = sum(1 for t in _DRAGONS if totals[t] >= 3)
    wind_sets = sum(1 for t in _WINDS if totals[t] >= 3)
    if dragon_sets == 3:
        out["dasanyuan"] = 1
    elif dragon_sets == 2 and reading.pair in _DRAGONS:
        out["xiaosanyuan"] = 1
    if wind_sets == 4:
        out["dasixi"] = 1
    elif wind_sets == 3 and reading.pair in _WINDS:
        out["xiaosixi"] = 1
    return out


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False, first_round: bool = False,
          ready: bool = False, flower_indicators: Sequence[Any] = (),
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """The plain version of the package's ``score`` (same parameters)."""
    rules = Rules.from_mapping(rules)
    ids, counts, ms, totals = full_hand(hand, melds, win_tile=win_tile)
    win = tile_of(win_tile)
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    _check_context(counts, ms, flags, win)
    kinds = flower_kinds_of(flower_indicators, totals)
    options = readings(counts, ms)
    if not options:
        raise NotWinningError("not a two-player win: the tiles form neither four sets and a "
                              "pair, nor seven pairs, nor thirteen orphans")
    base = _hand_items(totals, ms, flags, bool(ready), kinds)
    table = rules.table
    best: Optional[Tuple[Tuple[int, int], Dict[str, int]]] = None
    for reading in options:
        found = dict(base)
        found.update(_reading_items(reading, totals))
        total = sum(table[k] * n for k, n in found.items())
        rank = (min(total, CAP), total)
        if best is None or rank > best[0]:
            best = (rank, found)
    (fan, uncapped), found = best
    if uncapped < rules.min_fan:
        raise NotWinningError(f"not a two-player win: {uncapped}番 is below the minimum "
                              f"min_fan={rules.min_fan}")
    return _result(found, fan, uncapped, rules)


def _result(found: Dict[str, int], fan: int, uncapped: int, rules: Rules) -> ScoreResult:
    table = rules.table
    items = []
    for key in sorted(found, key=_ORDER.__getitem__):
        if table[key]:
            row = FANS[key]
            how = "set by the fan_table option" if key in table.overridden else "provisional"
            items.append(ScoreItem(key, row.name, row.name_en, table[key], found[key],
                                   f"{row.definition} ({how} value)"))
    pattern = max(items, key=lambda i: (i.fan, -_ORDER[i.key])).key if items else "hupai"
    notes = ()
    if uncapped > CAP:
        notes = (f"capped at {CAP}番 (役满) from {uncapped}番",)
    return ScoreResult(RULES_NAME, tuple(items), fan, uncapped, rules.value(fan), pattern,
                       notes)
