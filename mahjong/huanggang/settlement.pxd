# C declarations for the compiled build of settlement.py (an "augmenting" .pxd:
# settlement.py stays plain Python; compiled, its helpers become C functions and their
# locals C ints or exact builtin types, so that dict and list calls on them are direct C
# calls, and the record's events typed, their fields read from C). A declaration here must
# agree with the code: a local declared dict only ever holds a dict, one declared long only
# ever an int, one declared an event type only ever that event (or None).
cimport cython
# (aliases: settlement.py imports the same classes under their own names, for type tests)
from mahjong.record cimport ClaimEvent as _Claim, KongEvent as _Kong, WinEvent as _Win, \
    FinalHand as _Final
# (direct C calls into scoring; settlement.py imports the same functions by name)
from mahjong.huanggang.scoring cimport recorded_hand, _best_of, meld_fan

cdef long _P_RULES, _P_KAIKOU_MODE, _P_KOUKOU, _P_PLUS5, _P_CAP, _P_TIERS, _P_QIHU, _P_STAY
cdef long _P_FIXED
cdef dict _PLANS, _TEXTS, _FACTS, _KONG_CODE_BASE, _MELD_CODE_BASE
cdef tuple _LAIZI, _HOW_ROBBED, _HOW_DISCARD
cdef Py_ssize_t _PLANS_MAX, _TEXTS_MAX, _FACTS_MAX
cdef long _R_RESULT, _R_LABEL, _R_IS_BIG, _R_TO_CAP, _R_FAN, _R_BASE, _R_PAYER_BASE
cdef long _R_BIG_KEYS


@cython.locals(n_open=list, lists_claims=bint, special=bint, single=bint, i=Py_ssize_t,
               f0=long, f1=long, f2=long, x=long, seat=long, c=_Claim, k=_Kong, w=_Win,
               kind=str)
cdef bint _check_claims_and_kongs(tuple events, long laizi, tuple fixed, dict wins,
                                  list kongs, list third) except -1

@cython.locals(holdings=list, seat=long, melds=tuple, seat_kongs=list, w=_Win, fh=_Final,
               code=long, kind=str)
cdef list _check_holdings(tuple events, object final, dict wins, list kongs,
                          bint lists_claims)

@cython.locals(keys=frozenset, fh=_Final)
@cython.locals(n=Py_ssize_t, k=Py_ssize_t, out=bytearray)
cdef bytes _meld_bytes(tuple melds)

cdef tuple _baopai(tuple facts, object final, _Win w, object third, long laizi,
                   object fixed)

cdef _book(list rows, long from_seat, long to_seat, object amount, str reason,
           object event)

@cython.locals(pihu=bint, payers=list, shares=dict, n_open=long, computed=tuple, k=Py_ssize_t,
               note=long, text=str)
cdef dict _win_shares(tuple facts, dict losers, tuple plan, object discarder,
                      bint self_drawn, long dealer, long laizi)

@cython.locals(plan=tuple)
cpdef tuple _plan_of(object rules)

@cython.locals(key=tuple, text=str)
cdef str _share_text(str how, str label, long fan, long seat, list share)

@cython.locals(facts=tuple)
cpdef tuple _facts_of(object result)

@cython.locals(laizi=long, plan=tuple, fixed=tuple, events=tuple, wins=dict, kongs=list,
               third=list, lists_claims=bint, holdings=list, rows=list, results=dict,
               notes=list, dealer=long, n_events=Py_ssize_t, ended_at=Py_ssize_t,
               i=Py_ssize_t, w=_Win, w2=_Win, winner=long, self_drawn=bint, flags=long,
               losers=dict, shares=dict, facts=tuple, seat=long, s=long, share=list,
               from_seat=long, fan=long, text=str)
cdef _settle_record(object rec, object rules)
