# C declarations for the compiled build of settlement.py (an "augmenting" .pxd:
# settlement.py stays plain Python; compiled, the helpers below are C functions that read
# the closing hands through the record's typed FinalHand, and compare tiles as C ints).
cimport cython
from mahjong.record cimport FinalHand


@cython.locals(t=long, honor=long)
cdef bint _suited(tuple hand, tuple melds) except -1

@cython.locals(fh=FinalHand)
cdef _check_suited(object record)

@cython.locals(fh=FinalHand, still_in=list, melds=tuple)
cdef _liuju(object record, object rules, object ledger, list won, Py_ssize_t at,
            dict kong_income, set transferred, list notes)
