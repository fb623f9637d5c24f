"""Options of Huanggang 黄冈 红中发财杠 口口番 (``Rules``) and the tiles that are special."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from mahjong_core._types import FIRST_HONOR, GREEN, RED, WHITE

from ..errors import MahjongError
from ..ruleset import RuleOptions, kongting_option, option, pass_lock_option
from ..tiles import TENHOU_NAMES

RULES_NAME = "huanggang"

# 红中 (7z), 发财 (6z), 白板 (5z): the one definition is mahjong_core._types

DEFAULT_TIERS = (1200, 1500, 2000)


def laizi_of(indicator: int) -> int:
    """The 赖子 (wildcard) shown by the turned-up 赖子皮 ``indicator``: the next tile of the
    same suit (a 9 is followed by the 1); for honours 东→南→西→北→白, 红中→白, 发财→白 and
    白→东.

    >>> [TENHOU_NAMES[laizi_of(t)] for t in (11, 8, 27, 30, 33, 31)]
    ['4p', '1m', '2z', '5z', '5z', '1z']
    """
    if not (type(indicator) is int and 0 <= indicator < 34):
        raise MahjongError(f"indicator must be a tile id 0..33, got {indicator!r}")
    if indicator < FIRST_HONOR:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator == WHITE:
        return 27
    if indicator in (30, RED, GREEN):
        return WHITE
    return indicator + 1


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Options of Huanggang 红中发财杠 口口番; the defaults are the recommended rules."""

    name = RULES_NAME

    kaikou_mode: str = option(
        "koukou", choices=("koukou", "kaikou"), rule="口口番 doublings",
        doc="koukou (口口番): every chow and pung doubles (1 番 each, an exposed kong 2) | "
            "kaikou (开口番): a player who has opened gets a single 1 番 for it, however many "
            "chows, pungs and exposed kongs he shows (concealed and single kongs still count)")
    qihu_points: int = option(64, kind=int, minimum=1, rule="winning conditions (起胡)",
                              doc="起胡: a win stands only if at least one loser's payment "
                                  "before the cap reaches this many points")
    cap: Optional[int] = option(800, rule="caps",
                                doc="封顶: the most one loser pays; None = 不封顶 (no cap)")
    tiers: Optional[Tuple[int, int, int]] = option(
        DEFAULT_TIERS, rule="caps",
        doc="when all three losers reach the cap: (金顶 each when all three have opened, "
            "哈顶 for an unopened loser when one or two have not, 三阳开泰 each when none has); "
            "None = every loser pays the cap")
    qianggang_plus5: bool = option(True, kind=bool, rule="base points",
                                   doc="抢杠: the robbed player's share is ×1.5 (+5), as a "
                                       "discarder's")
    laizipi_special: bool = option(
        False, kind=bool, rule="tiles (赖子皮)",
        doc="False: the other copies of the 赖子皮 are ordinary tiles | True: they are fixed "
            "kong tiles like 红中/发财 (konged alone, 1 番 each, never in a claim, never held "
            "when winning)")
    dealer_after_huang: str = option("stay", choices=("stay", "next"), rule="黄庄 and dealer",
                                     doc="after 黄庄 the dealer stays | passes to his 下家")
    tenpai_ignores_own_4_copies: bool = kongting_option()
    pass_lock: bool = pass_lock_option()

    def __post_init__(self):
        if isinstance(self.tiers, list):
            object.__setattr__(self, "tiers", tuple(self.tiers))
        super().__post_init__()
        if self.cap is not None and (type(self.cap) is not int or self.cap < 1):
            raise MahjongError(f"option cap={self.cap!r} must be a positive integer or None")
        if self.tiers is not None:
            t = self.tiers
            if (not isinstance(t, tuple) or len(t) != 3
                    or any(type(v) is not int or v < 1 for v in t)):
                raise MahjongError(f"option tiers={t!r} must be three positive integers "
                                   "(金顶, 哈顶, 三阳开泰) or None")
            if self.cap is not None and min(t) < self.cap:
                raise MahjongError(f"option tiers={t!r}: a tier is paid when every loser "
                                   f"reaches the cap {self.cap}, so none may be below it")
        if self.cap is None and self.tiers is None:
            raise MahjongError("options cap=None and tiers=None leave 风一色 (paid at the top) "
                               "without a value; keep a cap or the tiers")

    # -- special tiles ----------------------------------------------------------------
    def fixed_kong_tiles(self, indicator: int) -> Tuple[int, ...]:
        """Tiles konged alone at 1 番 and never held when winning: 红中, 发财 and, with
        ``laizipi_special``, the 赖子皮."""
        if self.laizipi_special and indicator not in (RED, GREEN):
            return (GREEN, RED, indicator)
        return (GREEN, RED)


def tile_label(t: int) -> str:
    return {RED: "红中 (7z)", GREEN: "发财 (6z)"}.get(t, TENHOU_NAMES[t])
