"""Type stub of the compiled Guobiao fan-search kernel (``mahjong/guobiao/_kernel.pyx``)."""
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

N_FANS: int                       # 82: the 81 fans + 明暗杠; columns indexed by FanId
FLAGS: Dict[str, int]             # context flag bits by name
FORMS: Dict[int, str]             # form code -> name
# Guobiao's context byte (score_batch's flags), in the reference calculator's order
GB_SELF_DRAWN: int                # 1 (= mahjong_core._types.WIN_SELF_DRAWN)
GB_FOURTH_TILE: int               # 2
GB_REPLACEMENT: int               # 4
GB_ROBBING_KONG: int              # 8 (= WIN_ROBBING_KONG)
GB_LAST_OF_WALL: int              # 16 (= WIN_LAST_TILE)
GB_ALL_FLAGS: int                 # 31

def score_batch_kernel(
    concealed: np.ndarray,   # const uint8_t[:, ::1], (N, 34)
    win_tile: np.ndarray,    # const uint8_t[::1], (N,)
    melds: np.ndarray,       # const uint8_t[:, :, ::1], (N, 4, 2) rows [type, tile]
    flags: np.ndarray,       # const uint8_t[::1], (N,)
    seat: np.ndarray,        # const uint8_t[::1], (N,)
    round: np.ndarray,       # const uint8_t[::1], (N,)
    flowers: np.ndarray,     # const uint8_t[::1], (N,)
    threads: int = ...,
    ming_an_gang_5: bool = ...,
) -> Tuple[np.ndarray, np.ndarray]: ...  # (int32[N] totals, uint8[N, N_FANS] fan counts)

def score_one(counts34: Sequence[int], win_tile: int, melds: Sequence[Sequence[int]] = ...,
              flags: int = ..., seat: int = ..., round: int = ...,
              flowers: int = ..., ming_an_gang_5: bool = ...) -> Dict[str, Any]: ...

def score_candidates(counts34: Sequence[int], win_tile: int,
                     melds: Sequence[Sequence[int]] = ..., flags: int = ..., seat: int = ...,
                     round: int = ..., flowers: int = ..., ming_an_gang_5: bool = ...
                     ) -> Tuple[int, List[Dict[str, Any]], int]: ...

def score_standard(tiles: Any, melds: Any, packed: Optional[Tuple[bytes, Tuple[Any, ...]]],
                   win_tile: Any, self_drawn: Any, fourth_tile: Any, replacement: Any,
                   robbing_kong: Any, last_tile: Any, seat_wind: Any, round_wind: Any,
                   flowers: Any, tile_names: Dict[str, int], meld_cache: Dict[Any, Any],
                   fans_cache: Dict[bytes, Any], result_type: Optional[type] = None,
                   ming_an_gang_5: bool = ...) -> Optional[Any]: ...
    # a result_type instance (or without it the ScoreResult fields as a dict) | an ERR_*
    # code | fan pairs not in fans_cache | None
