"""Discard tables: every discard of a hand of 14 - 3m concealed tiles, in one pass.

For each tile kind held, the kernel gives the missing count (shanten + 1) of the 13 - 3m
tiles left after discarding one copy, their useful tiles (the draws that lower that count,
as a 34-bit mask) and the unseen copies of those tiles summed. mahjong.batch.discard_table
and mahjong.discard_analysis are built on it.

Method. The plain kernels of mahjong_core._shanten read a hand as four groups (the three
suits and the honors), map each group's base-5 count index to a class, and combine the
classes through tables (see the lineage there; the tables are shared through
_shanten.pxd). A discard changes one group, and the useful tiles of the hand left need,
for each draw, the class of the drawn tile's group with one copy more (one lookup at
the group's index plus 5^rank). So, once per hand, for each group, the table row of the
three other groups combined.

And per discard of a tile of group g:

- g's class without the copy (one lookup), read in g's row: the regular missing count;
- draws in g: g's class without the discarded copy and with the drawn one (one lookup
  each), read in the same row;
- draws in another group h: h's classes with one copy more, read in the row of h's three
  other groups, which now hold g's new class (two combining lookups for h's row). These
  table values depend only on (g, g's new class): the discards are taken group by group,
  and the discards of a group that leave the same class (about half of a random hand's)
  reuse the first one's values, compared with each discard's own count to beat (and
  their mask, kept while that count stays the same).

The discard loop is compiled once per group and per combination of the forms that apply
(fused types, see _discard_loop): a form that is off costs nothing per discard.

The special forms are bit operations on the held masks (as in _shanten), redone per
discard; knitted straight reads the rest of the hand through the same tables. The
options of discard_analysis are sorted by counting, for each, the smaller keys (packed
shanten, unseen copies and tile), with no data-dependent branch. Hands with
locked meld copies or a wildcard take _shanten's exact search (hand_missing), discard by
discard. tests/test_discard.py holds every entry equal to the former discard_analysis
(tests/slow_discard.py) and to the useful-tile kernel of each 13-tile hand.
"""
cimport cython
from cpython.list cimport PyList_New
from cpython.object cimport PyObject_RichCompare
from cpython.ref cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_New
from cython.parallel cimport prange
from libc.string cimport memcpy, memset

from mahjong_core._bits cimport ctz64, eq_mask, gt_mask, odd_mask, popcount64, sum48
from mahjong_core._decompose cimport knitted_pattern_mask
from mahjong_core._shanten cimport (
    FINAL_TABLE, HONOR_CLASS, PAIR_TABLE, PH_TABLE, SUIT_CLASS, SUIT_FINAL_TABLE,
    TRIPLE_TABLE, HandView, forms_bits, hand_missing, knitted_rest, n_honor_classes,
    n_pair_classes, n_ph_classes, n_suit_classes, n_triple_classes, tile_counts,
)
from mahjong_core._types cimport (
    FORM_ALL, FORM_HONORS_KNITTED, FORM_KNITTED_STRAIGHT, FORM_REGULAR, FORM_SEVEN_PAIRS,
    FORM_THIRTEEN_ORPHANS, N_KINDS, int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t,
)

import collections.abc as _abc

cdef extern from *:
    """
    /* slot i of a new tuple (or list) = a new reference to item */
    static inline void mj_tuple_put(PyObject* tup, Py_ssize_t i, PyObject* item) {
        Py_INCREF(item);
        PyTuple_SET_ITEM(tup, i, item);
    }
    static inline void mj_list_put(PyObject* list, Py_ssize_t i, PyObject* item) {
        Py_INCREF(item);
        PyList_SET_ITEM(list, i, item);
    }
    /* tile bits: the seven honors, and the thirteen orphans (the terminals 1 and 9 of each
       suit and the honors) */
    #define MJ_HONOR_BITS ((uint64_t)0x7F << 27)
    #define MJ_ALL_TILES (((uint64_t)1 << 34) - 1)
    #define MJ_ORPHANS (((uint64_t)0x101 * (1 | (1 << 9) | (1 << 18))) | MJ_HONOR_BITS)
    #if defined(__GNUC__) || defined(__clang__)
    #define MJ_INLINE static inline __attribute__((always_inline))
    #else
    #define MJ_INLINE static inline
    #endif
    /* Base-5 value of the eight counts (0..4) at c: on little-endian builds one 64-bit
       word, its bytes combined in pairs, then in fours, then its halves; else one
       product per count */
    MJ_INLINE uint32_t mj_index8(const uint8_t* c) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint64_t x;
        memcpy(&x, c, 8);
        x = (x & 0x00FF00FF00FF00FFull) + 5 * ((x >> 8) & 0x00FF00FF00FF00FFull);
        x = (x & 0x0000FFFF0000FFFFull) + 25 * ((x >> 16) & 0x0000FFFF0000FFFFull);
        return (uint32_t)x + 625 * (uint32_t)(x >> 32);
    #else
        return c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5]
             + 15625 * c[6] + 78125 * c[7];
    #endif
    }
    #if defined(__SSE4_1__)
    /* The table values row[cls] of up to 9 ranks gathered into one vector's bytes, then one
       compare for all: bit k = value k below target (unsigned; 0 < target <= 255 there). */
    #include <smmintrin.h>
    #define MJ_GATHER7(row, idx) \
        __m128i v = _mm_cvtsi32_si128(row[idx(0)]); \
        v = _mm_insert_epi8(v, row[idx(1)], 1); v = _mm_insert_epi8(v, row[idx(2)], 2); \
        v = _mm_insert_epi8(v, row[idx(3)], 3); v = _mm_insert_epi8(v, row[idx(4)], 4); \
        v = _mm_insert_epi8(v, row[idx(5)], 5); v = _mm_insert_epi8(v, row[idx(6)], 6);
    MJ_INLINE uint64_t mj_below(__m128i v, int target, int bits) {
        __m128i limit = _mm_set1_epi8((char)(target - 1));
        __m128i below = _mm_cmpeq_epi8(_mm_min_epu8(v, limit), v);
        return target <= 0 ? 0 : (uint64_t)(_mm_movemask_epi8(below) & ((1 << bits) - 1));
    }
    #define MJ_AT(k) cls_at[MJ_POW5_##k]
    enum { MJ_POW5_0 = 1, MJ_POW5_1 = 5, MJ_POW5_2 = 25, MJ_POW5_3 = 125, MJ_POW5_4 = 625,
           MJ_POW5_5 = 3125, MJ_POW5_6 = 15625, MJ_POW5_7 = 78125, MJ_POW5_8 = 390625 };
    /* Ranks of a group whose draw reads below target in row (the other groups' row): from
       the class table at the group's index (a draw of rank r reads cls_at[5^r]) ... */
    MJ_INLINE uint64_t mj_draws9(const uint8_t* cls_at, const uint8_t* row, int target) {
        MJ_GATHER7(row, MJ_AT)
        v = _mm_insert_epi8(v, row[MJ_AT(7)], 7); v = _mm_insert_epi8(v, row[MJ_AT(8)], 8);
        return mj_below(v, target, 9);
    }
    MJ_INLINE uint64_t mj_draws7(const uint8_t* cls_at, const uint8_t* row, int target) {
        MJ_GATHER7(row, MJ_AT)
        return mj_below(v, target, 7);
    }
    #else
    /* The same, one compare per rank (builds without SSE4.1) */
    #define MJ_BELOW(x, k) ((uint64_t)((x) < target) << (k))
    /* Ranks of a group whose draw reads below target in row (the other groups' row): from
       the class table at the group's index (a draw of rank r reads cls_at[5^r]) ... */
    MJ_INLINE uint64_t mj_draws9(const uint8_t* cls_at, const uint8_t* row, int target) {
        return MJ_BELOW(row[cls_at[1]], 0) | MJ_BELOW(row[cls_at[5]], 1)
             | MJ_BELOW(row[cls_at[25]], 2) | MJ_BELOW(row[cls_at[125]], 3)
             | MJ_BELOW(row[cls_at[625]], 4) | MJ_BELOW(row[cls_at[3125]], 5)
             | MJ_BELOW(row[cls_at[15625]], 6) | MJ_BELOW(row[cls_at[78125]], 7)
             | MJ_BELOW(row[cls_at[390625]], 8);
    }
    MJ_INLINE uint64_t mj_draws7(const uint8_t* cls_at, const uint8_t* row, int target) {
        return MJ_BELOW(row[cls_at[1]], 0) | MJ_BELOW(row[cls_at[5]], 1)
             | MJ_BELOW(row[cls_at[25]], 2) | MJ_BELOW(row[cls_at[125]], 3)
             | MJ_BELOW(row[cls_at[625]], 4) | MJ_BELOW(row[cls_at[3125]], 5)
             | MJ_BELOW(row[cls_at[15625]], 6);
    }
    #endif
    /* The cache of draws outside a discard's group (see _other_values): 16 bytes of table
       values per other group, the draw of rank k in byte k, and the key bytes of the
       cache's entries (255 = empty). */
    #if defined(__SSE4_1__)
    MJ_INLINE void mj_values9(const uint8_t* cls_at, const uint8_t* row, uint8_t* out) {
        MJ_GATHER7(row, MJ_AT)
        v = _mm_insert_epi8(v, row[MJ_AT(7)], 7); v = _mm_insert_epi8(v, row[MJ_AT(8)], 8);
        _mm_storeu_si128((__m128i*)out, v);
    }
    MJ_INLINE void mj_values7(const uint8_t* cls_at, const uint8_t* row, uint8_t* out) {
        MJ_GATHER7(row, MJ_AT)
        _mm_storeu_si128((__m128i*)out, v);
    }
    /* bit k = values[k] below target, for k < bits */
    MJ_INLINE uint64_t mj_values_below(const uint8_t* values, int target, int bits) {
        return mj_below(_mm_loadu_si128((const __m128i*)values), target, bits);
    }
    /* the entry of keys[16] equal to key, or -1 */
    MJ_INLINE int mj_find_key(const uint8_t* keys, int key) {
        int m = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)keys),
                                                 _mm_set1_epi8((char)key)));
        return m ? __builtin_ctz(m) : -1;
    }
    #else
    MJ_INLINE void mj_values9(const uint8_t* cls_at, const uint8_t* row, uint8_t* out) {
        static const int pow5[9] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625};
        for (int k = 0; k < 9; k++) out[k] = row[cls_at[pow5[k]]];
    }
    MJ_INLINE void mj_values7(const uint8_t* cls_at, const uint8_t* row, uint8_t* out) {
        static const int pow5[7] = {1, 5, 25, 125, 625, 3125, 15625};
        for (int k = 0; k < 7; k++) out[k] = row[cls_at[pow5[k]]];
    }
    MJ_INLINE uint64_t mj_values_below(const uint8_t* values, int target, int bits) {
        uint64_t m = 0;
        for (int k = 0; k < bits; k++) m |= (uint64_t)(values[k] < target) << k;
        return m;
    }
    MJ_INLINE int mj_find_key(const uint8_t* keys, int key) {
        for (int k = 0; k < 16; k++) if (keys[k] == key) return k;
        return -1;
    }
    #endif
    /* order[rank] = key & 255 for the n < 16 distinct keys key[0..n), rank = the number
       of smaller keys (key has 16 entries, those from n on hold INT32_MAX): a sort
       without data-dependent branches */
    #if defined(__SSE4_1__)
    MJ_INLINE void mj_rank_order(const int32_t* key, int n, uint8_t* order) {
        __m128i k0 = _mm_loadu_si128((const __m128i*)key);
        __m128i k1 = _mm_loadu_si128((const __m128i*)(key + 4));
        __m128i k2 = _mm_loadu_si128((const __m128i*)(key + 8));
        __m128i k3 = _mm_loadu_si128((const __m128i*)(key + 12));
        for (int i = 0; i < n; i++) {
            __m128i x = _mm_set1_epi32(key[i]);
            __m128i lo = _mm_packs_epi32(_mm_cmpgt_epi32(x, k0), _mm_cmpgt_epi32(x, k1));
            __m128i hi = _mm_packs_epi32(_mm_cmpgt_epi32(x, k2), _mm_cmpgt_epi32(x, k3));
            order[__builtin_popcount(_mm_movemask_epi8(_mm_packs_epi16(lo, hi)))] =
                (uint8_t)(key[i] & 255);
        }
    }
    #else
    MJ_INLINE void mj_rank_order(const int32_t* key, int n, uint8_t* order) {
        for (int i = 0; i < n; i++) {
            int rank = 0;
            for (int j = 0; j < n; j++) rank += key[j] < key[i];
            order[rank] = (uint8_t)(key[i] & 255);
        }
    }
    #endif
    """
    uint32_t _index8 "mj_index8"(const uint8_t* c) nogil
    void _rank_order "mj_rank_order"(const int32_t* key, int n, uint8_t* order) nogil
    void _values9 "mj_values9"(const uint8_t* cls_at, const uint8_t* row, uint8_t* out) nogil
    void _values7 "mj_values7"(const uint8_t* cls_at, const uint8_t* row, uint8_t* out) nogil
    uint64_t _values_below "mj_values_below"(const uint8_t* values, int target, int bits) nogil
    int _find_key "mj_find_key"(const uint8_t* keys, int key) nogil
    uint64_t _draws9 "mj_draws9"(const uint8_t* cls_at, const uint8_t* row, int target) nogil
    uint64_t _draws7 "mj_draws7"(const uint8_t* cls_at, const uint8_t* row, int target) nogil
    const uint64_t HONOR_BITS "MJ_HONOR_BITS"
    const uint64_t ORPHANS "MJ_ORPHANS"
    const uint64_t ALL_TILES "MJ_ALL_TILES"
    void mj_tuple_put(object tup, Py_ssize_t i, PyObject* item)
    void mj_list_put(object lst, Py_ssize_t i, object item)

cdef enum:
    # class counts of _shanten's tables (checked against them at import): fixed strides
    N_SUIT = 126
    N_HONOR = 54
    N_PAIR = 179
    N_TRIPLE = 179
    N_PH = 179
    NOT_APPLICABLE = 99
    # per-row status codes of the batch entry (1-5 mean what _shanten's PY_ROW_* mean)
    ROW_OK = 0
    ROW_TOO_MANY_COPIES = 1
    ROW_BAD_TOTAL = 2          # not 14 - 3m tiles
    ROW_BAD_MELDS = 3
    ROW_NO_FORM = 4
    ROW_LOCKED_COPIES = 5
    ROW_VISIBLE_COPIES = 6     # hand, locked and visible copies of a tile above 4

PY_ROW_TOO_MANY_COPIES = ROW_TOO_MANY_COPIES
PY_ROW_BAD_TOTAL = ROW_BAD_TOTAL
PY_ROW_BAD_MELDS = ROW_BAD_MELDS
PY_ROW_NO_FORM = ROW_NO_FORM
PY_ROW_LOCKED_COPIES = ROW_LOCKED_COPIES
PY_ROW_VISIBLE_COPIES = ROW_VISIBLE_COPIES

if (n_suit_classes, n_honor_classes, n_pair_classes, n_triple_classes, n_ph_classes) != (
        N_SUIT, N_HONOR, N_PAIR, N_TRIPLE, N_PH):
    raise ImportError("mahjong_core._discard was built for other shanten tables")
if SUIT_CLASS == NULL or HONOR_CLASS == NULL or SUIT_FINAL_TABLE == NULL:
    raise ImportError("mahjong_core._shanten's tables are not built")

cdef uint32_t POW5[10]
cdef int32_t MASK_WEIGHT[512]        # base-5 weight of a 9-bit presence mask
cdef uint64_t KNIT[6]                # tile bits of each knitted pattern

cdef int _i, _j
POW5[0] = 1
for _i in range(1, 10):
    POW5[_i] = POW5[_i - 1] * 5
for _i in range(512):
    MASK_WEIGHT[_i] = 0
    for _j in range(9):
        if _i & (1 << _j):
            MASK_WEIGHT[_i] += POW5[_j]
for _i in range(6):
    KNIT[_i] = knitted_pattern_mask(_i)


# --- one hand -------------------------------------------------------------------------------

cdef inline uint32_t _group_index(const uint8_t* c, int n) noexcept nogil:
    """Base-5 index of a group's n (9 or 7) counts; with n = 7, c[7] must be 0 (the honors
    end at the hand's zero padding)."""
    if n == 9:
        return _index8(c) + 390625 * c[8]
    return _index8(c)


cdef inline uint8_t _class_of(int g, uint32_t idx) noexcept nogil:
    return SUIT_CLASS[idx] if g < 3 else HONOR_CLASS[idx]


cdef inline void _make_view(const uint8_t* c, HandView* v) noexcept nogil:
    """c: 48 bytes, the 34 counts and zero padding."""
    cdef int g
    for g in range(3):
        v.idx[g] = _group_index(c + 9 * g, 9)
        v.cls[g] = SUIT_CLASS[v.idx[g]]
    v.idx[3] = _group_index(c + 27, 7)
    v.cls[3] = HONOR_CLASS[v.idx[3]]
    v.present = gt_mask(c, 0)
    v.twos = gt_mask(c, 1)
    v.threes = gt_mask(c, 2)
    v.fours = gt_mask(c, 3)


cdef inline int _final(int sets, int c0, int c1, int c2, int c3) noexcept nogil:
    cdef int pair = PAIR_TABLE[c0 * N_SUIT + c1]
    cdef int triple = TRIPLE_TABLE[pair * N_SUIT + c2]
    return FINAL_TABLE[(sets * N_TRIPLE + triple) * N_HONOR + c3]


cdef uint64_t _regular_useful(const HandView* v, uint64_t blocked, int sets, int target
                              ) noexcept nogil:
    """Draws (not in blocked) that bring the regular missing count of v below target,
    from scratch (the knitted-straight rest; the discard loop has its own incremental
    version)."""
    cdef const uint8_t* base = SUIT_FINAL_TABLE + sets * N_PH * N_SUIT
    cdef int c3 = v.cls[3]
    cdef int pair12 = PAIR_TABLE[v.cls[1] * N_SUIT + v.cls[2]]
    cdef int pair02 = PAIR_TABLE[v.cls[0] * N_SUIT + v.cls[2]]
    cdef int pair01 = PAIR_TABLE[v.cls[0] * N_SUIT + v.cls[1]]
    cdef uint64_t mask
    mask = _draws9(SUIT_CLASS + v.idx[0],
                   base + PH_TABLE[pair12 * N_HONOR + c3] * N_SUIT, target)
    mask |= _draws9(SUIT_CLASS + v.idx[1],
                    base + PH_TABLE[pair02 * N_HONOR + c3] * N_SUIT, target) << 9
    mask |= _draws9(SUIT_CLASS + v.idx[2],
                    base + PH_TABLE[pair01 * N_HONOR + c3] * N_SUIT, target) << 18
    mask |= _draws7(HONOR_CLASS + v.idx[3],
                    FINAL_TABLE + (sets * N_TRIPLE + TRIPLE_TABLE[pair01 * N_SUIT + v.cls[2]])
                    * N_HONOR, target) << 27
    return mask & ~blocked


cdef inline int _knitted_pattern_missing(const HandView* v, int p, int n_melds) noexcept nogil:
    cdef HandView rest
    knitted_rest(v, p, &rest)
    return 9 - popcount64(v.present & KNIT[p]) + _final(
        1 - n_melds, rest.cls[0], rest.cls[1], rest.cls[2], rest.cls[3])


cdef inline int _unseen_of(uint64_t mask, const uint64_t* planes) noexcept nogil:
    """Sum of the unseen counts (0..4, as three bit planes) of the tiles in mask."""
    return (popcount64(mask & planes[0]) + 2 * popcount64(mask & planes[1])
            + 4 * popcount64(mask & planes[2]))


cdef void unseen_planes(const uint8_t* c, const uint8_t* seen, uint64_t* planes
                         ) noexcept nogil:
    """planes[b] bit t = bit b of 4 - c[t] - seen[t] (seen = NULL: nothing else seen);
    the caller checked that the copies add up to at most 4."""
    cdef uint8_t u[48]
    cdef int t
    if seen == NULL:
        for t in range(N_KINDS):
            u[t] = 4 - c[t]
    else:
        for t in range(N_KINDS):
            u[t] = 4 - c[t] - seen[t]
    memset(u + N_KINDS, 0, 48 - N_KINDS)
    planes[0] = odd_mask(u)
    planes[1] = gt_mask(u, 1) & ~gt_mask(u, 3)
    planes[2] = eq_mask(u, 4)


cdef struct Row:            # what the discard loop of one hand shares across its discards
    const uint8_t* row[4]    # each group's row of the three other groups combined
    const uint8_t* base      # SUIT_FINAL_TABLE and FINAL_TABLE at `sets`
    const uint8_t* honor_base
    # Table rows indexed by a discard group's new class, for _other_values:
    const uint8_t* pair_row[3]     # PAIR_TABLE with suit k (the table is symmetric)
    const uint8_t* ph_c3           # PH_TABLE at the honors' class (stride N_HONOR)
    const uint8_t* ph_row[3]       # PH_TABLE with the pair of the suits other than k
    const uint8_t* triple_row[3]   # TRIPLE_TABLE with the pair of the suits other than k
    # The draws outside the discard's group depend only on the group and its class after
    # the discard: the table values of those draws (_other_values), kept for the discards
    # of the current group. key[i] = the class of entry i (255 = empty); masks[i] = the
    # draws whose values are below target[i] (0 = none computed yet).
    int n_cached
    uint8_t key[16]
    uint8_t target[9]
    uint64_t masks[9]
    uint8_t values[9][3][16]


cdef inline void _prepare_row(const HandView* v, int sets, Row* w) noexcept nogil:
    cdef const uint8_t* base = SUIT_FINAL_TABLE + sets * N_PH * N_SUIT
    cdef int c3 = v.cls[3]
    w.base = base
    w.honor_base = FINAL_TABLE + sets * N_TRIPLE * N_HONOR
    cdef int k, pair12, pair02, pair01
    for k in range(3):
        w.pair_row[k] = PAIR_TABLE + v.cls[k] * N_SUIT
    pair12 = w.pair_row[1][v.cls[2]]
    pair02 = w.pair_row[0][v.cls[2]]
    pair01 = w.pair_row[0][v.cls[1]]
    w.ph_c3 = PH_TABLE + c3
    w.ph_row[0] = PH_TABLE + pair12 * N_HONOR
    w.ph_row[1] = PH_TABLE + pair02 * N_HONOR
    w.ph_row[2] = PH_TABLE + pair01 * N_HONOR
    w.triple_row[0] = TRIPLE_TABLE + pair12 * N_SUIT
    w.triple_row[1] = TRIPLE_TABLE + pair02 * N_SUIT
    w.triple_row[2] = TRIPLE_TABLE + pair01 * N_SUIT
    w.row[0] = base + w.ph_row[0][c3] * N_SUIT
    w.row[1] = base + w.ph_row[1][c3] * N_SUIT
    w.row[2] = base + w.ph_row[2][c3] * N_SUIT
    w.row[3] = w.honor_base + w.triple_row[2][v.cls[2]] * N_HONOR


# The discard loop is compiled once per group and per combination of the forms it tests
# (fused types used as compile-time switches: `if _Regular is _On` is decided by Cython),
# so a form that is off costs nothing per discard, the riichi forms take no form test at
# all, and the group's offsets, tables and other groups are constants.
cdef struct _On:
    char unused
cdef struct _Off:
    char unused
ctypedef fused _Regular:
    _On
    _Off
ctypedef fused _Pairs:          # seven pairs
    _On
    _Off
ctypedef fused _Orphans:        # thirteen orphans
    _On
    _Off
ctypedef fused _Knitted:        # honors-and-knitted or knitted straight (tested inside)
    _On
    _Off
cdef struct _G0:
    char unused
cdef struct _G1:
    char unused
cdef struct _G2:
    char unused
cdef struct _G3:
    char unused
ctypedef fused _Group:          # the group of the discards: m, p, s or the honors
    _G0
    _G1
    _G2
    _G3


cdef inline int _group_of(_Group* marker) noexcept nogil:
    if _Group is _G0:
        return 0
    elif _Group is _G1:
        return 1
    elif _Group is _G2:
        return 2
    else:
        return 3


cdef inline void _other_values(const HandView* v, Row* w, _Group* group, int cg,
                               uint8_t (*out)[16]) noexcept nogil:
    """The regular missing counts after a discard from the group that leaves its class cg
    and a draw in another group: out[k][r] for the draw of rank r in the k-th other group
    (in group order). Each other group's classes with one copy more are read in its row
    rebuilt with cg."""
    cdef const uint8_t* base = w.base
    cdef const uint8_t* honor_base = w.honor_base
    if _Group is _G3:
        _values9(SUIT_CLASS + v.idx[0], base + w.ph_row[0][cg] * N_SUIT, out[0])
        _values9(SUIT_CLASS + v.idx[1], base + w.ph_row[1][cg] * N_SUIT, out[1])
        _values9(SUIT_CLASS + v.idx[2], base + w.ph_row[2][cg] * N_SUIT, out[2])
    elif _Group is _G0:
        _values9(SUIT_CLASS + v.idx[1], base + w.ph_c3[w.pair_row[2][cg] * N_HONOR] * N_SUIT,
                 out[0])
        _values9(SUIT_CLASS + v.idx[2], base + w.ph_c3[w.pair_row[1][cg] * N_HONOR] * N_SUIT,
                 out[1])
        _values7(HONOR_CLASS + v.idx[3], honor_base + w.triple_row[0][cg] * N_HONOR, out[2])
    elif _Group is _G1:
        _values9(SUIT_CLASS + v.idx[0], base + w.ph_c3[w.pair_row[2][cg] * N_HONOR] * N_SUIT,
                 out[0])
        _values9(SUIT_CLASS + v.idx[2], base + w.ph_c3[w.pair_row[0][cg] * N_HONOR] * N_SUIT,
                 out[1])
        _values7(HONOR_CLASS + v.idx[3], honor_base + w.triple_row[1][cg] * N_HONOR, out[2])
    else:
        _values9(SUIT_CLASS + v.idx[0], base + w.ph_c3[w.pair_row[1][cg] * N_HONOR] * N_SUIT,
                 out[0])
        _values9(SUIT_CLASS + v.idx[1], base + w.ph_c3[w.pair_row[0][cg] * N_HONOR] * N_SUIT,
                 out[1])
        _values7(HONOR_CLASS + v.idx[3], honor_base + w.triple_row[2][cg] * N_HONOR, out[2])


cdef inline uint64_t _values_mask(const uint8_t (*values)[16], _Group* group, int target
                                  ) noexcept nogil:
    """The draws outside the group whose values (_other_values) are below target, as tile
    bits: the other groups' bit offsets, in group order."""
    if _Group is _G0:
        return (_values_below(values[0], target, 9) << 9
                | _values_below(values[1], target, 9) << 18
                | _values_below(values[2], target, 7) << 27)
    elif _Group is _G1:
        return (_values_below(values[0], target, 9)
                | _values_below(values[1], target, 9) << 18
                | _values_below(values[2], target, 7) << 27)
    elif _Group is _G2:
        return (_values_below(values[0], target, 9)
                | _values_below(values[1], target, 9) << 9
                | _values_below(values[2], target, 7) << 27)
    else:
        return (_values_below(values[0], target, 9)
                | _values_below(values[1], target, 9) << 9
                | _values_below(values[2], target, 9) << 18)


# What the discards of one hand share (see discard_plain): the view and the cache, in
# memory, and the masks and counts the discard loop reads, passed by value (so that they
# stay in registers: the byte stores to the outputs may alias anything in memory).
cdef struct _Hand:
    HandView v
    Row w
    uint64_t sink[N_KINDS]      # masks_out when the caller wants none

cdef struct _Bits:
    uint64_t present, twos, threes, fours
    uint64_t plane0, plane1, plane2     # the unseen copies (unseen_planes)
    int8_t* shanten_out
    int16_t* unseen_out
    uint64_t* masks_out
    int n_melds
    bint honors_knitted, knitted
    int sp_base                 # seven pairs: 7 - the pairs held (c // 2 summed)
    uint64_t evens              # held 2 or 4 times: a discard loses a pair
    uint64_t odd                # held 1 or 3 times
    int to_base                 # thirteen orphans: 14 - the orphan kinds held
    uint64_t single_orphans     # orphans held once: a discard loses the kind
    uint64_t orphan_pairs       # orphans held at least twice


cdef inline void _group_discards(_Hand* h, _Bits b, _Group* group, _Regular* regular_on,
                                 _Pairs* pairs_on, _Orphans* orphans_on, _Knitted* knitted_on
                                 ) noexcept nogil:
    """The discards of one group (the cache of the draws outside it is per group)."""
    cdef int g = _group_of(group)
    cdef int first = 9 * g
    cdef int8_t* shanten_out = b.shanten_out
    cdef int16_t* unseen_out = b.unseen_out
    cdef uint64_t* masks_out = b.masks_out
    cdef int n_melds = b.n_melds
    cdef uint64_t v_present = b.present, v_twos = b.twos, v_threes = b.threes
    cdef uint64_t v_fours = b.fours
    cdef uint32_t idx = h.v.idx[g]
    cdef const uint8_t* classes = SUIT_CLASS if g < 3 else HONOR_CLASS
    cdef const uint8_t* row = h.w.row[g]
    cdef HandView after, rest
    cdef int t, r, cg, best, reg, sp, to, hk, d, p, held, i
    cdef uint32_t idx_after
    cdef uint64_t bit, mask, group_held, pairs_left
    cdef uint64_t present, twos, threes, fours
    group_held = (v_present >> first) & (<uint64_t>511 if g < 3 else <uint64_t>127)
    if _Regular is _On:
        h.w.n_cached = 0
        memset(h.w.key, 255, 16)
    while group_held:
        r = ctz64(group_held)
        group_held &= group_held - 1
        t = first + r
        bit = (<uint64_t>1) << t
        # the masks after discarding one t: t leaves the highest mask that holds it
        present = v_present & ~(bit & ~v_twos)
        twos = v_twos & ~(bit & ~v_threes)
        threes = v_threes & ~(bit & ~v_fours)
        fours = v_fours & ~bit
        idx_after = idx - POW5[r]
        cg = classes[idx_after]
        best = NOT_APPLICABLE
        if _Regular is _On:
            reg = row[cg]
            best = reg
        if _Pairs is _On:
            d = b.sp_base + ((b.evens >> t) & 1)
            sp = d if d > 0 else 0
            best = sp if sp < best else best
        if _Orphans is _On:
            pairs_left = b.orphan_pairs & twos
            to = b.to_base + <int>((b.single_orphans >> t) & 1) - (pairs_left != 0)
            best = to if to < best else best
        if _Knitted is _On:
            hk = NOT_APPLICABLE
            if b.honors_knitted:
                for p in range(6):
                    d = 14 - popcount64(present & (KNIT[p] | HONOR_BITS))
                    if d < hk:
                        hk = d
                if hk < 0:
                    hk = 0
                if hk < best:
                    best = hk
            if b.knitted:
                after = h.v
                after.present, after.twos, after.threes, after.fours = (
                    present, twos, threes, fours)
                after.idx[g] = idx_after
                after.cls[g] = cg
                if best > 0:
                    for p in range(6):
                        if 9 - popcount64(present & KNIT[p]) >= best:
                            continue
                        d = _knitted_pattern_missing(&after, p, n_melds)
                        if d < best:
                            best = d
        shanten_out[t] = <int8_t>(best - 1)
        mask = 0
        if 0 < best < NOT_APPLICABLE:
            if _Regular is _On:
                if reg == best:
                    if g < 3:
                        mask = _draws9(classes + idx_after, row, best) << first
                    else:
                        mask = _draws7(classes + idx_after, row, best) << 27
                    # the draws outside the group: the cached values of cg (computed on
                    # the first discard that leaves cg), and their mask at the last target
                    i = _find_key(h.w.key, cg)
                    if i < 0:
                        i = h.w.n_cached
                        h.w.n_cached += 1
                        h.w.key[i] = <uint8_t>cg
                        h.w.target[i] = 0
                        _other_values(&h.v, &h.w, group, cg, h.w.values[i])
                    if h.w.target[i] != best:
                        h.w.target[i] = <uint8_t>best
                        h.w.masks[i] = _values_mask(h.w.values[i], group, best)
                    mask = (mask | h.w.masks[i]) & ~fours
            if _Pairs is _On:
                if sp == best:
                    mask |= b.odd ^ bit           # the tiles then held an odd number of times
            if _Orphans is _On:
                if to == best:
                    mask |= ORPHANS & ~present if pairs_left else ORPHANS
            if _Knitted is _On:
                if hk == best:
                    for p in range(6):
                        d = 14 - popcount64(present & (KNIT[p] | HONOR_BITS))
                        if (d if d > 0 else 0) == best:
                            mask |= (KNIT[p] | HONOR_BITS) & ~present
                if b.knitted:
                    for p in range(6):
                        held = popcount64(present & KNIT[p])
                        if 9 - held > best or _knitted_pattern_missing(
                                &after, p, n_melds) != best:
                            continue
                        mask |= KNIT[p] & ~present
                        knitted_rest(&after, p, &rest)
                        mask |= _regular_useful(&rest, fours, 1 - n_melds,
                                                best - (9 - held))
        unseen_out[t] = <int16_t>(popcount64(mask & b.plane0) + 2 * popcount64(mask & b.plane1)
                                  + 4 * popcount64(mask & b.plane2))
        masks_out[t] = mask


cdef void _discard_loop(const uint8_t* c, int n_melds, int forms, const uint64_t* planes,
                        int8_t* shanten_out, int16_t* unseen_out, uint64_t* masks_out,
                        _Regular* regular_on, _Pairs* pairs_on, _Orphans* orphans_on,
                        _Knitted* knitted_on) noexcept nogil:
    """discard_plain with the forms in the types of the last four (NULL) arguments."""
    cdef _Hand h
    cdef _Bits b
    cdef HandView* v = &h.v
    _make_view(c, v)
    b.present, b.twos, b.threes, b.fours = v.present, v.twos, v.threes, v.fours
    if planes == NULL:          # nothing seen besides the hand: bit k of 4 - c[t]
        b.plane0 = (b.present & ~b.twos) | (b.threes & ~b.fours)
        b.plane1 = b.present & ~b.threes
        b.plane2 = ~b.present & ALL_TILES
    else:
        b.plane0, b.plane1, b.plane2 = planes[0], planes[1], planes[2]
    b.shanten_out, b.unseen_out = shanten_out, unseen_out
    b.masks_out = masks_out if masks_out != NULL else h.sink
    b.n_melds = n_melds
    b.honors_knitted = n_melds == 0 and (forms & FORM_HONORS_KNITTED) != 0
    b.knitted = n_melds <= 1 and (forms & FORM_KNITTED_STRAIGHT) != 0
    if _Regular is _On:
        _prepare_row(v, 4 - n_melds, &h.w)
    if _Pairs is _On:
        b.sp_base = 7 - popcount64(b.twos) - popcount64(b.fours)
        b.evens = (b.twos & ~b.threes) | b.fours
        b.odd = (b.present & ~b.twos) | (b.threes & ~b.fours)
    if _Orphans is _On:
        b.to_base = 14 - popcount64(b.present & ORPHANS)
        b.single_orphans = b.present & ~b.twos & ORPHANS
        b.orphan_pairs = b.twos & ORPHANS
    memset(shanten_out, -1, N_KINDS)
    memset(unseen_out, 0, N_KINDS * sizeof(int16_t))
    if masks_out != NULL:
        memset(masks_out, 0, N_KINDS * sizeof(uint64_t))
    _group_discards(&h, b, <_G0*>NULL, regular_on, pairs_on, orphans_on, knitted_on)
    _group_discards(&h, b, <_G1*>NULL, regular_on, pairs_on, orphans_on, knitted_on)
    _group_discards(&h, b, <_G2*>NULL, regular_on, pairs_on, orphans_on, knitted_on)
    _group_discards(&h, b, <_G3*>NULL, regular_on, pairs_on, orphans_on, knitted_on)


# The dispatch: each level fixes one switch of _discard_loop from the arguments.
cdef inline void _with_knitted(const uint8_t* c, int n_melds, int forms,
                               const uint64_t* planes, int8_t* shanten_out,
                               int16_t* unseen_out, uint64_t* masks_out,
                               _Regular* f1, _Pairs* f2, _Orphans* f3) noexcept nogil:
    if (n_melds == 0 and forms & FORM_HONORS_KNITTED) or (
            n_melds <= 1 and forms & FORM_KNITTED_STRAIGHT):
        _discard_loop(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                      f1, f2, f3, <_On*>NULL)
    else:
        _discard_loop(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                      f1, f2, f3, <_Off*>NULL)


cdef inline void _with_orphans(const uint8_t* c, int n_melds, int forms,
                               const uint64_t* planes, int8_t* shanten_out,
                               int16_t* unseen_out, uint64_t* masks_out,
                               _Regular* f1, _Pairs* f2) noexcept nogil:
    if n_melds == 0 and forms & FORM_THIRTEEN_ORPHANS:
        _with_knitted(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                      f1, f2, <_On*>NULL)
    else:
        _with_knitted(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                      f1, f2, <_Off*>NULL)


cdef inline void _with_pairs(const uint8_t* c, int n_melds, int forms,
                             const uint64_t* planes, int8_t* shanten_out,
                             int16_t* unseen_out, uint64_t* masks_out,
                             _Regular* f1) noexcept nogil:
    if n_melds == 0 and forms & FORM_SEVEN_PAIRS:
        _with_orphans(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                      f1, <_On*>NULL)
    else:
        _with_orphans(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                      f1, <_Off*>NULL)


cdef void discard_plain(const uint8_t* c, int n_melds, int forms, const uint64_t* planes,
                        int8_t* shanten_out, int16_t* unseen_out, uint64_t* masks_out
                        ) noexcept nogil:
    """The discard table of a validated hand of 14 - 3m tiles without locked copies or
    wildcard (c: 48 bytes, the 34 counts and zero padding): shanten_out[t] (-1 if t is not
    held), unseen_out[t] (0 if not held) and, unless masks_out is NULL, masks_out[t] = the
    useful-tile mask after discarding t. planes NULL: no copies seen besides the hand's.

    The same answers as _shanten's _missing and _useful on each 13 - 3m tile hand: the
    minimum over the forms, and the union of the useful tiles of every form reaching it."""
    if forms & FORM_REGULAR:
        _with_pairs(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                    <_On*>NULL)
    else:
        _with_pairs(c, n_melds, forms, planes, shanten_out, unseen_out, masks_out,
                    <_Off*>NULL)


cdef void discard_exact(const uint8_t* c, int n_melds, int forms, const uint8_t* locked,
                        int wildcard, const uint64_t* planes, int8_t* shanten_out,
                        int16_t* unseen_out, uint64_t* masks_out) noexcept nogil:
    """discard_plain for a hand with locked meld copies (NULL = none) or a wildcard kind
    (-1 = none): _shanten's exact search on each 13 - 3m tile hand."""
    cdef uint8_t h[48]
    cdef int t, missing
    cdef uint64_t mask
    memset(h, 0, 48)
    memcpy(h, c, N_KINDS)
    for t in range(N_KINDS):
        shanten_out[t] = -1
        unseen_out[t] = 0
        if masks_out != NULL:
            masks_out[t] = 0
    for t in range(N_KINDS):
        if not c[t]:
            continue
        h[t] -= 1
        mask = 0
        missing = hand_missing(h, n_melds, forms, locked, wildcard, True, &mask)
        h[t] += 1
        shanten_out[t] = <int8_t>(missing - 1)
        unseen_out[t] = <int16_t>_unseen_of(mask, planes)
        if masks_out != NULL:
            masks_out[t] = mask


# --- the batch entry (mahjong.batch.discard_table validates shapes and dtypes first) ------

cdef inline int _check_row(const uint8_t* c, int8_t* n_melds, bint infer, int forms,
                           const uint8_t* locked, const uint8_t* visible) noexcept nogil:
    """Status of a row (c: 48 bytes, the 34 counts and zero padding)."""
    cdef int t, k, total, x
    if gt_mask(c, 4):
        return ROW_TOO_MANY_COPIES
    total = sum48(c)
    if infer:
        if total < 2 or total > 14 or total % 3 != 2:
            return ROW_BAD_TOTAL
        n_melds[0] = (14 - total) // 3
    k = n_melds[0]
    if k < 0 or k > 4:
        return ROW_BAD_MELDS
    if total + 3 * k != 14:
        return ROW_BAD_TOTAL
    if not (forms & FORM_REGULAR) and (k > 1 or (k == 1 and not forms & FORM_KNITTED_STRAIGHT)):
        return ROW_NO_FORM
    if locked != NULL:
        for t in range(N_KINDS):
            if c[t] + locked[t] > 4:
                return ROW_LOCKED_COPIES
    if visible != NULL:
        for t in range(N_KINDS):
            x = c[t] + visible[t]
            if locked != NULL:
                x += locked[t]
            if x > 4:
                return ROW_VISIBLE_COPIES
    return ROW_OK


cdef inline int _checked_row(const uint8_t* row, int8_t* n_melds, bint infer, int forms,
                             const uint8_t* locked, const uint8_t* visible, int wildcard,
                             int8_t* shanten_out, int16_t* unseen_out, uint8_t* status
                             ) noexcept nogil:
    cdef uint8_t c[48]
    cdef uint8_t seen[N_KINDS]
    cdef uint64_t planes[3]
    cdef int t
    memset(c + 32, 0, 16)
    memcpy(c, row, N_KINDS)
    status[0] = _check_row(c, n_melds, infer, forms, locked, visible)
    if status[0] != ROW_OK:
        for t in range(N_KINDS):
            shanten_out[t] = -1
            unseen_out[t] = 0
        return 1
    if locked == NULL and wildcard < 0:
        if visible == NULL:          # the kernel reads the unseen copies off the hand
            discard_plain(c, n_melds[0], forms, NULL, shanten_out, unseen_out, NULL)
            return 0
        unseen_planes(c, visible, planes)
        discard_plain(c, n_melds[0], forms, planes, shanten_out, unseen_out, NULL)
        return 0
    for t in range(N_KINDS):
        seen[t] = (locked[t] if locked != NULL else 0) + (visible[t] if visible != NULL else 0)
    unseen_planes(c, seen, planes)
    discard_exact(c, n_melds[0], forms, locked, wildcard, planes, shanten_out, unseen_out,
                  NULL)
    return 0


def checked_discard_rows(const uint8_t[:, ::1] counts, int8_t[::1] n_melds, bint infer,
                         int forms, const uint8_t[:, ::1] visible, int visible_rows,
                         const uint8_t[:, ::1] locked, bint has_locked,
                         const int8_t[::1] wild, int8_t[:, ::1] shanten_out,
                         int16_t[:, ::1] unseen_out, uint8_t[::1] status, int threads=1):
    """Validate and tabulate every row in one pass. visible_rows: 0 = no visible tiles,
    1 = visible[0] for every row, else one visible row per hand; locked is read when
    has_locked; wild[i] = the row's wildcard kind (-1 = none; validated by the caller).
    status[i] = ROW_* code (the row's outputs are then -1 / 0). Returns the bad rows."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Py_ssize_t bad = 0
    if counts.shape[1] != N_KINDS or shanten_out.shape[1] != N_KINDS \
            or unseen_out.shape[1] != N_KINDS:
        raise ValueError("counts and the outputs must have 34 columns")
    if (n_melds.shape[0] != n or shanten_out.shape[0] != n or unseen_out.shape[0] != n
            or status.shape[0] != n or wild.shape[0] != n):
        raise ValueError("n_melds, wild, status and the outputs need one entry per row")
    if visible.shape[1] != N_KINDS or (visible_rows > 1 and visible.shape[0] != n) or (
            visible_rows == 1 and visible.shape[0] < 1):
        raise ValueError("visible must have shape (N, 34) or (1, 34)")
    if has_locked and (locked.shape[0] != n or locked.shape[1] != N_KINDS):
        raise ValueError("locked must have shape (N, 34)")
    if n == 0:
        return 0
    cdef const uint8_t* vis = &visible[0, 0] if visible_rows else NULL
    cdef Py_ssize_t vis_step = N_KINDS if visible_rows > 1 else 0
    cdef const uint8_t* lk = &locked[0, 0] if has_locked else NULL
    cdef Py_ssize_t lk_step = N_KINDS if has_locked else 0
    if threads <= 1:
        with nogil:
            for i in range(n):
                bad += _checked_row(
                    &counts[i, 0], &n_melds[i], infer, forms,
                    lk + i * lk_step if has_locked else NULL,
                    vis + i * vis_step if visible_rows else NULL,
                    wild[i], &shanten_out[i, 0], &unseen_out[i, 0], &status[i])
    else:
        for i in prange(n, nogil=True, num_threads=threads, schedule="dynamic", chunksize=256):
            bad += _checked_row(
                &counts[i, 0], &n_melds[i], infer, forms,
                lk + i * lk_step if has_locked else NULL,
                vis + i * vis_step if visible_rows else NULL,
                wild[i], &shanten_out[i, 0], &unseen_out[i, 0], &status[i])
    return bad


# --- the scalar entry (mahjong.discard_analysis) ------------------------------------------

cdef extern from *:
    """
    /* DiscardOption's own free list. A call of discard_analysis makes a dozen options and
       the caller usually drops them before the next call: a dropped option is kept here
       (fields stale, _useful a reference to None) and the next option reuses it, which
       costs a few stores where Cython's allocation would zero the object, initialise its
       header and slots, and its deallocation would clear them again. Its tp_dealloc is
       replaced at import (mj_options_install); debug builds (reference tracing) and
       free-threaded builds (whose reference counts are split per thread) keep Cython's. */
    #define MJ_OPTIONS_KEPT 128
    static PyObject* mj_options_free[MJ_OPTIONS_KEPT];
    static int mj_options_nfree = 0;
    static destructor mj_option_dealloc_full = NULL;   /* Cython's tp_dealloc */
    static Py_ssize_t mj_option_useful_at = 0;         /* offset of the _useful slot */
    static void mj_option_dealloc(PyObject* o) {
        PyObject** slot;
        PyObject* useful;
        if (mj_options_nfree >= MJ_OPTIONS_KEPT) {
            mj_option_dealloc_full(o);
            return;
        }
        slot = (PyObject**)((char*)o + mj_option_useful_at);
        useful = *slot;
        mj_options_free[mj_options_nfree++] = o;
        if (useful != Py_None) {      /* kept: drop the tuple last (its items may run code) */
            Py_INCREF(Py_None);
            *slot = Py_None;
            Py_XDECREF(useful);
        }
    }
    /* Install the free list on DiscardOption, given an instance whose _useful slot holds
       marker (Cython gives no offsetof of an object field: the slot is found by value). */
    static void mj_options_install(PyObject* probe, PyObject* marker) {
    #if !defined(Py_TRACE_REFS) && !defined(Py_REF_DEBUG) && !defined(Py_GIL_DISABLED)
        PyTypeObject* tp = Py_TYPE(probe);
        Py_ssize_t at = sizeof(PyObject), useful_at = -1;
        for (; at + (Py_ssize_t)sizeof(PyObject*) <= tp->tp_basicsize; at += sizeof(PyObject*))
            if (*(PyObject**)((char*)probe + at) == marker) {
                useful_at = at;
                break;
            }
        if (useful_at < 0) return;               /* not found: keep Cython's allocation */
        mj_option_useful_at = useful_at;
        mj_option_dealloc_full = tp->tp_dealloc;
        tp->tp_dealloc = mj_option_dealloc;
    #endif
    }
    /* Up to n kept options, taken at once: *got of them at the address returned, each with
       its reference count 1 (the caller sets every field but _useful, before anything can
       drop an option). */
    static inline PyObject** mj_options_take(int n, int* got) {
        int k = n < mj_options_nfree ? n : mj_options_nfree;
        PyObject** kept = mj_options_free + (mj_options_nfree - k);
        for (int i = 0; i < k; i++) Py_SET_REFCNT(kept[i], 1);
        mj_options_nfree -= k;
        *got = k;
        return kept;
    }
    static inline void mj_keys_unset(int32_t* key) {
        for (int i = 0; i < 16; i++) key[i] = 0x7FFFFFFF;
    }
    """
    void mj_keys_unset(int32_t* key) noexcept
    void mj_options_install(object probe, object marker)
    PyObject** mj_options_take(int n, int* got) noexcept
    void mj_list_set "PyList_SET_ITEM"(object lst, Py_ssize_t i, PyObject* item)
    Py_ssize_t Py_SIZE(object o) noexcept


cdef tuple _FIELDS = ("tile", "shanten", "useful", "unseen")
cdef tuple _TILE_INTS = tuple(range(N_KINDS))   # the ints 0..33, shared by the useful tuples


cdef tuple _mask_tuple(uint64_t m):
    """Sorted tile ids of the set bits of a 34-bit mask."""
    cdef tuple out = PyTuple_New(popcount64(m))
    cdef Py_ssize_t j = 0
    while m:
        mj_tuple_put(out, j, PyTuple_GET_ITEM(_TILE_INTS, ctz64(m)))
        m &= m - 1
        j += 1
    return out


@cython.final
@cython.no_gc
cdef class DiscardOption:
    """One discard of :func:`mahjong.discard_analysis`.

    Fields, in this order: ``tile`` (the tile discarded), ``shanten`` (the shanten after
    the discard), ``useful`` (the useful tile kinds after it, a tuple of sorted ids) and
    ``unseen`` (the unseen copies of those kinds). It reads like the NamedTuple it
    replaces: by name, by index, unpacked, ``_replace``, ``_asdict`` and ``_fields``, and it
    equals, orders and hashes as the tuple ``(tile, shanten, useful, unseen)``. The options
    of discard_analysis are made in C with the useful tiles as a bit mask; the tuple is
    built on the first read of ``useful``.

    >>> DiscardOption(31, 0, (18, 21), 8)
    DiscardOption(tile=31, shanten=0, useful=(18, 21), unseen=8)
    """
    cdef readonly int tile
    cdef readonly int shanten
    cdef readonly int unseen
    cdef uint64_t _mask        # the useful tiles (options made by the kernel)
    cdef object _useful        # their tuple: given, or built from _mask on first read

    _fields = _FIELDS
    __match_args__ = _FIELDS

    def __init__(self, tile, shanten, useful, unseen):
        self.tile = tile
        self.shanten = shanten
        self._useful = tuple(useful)
        self.unseen = unseen

    @property
    def useful(self):
        """The useful tile kinds after the discard (sorted tile ids)."""
        if self._useful is None:
            self._useful = _mask_tuple(self._mask)
        return self._useful

    cdef tuple _tuple(self):
        return (self.tile, self.shanten, self.useful, self.unseen)

    def __len__(self):
        return 4

    def __getitem__(self, index):
        return self._tuple()[index]

    def __iter__(self):
        return iter(self._tuple())

    def __contains__(self, item):
        return item in self._tuple()

    def count(self, value):
        return self._tuple().count(value)

    def index(self, value, *args):
        return self._tuple().index(value, *args)

    def __hash__(self):
        return hash(self._tuple())

    def __richcmp__(self, other, int op):
        if type(other) is DiscardOption:
            other = (<DiscardOption>other)._tuple()
        elif not isinstance(other, tuple):
            return NotImplemented
        return PyObject_RichCompare(self._tuple(), other, op)

    def __repr__(self):
        return (f"DiscardOption(tile={self.tile!r}, shanten={self.shanten!r}, "
                f"useful={self.useful!r}, unseen={self.unseen!r})")

    def __reduce__(self):
        return DiscardOption, self._tuple()

    def _asdict(self):
        return dict(zip(_FIELDS, self._tuple()))

    def _replace(self, **changes):
        values = self._asdict()
        for name in changes:
            if name not in values:
                raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        values.update(changes)
        return DiscardOption(**values)


_abc.Sequence.register(DiscardOption)     # it reads as a sequence of its four fields


cdef _install_free_list():
    """Put DiscardOption's tp_dealloc on the free list (the probe is its first entry)."""
    cdef DiscardOption probe = DiscardOption.__new__(DiscardOption)
    marker = object()
    probe._useful = marker
    mj_options_install(probe, marker)

_install_free_list()


cdef inline void _set_option(PyObject* p, int t, int shanten, int unseen,
                             uint64_t mask) noexcept:
    """The fields of a kept option, its useful tiles as a mask (_useful is None already)."""
    (<DiscardOption>p).tile = t
    (<DiscardOption>p).shanten = shanten
    (<DiscardOption>p).unseen = unseen
    (<DiscardOption>p)._mask = mask


cdef list _options(const uint8_t* c, const int8_t* shanten, const int16_t* unseen,
                   const uint64_t* masks):
    """The options, best first (lowest shanten, most unseen useful copies, lowest tile)."""
    cdef int32_t key[16]
    cdef uint8_t order[16]
    cdef int n = 0, i, t, got
    cdef uint64_t held = gt_mask(c, 0)
    cdef list out
    cdef PyObject** kept
    cdef DiscardOption o
    mj_keys_unset(key)           # the ranks compare all 16 keys: the unused ones sort last
    while held:                  # at most 14 kinds: the key packs (shanten, -unseen, tile)
        t = ctz64(held)
        held &= held - 1
        key[n] = (shanten[t] << 16) | ((255 - unseen[t]) << 8) | t
        n += 1
    _rank_order(key, n, order)
    out = PyList_New(n)
    kept = mj_options_take(n, &got)
    for i in range(got):                 # kept options first: nothing runs in between
        t = order[i]
        _set_option(kept[i], t, shanten[t], unseen[t], masks[t])
        mj_list_set(out, i, kept[i])     # the list takes the reference
    for i in range(got, n):
        t = order[i]
        o = DiscardOption.__new__(DiscardOption)
        o.tile = t
        o.shanten = shanten[t]
        o.unseen = unseen[t]
        o._mask = masks[t]
        mj_list_put(out, i, o)
    return out


def options_one(const uint8_t[::1] counts, int n_melds, int forms,
                const int8_t[::1] unseen, object locked, int wildcard):
    """discard_analysis on validated input: counts (34, 14 - 3n_melds tiles), the forms
    that apply, unseen (int8[34], 0..4), locked (uint8[34] or None), wildcard (-1 = none)."""
    cdef const uint8_t[::1] lk
    cdef const uint8_t* lp = NULL
    cdef uint64_t planes[3]
    cdef uint8_t seen[N_KINDS]
    cdef int8_t shanten[N_KINDS]
    cdef int16_t unseen_sum[N_KINDS]
    cdef uint64_t masks[N_KINDS]
    cdef uint8_t c[48]
    cdef int t
    if counts.shape[0] != N_KINDS or unseen.shape[0] != N_KINDS:
        raise ValueError("counts and unseen must have 34 entries")
    if not 0 <= n_melds <= 4 or not -1 <= wildcard < N_KINDS:
        raise ValueError("n_melds must be 0..4 and wildcard -1..33")
    for t in range(N_KINDS):
        if counts[t] > 4 or not 0 <= unseen[t] <= 4 - counts[t]:
            raise ValueError(f"tile {t}: {counts[t]} held and {unseen[t]} unseen")
        seen[t] = 4 - counts[t] - unseen[t]
    if locked is not None:
        lk = locked
        if lk.shape[0] != N_KINDS:
            raise ValueError("locked must have 34 entries")
        lp = &lk[0]
    memset(c, 0, 48)
    for t in range(N_KINDS):
        c[t] = counts[t]
    unseen_planes(c, seen, planes)
    if lp == NULL and wildcard < 0:
        discard_plain(c, n_melds, forms, planes, shanten, unseen_sum, masks)
    else:
        discard_exact(c, n_melds, forms, lp, wildcard, planes, shanten, unseen_sum, masks)
    return _options(c, shanten, unseen_sum, masks)


cdef object _options_call(object hand, object melds, object forms, object visible,
                          int wildcard):
    """mahjong.discard_analysis(hand, melds, forms, visible) for the common arguments: the
    hand as plain tenhou text, a list/tuple of int ids or of 34 counts, no melds (an empty
    list or tuple), forms as forms_bits reads them, visible None or in one of the hand's
    forms, and the wildcard kind (-1 = none, else 0..33). None for anything else and for
    every error: the caller's full path then reads the arguments and words the error."""
    cdef uint8_t c[48]
    cdef uint8_t seen[N_KINDS]
    cdef uint64_t planes[3]
    cdef int8_t shanten[N_KINDS]
    cdef int16_t unseen_sum[N_KINDS]
    cdef uint64_t masks[N_KINDS]
    cdef int t, forms_set
    if not ((type(melds) is tuple or type(melds) is list) and Py_SIZE(melds) == 0):
        return None
    forms_set = forms_bits(forms)
    memset(c + 32, 0, 16)
    if forms_set <= 0 or not -1 <= wildcard < N_KINDS or tile_counts(hand, c, 14) != 14:
        return None
    if visible is None:
        if wildcard < 0:        # discard_plain reads the unseen copies off the hand itself
            discard_plain(c, 0, forms_set, NULL, shanten, unseen_sum, masks)
            return _options(c, shanten, unseen_sum, masks)
        unseen_planes(c, NULL, planes)
    else:
        if tile_counts(visible, seen, 136) < 0:
            return None
        for t in range(N_KINDS):
            if c[t] + seen[t] > 4:
                return None
        unseen_planes(c, seen, planes)
    if wildcard < 0:
        discard_plain(c, 0, forms_set, planes, shanten, unseen_sum, masks)
    else:
        discard_exact(c, 0, forms_set, NULL, wildcard, planes, shanten, unseen_sum, masks)
    return _options(c, shanten, unseen_sum, masks)


def options_call(object hand, object melds, object forms, object visible, int wildcard):
    """_options_call from Python (mahjong.analysis's full path, with a wildcard)."""
    return _options_call(hand, melds, forms, visible, wildcard)


cdef object _full_path = None


def set_full_path(object full_path):
    """Register mahjong.analysis's full path of discard_analysis, called as
    full_path(hand, melds, forms, visible, wildcard, tiles, rules, void_suit, indicator, tiles136)
    for every call the fast path does not take (done once at its import)."""
    global _full_path
    _full_path = full_path


@cython.binding(True)
def discard_analysis(hand=None, melds=(), forms=None, visible=None, wildcard=None, *,
                     tiles=None, rules=None, void_suit=None, indicator=None, tiles136=None):
    """mahjong.discard_analysis (its docstring is set there): the common arguments in one C
    call (_options_call), everything else on the registered full path."""
    if (wildcard is None and tiles is None and rules is None and void_suit is None
            and indicator is None and tiles136 is None):
        fast = _options_call(hand, melds, forms, visible, -1)
        if fast is not None:
            return fast
    return _full_path(hand, melds, forms, visible, wildcard, tiles, rules, void_suit, indicator,
                      tiles136)


cdef extern from *:
    """
    /* The common call shapes of discard_analysis without Cython's argument parsing (about a
       sixth of the call's own cost): up to three positional arguments (hand, melds, forms),
       or the hand and forms= by keyword (the name compared by address with the interned
       "forms" a caller's code holds). The function object stays Cython's (its signature,
       docstring and module); only its vectorcall entry (PEP 590: the pointer at the type's
       tp_vectorcall_offset) is this one, which hands every other call, and every call the
       fast path declines (None), to the entry it replaced. */
    typedef PyObject* (*mj_da_fast_fn)(PyObject* hand, PyObject* melds, PyObject* forms,
                                       PyObject* visible, int wildcard);
    static vectorcallfunc mj_da_generic = NULL;
    static mj_da_fast_fn mj_da_fast = NULL;
    static PyObject* mj_da_forms_name = NULL;
    static PyObject* mj_da_no_melds = NULL;           /* the default melds, () */
    static PyObject* mj_da_vectorcall(PyObject* func, PyObject* const* args, size_t nargsf,
                                      PyObject* kwnames) {
        Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
        PyObject *melds, *forms, *result;
        if (kwnames == NULL) {
            if (nargs < 1 || nargs > 3) goto generic;
            forms = nargs == 3 ? args[2] : Py_None;
        } else if (nargs == 1 && PyTuple_GET_SIZE(kwnames) == 1
                   && PyTuple_GET_ITEM(kwnames, 0) == mj_da_forms_name) {
            forms = args[1];
        } else {
            goto generic;
        }
        melds = nargs >= 2 ? args[1] : mj_da_no_melds;
        result = mj_da_fast(args[0], melds, forms, Py_None, -1);
        if (result != Py_None) return result;      /* the options, or NULL: an error */
        Py_DECREF(result);
    generic:
        return mj_da_generic(func, args, nargsf, kwnames);
    }
    static int mj_da_install(PyObject* func, mj_da_fast_fn fast, PyObject* forms_name,
                             PyObject* no_melds) {
        PyTypeObject* tp = Py_TYPE(func);
        vectorcallfunc* slot;
        if (!PyType_HasFeature(tp, Py_TPFLAGS_HAVE_VECTORCALL) || tp->tp_vectorcall_offset <= 0)
            return 0;                                  /* keep Cython's entry */
        slot = (vectorcallfunc*)((char*)func + tp->tp_vectorcall_offset);
        if (*slot == NULL || *slot == mj_da_vectorcall) return 0;
        Py_INCREF(forms_name);
        Py_INCREF(no_melds);
        mj_da_forms_name = forms_name;
        mj_da_no_melds = no_melds;
        mj_da_fast = fast;
        mj_da_generic = *slot;
        *slot = mj_da_vectorcall;
        return 1;
    }
    """
    ctypedef object (*mj_da_fast_fn)(object hand, object melds, object forms, object visible,
                                     int wildcard)
    int mj_da_install(object func, mj_da_fast_fn fast, object forms_name, object no_melds)


import sys as _sys

mj_da_install(discard_analysis, _options_call, _sys.intern("forms"), ())


def discard_masks(const uint8_t[::1] counts, int n_melds, int forms):
    """(shanten int8[34], useful masks uint64[34]) of a validated hand, for the tests."""
    import numpy as np
    cdef uint64_t planes[3]
    cdef int8_t[::1] sh = np.empty(N_KINDS, np.int8)
    cdef int16_t[::1] un = np.empty(N_KINDS, np.int16)
    cdef uint64_t[::1] masks = np.empty(N_KINDS, np.uint64)
    if counts.shape[0] != N_KINDS or not 0 <= n_melds <= 4:
        raise ValueError("34 counts and 0..4 melds")
    cdef uint8_t c[48]
    cdef int t
    memset(c, 0, 48)
    for t in range(N_KINDS):
        c[t] = counts[t]
    planes[0] = planes[1] = planes[2] = 0
    discard_plain(c, n_melds, forms, planes, &sh[0], &un[0], &masks[0])
    return np.asarray(sh), np.asarray(masks)
