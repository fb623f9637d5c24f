# Stub of mahjong_core._wincheck: the WinCheck a room kernel returns (see _wincheck.pxd).
from typing import Dict, Optional, Sequence, Tuple

class WinCheck:
    rules: str
    errors: Dict[int, str]
    data: Optional[bytes]
    def value(self, counts: Sequence[int], melds: Sequence[Tuple[int, int]] = ..., *,
              win_tile: int, flags: int = ..., seat: int = ..., from_seat: int = ...,
              flowers: int = ..., void_suit: int = ..., event_index: int = ...,
              seats: int = ..., dealer: int = ..., round_wind: int = ...,
              indicator: int = ..., wildcard: int = ..., dealer_discards: int = ...,
              discards: int = ..., flower_indicators: Sequence[int] = ...,
              seat_melds: Optional[Sequence[Sequence[Tuple[int, int]]]] = ...,
              ready_at: Optional[Sequence[int]] = ...,
              ready_first_discard: Optional[Sequence[int]] = ...) -> int: ...
    def error_text(self, code: int) -> str: ...
