# C declarations for the compiled build of settlement.py (an "augmenting" .pxd:
# settlement.py stays plain Python; compiled, its helpers become C functions, the facts of
# one record and the options it reads become extension types with typed fields, and the
# locals C ints or exact builtin types, so that dict and list calls on them are direct C
# calls). A declaration here must agree with the code: a local declared dict only ever
# holds a dict, one declared long only ever an int.
cimport cython
from mahjong.record cimport DiscardEvent, DrawEvent, FlipEvent, KongEvent, WinEvent


cdef class _Facts:
    cdef public list kongs, wins, play_flips, discards
    cdef public dict ready
    cdef public object flip, flip_at, exhausted_at, first_1s, first_8p, end_at


cdef class _Plan:
    cdef public object rules
    cdef public bint mantang, wugu_8p, play_flips, di_long, kongting, repao_plus_one
    cdef public bint dealer_stays
    cdef public tuple pattern_values
    cdef public long baoting, shabao, unit


cpdef _Plan _plan_of(object rules)

cdef str _where(Py_ssize_t i, object e)

cdef _fail(str where, str message)

@cython.locals(t=long)
cdef _check_holding_tiles(str where, object hand, object melds)

@cython.locals(kind=str)
cdef tuple _claim_of(object events, Py_ssize_t i, object e)

cdef long _code_of(object e) except? -2

@cython.locals(f=_Facts, n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, acted=dict, ready=dict,
               kongs=list, discards=list, kind=object, code=long, group=list,
               de=DiscardEvent, t=long, seat=long, n_acted=long, events=tuple, honor=long,
               yaoji=long, wugu=long)
cdef _Facts _read_events(object record, _Plan plan)

@cython.locals(holdings=list, s=long, t=long, h=tuple, honor=long)
cdef list _seats(object record, _Facts f, _Plan plan)

@cython.locals(waits=list, qualified=set, s=long)
cdef tuple _waits(list holdings, _Plan plan)

@cython.locals(t=long)
cdef _check_melds(_Facts f, long s, object melds, bint won, object listed, bint wugu_8p)

cdef _check_ready_players(_Facts f, list holdings, list waits)

@cython.locals(pattern=long)
cpdef tuple _score_win(Py_ssize_t i, object w, _Facts f, _Plan plan)

cdef bint _has_kong(object melds) except -1

cpdef _full_result(long pattern, object pattern_result, object rules, bint ready, object w)

cdef str _label_of(object result)

@cython.locals(winners=list, k=long)
cdef _next_dealer_after_win(object record, _Facts f)

@cython.locals(wins=dict, void=set, declared=dict, seats=list, s=long, seat=long,
               pattern=long, baoting=long, shabao=long, h=tuple)
cdef tuple _settle_win(object record, _Plan plan, _Facts f, list holdings, set ready,
                       list rows, list notes)

cdef _latest_kong_of(_Facts f, object seat, Py_ssize_t before)

@cython.locals(ready=list, not_ready=list, owed=list, s=long, k=long, dealer=long)
cdef _settle_exhausted(object record, _Plan plan, _Facts f, list waits, list rows,
                       list notes)

cdef _default_rules()

cdef dict _KINDS
cdef long _DISCARD, _DRAW, _WIN, _KONG, _PUNG, _CHOW, _READY, _FLIP, _EXHAUSTED
