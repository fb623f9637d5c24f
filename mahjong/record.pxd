# C declarations for the compiled build of record.py (an "augmenting" .pxd: record.py
# stays plain Python; compiled, the reader's helpers become C functions and their locals
# C ints or exact builtin types, so that dict and list calls on them are direct C calls).
# A declaration here must agree with the code: a local declared dict only ever holds a
# dict.
cimport cython
from cpython.object cimport PyObject
from libc.limits cimport INT_MAX
from libc.string cimport memset
from mahjong_core._tileparse cimport count_tenhou_text, suit_base

ctypedef const unsigned char* _bytes_p
ctypedef unsigned char* _counts_p

cdef extern from "Python.h":
    void PyObject_GC_UnTrack(object obj)

# The text reader's C helpers (record.py defines their uncompiled stand-ins).
cdef extern from *:
    """
    /* (modules that cimport this file get these helpers too, and use none of them) */
    #if defined(__GNUC__)
    #define MJ_RD_UNUSED __attribute__((unused))
    #else
    #define MJ_RD_UNUSED
    #endif
    static PyObject* mj_rd_id_ints[34];  /* the ints 0..33, made on first use */
    static MJ_RD_UNUSED int mj_rd_id_ints_made(void) {
        int t;
        if (mj_rd_id_ints[33] != NULL) return 0;
        for (t = 0; t < 34; t++) {
            if (mj_rd_id_ints[t] == NULL) {
                mj_rd_id_ints[t] = PyLong_FromLong(t);
                if (mj_rd_id_ints[t] == NULL) return -1;
            }
        }
        return 0;
    }
    #if defined(__GNUC__)
    #define MJ_RD_FORCE_INLINE static inline __attribute__((always_inline))
    #elif defined(_MSC_VER)
    #define MJ_RD_FORCE_INLINE static __forceinline
    #else
    #define MJ_RD_FORCE_INLINE static inline
    #endif
    /* Whether the n bytes at p are the n bytes of w (n and w constant where it is called:
       the compiler unrolls it into a few 8-byte compares). Reads no byte past p + n. */
    MJ_RD_FORCE_INLINE int mj_rd_same(const unsigned char* p, const char* w, Py_ssize_t n) {
        uint64_t a, b;
        while (n >= 8) {
            memcpy(&a, p, 8);
            memcpy(&b, w, 8);
            if (a != b) return 0;
            p += 8; w += 8; n -= 8;
        }
        while (n > 0) {
            if (*p != (unsigned char)*w) return 0;
            p++; w++; n--;
        }
        return 1;
    }
    #define mj_rd_same_at(p, i, w, n) mj_rd_same((p) + (i), (w), (n))
    /* The sorted ids counted in counts[0..33], as a tuple (untracked: as mj_rd_ids). */
    static MJ_RD_UNUSED PyObject* mj_rd_counted(const int* counts) {
        Py_ssize_t n = 0, k = 0;
        int t, c;
        PyObject* out;
        if (mj_rd_id_ints_made() < 0) return NULL;
        for (t = 0; t < 34; t++) n += counts[t];
        out = PyTuple_New(n);
        if (out == NULL) return NULL;
        for (t = 0; t < 34; t++) {
            for (c = 0; c < counts[t]; c++) {
                Py_INCREF(mj_rd_id_ints[t]);
                PyTuple_SET_ITEM(out, k, mj_rd_id_ints[t]);
                k++;
            }
        }
        PyObject_GC_UnTrack(out);
        return out;
    }
    /* The events read so far (owned references): 256 in place, more on the heap. */
    typedef struct {
        PyObject** items;
        Py_ssize_t n, cap;
        PyObject* first[256];
    } mj_rd_events;
    static MJ_RD_UNUSED void mj_rd_events_start(mj_rd_events* ev) {
        ev->items = ev->first;
        ev->n = 0;
        ev->cap = 256;
    }
    static MJ_RD_UNUSED void mj_rd_events_clear(mj_rd_events* ev) {
        Py_ssize_t k;
        if (ev->items == NULL) return;
        for (k = 0; k < ev->n; k++) Py_DECREF(ev->items[k]);
        if (ev->items != ev->first) PyMem_Free(ev->items);
        ev->items = NULL;
        ev->n = 0;
    }
    static MJ_RD_UNUSED int mj_rd_events_push(mj_rd_events* ev, PyObject* x) {
        if (ev->n == ev->cap) {
            PyObject** more = (PyObject**)PyMem_Malloc(2 * ev->cap * sizeof(PyObject*));
            if (more == NULL) { PyErr_NoMemory(); return -1; }
            memcpy(more, ev->items, ev->n * sizeof(PyObject*));
            if (ev->items != ev->first) PyMem_Free(ev->items);
            ev->items = more;
            ev->cap *= 2;
        }
        Py_INCREF(x);
        ev->items[ev->n++] = x;
        return 0;
    }
    /* The events as a tuple (their references moved into it), untracked: they were made
       before it and cannot refer to it. */
    static MJ_RD_UNUSED PyObject* mj_rd_events_tuple(mj_rd_events* ev) {
        Py_ssize_t k;
        PyObject* out = PyTuple_New(ev->n);
        if (out == NULL) return NULL;
        for (k = 0; k < ev->n; k++) PyTuple_SET_ITEM(out, k, ev->items[k]);
        ev->n = 0;
        PyObject_GC_UnTrack(out);
        return out;
    }
    /* The shared draw (d 1) and discard (d 0) events by seat and tile: borrowed references
       (record.py's tuples of them keep them). */
    static PyObject* mj_rd_shared[2][8][34];
    static MJ_RD_UNUSED void mj_rd_set_shared(int d, int s, int t, PyObject* x) {
        mj_rd_shared[d != 0][s & 7][t < 34 ? t : 0] = x;
    }
    static inline PyObject* mj_rd_shared_event(int d, long s, long t) {
        return mj_rd_shared[d != 0][s][t];
    }
    /* _Scan.skip in one C function: the position after the JSON value at p[i] (space
       first), read as json.loads reads it, nested at most 100 - depth levels deeper, or -1
       for anything else (and for what is left to json.loads: NaN, Infinity, a number of
       more than 100 characters). The text ends in a NUL, which stops every loop. */
    static MJ_RD_UNUSED Py_ssize_t mj_rd_skip_string(const unsigned char* p, Py_ssize_t i) {
        /* at the opening quote */
        unsigned char c;
        int k;
        i++;
        c = p[i];
        while (c != 34) {
            if (c < 32) return -1;                      /* a control character, the NUL */
            if (c == 92) {                              /* a backslash */
                i++;
                c = p[i];
                if (c == 117) {                         /* u and four hex digits */
                    for (k = 1; k < 5; k++) {
                        unsigned char h = p[i + k];
                        if (!((h >= 48 && h <= 57) || (h >= 97 && h <= 102) ||
                              (h >= 65 && h <= 70))) return -1;
                    }
                    i += 4;
                } else if (!(c == 34 || c == 92 || c == 47 || c == 98 || c == 102 ||
                             c == 110 || c == 114 || c == 116)) {
                    return -1;
                }
            }
            i++;
            c = p[i];
        }
        return i + 1;
    }
    static inline Py_ssize_t mj_rd_space(const unsigned char* p, Py_ssize_t i) {
        while (p[i] == 32 || p[i] == 10 || p[i] == 13 || p[i] == 9) i++;
        return i;
    }
    static MJ_RD_UNUSED Py_ssize_t mj_rd_skip(const unsigned char* p, Py_ssize_t i, long depth) {
        unsigned char c, close;
        Py_ssize_t start;
        i = mj_rd_space(p, i);
        c = p[i];
        if (c == 123 || c == 91) {                      /* { [ */
            if (depth > 100) return -1;
            close = c == 123 ? 125 : 93;
            i = mj_rd_space(p, i + 1);
            if (p[i] == close) return i + 1;
            for (;;) {
                if (c == 123) {                         /* a key, a colon */
                    i = mj_rd_space(p, i);
                    if (p[i] != 34) return -1;
                    i = mj_rd_skip_string(p, i);
                    if (i < 0) return -1;
                    i = mj_rd_space(p, i);
                    if (p[i] != 58) return -1;
                    i++;
                }
                i = mj_rd_skip(p, i, depth + 1);
                if (i < 0) return -1;
                i = mj_rd_space(p, i);
                if (p[i] == 44) { i++; continue; }
                if (p[i] != close) return -1;
                return i + 1;
            }
        }
        if (c == 34) return mj_rd_skip_string(p, i);
        if (c == 110 && p[i + 1] == 117 && p[i + 2] == 108 && p[i + 3] == 108) return i + 4;
        if (c == 116 && p[i + 1] == 114 && p[i + 2] == 117 && p[i + 3] == 101) return i + 4;
        if (c == 102 && p[i + 1] == 97 && p[i + 2] == 108 && p[i + 3] == 115 &&
            p[i + 4] == 101) return i + 5;
        start = i;      /* a number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
        if (c == 45) { i++; c = p[i]; }
        if (c == 48) i++;
        else if (c >= 49 && c <= 57) { while (p[i] >= 48 && p[i] <= 57) i++; }
        else return -1;
        if (p[i] == 46) {
            i++;
            if (!(p[i] >= 48 && p[i] <= 57)) return -1;
            while (p[i] >= 48 && p[i] <= 57) i++;
        }
        if (p[i] == 101 || p[i] == 69) {
            i++;
            if (p[i] == 43 || p[i] == 45) i++;
            if (!(p[i] >= 48 && p[i] <= 57)) return -1;
            while (p[i] >= 48 && p[i] <= 57) i++;
        }
        if (i - start > 100) return -1;
        return i;
    }
    /* The first n bytes at data, as bytes. */
    static MJ_RD_UNUSED PyObject* mj_rd_bytes_head(PyObject* data, Py_ssize_t n) {
        return PyBytes_FromStringAndSize(PyByteArray_AS_STRING(data), n);
    }
    /* The characters of an ASCII str, in place (one byte each, a NUL after the last). */
    static inline const unsigned char* mj_rd_ascii(PyObject* s) {
        return (const unsigned char*)PyUnicode_DATA(s);
    }
    /* A tuple of the n ids 0..33 at ids (the interpreter's cached small ints): a tuple
       of ints cannot be part of a cycle, so the collector does not track it. */
    static MJ_RD_UNUSED PyObject* mj_rd_ids(const unsigned char* ids, Py_ssize_t n) {
        Py_ssize_t k;
        PyObject* out;
        if (mj_rd_id_ints_made() < 0) return NULL;
        out = PyTuple_New(n);
        if (out == NULL) return NULL;
        for (k = 0; k < n; k++) {
            PyObject* x = mj_rd_id_ints[ids[k] < 34 ? ids[k] : 0];
            Py_INCREF(x);
            PyTuple_SET_ITEM(out, k, x);
        }
        PyObject_GC_UnTrack(out);
        return out;
    }
    """
    bint _same_at "mj_rd_same_at"(_bytes_p p, Py_ssize_t i, const char* w, Py_ssize_t n) noexcept
    _bytes_p _ascii_data "mj_rd_ascii"(str s) noexcept
    tuple _ids_tuple "mj_rd_ids"(_bytes_p ids, Py_ssize_t n)
    tuple _counted_ids "mj_rd_counted"(const int* counts)
    Py_ssize_t _skip_json "mj_rd_skip"(_bytes_p p, Py_ssize_t i, long depth) noexcept
    bytes _bytes_head "mj_rd_bytes_head"(bytearray data, Py_ssize_t n)
    ctypedef struct _Events "mj_rd_events":
        Py_ssize_t n
    void _events_start "mj_rd_events_start"(_Events* ev) noexcept
    void _events_clear "mj_rd_events_clear"(_Events* ev) noexcept
    int _events_push "mj_rd_events_push"(_Events* ev, object x) except -1
    int _events_push_ref "mj_rd_events_push"(_Events* ev, PyObject* x) except -1
    void _set_shared_event "mj_rd_set_shared"(bint draw, long seat, long tile, object e) noexcept
    PyObject* _shared_event "mj_rd_shared_event"(bint draw, long seat, long tile) noexcept
    tuple _events_tuple "mj_rd_events_tuple"(_Events* ev)

# The record's value classes as extension types: their fields are C struct members, read
# from Python as attributes (readonly) and written only by the constructors.

cdef class _Value:
    pass

cdef class DrawEvent(_Value):
    cdef readonly long seat
    cdef readonly long tile
    cdef readonly str type

cdef class DiscardEvent(_Value):
    cdef readonly long seat
    cdef readonly long tile
    cdef readonly str type

cdef class ClaimEvent(_Value):
    cdef readonly str type
    cdef readonly long seat
    cdef readonly tuple tiles
    cdef readonly long from_seat

cdef class KongEvent(_Value):
    cdef readonly long seat
    cdef readonly str kind
    cdef readonly long tile
    cdef readonly object from_seat
    cdef readonly str type

cdef class _SeatEvent(_Value):
    cdef readonly long seat
    cdef readonly str type

cdef class ReadyEvent(_SeatEvent):
    pass

cdef class FlipEvent(_Value):
    cdef readonly long tile
    cdef readonly str type

cdef class WinEvent(_Value):
    cdef readonly long seat
    cdef readonly tuple hand
    cdef readonly tuple melds
    cdef readonly long win_tile
    cdef readonly object from_seat
    cdef readonly bint replacement
    cdef readonly bint after_kong
    cdef readonly bint robbing_kong
    cdef readonly bint last_tile
    cdef readonly bint heavenly
    cdef readonly bint earthly
    cdef readonly bint first_round
    cdef readonly bint fourth_tile
    cdef readonly long flowers
    cdef readonly str type

cdef class ExhaustedEvent(_Value):
    cdef readonly object data
    cdef readonly str type

cdef class PenaltyEvent(_SeatEvent):
    pass

cdef class FinalHand(_Value):
    cdef readonly tuple hand
    cdef readonly tuple melds


cdef object _int_field(object value, str where, str name, long low, long high)
cdef object _seat(object value, str where, long seats, str name=*)
@cython.locals(base=long)
cdef long _name_id(long digit, Py_UCS4 letter) noexcept
cpdef long _tile_name_id(str text) except? -2
cdef object _tile(object value, str where, str name)
cdef tuple _tiles(object value, str where, str name)
@cython.locals(by_tiles=dict, kinds=dict)
cdef object _meld(object kind, object tiles)
cdef str _melds_where(Py_ssize_t index, long seat)
@cython.locals(out=list, kind=object, tiles=object, melds=tuple)
cdef tuple _melds(object value, Py_ssize_t index, long seat)
@cython.locals(n=Py_ssize_t)
cdef Py_ssize_t _known_keys(dict obj, frozenset allowed) except -1
cdef Py_ssize_t _holding_size(tuple tiles, tuple melds) except -1
@cython.locals(out=list)
cdef tuple _meld_tiles(object melds)
cdef bint _flag(object value, str name, str where) except -1
cpdef object _read_win(object raw, Py_ssize_t index, long seats)
@cython.locals(plain=bint)
cdef object _read_win_dict(dict raw, Py_ssize_t index, long seats)
cdef object _MISSING
cdef long _tile_value(object value) except -2
cdef long _tile_field(object value, str where, str name) except -2
cdef tuple _hand_field(object value, Py_ssize_t index, long seat)
cdef tuple _text_ids(str text)
@cython.locals(t=long)
cdef object _event_draw(Py_ssize_t index, bint draw, object seat, object tile, long seats)
@cython.locals(meld=object)
cdef object _event_claim(Py_ssize_t index, str kind, object seat, object tiles, object src,
                         long seats, tuple read_tiles=*)
cdef tuple _KONG_KINDS
@cython.locals(kinds=tuple, k=Py_ssize_t)
cdef Py_ssize_t _kong_kind_index(object kind) except -2
@cython.locals(t=long)
cdef object _event_kong(Py_ssize_t index, object seat, object k, object tile, object src,
                        long seats)
cdef object _event_ready(Py_ssize_t index, object seat, long seats)
@cython.locals(t=long)
cdef object _event_flip(Py_ssize_t index, object tile)
@cython.locals(t=long, n=Py_ssize_t)
cdef object _event_win(Py_ssize_t index, object seat, object hand, object melds,
                       object read_melds, object win, object src, object flags,
                       object flowers, long seats)
@cython.locals(data=dict)
cdef object _event_exhausted(Py_ssize_t index, object raw)
cpdef object _read_event(Py_ssize_t index, object raw, long seats)
cdef object _read_event_dict(Py_ssize_t index, dict raw, long seats)
@cython.locals(n=Py_ssize_t, data=dict)
cdef tuple _read_final(object key, object value, long seats)
@cython.locals(data=dict, seats=long, final=dict, fields=dict)
cdef object _read_record(object cls, object given, bint replay=*)
cdef _checked(object rec, tuple events, long seats, dict final, bint has_wall, object note,
              bint replay, list packed)
@cython.locals(codes=bytes, wins=bytes)
cpdef tuple log_codes(tuple events, object final, long seats)
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, out=bytearray, wins=bytearray)
cpdef list _pack_events(tuple events, bint with_wins)
cdef bytes _win_codes(tuple events)
@cython.locals(finals=bytearray, x=long, seat=long, fh=FinalHand, cp=_counts_p, fd=dict)
cpdef bytes final_codes(object final, long seats)
@cython.locals(x=long, seat=long, code=long, tile=long, aux=long, frm=long,
               dr=DrawEvent, de=DiscardEvent, ce=ClaimEvent, k=KongEvent, w=WinEvent,
               se=_SeatEvent)
cdef int _pack_event(object e, _counts_p out, Py_ssize_t j, bytearray wins) except -1
@cython.locals(counts=bytearray, x=long)
cdef _pack_win(WinEvent w, bytearray wins)
@cython.locals(won=dict, full_log=bint, lists_claims=bint, i=Py_ssize_t, j=Py_ssize_t,
               n=Py_ssize_t, holdings=dict, unknown_quads=list, seat=long, cell=Py_ssize_t,
               code=long, tile=long, x=long, most=long, flags=long, unshown=long,
               w=WinEvent, k=KongEvent, fh=FinalHand)
cdef bint _check_record(object rec, tuple events, long seats, dict final,
                        bint has_wall, bytes codes) except -1
cdef long _P_REPLACEMENT, _P_AFTER_KONG, _P_ROBBING_KONG, _P_LAST_TILE, _P_HEAVENLY
cdef long _P_EARTHLY, _P_FIRST_ROUND, _P_CONTEXT
cdef long _E_PENALTY, _K_CONCEALED, _K_EXPOSED, _K_ADDED, _K_SINGLE
cdef long _W_FINAL_PUNGS, _W_WALL_EMPTY, _W_SECOND_WIN, _W_WIN_FROM_WINNER
cdef long _W_WIN_NOT_JUST_MADE, _W_HEAVENLY_SEAT, _W_HEAVENLY_FIRST, _W_EARTHLY_SEAT
cdef long _W_EARTHLY_BEFORE, _W_FIRST_ROUND_BEFORE, _W_REPLACEMENT, _W_AFTER_KONG
cdef long _W_ROBBING_KONG, _W_AFTER_END, _W_WINNER_ACTS, _W_CLAIM_FROM_WINNER
cdef long _W_CLAIM_NOT_JUST_MADE, _W_KONG_AGAIN, _W_ADDED_NO_PUNG, _W_FIFTH_KONG
@cython.locals(full_log=bint, lists_claims=bint, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t,
               code=int, seat=int, tile=int, aux=int, frm=int, x=int, n_won=int,
               kongs_so_far=int, ld=Py_ssize_t, prev=Py_ssize_t, empty_at=Py_ssize_t,
               cell=int)
cdef long _walk_codes(_bytes_p cp, Py_ssize_t n, long dealer, bint has_wall,
                      const long long* final_pungs, int* pungs, int* chows, int* added,
                      int* kong_at, int* n_kongs, int* n_claims, int* has, int* won_at,
                      int* win_order, int* loose_n, int* shared_n, int* at) noexcept
@cython.locals(seat=long)
cdef _final_pungs(dict final, long long* out)
cdef _walk_error(object rec, tuple events, long reason, Py_ssize_t i, Py_ssize_t empty_at,
                 int* won_at, int* kong_at)
@cython.locals(i=Py_ssize_t, aux=int, code=int, seat=int, out=long)
cdef long _kongs_unshown(_bytes_p cp, Py_ssize_t n, int* shown) noexcept
@cython.locals(added=list, want=list, have=list, want_codes=list, have_codes=list, pair=tuple,
               k=KongEvent, c=ClaimEvent, tile=long, code=long)
cdef _check_claims(object rec, long seat, list claims, list kongs, list shown, str src)

@cython.locals(e=ClaimEvent)
cdef ClaimEvent _new_claim(str kind, long seat, tuple tiles, long from_seat)
@cython.locals(e=KongEvent)
cdef KongEvent _new_kong(long seat, str kind, long tile, object from_seat)
@cython.locals(e=WinEvent)
cdef WinEvent _new_plain_win(long seat, tuple hand, tuple melds, long win_tile, object from_seat)
@cython.locals(fh=FinalHand)
cdef FinalHand _new_final(tuple hand, tuple melds)
cdef _check_fifth_copies(object rec, dict holdings, list unknown_quads,
                         list shared_discards, list loose_discards, dict wins)
cdef long _meld_code(str kind) except -1
cdef list _seat_events(tuple events, object cls, long seat)
@cython.locals(n=Py_ssize_t, x=Py_ssize_t, code=long, tile=Py_ssize_t)
cdef Py_ssize_t _count_holding(tuple hand, tuple melds, long seat, int* shown, int* held,
                               int* n_shown) except -1
cdef long _MC_CHOW, _MC_PUNG, _MC_KONG, _MC_CONCEALED, _MC_SINGLE, _MELD_SLOTS

# The text reader (a record's JSON text read straight into the events; see record.py).

cdef long _F_TYPE, _F_SEAT, _F_TILE, _F_TILES, _F_FROM, _F_KIND, _F_HAND, _F_MELDS
cdef long _F_WIN_TILE, _F_FLOWERS, _F_FLAG, _F_DRAW, _F_CLAIM, _F_KONG, _F_PLAIN_WIN
cdef long _F_WIN, _F_READY, _F_FLIP
cdef tuple _EVENT_FIELDS
cdef long _E_DRAW, _E_DISCARD, _E_CHOW, _E_PUNG, _E_KONG, _E_READY, _E_FLIP, _E_WIN
cdef long _E_EXHAUSTED
cdef long _R_EVENTS, _R_FINAL, _R_RULES, _R_DEALER, _R_SEATS, _R_INDICATOR, _R_OPTIONS
cdef long _R_ROUND_WIND, _R_FLOWER_INDICATORS, _R_NOTE, _R_RESULT, _R_WALL, _R_RESERVE
cdef int _QUOTE, _COMMA, _COLON, _OPEN_LIST, _CLOSE_LIST, _OPEN, _CLOSE
cdef tuple _WIN_FLAG_BYTES, _KONG_KIND_BYTES, _DRAWS, _DISCARDS, _READIES, _FLIPS
cdef list _MELD_TABLE, _MELD_TILES
cdef long _SHAPE_ONE, _SHAPE_THREE, _SHAPE_FOUR, _SHAPE_RUN
@cython.locals(form=long)
cdef long _shape_code(str kind, long shape) noexcept

@cython.final
@cython.no_gc  # (its objects are strs and bytes: never part of a cycle)
cdef class _Scan:
    cdef str text
    cdef bytes data
    cdef bint ascii
    cdef _bytes_p p
    cdef Py_ssize_t n, i, a, b
    cdef _Events events             # the events read
    cdef unsigned char ids[144]     # tile_list's ids (136 at most: 4 copies of 34)
    cdef unsigned char copies[34]   # the wall's and the reserve's copies of each tile
    cdef bytes codes, wins

    @cython.locals(p=_bytes_p, i=Py_ssize_t, c=int)
    cdef int space(self) noexcept
    cdef void expect(self, int c) except *
    @cython.locals(c=int)
    cdef bint more(self, int close) except -1
    @cython.locals(p=_bytes_p, i=Py_ssize_t, c=int)
    cdef void string(self) except *
    cdef str str_value(self)
    @cython.locals(n=Py_ssize_t, k=Py_ssize_t, p=_bytes_p, q=_bytes_p, a=Py_ssize_t)
    cdef bint word(self, bytes w) noexcept
    @cython.locals(c=int, p=_bytes_p, i=Py_ssize_t)
    cdef bint null(self) noexcept
    @cython.locals(c=int, p=_bytes_p, i=Py_ssize_t)
    cdef bint boolean(self) except -1
    @cython.locals(c=long, p=_bytes_p, i=Py_ssize_t, value=long)
    cdef long integer(self) except -1
    @cython.locals(p=_bytes_p, t=long)
    cdef long tile(self) except -1
    @cython.locals(t=long, q=_counts_p, k=Py_ssize_t, p=_bytes_p, i=Py_ssize_t, c=int,
                   most=long)
    cdef object tile_list(self, _counts_p copies)
    @cython.locals(out=dict, key=str)
    cdef object note(self)
    cdef str sub(self, Py_ssize_t a, Py_ssize_t b)
    @cython.locals(a=Py_ssize_t)
    cdef object value(self)
    @cython.locals(c=int, close=int, p=_bytes_p, i=Py_ssize_t, start=Py_ssize_t)
    cdef void skip(self, long depth) except *
    @cython.locals(c=int, h=int, p=_bytes_p, i=Py_ssize_t, k=Py_ssize_t)
    cdef void skip_string(self) except *
    @cython.locals(out=list, melds=tuple, kind=str, k=int, shape=long, ta=Py_ssize_t,
                   tb=Py_ssize_t, code=long, meld=object)
    cdef tuple melds(self)
    @cython.locals(p=_bytes_p, a=Py_ssize_t, n=Py_ssize_t, base=long, d=long,
                   k=Py_ssize_t)
    cdef long meld_shape(self) noexcept
    @cython.locals(meld=object)
    cdef object table_meld(self, str kind, Py_ssize_t slot, Py_ssize_t ta, Py_ssize_t tb)
    cdef str meld_kind(self)
    @cython.locals(k=Py_ssize_t)
    cdef str kong_kind(self)
    @cython.locals(c=int)
    cdef long event_type(self) except -1
    cdef long record_field(self) except -1
    @cython.locals(bit=long, name=bytes, c=int)
    cdef long event_field(self) except -1
    @cython.locals(seen=long, flags=long, kind=long, field=long, f=long, melds=tuple,
                   allowed=long, ta=Py_ssize_t, tb=Py_ssize_t, shape=long, code=long,
                   name=str, read_tiles=tuple)
    cdef object event(self, Py_ssize_t index, long seats)
    @cython.locals(i=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, p=_bytes_p, cp=_counts_p,
                   room=Py_ssize_t, got=Py_ssize_t, seat=long, tile=long, code=long)
    cdef Py_ssize_t quick_run(self, long seats, bytearray codes) except -1
    @cython.locals(i=Py_ssize_t, p=_bytes_p, seat=long, tile=long, kind=long, k=Py_ssize_t,
                   n=Py_ssize_t, w=bytes, name=str, shape=long, code=long, slot=Py_ssize_t,
                   read_tiles=tuple)
    cdef object quick_meld_event(self, Py_ssize_t index, long seats)
    @cython.locals(seat=long, hand=tuple, melds=tuple, got=long, text=str, fh=FinalHand)
    cdef void final(self, long seats, dict final) except *
    @cython.locals(rules=str, seats=long, seats_used=long, dealer=long, round_wind=long,
                   events=tuple, final=dict, seen=long, key=long,
                   e=object, codes=bytearray, wins=bytearray, j=Py_ssize_t, cp=_counts_p,
                   flower_indicators=tuple, copies=_counts_p)
    cdef tuple record(self, object cls)

    cdef void start(self, str text) except *
    cdef int push(self, object e) except -1
    cdef Py_ssize_t n_events(self) noexcept
    cdef tuple events_read(self)

@cython.locals(scan=_Scan)
cpdef object _read_text(object cls, str text, list packed=*)
@cython.locals(fields=dict)
cdef object _new_record(object cls, str rules, long dealer, tuple events, dict final,
                        object options, long seats, long round_wind, object indicator,
                        tuple flower_indicators, object wall, object reserve)

cpdef check_kongs_played(object rec, str rule_name, bint honours)
cpdef check_kongs_listed(object rec, str rule_name, str why)
cpdef check_kongs_played_listed(object rec, str rule_name, bint honours, str why)
@cython.locals(events=tuple, i=Py_ssize_t, j=Py_ssize_t, k=KongEvent, w=WinEvent, seats=long,
               seat=long, x=Py_ssize_t, last_win=list, melds=tuple, kind=str,
               concealed=long, fh=FinalHand)
cdef _check_kongs(object rec, str rule_name, bint played, bint honours, str why)
