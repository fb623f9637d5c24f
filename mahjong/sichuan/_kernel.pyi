# Stub of the compiled room kernel mahjong.sichuan._kernel (its item table and scorer).
from typing import Tuple

from mahjong_core._hands import Scorer

ITEM_ROWS: Tuple[Tuple[str, str, str, int, str], ...]  # (key, Chinese, English, 番, reason) by item id
FIRST_ADDITIVE: int  # item ids below it are pattern rows

def scorer(longqidui_fan: int) -> Scorer: ...
LONGQIDUI_ITEM: int  # the item id of 龙七对 (its 番 is the option)
