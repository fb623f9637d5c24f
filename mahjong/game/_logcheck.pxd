# C declarations for the compiled build of _logcheck.py (an "augmenting" .pxd, as
# mahjong/record.pxd: the module stays plain Python; compiled, these helpers are C
# functions with C locals).
cimport cython

ctypedef unsigned char* _counts_p

@cython.locals(t=int, i=Py_ssize_t, copies=int, kinds=int)
cdef bint _full_supply(const unsigned char* deck, Py_ssize_t n, bint honours) except -1
@cython.locals(n=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t, out=bytearray, cp=_counts_p,
               parts=tuple, t=tuple)
@cython.locals(deck=bytearray)
cdef tuple _wall_deck(object rec, object spec, object note)
cdef object _voids(object note, long seats)
