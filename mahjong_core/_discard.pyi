# Stub of the compiled module mahjong_core._discard (discard tables; see its docstring).
# forms: bit set of FORM_* (_types.pxd); "missing" = shanten + 1.
from typing import Any, Callable, Iterator

import numpy as np

PY_ROW_TOO_MANY_COPIES: int
PY_ROW_BAD_TOTAL: int        # not 14 - 3m tiles
PY_ROW_BAD_MELDS: int
PY_ROW_NO_FORM: int
PY_ROW_LOCKED_COPIES: int
PY_ROW_VISIBLE_COPIES: int

def checked_discard_rows(counts: np.ndarray,      # const uint8_t[:, ::1], (N, 34)
                         n_melds: np.ndarray,     # int8_t[::1], (N,); filled when infer
                         infer: bool,
                         forms: int,
                         visible: np.ndarray,     # const uint8_t[:, ::1], (1, 34) or (N, 34)
                         visible_rows: int,       # 0 none, 1 one row for all, 2 per row
                         locked: np.ndarray,      # const uint8_t[:, ::1], (N, 34) if has_locked
                         has_locked: bool,
                         wild: np.ndarray,        # const int8_t[::1], (N,), -1 = none
                         shanten_out: np.ndarray,  # int8_t[:, ::1], (N, 34); -1 not held
                         unseen_out: np.ndarray,   # int16_t[:, ::1], (N, 34); 0 not held
                         status: np.ndarray,      # uint8_t[::1], (N,): 0 ok, else PY_ROW_*
                         threads: int = 1) -> int: ...  # number of bad rows
class DiscardOption:          # reads like a NamedTuple (tile, shanten, useful, unseen)
    _fields: tuple[str, str, str, str]
    tile: int
    shanten: int
    unseen: int
    def __init__(self, tile: int, shanten: int, useful: Any, unseen: int) -> None: ...
    @property
    def useful(self) -> tuple[int, ...]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: Any) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def _asdict(self) -> dict[str, Any]: ...
    def _replace(self, **changes: Any) -> DiscardOption: ...
# validated input: counts uint8[34] (14 - 3 n_melds tiles), unseen int8[34],
# locked uint8[34] or None, wildcard -1..33
def options_one(counts: np.ndarray, n_melds: int, forms: int, unseen: np.ndarray,
                locked: Any, wildcard: int) -> list[DiscardOption]: ...
# hand / visible: plain tenhou text, a list/tuple of int ids or of 34 counts; melds an
# empty list or tuple; forms None, a name, a list or tuple of names; wildcard -1..33.
# None: take the full path (other inputs and every error)
def options_call(hand: Any, melds: Any, forms: Any, visible: Any, wildcard: int
                 ) -> list[DiscardOption] | None: ...
# full_path(hand, melds, forms, visible, wildcard, tiles, rules, void_suit, indicator, tiles136):
# mahjong.analysis's full path
def set_full_path(full_path: Callable[..., list[DiscardOption]]) -> None: ...
def discard_analysis(hand: Any = None, melds: Any = (), forms: Any = None,
                     visible: Any = None, wildcard: Any = None, *,
                     tiles: Any = None, rules: Any = None, void_suit: Any = None,
                     indicator: Any = None, tiles136: Any = None) -> list[DiscardOption]: ...
def discard_masks(counts: np.ndarray, n_melds: int, forms: int
                  ) -> tuple[np.ndarray, np.ndarray]: ...   # (int8[34], uint64[34])
