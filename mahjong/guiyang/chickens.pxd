# C declarations for the compiled build of chickens.py (an "augmenting" .pxd: chickens.py
# stays plain Python; compiled, its helpers become C functions and their locals C ints or
# exact builtin types, so that the counting loops and the dict and list calls are direct).
# A declaration here must agree with the code: a local declared dict only ever holds a
# dict, one declared long only ever an int.
cimport cython

cdef tuple _tables(object rules, object flip, object play_flips)

@cython.locals(full=dict, visible=dict, t=long, shown=long, n=long, x=long, mt=long,
               kinds=tuple, row=list)
cdef tuple _seat_chickens(bint mantang, bint zhanji, tuple items, object concealed,
                          object melds, object discards, object chongfeng)

@cython.locals(row=list)
cdef _add(dict totals, tuple kinds, long n)

@cython.locals(labels=list)
cdef str _label(str key, long count)

cdef bint _qualifies(object qualifies, long seat) except -1

@cython.locals(items=tuple, extra=dict, rows=list, everyone=list, qualifying=list,
               me=long, payer=long, full=dict, totals=dict, row=list, what=list, s=tuple,
               tables=tuple, mantang=bint, zhanji=bint)
cpdef list _chicken_rows(object rules, list seats, object flip, object play_flips,
                         object first_1s, object first_8p, object qualifies, object at)
