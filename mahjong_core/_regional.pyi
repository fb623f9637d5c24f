# Stub of the compiled module mahjong_core._regional (Sichuan / Yunnan scoring kernels).
# Arrays are validated by mahjong.sichuan / mahjong.yunnan before they reach these calls.
from typing import Callable, Dict, Iterable, List, Optional, Tuple

import numpy as np

N_SICHUAN_ITEMS: int  # length of a Sichuan item-count row (ids in mahjong.sichuan.ITEMS)
N_YUNNAN_ITEMS: int   # length of a Yunnan item-count row (ids in mahjong.yunnan.ITEMS)

def sichuan_score_one(
    hand: np.ndarray,   # const uint8_t[::1], 34 counts of the concealed tiles incl. the win
    melds: bytes,  # const uint8_t[::1], flat [kind code, tile] pairs (at most 4)
    flags: int,         # WinFlag bits
    longqidui_fan: int,
    items: np.ndarray,  # int16_t[::1], N_SICHUAN_ITEMS, filled with item counts
) -> int: ...           # uncapped fan total; 0 = not a Sichuan win

def yunnan_score_one(
    hand: np.ndarray,   # const uint8_t[::1]
    melds: bytes,       # const uint8_t[::1], flat [kind, tile] pairs
    flags: int,
    stack_heavenly: int,
    items: np.ndarray,  # int16_t[::1], N_YUNNAN_ITEMS
) -> int: ...           # fan total without 查花; 0 = not a Yunnan win

def best_wait_one(
    rules: int,         # 0 = Sichuan, 1 = Yunnan
    hand: np.ndarray,   # const uint8_t[::1], 34 counts of a 13-tile hand (melds apart)
    melds: bytes,       # const uint8_t[::1], flat [kind, tile] pairs
    option: int,        # longqidui_fan (Sichuan) / stack_heavenly (Yunnan)
    skip_own_four: bool = ...,  # 空听: a tile whose 4 copies the player holds is no wait
) -> Tuple[int, int]: ...  # (largest uncapped discard-win fan, its tile) or (-1, -1)

def score_batch_kernel(
    rules: int,
    hands: np.ndarray,    # const uint8_t[:, ::1], (N, 34)
    melds: np.ndarray,    # const uint8_t[:, :, ::1], (N, 4, 2)
    n_melds: np.ndarray,  # const uint8_t[::1], (N,)
    flags: np.ndarray,    # const uint32_t[::1], (N,)
    option: int,
    fan_out: np.ndarray,    # int16_t[::1], (N,)
    items_out: np.ndarray,  # int16_t[:, ::1], (N, n_items)
) -> None: ...

def score_ids(
    rules: int,         # 0 = Sichuan (option = longqidui_fan), 1 = Yunnan (stack_heavenly)
    hand: Tuple[int, ...],  # suit-tile ids of the concealed part, winning tile included
    melds: bytes,       # flat [kind code, tile] pairs
    flags: int,         # WinFlag bits
    option: int,
) -> Tuple[int, bytes]: ...  # (uncapped fan, 0 = no win; item counts, one byte per item)

def closing_hand_facts(
    rules: int,
    hand: Tuple[int, ...],  # suit-tile ids of a 13-tile closing hand (melds apart)
    melds: bytes,
    option: int,
    skip_own_four: bool = ...,
) -> Tuple[int, int, int]: ...  # (suits held, best uncapped discard-win fan or -1, its tile)

WIN_FLAG_BITS: Dict[str, int]  # the kernel's win-circumstance bits by name
