# Stub of the compiled room kernel mahjong.yunnan._kernel (its item table and scorer).
from typing import Tuple

from mahjong_core._hands import Scorer

ITEM_ROWS: Tuple[Tuple[str, str, str, int, str], ...]  # (key, Chinese, English, 番, reason) by item id
FIRST_ADDITIVE: int  # item ids below it are pattern rows

def scorer(stack_heavenly: int) -> Scorer: ...
HEAVENLY_ITEMS: Tuple[str, ...]  # keys of 天和/地和/人和
