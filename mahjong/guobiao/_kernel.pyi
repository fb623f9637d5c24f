"""Type stub of the compiled Guobiao fan-search kernel (``mahjong_core/_gb.pyx``)."""
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

N_FANS: int                       # 82: the 81 fans + 明暗杠; columns indexed by FanId
FLAGS: Dict[str, int]             # context flag bits by name
ERROR_CODES: Dict[int, str]       # negative totals -> message
FORMS: Dict[int, str]             # form code -> name
FAN_POINTS_PY: Tuple[int, ...]    # points per fan id

def score_batch_kernel(
    concealed: np.ndarray,   # const uint8_t[:, ::1], (N, 34)
    win_tile: np.ndarray,    # const uint8_t[::1], (N,)
    melds: np.ndarray,       # const uint8_t[:, :, ::1], (N, 4, 2) rows [type, tile]
    flags: np.ndarray,       # const uint8_t[::1], (N,)
    seat: np.ndarray,        # const uint8_t[::1], (N,)
    round: np.ndarray,       # const uint8_t[::1], (N,)
    flowers: np.ndarray,     # const uint8_t[::1], (N,)
    threads: int = ...,
) -> Tuple[np.ndarray, np.ndarray]: ...  # (int32[N] totals, uint8[N, N_FANS] fan counts)

def score_one(counts34: Sequence[int], win_tile: int, melds: Sequence[Sequence[int]] = ...,
              flags: int = ..., seat: int = ..., round: int = ...,
              flowers: int = ...) -> Dict[str, Any]: ...

def score_candidates(counts34: Sequence[int], win_tile: int,
                     melds: Sequence[Sequence[int]] = ..., flags: int = ..., seat: int = ...,
                     round: int = ..., flowers: int = ...
                     ) -> Tuple[int, List[Dict[str, Any]], int]: ...

def score_one_packed(ids: Any, win_tile: int, melds: bytes, flags: int = ..., seat: int = ...,
                     round: int = ..., flowers: int = ...
                     ) -> Tuple[int, bytes, int, int, Tuple[int, ...], int]: ...

def _suit_shape(counts9: Sequence[int]) -> int: ...

def _bind_score_api(result_cls: type, tile_names: Dict[str, int], fans_cache: Dict[bytes, Any],
                    fans_builder: Any, meld_packer: Any, decomposition_builder: Any) -> None: ...

def score_standard(tiles: Any, melds: Any, win_tile: Any, self_drawn: Any, fourth_tile: Any,
                   replacement: Any, robbing_kong: Any, last_of_wall: Any, seat_wind: Any,
                   round_wind: Any, flowers: Any) -> Any: ...  # ScoreResult | int code | None
