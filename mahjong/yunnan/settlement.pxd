# C declarations for the compiled build of settlement.py (an "augmenting" .pxd:
# settlement.py stays plain Python; compiled, the closing hand is read through the record's
# typed FinalHand and its tiles compared as C ints).
cimport cython
from mahjong.record cimport FinalHand


@cython.locals(fh=FinalHand, hand=tuple, t=long, honor=long, usual=bint, code=long,
               pairs=bytearray, codes=dict)
cdef tuple _closing_hand(object record, long seat, bint allow_chow, str where, str why)
