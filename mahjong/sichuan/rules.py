"""Options of Sichuan 血战到底 (``Rules``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..ruleset import RuleOptions, kongting_option, option, pass_lock_option

RULES_NAME = "sichuan"


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Options of Sichuan 血战到底; the defaults are the recommended rules."""

    name = RULES_NAME

    base: int = option(1, kind=int, minimum=1, rule="win payments", doc="money per unit (底分)")
    xuezhan: bool = option(True, kind=bool, rule="血战到底 flow",
                           doc="血战: play on until three have won; False = 普通场, the hand "
                               "ends at the first win (its simultaneous winners included)")
    longqidui_fan: int = option(4, choices=(4, 5), rule="fan table (龙七对)",
                                doc="番 of 龙七对 (4 = 七对 + one 根; 5 as in R3)")
    max_fan: Optional[int] = option(None, choices=(None, 1, 2, 3, 4, 5, 6, 7, 8), rule="fan table (cap)",
                                    doc="cap on 番 (None = no cap; R14 caps at 3, R12 at 6)")
    zhigang_pay: str = option("feeder_1", choices=("feeder_1", "feeder_2", "feeder_2_others_1"),
                              rule="kong money (直杠)",
                              doc="直杠 money: the feeder pays 1 (seed) | 2 (R12) | 2 and every "
                                  "other player who has not won 1 (R3 擦挂)")
    hujiao_zhuanyi: bool = option(False, kind=bool, rule="kong money (呼叫转移)",
                                  doc="呼叫转移: on 杠上炮 the discarder's money from that kong "
                                      "goes to the winner")
    zimo_jiadi: bool = option(False, kind=bool, rule="win payments (自摸加底)",
                              doc="自摸加底: each payer of a self-draw pays one extra base")
    dealer_mode: str = option("dice", choices=("dice", "first_winner"), rule="dealer",
                              doc="血战 next dealer: dice (None) | the first winner (the "
                                  "discarder after 一炮多响)")
    tenpai_ignores_own_4_copies: bool = kongting_option()
    dingque: bool = option(False, kind=bool, rule="deal (定缺)",
                           doc="定缺 (engine option: declare a void suit; no effect on "
                               "settlement, which checks 缺门 at the win and at 查花猪)")
    huan_san_zhang: bool = option(False, kind=bool, rule="deal (换三张)",
                                  doc="换三张 (engine option; no effect on settlement)")
    pass_lock: bool = pass_lock_option()

    def value(self, fan: int) -> int:
        """Money of a hand of ``fan`` 番 (after the cap) for one payer."""
        return self.base << (fan - 1)

    def cap(self, fan: int) -> int:
        return fan if self.max_fan is None else min(fan, self.max_fan)
