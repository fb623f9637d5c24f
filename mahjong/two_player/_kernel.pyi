"""Stub of the compiled two-player fan kernel (``_kernel.pyx``)."""

FAN_KEYS: tuple[str, ...]

def best_fans(counts: bytearray,      # uint8[34]: the concealed tiles
              totals: bytearray,      # uint8[34]: hand and melds
              meld_pairs: bytes,      # [kind code, lowest tile] per meld
              flags: int,             # WinFlag bits
              ready: bool,
              flowers: int,           # copies of shown 花牌 tiles held
              values: bytes,          # int32[N_FANS] fan values
              cap: int,
              out: bytearray,         # uint8[N_FANS]: fan counts of the best reading
              ) -> int: ...           # uncapped total, -1 if not a win
