# Stub of the compiled room kernel mahjong.huanggang._kernel.
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

PY_STATUS: Dict[str, int]
PY_BIG_BITS: Dict[str, int]
PY_WIN_BITS: Dict[str, int]
PY_SHAPES: Tuple[str, str, str]
PY_SET_CHOW: int
PY_SET_PUNG: int

# (shape, pair or None, ((set kind, tile), ...), (tile each 赖子 stands for, ...))
ReadingTuple = Tuple[str, Optional[int], Tuple[Tuple[int, int], ...], Tuple[int, ...]]
# (big bits, 硬胡, 番 beyond the melds, base, payer base, reading)
Answer = Tuple[int, int, int, int, int, ReadingTuple]

def score_rows(hands: np.ndarray,       # const uint8_t[:, ::1] (N, 34)
               melds: np.ndarray,       # const uint8_t[:, :, ::1] (N, 4, 2)
               singles: np.ndarray,     # const uint8_t[:, ::1] (N, 2)
               laizi: np.ndarray,       # const uint8_t[::1] (N,)
               pi_tile: np.ndarray,     # const uint8_t[::1] (N,), 255 = none
               flags: np.ndarray,       # const uint32_t[::1] (N,)
               dealer: np.ndarray,      # const uint8_t[::1] (N,)
               koukou: bool, plus5: bool,
               status: np.ndarray, base: np.ndarray, payer_base: np.ndarray,
               fan: np.ndarray, hard: np.ndarray, big: np.ndarray,
               num_threads: int = 1) -> None: ...
def score_hand(concealed: Tuple[int, ...], set_melds: Tuple[Any, ...], laizi: int,
               pi_tile: int, flags: int, dealer: bool, plus5: bool
               ) -> Tuple[int, Optional[Answer]]: ...
def hand_readings(concealed: Tuple[int, ...], set_melds: Tuple[Any, ...], laizi: int,
                  flags: int, dealer: bool, plus5: bool) -> List[Answer]: ...
def tenpai(concealed: Tuple[int, ...], set_melds: Tuple[Any, ...], laizi: int,
           fixed: Tuple[int, ...]) -> bool: ...
# (n_open, per payer (raw or None, amount, F(L), base, note: -1 raw, -2 cap, 0..2 the tier))
def loser_shares(fan: int, pihu: bool, to_cap: bool, self_drawn: bool,
                 discarder: Optional[int], dealer: int, payer_base: int, base: int,
                 payers: Tuple[int, ...], melds: Tuple[bytes, ...], koukou: bool, laizi: int,
                 cap: Optional[int], tiers: Optional[Tuple[int, int, int]]
                 ) -> Tuple[int, Tuple[Tuple[Optional[int], int, int, int, int], ...]]: ...
