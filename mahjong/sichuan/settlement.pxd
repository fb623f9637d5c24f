# C declarations for the compiled build of settlement.py (an "augmenting" .pxd:
# settlement.py stays plain Python; compiled, the helper below is a C function on C ints).
cimport cython


@cython.locals(t=long)
cdef bint _suited(tuple hand, tuple melds) except -1
