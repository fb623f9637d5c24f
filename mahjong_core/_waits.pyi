# Stub of mahjong_core._waits (C API in _waits.pxd).
from typing import Sequence

def suit_shape(counts9: Sequence[int]) -> int: ...  # 1 = splits into sets, 2 = sets + a pair
