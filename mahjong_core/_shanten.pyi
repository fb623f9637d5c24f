# Stub of the compiled module mahjong_core._shanten (C API in _shanten.pxd).
# "missing" = fewest draws to complete the hand (shanten + 1); 99 = no form applies.
# forms: bit set, 1 regular, 2 seven pairs, 4 thirteen orphans, 8 honors-and-knitted,
# 16 knitted straight (FORM_* in _types.pxd).
import numpy as np

PY_ROW_TOO_MANY_COPIES: int
PY_ROW_BAD_TOTAL: int
PY_ROW_BAD_MELDS: int
PY_ROW_NO_FORM: int

def shanten_rows(counts: np.ndarray,     # const uint8_t[:, ::1], (N, 34), validated
                 n_melds: np.ndarray,    # const int8_t[::1], (N,)
                 forms: int,
                 out: np.ndarray,        # int8_t[::1], (N,)
                 threads: int = 1) -> None: ...
def useful_rows(counts: np.ndarray,      # const uint8_t[:, ::1], (N, 34), validated
                n_melds: np.ndarray,     # const int8_t[::1], (N,)
                forms: int,
                out: np.ndarray,         # uint8_t[:, ::1], (N, 34)
                shanten_out: np.ndarray, # int8_t[::1], (N,)
                threads: int = 1) -> None: ...
def check_rows(counts: np.ndarray,       # const uint8_t[:, ::1], (N, 34)
               n_melds: np.ndarray,      # int8_t[::1], (N,); filled when infer
               infer: bool,
               forms: int,
               status: np.ndarray,       # uint8_t[::1], (N,): 0 ok, else PY_ROW_* code
               ) -> int: ...
def checked_shanten_rows(counts: np.ndarray,   # const uint8_t[:, ::1], (N, 34)
                         n_melds: np.ndarray,  # int8_t[::1], (N,); filled when infer
                         infer: bool,
                         forms: int,
                         out: np.ndarray,      # int8_t[::1], (N,); -128 on a bad row
                         status: np.ndarray,   # uint8_t[::1], (N,): 0 ok, else PY_ROW_*
                         threads: int = 1) -> int: ...  # number of bad rows
def checked_useful_rows(counts: np.ndarray,    # const uint8_t[:, ::1], (N, 34)
                        n_melds: np.ndarray,   # int8_t[::1], (N,); filled when infer
                        infer: bool,
                        forms: int,
                        out: np.ndarray,       # uint8_t[:, ::1], (N, 34); zeros on a bad row
                        shanten_out: np.ndarray,  # int8_t[::1], (N,)
                        status: np.ndarray,    # uint8_t[::1], (N,)
                        threads: int = 1) -> int: ...
def missing_one(counts: np.ndarray,      # const uint8_t[::1], 34 validated counts
                n_melds: int, forms: int) -> int: ...
def missing_by_form(counts: np.ndarray, n_melds: int) -> tuple[int, int, int, int, int]: ...
def useful_one(counts: np.ndarray, n_melds: int, forms: int) -> tuple[int, int]: ...
# The scalar entry points of mahjong.shanten / mahjong.useful_tiles: tiles a plain tenhou
# string, a list/tuple of int ids, a list/tuple of 34 int counts or a 1-D integer numpy array
# of 34 counts; melds None or empty; wildcard None; forms None, a form name or a list/tuple
# of names. None for anything else (the caller's full path, which words the errors).
def set_full_paths(shanten_full: object, useful_full: object) -> None: ...
def shanten(hand: object = ..., melds: object = ..., forms: object = ...,
            wildcard: object = ..., tiles: object = ..., *, rules: object = ...,
            void_suit: object = ..., indicator: object = ..., tiles136: object = ...) -> int: ...
def useful_tiles(hand: object = ..., melds: object = ..., forms: object = ...,
                 wildcard: object = ..., tiles: object = ..., *, rules: object = ...,
                 void_suit: object = ..., indicator: object = ..., tiles136: object = ...
                 ) -> list: ...
def shanten_call(tiles: object, melds: object, forms: object, wildcard: object
                 ) -> int | None: ...
def useful_call(tiles: object, melds: object, forms: object, wildcard: object
                ) -> list[int] | None: ...
def mask_to_ids(mask: int) -> list[int]: ...
def openmp_enabled() -> bool: ...
def max_threads() -> int: ...
def table_info() -> dict[str, object]: ...
# Locked meld copies and wildcards (docs/ALGORITHMS.md, "Locked copies and wildcards").
# locked: uint8[34] copies of each tile in the player's melds, or None; wildcard: -1 or 0..33.
PY_ROW_LOCKED_COPIES: int
def analyze_one(counts: np.ndarray, n_melds: int, forms: int, locked: np.ndarray | None = None,
                wildcard: int = -1, want_mask: bool = True) -> tuple[int, int]: ...
def missing_by_form_ex(counts: np.ndarray, n_melds: int, locked: np.ndarray | None = None,
                       wildcard: int = -1) -> tuple[int, int, int, int, int]: ...
def exact_missing(counts: np.ndarray, n_melds: int, forms: int,
                  locked: np.ndarray | None = None, wildcard: int = -1) -> int: ...
def group_vector_exact(h: np.ndarray, cap: np.ndarray, chows: bool,
                       max_e: int) -> np.ndarray: ...
def checked_rows_ex(counts: np.ndarray,       # const uint8_t[:, ::1], (N, 34)
                    n_melds: np.ndarray,      # int8_t[::1], (N,); filled when infer
                    infer: bool, forms: int,
                    locked: np.ndarray,       # const uint8_t[:, ::1], (N, 34) if has_locked
                    has_locked: bool,
                    wild: np.ndarray,         # const int8_t[::1], (N,), -1 = none
                    out: np.ndarray,          # int8_t[::1], (N,); -128 on a bad row
                    useful: np.ndarray,       # uint8_t[:, ::1], (N, 34) if want_useful
                    want_useful: bool,
                    status: np.ndarray,       # uint8_t[::1], (N,)
                    threads: int = 1) -> int: ...
def fast_text_wild(tiles: str | list[int] | tuple[int, ...], forms: int, wildcard: int,
                   want_mask: bool) -> tuple[int, int] | None: ...
