# C declarations for the compiled build of settlement.py (an "augmenting" .pxd:
# settlement.py stays plain Python; compiled, its helpers become C functions and their
# locals C ints or exact builtin types, so that dict and list calls on them are direct C
# calls). A declaration here must agree with the code: a local declared dict only ever
# holds a dict, one declared long only ever an int.
cimport cython


@cython.locals(openings=list, kongs=list, lists_claims=bint, special=bint, i=Py_ssize_t,
               f0=long, f1=long, f2=long, x=long)
cdef tuple _check_claims_and_kongs(object rec, long laizi, object fixed, dict wins)

@cython.locals(holdings=list, seat=long, h=tuple, seat_kongs=list)
cdef list _check_holdings(object rec, dict wins, long laizi, object fixed, list kongs,
                          bint lists_claims)

@cython.locals(keys=set, mine=list)
cdef tuple _baopai(object result, object rec, object e, list openings, long laizi,
                   object fixed)

cdef _book(list rows, long from_seat, long to_seat, object amount, str reason,
           object event)

@cython.locals(pihu=bint, payers=list, koukou=bint, to_cap=bint, shares=dict, seat=long,
               f_l=long, n_open=long, k=long, s=list, all_reach=bint, opened=dict)
cdef dict _win_shares(object result, dict losers, object rules, object discarder,
                      bint self_drawn, long dealer, long laizi)
