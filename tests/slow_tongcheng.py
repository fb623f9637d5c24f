"""The slow, obviously-correct twin of ``mahjong.tongcheng`` scoring (the first, plain
version of the 通称 rules: Reading objects, dicts of fans, one rule per line).
tests/test_additive_twins.py checks the fast scoring against it on random hands."""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Sequence, Tuple

from mahjong.additive import full_hand, tile_of
from slow_readings import Reading, readings
from mahjong.errors import NotWinningError
from mahjong.ruleset import ScoreItem, ScoreResult, WinFlag, checked_win_bits
from mahjong.tongcheng.fans import ENTRY_KEYS, FANS, ROWS, TAIL_KEYS
from mahjong.tongcheng.rules import RULES_NAME, Rules, _placeholder_note
from mahjong.tongcheng.scoring import _check_context

_WINDS = range(27, 31)
_DRAGONS = range(31, 34)
_TERMINALS_HONOURS = frozenset((0, 8, 9, 17, 18, 26) + tuple(range(27, 34)))
_ORDER = {r.key: i for i, r in enumerate(ROWS)}
_ENTRIES = frozenset(ENTRY_KEYS) - {"qionghu"}


def _hand_items(totals: Sequence[int], melds, flags: int, kouting: bool) -> Dict[str, int]:
    """The fans that do not depend on the reading."""
    out: Dict[str, int] = {}
    suits = [s for s in range(3) if any(totals[9 * s:9 * s + 9])]
    honours = any(totals[27:])
    suited = [t for t in range(27) if totals[t]]
    if len(suits) == 1:
        out["hunyise" if honours else "qingyise"] = 1
    if suited and not honours:
        if all(t % 9 <= 3 for t in suited):
            out["xiaoyuwu"] = 1
        elif all(t % 9 >= 5 for t in suited):
            out["dayuwu"] = 1
    if len(suits) == 3 and any(totals[t] for t in _WINDS) and any(totals[t] for t in _DRAGONS):
        out["wumenqi"] = 1
    concealed = all(m.kind == "concealed_kong" for m in melds)
    if concealed:
        out["buqiuren" if flags & WinFlag.SELF_DRAWN else "menqing"] = 1
    if flags & WinFlag.HEAVENLY:
        out["tianhu"] = 1
    if flags & WinFlag.EARTHLY:
        out["dihu"] = 1
    if kouting:
        out["kouting"] = 1
    if len(suits) < 3:
        out["quemen"] = 1
    if not any(totals[t] for t in _TERMINALS_HONOURS):
        out["duanyao"] = 1
    if not honours:
        out["quezi"] = 1
    return out


def _has(tile: int, kind: str, start: int, wanted) -> bool:
    """Whether a set (``kind`` at ``start``) or a pair holds a tile of ``wanted``."""
    if kind == "chow":
        return any(t in wanted for t in (start, start + 1, start + 2))
    return start in wanted


_FIVES = frozenset((4, 13, 22))


def _reading_items(r: Reading, totals: Sequence[int], win: int, flags: int) -> Dict[str, int]:
    """The fans of one reading."""
    all_honours = not any(totals[:27])
    if r.form == "seven_pairs":
        return {"quanfengqidui" if all_honours else "qidui": 1, "dandiao": 1}
    if r.form == "thirteen_orphans":
        return {"shisanyao": 1}
    if r.form == "knitted":
        return {"shisanbukao": 1}
    out: Dict[str, int] = {}
    chows = [t for kind, t, _ in r.sets if kind == "chow"]
    pungs = [t for kind, t, _ in r.sets if kind != "chow"]
    if not chows:
        out["quanfengduiduihu" if all_honours else "duiduihu"] = 1
    wind_pungs = sum(1 for t in pungs if t in _WINDS)
    dragon_pungs = sum(1 for t in pungs if t in _DRAGONS)
    if wind_pungs == 4:
        out["dasixi"] = 1
    elif wind_pungs == 3 and r.pair in _WINDS:
        out["xiaosixi"] = 1
    if dragon_pungs == 3:
        out["dasanyuan"] = 1
    elif dragon_pungs == 2 and r.pair in _DRAGONS:
        out["xiaosanyuan"] = 1
    if any(chows.count(t) >= 3 for t in set(chows)):
        out["sanjiemei"] = 1
    if _concealed_pungs(r, win, flags) >= 3:
        out["sanxiangci"] = 1
    if any({9 * s, 9 * s + 3, 9 * s + 6} <= set(chows) for s in range(3)):
        out["yitiaolong"] = 1
    if any({k, 9 + k, 18 + k} <= set(chows) for k in range(7)) or \
            any({k, 9 + k, 18 + k} <= set(pungs) for k in range(9)):
        out["xixiangfeng"] = 1
    if r.pair in _FIVES and all(_has(t, kind, t, _FIVES) for kind, t, _ in r.sets):
        out["quandaiwu"] = 1
    if not all_honours and r.pair in _TERMINALS_HONOURS and \
            all(_has(t, kind, t, _TERMINALS_HONOURS) for kind, t, _ in r.sets):
        out["quandaiyao"] = 1
    if r.pair == win:
        out["dandiao"] = 1
    if r.pair in _FIVES:
        out["wujiang"] = 1
    return out


def _concealed_pungs(r: Reading, win: int, flags: int) -> int:
    """Pungs formed by the winner's own draws: concealed pungs and concealed kongs, less a
    pung that only the discard (or robbed tile) won on can have completed."""
    n = sum(1 for kind, _, concealed in r.sets if kind != "chow" and concealed)
    if not flags & WinFlag.SELF_DRAWN and any(kind == "pung" and t == win and c
                                              for kind, t, c in r.sets):
        elsewhere = r.pair == win or any(kind == "chow" and c and t <= win <= t + 2
                                         for kind, t, c in r.sets)
        if not elsewhere:
            n -= 1
    return n


def _apply_table(found: Dict[str, int], table) -> Dict[str, int]:
    """Drop fans switched off (value 0) and those excluded by another fan; 穷胡 when no
    entry above the tail is left."""
    live = {k: n for k, n in found.items() if table[k]}
    for key in list(live):
        for gone in FANS[key].excludes:
            live.pop(gone, None)
    if not any(k in _ENTRIES for k in live):
        return {"qionghu": 1}
    return live


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False, first_round: bool = False,
          kouting: bool = False,
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """The plain version of the package's ``score`` (same parameters)."""
    rules = Rules.from_mapping(rules)
    ids, counts, ms, totals = full_hand(hand, melds, win_tile=win_tile)
    win = tile_of(win_tile)
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    _check_context(counts, ms, flags, win)
    options = readings(counts, ms, knitted=True)
    if not options:
        raise NotWinningError("not a win: the tiles form neither four sets and a pair, nor "
                              "seven pairs, thirteen orphans or 十三不靠")
    base = _hand_items(totals, ms, flags, bool(kouting))
    table = rules.table
    best: Optional[Tuple[int, Dict[str, int]]] = None
    for reading in options:
        found = dict(base)
        found.update(_reading_items(reading, totals, win, flags))
        live = _apply_table(found, table)
        total = sum(table[k] * n for k, n in live.items())
        if best is None or total > best[0]:
            best = (total, live)
    return _result(best[1], best[0], rules)


def _result(live: Dict[str, int], fan: int, rules: Rules) -> ScoreResult:
    table = rules.table
    items = []
    for key in sorted(live, key=_ORDER.__getitem__):
        row = FANS[key]
        if key in rules.unverified:
            how = "placeholder value, unverified"
        elif key in TAIL_KEYS:
            how = "value set by tail_values"
        elif key in table.overridden:
            how = "value set by fan_table"
        else:
            how = "value from the source"
        items.append(ScoreItem(key, row.name, row.name_en, table[key], live[key],
                               f"{row.definition} ({how})"))
    pattern = max(items, key=lambda i: (i.fan, -_ORDER[i.key])).key
    note = _placeholder_note(sorted((k for k in live if k in rules.unverified),
                                         key=_ORDER.__getitem__))
    return ScoreResult(RULES_NAME, tuple(items), fan, fan, fan * rules.stake, pattern,
                       (note,) if note else ())
