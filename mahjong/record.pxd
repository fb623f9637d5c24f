# C declarations for the compiled build of record.py (an "augmenting" .pxd: record.py
# stays plain Python; compiled, the reader's helpers become C functions and their locals
# C ints or exact builtin types, so that dict and list calls on them are direct C calls).
# A declaration here must agree with the code: a local declared dict only ever holds a
# dict.
cimport cython
from libc.string cimport memcmp
from mahjong_core._tileparse cimport suit_base

ctypedef const unsigned char* _bytes_p
ctypedef unsigned char* _counts_p

cdef extern from "Python.h":
    void PyObject_GC_UnTrack(object obj)

# The record's value classes as extension types: their fields are C struct members, read
# from Python as attributes (readonly) and written only by the constructors.

cdef class _Value:
    pass

cdef class DrawEvent(_Value):
    cdef readonly long seat
    cdef readonly long tile
    cdef readonly str type

cdef class DiscardEvent(_Value):
    cdef readonly long seat
    cdef readonly long tile
    cdef readonly str type

cdef class ClaimEvent(_Value):
    cdef readonly str type
    cdef readonly long seat
    cdef readonly tuple tiles
    cdef readonly long from_seat

cdef class KongEvent(_Value):
    cdef readonly long seat
    cdef readonly str kind
    cdef readonly long tile
    cdef readonly object from_seat
    cdef readonly str type

cdef class ReadyEvent(_Value):
    cdef readonly long seat
    cdef readonly str type

cdef class FlipEvent(_Value):
    cdef readonly long tile
    cdef readonly str type

cdef class WinEvent(_Value):
    cdef readonly long seat
    cdef readonly tuple hand
    cdef readonly tuple melds
    cdef readonly long win_tile
    cdef readonly object from_seat
    cdef readonly bint replacement
    cdef readonly bint after_kong
    cdef readonly bint robbing_kong
    cdef readonly bint last_tile
    cdef readonly bint heavenly
    cdef readonly bint earthly
    cdef readonly bint first_round
    cdef readonly bint fourth_tile
    cdef readonly long flowers
    cdef readonly str type

cdef class ExhaustedEvent(_Value):
    cdef readonly object data
    cdef readonly str type

cdef class PenaltyEvent(_Value):
    cdef readonly long seat
    cdef readonly str type

cdef class FinalHand(_Value):
    cdef readonly tuple hand
    cdef readonly tuple melds


cdef object _int_field(object value, str where, str name, long low, long high)
cdef object _seat(object value, str where, long seats, str name=*)
@cython.locals(base=long)
cdef long _name_id(long digit, Py_UCS4 letter) noexcept
cpdef long _tile_name_id(str text) except? -2
cdef object _tile(object value, str where, str name)
cdef tuple _tiles(object value, str where, str name)
@cython.locals(by_tiles=dict, kinds=dict)
cdef object _meld(object kind, object tiles)
cdef str _melds_where(Py_ssize_t index, long seat)
@cython.locals(out=list, kind=object, tiles=object, melds=tuple)
cdef tuple _melds(object value, Py_ssize_t index, long seat)
@cython.locals(n=Py_ssize_t)
cdef Py_ssize_t _known_keys(dict obj, frozenset allowed) except -1
cdef Py_ssize_t _holding_size(tuple tiles, tuple melds) except -1
@cython.locals(out=list)
cdef tuple _meld_tiles(object melds)
cdef bint _flag(object value, str name, str where) except -1
cpdef object _read_win(object raw, Py_ssize_t index, long seats)
@cython.locals(plain=bint)
cdef object _read_win_dict(dict raw, Py_ssize_t index, long seats)
cdef object _MISSING
cdef long _tile_value(object value) except -2
cdef long _tile_field(object value, str where, str name) except -2
cdef tuple _hand_field(object value, Py_ssize_t index, long seat)
@cython.locals(t=long)
cdef object _event_draw(Py_ssize_t index, bint draw, object seat, object tile, long seats)
@cython.locals(meld=object)
cdef object _event_claim(Py_ssize_t index, str kind, object seat, object tiles, object src,
                         long seats)
@cython.locals(t=long)
cdef object _event_kong(Py_ssize_t index, object seat, object k, object tile, object src,
                        long seats)
cdef object _event_ready(Py_ssize_t index, object seat, long seats)
@cython.locals(t=long)
cdef object _event_flip(Py_ssize_t index, object tile)
@cython.locals(t=long, n=Py_ssize_t)
cdef object _event_win(Py_ssize_t index, object seat, object hand, object melds,
                       object read_melds, object win, object src, object flags,
                       object flowers, long seats)
@cython.locals(data=dict)
cdef object _event_exhausted(Py_ssize_t index, object raw)
cpdef object _read_event(Py_ssize_t index, object raw, long seats)
cdef object _read_event_dict(Py_ssize_t index, dict raw, long seats)
@cython.locals(n=Py_ssize_t, data=dict)
cdef tuple _read_final(object key, object value, long seats)
@cython.locals(data=dict, seats=long, final=dict, fields=dict)
cdef object _read_record(object cls, object given, bint replay=*)
cdef _checked(object rec, tuple events, long seats, dict final, bint has_wall, object note,
              bint replay, list packed=*)
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, out=bytearray, wins=bytearray)
cpdef tuple log_codes(tuple events, object final, long seats)
@cython.locals(finals=bytearray, x=long, seat=long, fh=FinalHand)
cpdef bytes final_codes(object final, long seats)
@cython.locals(counts=bytearray, x=long, seat=long, code=long, tile=long, aux=long, frm=long,
               dr=DrawEvent, de=DiscardEvent, ce=ClaimEvent, k=KongEvent, w=WinEvent)
cdef int _pack_event(object e, _counts_p out, Py_ssize_t j, bytearray wins) except -1
@cython.locals(won=dict, kongs_so_far=long, shared_discards=list, loose_discards=list,
               full_log=bint, lists_claims=bint, i=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t,
               holdings=dict, unknown_quads=list, seat=long, cell=Py_ssize_t, code=long,
               tile=long, x=Py_ssize_t, single=bint, hand=tuple, melds=tuple, most=long,
               last_tile=long,
               w=WinEvent, k=KongEvent, fh=FinalHand, ce=ClaimEvent, de=DiscardEvent,
               dr=DrawEvent)
cdef bint _check_record(object rec, tuple events, long seats, dict final,
                        bint has_wall) except -1
cdef _check_claimed_discard(object rec, Py_ssize_t i, object e, long from_seat, dict won,
                            object last_discard)
cdef _check_win(object rec, Py_ssize_t i, WinEvent e, dict won, object prev, long kongs_so_far,
                list shared_discards, object last_discard)
@cython.locals(events=tuple, j=Py_ssize_t)
cdef _check_win_context(object rec, Py_ssize_t i, WinEvent e, dict won, bint prior_kong)
cdef str _win_where(Py_ssize_t i, WinEvent e)
@cython.locals(added=list, want=list, have=list, want_codes=list, have_codes=list, pair=tuple,
               k=KongEvent, c=ClaimEvent, tile=long, code=long)
cdef _check_claims(object rec, long seat, list claims, list kongs, list shown, str src)

@cython.locals(e=ClaimEvent)
cdef ClaimEvent _new_claim(str kind, long seat, tuple tiles, long from_seat)
@cython.locals(e=KongEvent)
cdef KongEvent _new_kong(long seat, str kind, long tile, object from_seat)
@cython.locals(e=WinEvent)
cdef WinEvent _new_plain_win(long seat, tuple hand, tuple melds, long win_tile, object from_seat)
@cython.locals(fh=FinalHand)
cdef FinalHand _new_final(tuple hand, tuple melds)
cdef _check_fifth_copies(object rec, dict holdings, list unknown_quads,
                         list shared_discards, list loose_discards, dict wins)
cdef long _meld_code(str kind) except -1
cdef list _seat_events(tuple events, object cls, long seat)
@cython.locals(n=Py_ssize_t, x=Py_ssize_t, code=long, tile=Py_ssize_t)
cdef Py_ssize_t _count_holding(tuple hand, tuple melds, long seat, int* shown, int* held,
                               int* n_shown) except -1
cdef long _MC_CHOW, _MC_PUNG, _MC_KONG, _MC_CONCEALED, _MC_SINGLE, _MELD_SLOTS

# The text reader (a record's JSON text read straight into the events; see record.py).

cdef long _F_TYPE, _F_SEAT, _F_TILE, _F_TILES, _F_FROM, _F_KIND, _F_HAND, _F_MELDS
cdef long _F_WIN_TILE, _F_FLOWERS, _F_FLAG, _F_DRAW, _F_CLAIM, _F_KONG, _F_PLAIN_WIN
cdef long _F_WIN, _F_READY, _F_FLIP
cdef tuple _EVENT_FIELDS
cdef long _E_DRAW, _E_DISCARD, _E_CHOW, _E_PUNG, _E_KONG, _E_READY, _E_FLIP, _E_WIN
cdef long _E_EXHAUSTED
cdef long _R_EVENTS, _R_FINAL, _R_RULES, _R_DEALER, _R_SEATS, _R_INDICATOR, _R_OPTIONS
cdef long _R_ROUND_WIND, _R_FLOWER_INDICATORS, _R_NOTE, _R_RESULT, _R_WALL, _R_RESERVE
cdef int _QUOTE, _COMMA, _COLON, _OPEN_LIST, _CLOSE_LIST, _OPEN, _CLOSE
cdef bytes _DRAW_HEAD, _DISCARD_HEAD, _TILE_HEAD
cdef tuple _WIN_FLAG_BYTES, _KONG_KIND_BYTES, _DRAWS, _DISCARDS, _READIES, _FLIPS
cdef list _MELD_TABLE, _MELD_TILES
cdef long _SHAPE_ONE, _SHAPE_THREE, _SHAPE_FOUR, _SHAPE_RUN
@cython.locals(form=long)
cdef long _shape_code(str kind, long shape) noexcept

@cython.final
cdef class _Scan:
    cdef str text
    cdef bytes data
    cdef bint ascii
    cdef _bytes_p p
    cdef Py_ssize_t n, i, a, b
    cdef bytearray counts
    cdef _counts_p c
    cdef long qcode, qseat, qtile
    cdef bytes codes, wins

    @cython.locals(p=_bytes_p, i=Py_ssize_t, c=int)
    cdef int space(self) noexcept
    cdef void expect(self, int c) except *
    @cython.locals(c=int)
    cdef bint more(self, int close) except -1
    @cython.locals(p=_bytes_p, i=Py_ssize_t, c=int)
    cdef void string(self) except *
    cdef str str_value(self)
    @cython.locals(n=Py_ssize_t, k=Py_ssize_t, p=_bytes_p, q=_bytes_p, a=Py_ssize_t)
    cdef bint word(self, bytes w) noexcept
    @cython.locals(c=int, p=_bytes_p, i=Py_ssize_t)
    cdef bint null(self) noexcept
    @cython.locals(c=int, p=_bytes_p, i=Py_ssize_t)
    cdef bint boolean(self) except -1
    @cython.locals(c=long, p=_bytes_p, i=Py_ssize_t, value=long)
    cdef long integer(self) except -1
    @cython.locals(p=_bytes_p, t=long)
    cdef long tile(self) except -1
    @cython.locals(t=long, out=list, p=_bytes_p, i=Py_ssize_t, c=int, most=long)
    cdef object tile_list(self, _counts_p copies)
    cdef str sub(self, Py_ssize_t a, Py_ssize_t b)
    @cython.locals(a=Py_ssize_t)
    cdef object value(self)
    @cython.locals(c=int, close=int, p=_bytes_p, i=Py_ssize_t, start=Py_ssize_t)
    cdef void skip(self, long depth) except *
    @cython.locals(c=int, h=int, p=_bytes_p, i=Py_ssize_t, k=Py_ssize_t)
    cdef void skip_string(self) except *
    @cython.locals(out=list, melds=tuple, kind=str, k=int, shape=long, ta=Py_ssize_t,
                   tb=Py_ssize_t, code=long, meld=object)
    cdef tuple melds(self)
    @cython.locals(p=_bytes_p, a=Py_ssize_t, n=Py_ssize_t, base=long, d=long,
                   k=Py_ssize_t)
    cdef long meld_shape(self) noexcept
    @cython.locals(meld=object)
    cdef object table_meld(self, str kind, Py_ssize_t slot, Py_ssize_t ta, Py_ssize_t tb)
    cdef str meld_kind(self)
    @cython.locals(k=Py_ssize_t)
    cdef str kong_kind(self)
    @cython.locals(c=int)
    cdef long event_type(self) except -1
    cdef long record_field(self) except -1
    @cython.locals(bit=long, name=bytes, c=int)
    cdef long event_field(self) except -1
    @cython.locals(seen=long, flags=long, kind=long, field=long, f=long, melds=tuple,
                   allowed=long)
    cdef object event(self, Py_ssize_t index, long seats)
    @cython.locals(n=Py_ssize_t, k=Py_ssize_t, p=_bytes_p, q=_bytes_p)
    cdef bint at(self, bytes w, Py_ssize_t i) noexcept
    @cython.locals(i=Py_ssize_t, p=_bytes_p, seat=long, tile=long, draw=bint)
    cdef object quick_event(self, long seats)
    @cython.locals(seat=long, hand=tuple, melds=tuple, got=long, text=str)
    cdef void final(self, long seats, dict final) except *
    @cython.locals(rules=str, seats=long, seats_used=long, dealer=long, round_wind=long,
                   events=tuple, final=dict, seen=long, key=long, out=list, copies=bytearray,
                   e=object, codes=bytearray, wins=bytearray, j=Py_ssize_t, cp=_counts_p,
                   flower_indicators=tuple)
    cdef tuple record(self, object cls)

    cdef void start(self, str text) except *

@cython.locals(scan=_Scan)
cpdef object _read_text(object cls, str text, list packed=*)
@cython.locals(fields=dict)
cdef object _new_record(object cls, str rules, long dealer, tuple events, dict final,
                        object options, long seats, long round_wind, object indicator,
                        tuple flower_indicators, object wall, object reserve)

cpdef check_kongs_played(object rec, str rule_name, bint honours)
cpdef check_kongs_listed(object rec, str rule_name, str why)
cpdef check_kongs_played_listed(object rec, str rule_name, bint honours, str why)
@cython.locals(events=tuple, i=Py_ssize_t, j=Py_ssize_t, k=KongEvent, w=WinEvent, seats=long,
               seat=long, x=Py_ssize_t, last_win=list, melds=tuple, kind=str,
               concealed=long, fh=FinalHand)
cdef _check_kongs(object rec, str rule_name, bint played, bint honours, str why)
