# C declarations for the compiled build of _ledger.py (an "augmenting" .pxd: _ledger.py
# stays plain Python; compiled, Payment and Settlement become extension types with C
# fields, read from Python through their properties / readonly attributes).
cimport cython


cdef extern from "Python.h":
    void PyObject_GC_UnTrack(object obj)


cdef class _Compared:
    cpdef tuple _values(self)


cdef class Payment(_Compared):
    cdef readonly object from_seat, to_seat, amount, reason, event

    cpdef tuple _values(self)


cdef class Settlement(_Compared):
    cdef readonly object rules, deltas, next_dealer, wins, notes
    cdef object _payments, _rows, _dealer

    cpdef tuple _values(self)


cdef bint _atomic(object value)

cdef Payment _payment_of_row(tuple row)

cdef _set_dealer(Settlement s, object dealer)

@cython.locals(out=Settlement)
cdef Settlement _settlement(object rules, tuple deltas, tuple rows, object next_dealer,
                           object wins, object notes)

@cython.locals(a0=cython.longlong, a1=cython.longlong, a2=cython.longlong, a3=cython.longlong,
               payer=Py_ssize_t, payee=Py_ssize_t, amount=cython.longlong, row=tuple)
cpdef list rows_deltas(list rows, Py_ssize_t n_seats=*)

cpdef Settlement settlement_of_rows(object rules, list rows, object next_dealer, object wins,
                                    object notes)


cdef class Ledger:
    cdef public object n_seats
    cdef public list rows

    @cython.locals(row=tuple)
    cpdef object book(self, object from_seat, object to_seat, object amount, object reason,
                      object event=*)
    @cython.locals(rows=list)
    cpdef list book_from_others(self, object seats, object to_seat, object amount,
                                object reason, object event=*)
    @cython.locals(out=list)
    cpdef list deltas(self)
