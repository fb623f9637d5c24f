# Stub of the compiled module mahjong_core._decompose (see _decompose.pxd for the C API).
from typing import Optional, Sequence

import numpy as np

PY_SET_CHOW: int  # 1: a run, tile = its lowest tile
PY_SET_PUNG: int  # 2
PY_MAX_REGULAR_DECOMPOSITIONS: int
PY_MAX_KNITTED_DECOMPOSITIONS: int

Sets = tuple[tuple[int, int], ...]  # ((kind, tile), ...)

def decompose(counts: np.ndarray | bytes | Sequence[int],  # const uint8_t[::1], 34 counts
              ) -> list[tuple[int, Sets]]: ...
def seven_pairs(counts: np.ndarray | bytes | Sequence[int]) -> Optional[list[int]]: ...
def thirteen_orphans(counts: np.ndarray | bytes | Sequence[int]) -> Optional[int]: ...
def honors_knitted(counts: np.ndarray | bytes | Sequence[int]) -> Optional[int]: ...
def knitted_straight(counts: np.ndarray | bytes | Sequence[int],
                     ) -> list[tuple[int, int, Sets]]: ...
def knitted_pattern(pattern: int) -> tuple[int, ...]: ...
def shape_table_info() -> tuple[int, int]: ...  # (suit shapes, split records), for tests
