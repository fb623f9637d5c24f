# Readers of hand records, compiled (what mahjong.record and mahjong.ruleset import from
# here): plain tenhou notation to sorted tile ids, the tile a holding has most copies of, and
# the usual kong/win/closing-hand events read without Python-level branching.
#
# Rule-set free; kept under this name only until the record format v2 moves these readers
# into their own core module.
from libc.limits cimport INT_MAX
from libc.string cimport memset

from mahjong_core._types cimport N_KINDS
from mahjong_core._tileparse cimport count_tenhou_text


def sorted_tile_ids(str text):
    """Sorted tile ids of plain tenhou notation ("234m567m55p", honours 1z-7z), or None
    for anything else (the full parser of mahjong.tiles then reads it and names errors).
    Records repeat this parse for every hand, so it is compiled."""
    cdef int counts[34]
    cdef int t, c
    memset(counts, 0, sizeof(counts))
    # no limit on copies or tiles here: the record checks them and names the tile
    if count_tenhou_text(text, counts, INT_MAX, INT_MAX, False) < 0:
        return None
    out = []
    for t in range(N_KINDS):
        for c in range(counts[t]):
            out.append(t)
    return tuple(out)


cdef int _add_holding(object hand, object melds, int* counts) except -1:
    """Add a holding's tiles to counts[34]: the concealed tile ids, then the ``tiles`` of
    each meld; an id outside 0..33 is a ValueError."""
    cdef Py_ssize_t t
    cdef object x, meld
    for x in hand:
        t = x
        if t < 0 or t >= N_KINDS:
            raise ValueError(f"tile id {x!r} is not 0..33")
        counts[t] += 1
    for meld in melds:
        for x in meld.tiles:
            t = x
            if t < 0 or t >= N_KINDS:
                raise ValueError(f"tile id {x!r} is not 0..33")
            counts[t] += 1
    return 0


def most_copies(tuple hand, melds):
    """``(count, tile)`` of the tile with the most copies in a holding: concealed tile ids
    plus melds (objects with a ``tiles`` tuple); the lowest such tile on a tie."""
    cdef int counts[34]
    cdef Py_ssize_t t, best = 0
    memset(counts, 0, sizeof(counts))
    _add_holding(hand, melds, counts)
    for t in range(1, N_KINDS):
        if counts[t] > counts[best]:
            best = t
    return counts[best], best


# ------------------------------------------------ hand-record reader (usual events)
#
# mahjong.record reads every event of a record; the usual ones (a kong, a flagless win, a
# closing hand, all in plain notation) are read here without Python-level branching.
# Anything else gives None and mahjong.record's full reader reads it (and names the
# problem), so these functions decide nothing that reader does not: tests compare the two.
# mahjong.record imports this module, so it hands over its classes and helpers once, at
# import, through bind_record_reader().

cdef object _KongEvent = None
cdef object _WinEvent = None
cdef object _FinalHand = None
cdef object _read_hand = None       # str -> sorted tuple of tile ids, or None
cdef object _meld_from_strings = None  # (kind, tiles) strings -> Meld
cdef object _MeldError = None       # what _meld_from_strings raises for a bad meld
cdef dict _tile_ids = {}            # tenhou name ("7s") -> tile id
cdef frozenset _kong_keys = frozenset()
cdef frozenset _plain_win_keys = frozenset()
cdef frozenset _final_keys = frozenset()
cdef tuple _kong_kinds = ()


def bind_record_reader(kong_event, win_event, final_hand, read_hand, meld_from_strings,
                       meld_error, dict tile_ids, kong_kinds, kong_keys, plain_win_keys,
                       final_keys):
    """Called once by mahjong.record: its event classes, the hand and meld readers of the
    usual notation (and the error a bad meld raises), the tenhou tile names, the kinds of
    kong and the fields each object may have."""
    global _KongEvent, _WinEvent, _FinalHand, _read_hand, _meld_from_strings, _MeldError
    global _tile_ids, _kong_kinds, _kong_keys, _plain_win_keys, _final_keys
    _KongEvent, _WinEvent, _FinalHand = kong_event, win_event, final_hand
    _read_hand, _meld_from_strings, _MeldError = read_hand, meld_from_strings, meld_error
    _tile_ids = tile_ids
    _kong_kinds = tuple(kong_kinds)
    _kong_keys = frozenset(kong_keys)
    _plain_win_keys = frozenset(plain_win_keys)
    _final_keys = frozenset(final_keys)


cdef inline bint _keys_within(dict raw, frozenset allowed):
    cdef object key
    for key in raw:
        if key not in allowed:
            return False
    return True


cdef inline int _plain_seat(object value):
    """A seat given as a plain int 0..3, else -1."""
    if type(value) is not int:
        return -1
    cdef long seat = value
    return seat if 0 <= seat < 4 else -1


cdef inline int _plain_tile(object value):
    """A tile in tenhou notation ("7s"), else -1."""
    if type(value) is not str:
        return -1
    cdef object tile = _tile_ids.get(value)
    return -1 if tile is None else <int>tile


cdef object _plain_melds(object value):
    """Melds given as a list of at most four ``{"type": str, "tiles": str}`` that parse,
    as a tuple of Meld objects; else None."""
    if type(value) is not list:
        return None
    cdef list melds = <list>value
    if not melds:
        return ()
    if len(melds) > 4:
        return None
    cdef object m
    for m in melds:
        if not (type(m) is dict and len(<dict>m) == 2 and type((<dict>m).get("type")) is str
                and type((<dict>m).get("tiles")) is str):
            return None
    try:
        return tuple([_meld_from_strings(m["type"], m["tiles"]) for m in melds])
    except _MeldError:
        return None


cdef int _most_copies_held(tuple hand, tuple melds) except -1:
    cdef int counts[34]
    cdef int t, best = 0
    memset(counts, 0, sizeof(counts))
    _add_holding(hand, melds, counts)
    for t in range(N_KINDS):
        if counts[t] > best:
            best = counts[t]
    return best


def read_usual_event(object raw):
    """The usual kong or flagless win of a record (see mahjong.record._parse_usual_event,
    whose contract this is), or None."""
    if type(raw) is not dict:
        return None
    cdef dict d = <dict>raw
    cdef int seat = _plain_seat(d.get("seat"))
    if seat < 0:
        return None
    cdef object kind = d.get("type"), src, hand, melds
    cdef int tile, win, n, src_seat
    if kind == "kong":
        k = d.get("kind")
        tile = _plain_tile(d.get("tile"))
        if tile < 0 or k not in _kong_kinds or not _keys_within(d, _kong_keys):
            return None
        src = d.get("from")
        if k == "exposed":
            src_seat = _plain_seat(src)
            if src_seat < 0 or src_seat == seat:
                return None
        elif src is not None:
            return None
        return _KongEvent(seat, k, tile, src)
    if kind != "win" or not _keys_within(d, _plain_win_keys):
        return None
    hand = d.get("hand")
    win = _plain_tile(d.get("win_tile"))
    if type(hand) is not str or win < 0:
        return None
    hand = _read_hand(hand)
    melds = _plain_melds(d.get("melds", []))
    if hand is None or melds is None:
        return None
    src = d.get("from")
    if src is not None:
        src_seat = _plain_seat(src)
        if src_seat < 0 or src_seat == seat:
            return None
    n = len(<tuple?>hand) + 3 * len(<tuple?>melds)
    if n == 13:
        hand = tuple(sorted(hand + (win,)))
    elif n != 14:
        return None
    if win not in <tuple>hand or _most_copies_held(hand, melds) > 4:
        return None
    return _WinEvent(seat, hand, melds, win, src)


def read_usual_final(object value):
    """A closing hand in the usual notation (see mahjong.record._parse_usual_final), or
    None."""
    if type(value) is not dict or not _keys_within(<dict>value, _final_keys):
        return None
    cdef object hand = (<dict>value).get("hand")
    if type(hand) is not str:
        return None
    hand = _read_hand(hand)
    cdef object melds = _plain_melds((<dict>value).get("melds", []))
    if hand is None or melds is None:
        return None
    return _FinalHand(hand, melds)


def most_held(holdings, quad_tiles, shared_tiles):
    """``(count, tile)`` of the tile a record's seats hold most (the lowest such tile on a
    tie): each holding's ``hand`` (tile ids) and the ``tiles`` of its ``melds``, plus four
    copies of each tile of ``quad_tiles`` (the kongs of seats whose holding is unknown),
    minus one copy of each tile of ``shared_tiles`` (a discard won by several players is
    one tile in each winner's hand). One compiled loop for the fifth-copy check."""
    cdef int counts[34]
    cdef Py_ssize_t t, best = 0
    cdef object x, holding
    memset(counts, 0, sizeof(counts))
    for holding in holdings:
        _add_holding(holding.hand, holding.melds, counts)
    for x in quad_tiles:
        t = x
        if t < 0 or t >= N_KINDS:
            raise ValueError(f"tile id {x!r} is not 0..33")
        counts[t] += 4
    for x in shared_tiles:
        t = x
        if t < 0 or t >= N_KINDS:
            raise ValueError(f"tile id {x!r} is not 0..33")
        counts[t] -= 1
    for t in range(1, N_KINDS):
        if counts[t] > counts[best]:
            best = t
    return counts[best], best
