# C declarations for the compiled build of record.py (an "augmenting" .pxd: record.py
# stays plain Python; compiled, the reader's helpers become C functions and their locals
# C ints or exact builtin types, so that dict and list calls on them are direct C calls).
# A declaration here must agree with the code: a local declared dict only ever holds a
# dict.
cimport cython

cdef object _int_field(object value, str where, str name, long low, long high)
cdef object _seat(object value, str where, long seats, str name=*)
cdef object _tile(object value, str where, str name)
cdef tuple _tiles(object value, str where, str name)
@cython.locals(out=list, kind=object, tiles=object)
cdef tuple _melds(object value, str where)
cdef Py_ssize_t _holding_size(tuple tiles, tuple melds) except -1
cdef bint _flag(object obj, str name, str where) except -1
cpdef object _read_win(object raw, Py_ssize_t index, long seats)
@cython.locals(hand=tuple, melds=tuple, n=Py_ssize_t, flags=list)
cdef object _read_win_dict(dict raw, Py_ssize_t index, long seats)
cpdef object _read_event(Py_ssize_t index, object raw, long seats)
@cython.locals(data=dict)
cdef object _read_event_dict(Py_ssize_t index, dict raw, long seats)
@cython.locals(n=Py_ssize_t)
cdef tuple _read_final(object key, object value, long seats)
@cython.locals(data=dict, seats=long, final=dict)
cdef object _read_record(object cls, object given)
@cython.locals(events=tuple, seats=long, won=dict, kongs=list, claims=list,
               kongs_so_far=long, shared_discards=list, loose_discards=list, present=set,
               full_log=bint, lists_claims=bint, i=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t,
               holdings=dict, unknown_quads=list, seat=long, seat_kongs=list, shown=list)
cdef _check_record(object rec)
cdef _check_claimed_discard(object rec, Py_ssize_t i, object e, dict won, object last_discard)
cdef _check_win(object rec, Py_ssize_t i, object e, dict won, object prev, long kongs_so_far,
                list shared_discards, object last_discard)
@cython.locals(added=list, want=list, have=list)
cdef _check_claims(object rec, long seat, list claims, list kongs, list shown, str src)
