"""Stub of the compiled two-player fan kernel (``_kernel.pyx``)."""

FAN_KEYS: tuple[str, ...]
NOT_A_WIN: int        # -1
TOO_MANY_SHOWN: int   # -2

def win_fans(hand: tuple[int, ...],   # the concealed tile ids, winning tile included
             melds: tuple,            # Meld objects (a validated 14-tile hand)
             flags: int,              # WinFlag bits
             ready: bool,             # 报听
             shown: tuple[int, ...],  # ids of the shown 花牌 tiles
             values: bytes,           # int32[N_FANS] fan values
             cap: int,                # the cap that ranks the readings
             ) -> bytes | int: ...    # uint8[N_FANS] fan counts, or NOT_A_WIN / TOO_MANY_SHOWN
