"""Options of the two-player game (``Rules``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Union

from ..additive import CachedOptions, FanTable
from ..errors import MahjongError
from ..ruleset import RuleOptions, option
from .fans import ROWS

RULES_NAME = "two_player"


@dataclass(frozen=True)
class Rules(CachedOptions, RuleOptions):
    """Options of the two-player 136-tile game with 71 live tiles; the defaults are the
    recommended ones.

    >>> Rules(fan_table={"qidui": 2}).table["qidui"]
    2
    """

    name = RULES_NAME

    base: int = option(1, kind=int, minimum=1, rule="payment",
                       doc="money per 番 (the opponent pays min(total, 13) × base)")
    flower_indicators: int = option(4, kind=int, minimum=0, rule="花牌",
                                    doc="how many 花牌 tiles are shown face up from the reserve "
                                        "(a record lists them in flower_indicators)")
    min_fan: int = option(1, kind=int, minimum=1, rule="minimum to win",
                          doc="least total (before the cap) a win needs; 胡牌 alone is 1")
    fan_table: Union[str, Mapping[str, int]] = option(
        "provisional", rule="fan table",
        doc="'provisional' (the recommended table) or a mapping of fan key or Chinese name "
            "-> 番 replacing those values (0 turns a fan off)")
    in_game_swap_probability: float = option(
        0, rule="游戏中换牌",
        doc="chance that the engine offers a pung swap before a discard (engine option; no "
            "effect on settlement, which reads the record)")
    #: the fan values in use (the table with the fan_table overrides)
    table: FanTable = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        super().__post_init__()
        ft = self.fan_table
        if isinstance(ft, FanTable) or isinstance(ft, Mapping):
            ft = FanTable(ROWS, ft)
            object.__setattr__(self, "fan_table", ft)
            table = ft
        elif ft == "provisional":
            table = FanTable(ROWS)
        else:
            raise MahjongError(f"option fan_table={ft!r} is not allowed; give 'provisional' or "
                               "a mapping of fan -> value")
        object.__setattr__(self, "table", table)
        p = self.in_game_swap_probability
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise MahjongError(f"option in_game_swap_probability={p!r} must be a number from 0 "
                               "to 1")

    def value(self, fan: int) -> int:
        """Money the opponent pays for a total of ``fan`` 番 (the cap applied)."""
        from .fans import CAP

        return min(fan, CAP) * self.base


def rules_of(rules: Any) -> Rules:
    return Rules.from_mapping(rules)
