# C declarations for the compiled build of record.py (an "augmenting" .pxd: record.py
# stays plain Python; compiled, the reader's helpers become C functions and their locals
# C ints or exact builtin types, so that dict and list calls on them are direct C calls).
# A declaration here must agree with the code: a local declared dict only ever holds a
# dict.
cimport cython

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

cdef class FinalHand(_Value):
    cdef readonly tuple hand
    cdef readonly tuple melds


cdef object _int_field(object value, str where, str name, long low, long high)
cdef object _seat(object value, str where, long seats, str name=*)
@cython.locals(digit=long, base=long, suit=Py_UCS4)
cpdef long _tile_name_id(str text) except? -2
cdef object _tile(object value, str where, str name)
cdef tuple _tiles(object value, str where, str name)
@cython.locals(by_tiles=dict)
cdef object _meld(object kind, object tiles)
cdef str _melds_where(Py_ssize_t index, long seat)
@cython.locals(out=list, kind=object, tiles=object)
cdef tuple _melds(object value, Py_ssize_t index, long seat)
@cython.locals(n=Py_ssize_t)
cdef Py_ssize_t _known_keys(dict obj, frozenset allowed) except -1
cdef Py_ssize_t _holding_size(tuple tiles, tuple melds) except -1
cdef bint _flag(object obj, str name, str where) except -1
cpdef object _read_win(object raw, Py_ssize_t index, long seats)
@cython.locals(hand=tuple, melds=tuple, n=Py_ssize_t, flags=list, plain=bint)
cdef object _read_win_dict(dict raw, Py_ssize_t index, long seats)
cpdef object _read_event(Py_ssize_t index, object raw, long seats)
@cython.locals(data=dict)
cdef object _read_event_dict(Py_ssize_t index, dict raw, long seats)
@cython.locals(n=Py_ssize_t, data=dict)
cdef tuple _read_final(object key, object value, long seats)
@cython.locals(data=dict, seats=long, final=dict, fields=dict)
cdef object _read_record(object cls, object given)
@cython.locals(won=dict, kongs=list, claims=list,
               kongs_so_far=long, shared_discards=list, loose_discards=list,
               full_log=bint, lists_claims=bint, i=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t,
               holdings=dict, hands=list, meld_groups=list, unknown_quads=list, seat=long, seat_kongs=list, shown=list,
               w=WinEvent, k=KongEvent, fh=FinalHand, ce=ClaimEvent, de=DiscardEvent,
               dr=DrawEvent)
cdef _check_record(object rec, tuple events, long seats, dict final, bint has_wall)
cdef _check_claimed_discard(object rec, Py_ssize_t i, object e, long from_seat, dict won,
                            object last_discard)
cdef _check_win(object rec, Py_ssize_t i, WinEvent e, dict won, object prev, long kongs_so_far,
                list shared_discards, object last_discard)
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
cdef _check_fifth_copies(object rec, list hands, list meld_groups, list unknown_quads,
                         list shared_discards, list loose_discards, list kongs, dict wins)
