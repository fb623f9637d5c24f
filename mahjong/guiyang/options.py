"""Options of Guiyang 捉鸡 (``Rules``): every open choice of the rules with its default."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from ..errors import MahjongError
from ..ruleset import RuleOptions, kongting_option, option, pass_lock_option
from .items import ITEMS, PATTERN_KEYS, value

RULES_NAME = "guiyang"


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Options of Guiyang 捉鸡麻将; the defaults are the recommended readings of the two
    Guiyang texts and of the apps that fill the chicken rules."""

    name = RULES_NAME

    scale: str = option("A", choices=("A", "B"),
                        doc="value scale: A = the first text (平胡 10 … 青龙背 100), B = the "
                            "second text and the apps (平胡 1, 清一色 10)")
    qingqidui_A: int = option(90, choices=(90, 80),
                              doc="清七对 on scale A (the first text omits it: 七对 + 50 as "
                                  "the other one-suit upgrades, or 80)")
    di_long: bool = option(True, kind=bool,
                           doc="地龙: one pung and five pairs, won on the pung's fourth tile, "
                               "is a hand (compulsory in the 铜仁 variant)")
    dou_requires_tenpai: bool = option(True, kind=bool,
                                       doc="only a player who won or is ready at the end "
                                           "collects his 豆; False = every 豆 counts")
    repao_mode: str = option("void_and_pay", choices=("void_and_pay", "plus_one"),
                             doc="热炮: the just-made 豆 is void and the discarder pays its "
                                 "full value (first text) | one U more on the discard "
                                 "payment, the 豆 stands (second text)")
    chicken_unit: Optional[int] = option(None, kind=int,
                                         doc="U, the value of one chicken (None = the 平胡 "
                                             "value of the scale)")
    gold_multiplier: int = option(2, choices=(2, 3),
                                  doc="金鸡 (turned-up 9s): every 幺鸡 is worth this many U")
    chongfeng_value: int = option(2, kind=int, minimum=1,
                                  doc="冲锋鸡 in U (times the 金鸡 multiplier on a 金鸡 hand)")
    zeren_extra: int = option(1, kind=int, minimum=1,
                              doc="责任鸡: what the discarder of the first 1s pays its "
                                  "claimer, in U (times the 金鸡 multiplier)")
    mantang: bool = option(False, kind=bool,
                           doc="满堂鸡: chicken tiles among a player's own discards count "
                               "too (the record must then list every discard)")
    wugu_8p: bool = option(False, kind=bool,
                           doc="乌骨鸡: 8p is a fixed chicken worth 2U; the first 8p "
                               "discarded, unclaimed, is worth 4U (no 责任)")
    yaobai: bool = option(False, kind=bool,
                          doc="摇摆鸡: the tile before the turned-up tile (rank - 1, 1 -> 9) "
                              "is a chicken too")
    benji: bool = option(False, kind=bool, doc="本鸡: the turned-up tile itself is a chicken")
    xingqi: int = option(0, choices=tuple(range(8)),
                         doc="星期鸡: the weekday (1 = Monday … 7 = Sunday) whose rank is a "
                             "chicken in every suit; 0 = off")
    chuifeng: bool = option(False, kind=bool,
                            doc="吹风鸡: a turned-up 5p cancels every chicken of the hand")
    qianhou: bool = option(False, kind=bool,
                           doc="前后鸡: the tile after the latest tile turned up during play "
                               "(a flip event before the win) is a chicken")
    gundong: bool = option(False, kind=bool,
                           doc="滚筒鸡: the tile after every tile turned up during play is a "
                               "chicken")
    zhanji: bool = option(False, kind=bool,
                          doc="站鸡: a fixed chicken (幺鸡, 乌骨鸡) standing in the concealed "
                              "hand (concealed kongs and the winning tile included) counts twice")
    danjiao: bool = option(False, kind=bool,
                           doc="金钩钓 / 清金钩 (four melds, single wait) are hands")
    tiandi_hu: bool = option(False, kind=bool,
                             doc="天胡 / 地胡 add the 清一色 value of the scale")
    huangzhuang_dealer: str = option("textA", choices=("textA", "stay"),
                                     doc="dealer after an exhausted wall: textA = he stays if "
                                         "nobody, everybody or he himself is ready, else the "
                                         "first ready player after him | stay = always stays")
    tenpai_ignores_own_4_copies: bool = kongting_option()
    pass_lock: bool = pass_lock_option()

    def __post_init__(self):
        super().__post_init__()
        if self.chicken_unit is not None and self.chicken_unit < 1:
            raise MahjongError(f"option chicken_unit={self.chicken_unit} must be at least 1 "
                               "(or None: the 平胡 value of the scale)")

    # -- derived values --------------------------------------------------------------
    def value(self, key: str) -> int:
        """The value of a fixed item of the table on the active scale."""
        values = self.__dict__.get("_values")
        if values is None:
            values = {k: value(k, self.scale) for k in ITEMS if value(k, self.scale) is not None}
            if self.scale == "A":
                values["qingqidui"] = self.qingqidui_A
            object.__setattr__(self, "_values", values)
        return values[key]

    @property
    def unit(self) -> int:
        """U: the value of one chicken."""
        return self.value("pinghu") if self.chicken_unit is None else self.chicken_unit

    @property
    def pattern_values(self) -> Tuple[int, ...]:
        """The value of every hand type (kernel order); 0 = not a hand under these options."""
        cached = self.__dict__.get("_pattern_values")
        if cached is None:
            off = set()
            if not self.di_long:
                off |= {"dilong", "qingdilong"}
            if not self.danjiao:
                off |= {"jingoudiao", "qingjingou"}
            cached = tuple(0 if k in off else self.value(k) for k in PATTERN_KEYS)
            object.__setattr__(self, "_pattern_values", cached)
        return cached

    def dou_value(self, kind: str) -> int:
        """What one payer pays for a kong of ``kind`` (concealed | added | exposed)."""
        return self.value(_DOU_KEYS[kind])

    def chicken_value(self, key: str) -> int:
        """A chicken of ``key`` in money (its U count times U)."""
        if key == "jinji":
            return self.gold_multiplier * self.unit
        if key == "chongfengji":
            return self.chongfeng_value * self.unit
        if key == "zerenji":
            return self.zeren_extra * self.unit
        return ITEMS[key].value_a * self.unit


_DOU_KEYS: Dict[str, str] = {"concealed": "mendou", "added": "zhuanwandou",
                             "exposed": "diandou"}
DOU_KEYS = _DOU_KEYS
