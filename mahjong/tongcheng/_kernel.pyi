"""Stub of the compiled 通称 fan kernel (``_kernel.pyx``)."""

FAN_KEYS: tuple[str, ...]
NOT_A_WIN: int        # -1

def win_mask(hand: tuple[int, ...],   # the concealed tile ids, winning tile included
             melds: tuple,            # Meld objects (a validated 14-tile hand)
             win: int,                # the winning tile
             flags: int,              # WinFlag bits
             kouting: bool,           # 扣听
             values: bytes,           # int32[N_FANS] fan values
             excludes: bytes,         # uint64[N_FANS]: the rows each row excludes
             entries: int,            # mask of the entries whose absence makes 穷胡
             ) -> int: ...            # mask of the best reading's fans, or NOT_A_WIN
