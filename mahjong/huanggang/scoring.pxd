# C declarations for the compiled build of scoring.py (an "augmenting" .pxd: scoring.py
# stays plain Python; compiled, the helpers below become C-callable and their locals C
# ints or exact builtin types). A declaration here must agree with the code: a local
# declared tuple only ever holds a tuple, one declared long only ever an int.
cimport cython


@cython.locals(ms=tuple)
cpdef tuple recorded_hand(object hand, object melds, object win_tile, long laizi,
                          object fixed)

@cython.locals(f0=long, f1=long, f2=long, t=long, sets=list, set_melds=tuple,
               special=bint, tiles=tuple, n=Py_ssize_t)
cpdef tuple _holding(tuple concealed, tuple ms, object win_tile, long laizi, object fixed)

cdef dict _BEST_RESULTS
cdef Py_ssize_t _BEST_RESULTS_MAX

@cython.locals(key=tuple)
cpdef _best_of(tuple concealed, tuple ms, long laizi, long ind, long pi_tile,
               str kaikou_mode, object plus5, long flags, object dealer)

@cython.locals(fan=long, opened=bint, kind=str)
cpdef long meld_fan(object melds, bint koukou, long laizi) except -1
