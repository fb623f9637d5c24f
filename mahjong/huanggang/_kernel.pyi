# Stub of the compiled room kernel mahjong.huanggang._kernel.
from typing import Dict

import numpy as np

PY_STATUS: Dict[str, int]
PY_BIG_BITS: Dict[str, int]

def score_rows(hands: np.ndarray,       # const uint8_t[:, ::1] (N, 34)
               melds: np.ndarray,       # const uint8_t[:, :, ::1] (N, 4, 2)
               singles: np.ndarray,     # const uint8_t[:, ::1] (N, 2)
               laizi: np.ndarray,       # const uint8_t[::1] (N,)
               pi_tile: np.ndarray,     # const uint8_t[::1] (N,), 255 = none
               flags: np.ndarray,       # const uint32_t[::1] (N,)
               dealer: np.ndarray,      # const uint8_t[::1] (N,)
               koukou: bool, plus5: bool,
               status: np.ndarray, base: np.ndarray, payer_base: np.ndarray,
               fan: np.ndarray, big: np.ndarray, num_threads: int = 1) -> None: ...
PY_WIN_BITS: Dict[str, int]
