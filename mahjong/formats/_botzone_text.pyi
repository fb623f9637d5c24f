from typing import Optional, Tuple

class Scanner:
    """One game at a time from the bytes of an IJCAI / Botzone text."""

    line: int
    error: Optional[Tuple[int, str]]

    def next_game(self, buf: bytes, pos: int, eof: bool) -> Optional[tuple]: ...
