# Stub of mahjong_core._regional: the compiled readers of hand records (rule-set free).
from typing import Callable, Dict, Iterable, Optional, Tuple

def sorted_tile_ids(text: str) -> Optional[Tuple[int, ...]]: ...
    # sorted ids of plain tenhou notation, None for anything else


def most_copies(hand: Tuple[int, ...], melds: Iterable[object]) -> Tuple[int, int]: ...
    # (count, tile) of the most-held tile of a holding (melds: objects with .tiles)

def most_held(holdings: Iterable[object], quad_tiles: Iterable[int],
              shared_tiles: Iterable[int]) -> Tuple[int, int]: ...
    # (count, lowest tile) most held over holdings (.hand ids, .melds' .tiles), 4 per quad
    # tile, minus 1 per shared discard

# Hand-record reader (usual events); mahjong.record binds its classes once at import.
def bind_record_reader(
    kong_event: type, win_event: type, final_hand: type,
    read_hand: Callable[[str], Optional[Tuple[int, ...]]],   # plain notation -> sorted ids
    meld_from_strings: Callable[[str, str], object],  # (kind, tiles) -> Meld
    meld_error: type,           # the exception a bad meld raises (MahjongError)
    tile_ids: Dict[str, int],   # tenhou name -> tile id
    kong_kinds: Iterable[str],  # "concealed", "exposed", "added"
    kong_keys: Iterable[str], plain_win_keys: Iterable[str], final_keys: Iterable[str],
) -> None: ...

def read_usual_event(raw: object) -> Optional[object]: ...
    # KongEvent / flagless WinEvent of an event in plain notation, or None (full reader)

def read_usual_final(value: object) -> Optional[object]: ...
    # FinalHand of a closing hand in plain notation, or None (full reader)
