# C declarations for the compiled build of additive.py (an "augmenting" .pxd: additive.py
# stays plain Python; compiled, the event scan below runs on a C index and tests the
# record's event classes by pointer). Not to be confused with _additive.pxd, the kernels'
# shared inline C code.
cimport cython
from mahjong.record cimport ClaimEvent, KongEvent, ReadyEvent


@cython.locals(events=tuple, i=Py_ssize_t, ready_at=dict)
cpdef dict ready_events(object record)
