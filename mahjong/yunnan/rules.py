"""Options of Yunnan 川麻 (``Rules``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import RuleOptions, kongting_option, option, pass_lock_option

RULES_NAME = "yunnan"


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Options of Yunnan 川麻; the defaults are the recommended rules."""

    name = RULES_NAME

    stake: int = option(1, kind=int, minimum=1, rule="scoring and who pays", doc="豆 per 番 (N)")
    allow_chow: bool = option(False, kind=bool, rule="actions (吃)",
                              doc="allow chows (melded runs) in winning and closing hands")
    multi_ron: bool = option(True, kind=bool, rule="actions (一炮多响)",
                             doc="一炮多响 (True) or 截和: only the first claimant wins")
    stack_heavenly: bool = option(False, kind=bool, rule="pattern fans (天/地/人和)",
                                  doc="天/地/人和 add to the shape's pattern fan (6 + pattern)")
    chajiao_mode: str = option("flat_1", choices=("flat_1", "hand_value"), rule="exhaustive draw (查叫 amount)",
                               doc="查叫 amount: a flat 1番 | the tenpai hand's largest "
                                   "discard-win value")
    chajiao_two_two: str = option("single_random_transfer",
                                  choices=("single_random_transfer", "random_pairing"),
                                  rule="exhaustive draw (2 tenpai, 2 not)",
                                  doc="2 tenpai / 2 not: one random payer pays one random tenpai "
                                      "| each non-tenpai pays a randomly paired tenpai (the "
                                      "draw is read from the exhausted event's chajiao_pairs)")
    dealer_after_ron: str = option("winner", choices=("winner", "discarder"), rule="dealer rotation",
                                   doc="next dealer after a discard win: the winner (the "
                                       "discarder after 一炮多响) | always the discarder")
    tenpai_ignores_own_4_copies: bool = kongting_option()
    pass_lock: bool = pass_lock_option()
