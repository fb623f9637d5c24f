"""Stub of the compiled 通称 fan kernel (``_kernel.pyx``)."""

FAN_KEYS: tuple[str, ...]

def best_fans(counts: bytearray,      # uint8[34]: the concealed tiles
              totals: bytearray,      # uint8[34]: hand and melds
              meld_pairs: bytes,      # [kind code, lowest tile] per meld
              win: int,               # the winning tile
              flags: int,             # WinFlag bits
              kouting: bool,
              values: bytes,          # int32[N_FANS] fan values
              excludes: bytes,        # uint64[N_FANS] masks of the rows each row excludes
              entries: int,           # mask of the entries whose absence makes 穷胡
              ) -> tuple[int, int]: ...   # (fan mask of the best reading, total); (0, -1)
