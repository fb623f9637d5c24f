"""Options of the 通称 table (``Rules``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import FrozenSet, Mapping, Optional, Union

from ..additive import CachedOptions, MAX_FAN_VALUE, FanTable
from ..errors import MahjongError
from ..ruleset import RuleOptions, option
from .fans import ENTRY_ROWS, ROWS, TAIL_KEYS, TAIL_ROWS

RULES_NAME = "tongcheng"

_TAIL_NAMES = frozenset(r.name for r in TAIL_ROWS)

#: the placeholder value of each tail fan (unverified)
TAIL_PLACEHOLDER = 1


@dataclass(frozen=True)
class Rules(CachedOptions, RuleOptions):
    """Options of the 通称 table; the defaults are the recommended ones.

    >>> r = Rules(tail_values={"门清": 2})
    >>> r.table["menqing"], r.table["quemen"], sorted(r.unverified)
    (2, 1, ['dandiao', 'duanyao', 'quemen', 'quezi', 'wujiang'])
    >>> Rules(tail_values=0).table["menqing"], Rules(tail_values=0).unverified
    (0, frozenset())
    """

    name = RULES_NAME

    stake: int = option(1, kind=int, minimum=1, rule="payment", doc="money per 番")
    multi_ron: bool = option(True, kind=bool, rule="payment",
                             doc="several players may win on one discard, each paid by the "
                                 "discarder (False: only the first claimant)")
    tail_values: Union[int, Mapping[str, int]] = option(
        TAIL_PLACEHOLDER, rule="the missing tail",
        doc="番 of the six tail fans (门清, 缺门, 单调, 断幺, 五将, 缺字) whose values the source "
            "lost: one integer for all, or a mapping name -> value (the others keep the "
            "placeholder 1). Placeholder values are flagged unverified in every result")
    fan_table: Union[str, Mapping[str, int]] = option(
        "seed", rule="fan table",
        doc="'seed' (the source's values) or a mapping of fan key or Chinese name -> 番 "
            "replacing those entries (0 turns an entry off)")
    #: the fan values in use (entries and tail)
    table: FanTable = field(default=None, init=False, repr=False, compare=False)
    #: tail fans whose value is the unverified placeholder
    unverified: FrozenSet[str] = field(default=frozenset(), init=False, repr=False,
                                       compare=False)

    def __post_init__(self):
        super().__post_init__()
        entries = self.fan_table
        if isinstance(entries, Mapping):
            tails = [k for k in entries if k in TAIL_KEYS or k in _TAIL_NAMES]
            if tails:
                raise MahjongError(f"option fan_table: {', '.join(map(repr, tails))} belong to "
                                   "the tail; set them with tail_values")
            entries = FanTable(ENTRY_ROWS, entries, "fan_table")
            object.__setattr__(self, "fan_table", entries)
        elif entries != "seed":
            raise MahjongError(f"option fan_table={entries!r} is not allowed; give 'seed' or a "
                               "mapping of fan -> value")
        else:
            entries = FanTable(ENTRY_ROWS)
        tail = self.tail_values
        if isinstance(tail, Mapping):
            tail = FanTable(TAIL_ROWS, tail, "tail_values")
            object.__setattr__(self, "tail_values", tail)
            unverified = frozenset(TAIL_KEYS) - tail.overridden
        elif isinstance(tail, bool) or not isinstance(tail, int) or \
                not 0 <= tail <= MAX_FAN_VALUE:
            raise MahjongError(f"option tail_values={tail!r} must be an integer >= 0 (at most "
                               f"{MAX_FAN_VALUE}) or a mapping of tail fan -> value")
        else:
            unverified = frozenset(TAIL_KEYS) if tail == TAIL_PLACEHOLDER else frozenset()
            tail = FanTable(TAIL_ROWS, {k: tail for k in TAIL_KEYS}, "tail_values")
        # the combined table marks as overridden only what the user set
        chosen = {k: entries[k] for k in entries.overridden}
        chosen.update(tail)
        object.__setattr__(self, "table", FanTable(ROWS, chosen))
        object.__setattr__(self, "unverified", unverified)


def _placeholder_note(keys) -> Optional[str]:
    if not keys:
        return None
    from .fans import FANS

    names = ", ".join(FANS[k].name for k in keys)
    return (f"unverified: {names} scored with the placeholder value {TAIL_PLACEHOLDER}番 (the "
            "source lost the tail's values; set tail_values)")
