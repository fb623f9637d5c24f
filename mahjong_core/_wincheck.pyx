# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""A room's compiled win check (declarations and what it reads: _wincheck.pxd).

The game engine calls a check with its own arrays, without the GIL. From Python a check is
called with tile ids (``WinCheck.value``), e.g. to compare it with the room's score().
"""
from mahjong_core._types cimport ERR_BAD_TILE, ERR_BAD_MELD, ERR_BAD_CONTEXT

from mahjong.errors import MahjongError

_MELD_CODES = {MELD_CHOW, MELD_PUNG, MELD_KONG, MELD_CONCEALED_KONG, MELD_SINGLE_KONG}
#: what the shared negative answers of a check mean
_ERRORS = {ERR_BAD_CONTEXT: "an impossible win circumstance for this rule set",
           ERR_BAD_MELD: "a meld this rule set does not have",
           ERR_BAD_TILE: "the winning tile is not in the hand",
           CHECK_OVERFLOW: "the value exceeds 2^31 - 1 (lower the money options)"}


cdef WinCheck make_win_check(win_check_fn fn, str rules, tuple opts, dict errors=None,
                             bytes data=None):
    cdef WinCheck c = WinCheck.__new__(WinCheck)
    c.data = data
    c.data_ptr = NULL if data is None else <const char*>data
    c.errors = dict(_ERRORS)
    if errors:
        c.errors.update(errors)
    cdef int i
    if len(opts) > MAX_CHECK_OPTIONS:
        raise MahjongError(f"{rules}: {len(opts)} option values for a win check (at most "
                           f"{MAX_CHECK_OPTIONS})")
    c.fn = fn
    c.rules = rules
    for i in range(MAX_CHECK_OPTIONS):
        c.opts[i] = opts[i] if i < len(opts) else 0
    return c


cdef int _melds_into(object melds, uint8_t* kind, uint8_t* tile, str where) except -1:
    """[(MELD code, tile), ...] into the two arrays; the number of melds."""
    cdef int n = 0
    for m in melds:
        if n >= 16:
            raise MahjongError(f"{where}: more than 16 melds")
        code, t = m
        if code not in _MELD_CODES:
            raise MahjongError(f"{where}: meld code {code!r} (MELD_* of mahjong_core._types)")
        if not 0 <= t < N_KINDS:
            raise MahjongError(f"{where}: meld tile {t!r} (a tile id 0..33)")
        kind[n] = code
        tile[n] = t
        n += 1
    return n


cdef class WinCheck:
    """A room's compiled win check with its options (the engine's question "may this seat
    win now, and what is it worth?"). Made by the room's kernel; see _wincheck.pxd."""

    def error_text(self, int code):
        """What the check's negative answer ``code`` means."""
        return self.errors.get(code, f"error {code}")

    def __init__(self):
        raise MahjongError("a WinCheck is made by a room's kernel (make_win_check)")

    def value(self, counts, melds=(), *, int win_tile, int flags=0, int seat=0,
              int from_seat=-1, int flowers=0, int void_suit=-1, int event_index=0,
              int seats=4, int dealer=0, int round_wind=0, int indicator=-1, int wildcard=-1,
              int dealer_discards=0, int discards=-1, flower_indicators=(), seat_melds=None, ready_at=None,
              ready_first_discard=None):
        """The check's answer for one win given in tile ids: the value (> 0), 0 when the rule
        set refuses the win, or a negative ERR_* code of mahjong_core._types.

        counts: 34 counts of the concealed hand, the winning tile included; melds: (MELD
        code, tile) pairs; flags: WIN_* bits (WIN_SELF_DRAWN for a self-draw); seat_melds:
        every seat's melds (default: the winner's, others none); ready_at: per seat the
        event index of its ready declaration (-1: none); ready_first_discard: per seat 1 if
        that declaration came on the dealer's first discard (_wincheck.pxd)."""
        cdef WinView v
        cdef uint8_t c[34]
        cdef uint8_t kind[4][16]
        cdef uint8_t tile[4][16]
        cdef uint8_t shown[8]
        cdef int s, k, n, r
        if len(counts) != N_KINDS:
            raise MahjongError(f"counts: {len(counts)} values, not 34")
        for k in range(N_KINDS):
            if not 0 <= counts[k] <= 4:
                raise MahjongError(f"counts: {counts[k]!r} copies of tile {k} (0..4)")
            c[k] = counts[k]
        if not 2 <= seats <= MAX_SEATS:
            raise MahjongError(f"seats: {seats} (2 to 4)")
        for name, x in (("seat", seat), ("dealer", dealer)):
            if not 0 <= x < seats:
                raise MahjongError(f"{name}: {x} is not a seat of {seats}")
        if not -1 <= from_seat < seats or from_seat == seat:
            raise MahjongError(f"from_seat: {from_seat} (-1 self-draw, else another seat)")
        if not 0 <= win_tile < N_KINDS:
            raise MahjongError(f"win_tile: {win_tile} (a tile id 0..33)")
        if len(flower_indicators) > 8:
            raise MahjongError(f"flower_indicators: {len(flower_indicators)} tiles (at most 8)")
        for k, t in enumerate(flower_indicators):
            if not 0 <= t < N_KINDS:
                raise MahjongError(f"flower_indicators: tile {t!r} (a tile id 0..33)")
            shown[k] = t
        if seat_melds is None:
            seat_melds = [melds if s == seat else () for s in range(seats)]
        if len(seat_melds) != seats:
            raise MahjongError(f"seat_melds: {len(seat_melds)} seats, not {seats}")
        if ready_at is None:
            ready_at = (-1,) * seats
        if len(ready_at) != seats:
            raise MahjongError(f"ready_at: {len(ready_at)} seats, not {seats}")
        if ready_first_discard is None:
            ready_first_discard = (0,) * seats
        if len(ready_first_discard) != seats:
            raise MahjongError(f"ready_first_discard: {len(ready_first_discard)} seats, not "
                               f"{seats}")
        v.n_melds = _melds_into(melds, kind[seat], tile[seat], "melds")
        for s in range(seats):
            if s != seat:
                n = _melds_into(seat_melds[s], kind[s], tile[s], f"seat_melds[{s}]")
            else:
                n = v.n_melds
            v.seat_n_melds[s] = n
            v.seat_meld_kind[s] = kind[s]
            v.seat_meld_tile[s] = tile[s]
            v.ready_at[s] = ready_at[s]
            v.ready_first_discard[s] = ready_first_discard[s]
        v.counts = c
        v.meld_kind = kind[seat]
        v.meld_tile = tile[seat]
        v.win_tile = win_tile
        v.flags = flags
        v.seat = seat
        v.from_seat = from_seat
        v.flowers = flowers
        v.void_suit = void_suit
        v.event_index = event_index
        v.seats = seats
        v.dealer = dealer
        v.round_wind = round_wind
        v.indicator = indicator
        v.wildcard = wildcard
        v.dealer_discards = dealer_discards
        v.discards = dealer_discards if discards < 0 else discards
        v.n_flower_indicators = len(flower_indicators)
        v.flower_indicators = shown
        if (from_seat < 0) != bool(flags & WIN_SELF_DRAWN):
            raise MahjongError("flags: WIN_SELF_DRAWN is set exactly when from_seat is -1")
        with nogil:
            r = self.ask(&v)
        return r
