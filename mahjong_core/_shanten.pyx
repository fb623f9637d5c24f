"""Table-based shanten and useful tiles for the five GB hand forms.

Lineage (ideas only, all code and tables are our own):

- tomohxx/shanten-number: for each count vector of one suit, precompute the fewest tiles to
  draw to hold m sets (m = 0..4) with or without the pair; combine suits by a min-plus
  convolution. Exact, and it never uses a fifth copy of a tile (targets hold <= 4 copies).
- Cryolite/nyanten: those 10-value vectors take only a few distinct values (126 for a number
  suit, 54 for the honors), so a suit maps to a one-byte class and the convolution becomes
  class-combination tables.
- The per-suit table is indexed by the plain base-5 number of the suit (5^9 one-byte entries,
  about 1.9 MB), which avoids the serial dependency of a perfect hash.

How the per-suit vectors are built (at import, about 0.1 s): for a target t = (m sets, pair
flag) let S_t be every count vector that fits inside some complete target of that shape (the
down-closure of the complete targets). Then missing(h, t) = |target| - max{|u| : u <= h,
u in S_t}, and that maximum obeys best(h) = |h| if h in S_t else max_i best(h - e_i): one
pass upwards over the base-5 indices. Membership in S_t is a 10-bit mask propagated
downwards (mask(h) |= mask(h + e_i)). tests/test_shanten_tables.py re-derives every class
vector by brute force over explicit targets and every combination entry by min-plus.

Values are capped at CAP = 9: the largest meaningful missing count of a hand (13 tiles, 8
shanten) is 9, and min-plus sums of capped values give the exact minimum whenever it is
below the cap (a capped term only makes its sum >= CAP).
"""
cimport cython
from cython.parallel cimport prange
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from mahjong_core._decompose cimport knitted_pattern_tiles
from mahjong_core._types cimport (
    uint8_t, int8_t, int16_t, int32_t, uint16_t, uint32_t, uint64_t,
    N_KINDS, FIRST_HONOR,
    FORM_REGULAR, FORM_SEVEN_PAIRS, FORM_THIRTEEN_ORPHANS, FORM_HONORS_KNITTED,
    FORM_KNITTED_STRAIGHT, FORM_ALL,
)

cdef extern from *:
    """
    #ifdef _OPENMP
    #include <omp.h>
    static int mj_openmp_enabled(void) { return 1; }
    static int mj_max_threads(void) { return omp_get_max_threads(); }
    #else
    static int mj_openmp_enabled(void) { return 0; }
    static int mj_max_threads(void) { return 1; }
    #endif
    /* base-5 index of one suit (9 counts) or of the honors (7): independent products, so
       the four groups overlap in the pipeline */
    static inline uint32_t mj_suit_index(const uint8_t* c) {
        return c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3] + 625u * c[4] + 3125u * c[5]
               + 15625u * c[6] + 78125u * c[7] + 390625u * c[8];
    }
    static inline uint32_t mj_honor_index(const uint8_t* c) {
        return c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3] + 625u * c[4] + 3125u * c[5]
               + 15625u * c[6];
    }
    /* bit masks of the counts >= 1, >= 2, >= 3, == 4 over the 34 tiles */
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline uint64_t mj_gt_mask(__m128i a, __m128i b, const uint8_t* c, int k) {
        __m128i kk = _mm_set1_epi8((char)k);
        return (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(a, kk))
             | ((uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(b, kk)) << 16)
             | ((uint64_t)(c[32] > k) << 32) | ((uint64_t)(c[33] > k) << 33);
    }
    /* tile total of a row, or -1 if some count is above 4 */
    static inline int mj_row_total(const uint8_t* c) {
        __m128i a = _mm_loadu_si128((const __m128i*)c);
        __m128i b = _mm_loadu_si128((const __m128i*)(c + 16));
        __m128i zero = _mm_setzero_si128(), four = _mm_set1_epi8(4);
        __m128i over = _mm_or_si128(_mm_subs_epu8(a, four), _mm_subs_epu8(b, four));
        __m128i sums = _mm_add_epi64(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(over, zero)) != 0xFFFF || c[32] > 4 || c[33] > 4)
            return -1;
        return _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4) + c[32] + c[33];
    }
    static inline void mj_masks(const uint8_t* c, uint64_t* present, uint64_t* twos,
                                uint64_t* threes, uint64_t* fours) {
        __m128i a = _mm_loadu_si128((const __m128i*)c);
        __m128i b = _mm_loadu_si128((const __m128i*)(c + 16));
        *present = mj_gt_mask(a, b, c, 0);
        *twos = mj_gt_mask(a, b, c, 1);
        *threes = mj_gt_mask(a, b, c, 2);
        *fours = mj_gt_mask(a, b, c, 3);
    }
    /* 1 if some tile other than w is held four times */
    static inline int mj_has_four_except(const uint8_t* c, int w) {
        __m128i a = _mm_loadu_si128((const __m128i*)c);
        __m128i b = _mm_loadu_si128((const __m128i*)(c + 16));
        uint64_t fours = mj_gt_mask(a, b, c, 3);
        return (fours & ~((uint64_t)1 << w)) != 0;
    }
    #else
    static inline int mj_has_four_except(const uint8_t* c, int w) {
        for (int i = 0; i < 34; i++) if (i != w && c[i] > 3) return 1;
        return 0;
    }
    static inline int mj_row_total(const uint8_t* c) {
        int total = 0, over = 0;
        for (int i = 0; i < 34; i++) { total += c[i]; over |= c[i] > 4; }
        return over ? -1 : total;
    }
    static inline void mj_masks(const uint8_t* c, uint64_t* present, uint64_t* twos,
                                uint64_t* threes, uint64_t* fours) {
        uint64_t p = 0, t = 0, h = 0, f = 0;
        for (int i = 0; i < 34; i++) {
            p |= (uint64_t)(c[i] > 0) << i; t |= (uint64_t)(c[i] > 1) << i;
            h |= (uint64_t)(c[i] > 2) << i; f |= (uint64_t)(c[i] > 3) << i;
        }
        *present = p; *twos = t; *threes = h; *fours = f;
    }
    #endif
    /* out[t] = bit t of mask, for t < 34 */
    #if defined(__SSE2__)
    static inline void mj_expand16(uint32_t bits, uint8_t* out) {
        const __m128i select = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128,
                                             1, 2, 4, 8, 16, 32, 64, (char)128);
        __m128i lo = _mm_set1_epi8((char)(bits & 0xFF)), hi = _mm_set1_epi8((char)(bits >> 8));
        __m128i v = _mm_unpacklo_epi64(lo, hi);
        v = _mm_cmpeq_epi8(_mm_and_si128(v, select), select);
        _mm_storeu_si128((__m128i*)out, _mm_and_si128(v, _mm_set1_epi8(1)));
    }
    static inline void mj_expand_mask(uint64_t mask, uint8_t* out) {
        mj_expand16((uint32_t)(mask & 0xFFFF), out);
        mj_expand16((uint32_t)((mask >> 16) & 0xFFFF), out + 16);
        out[32] = (mask >> 32) & 1;
        out[33] = (mask >> 33) & 1;
    }
    #else
    static inline void mj_expand_mask(uint64_t mask, uint8_t* out) {
        for (int t = 0; t < 34; t++) out[t] = (mask >> t) & 1;
    }
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define mj_popcount64(x) __builtin_popcountll(x)
    #define mj_ctz64(x) __builtin_ctzll(x)
    #else
    static int mj_popcount64(unsigned long long x) {
        int n = 0; while (x) { x &= x - 1; n++; } return n; }
    static int mj_ctz64(unsigned long long x) {
        int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
    #endif
    """
    int mj_openmp_enabled() noexcept nogil
    int mj_max_threads() noexcept nogil
    int mj_popcount64(uint64_t x) noexcept nogil
    int mj_ctz64(uint64_t x) noexcept nogil
    uint32_t mj_suit_index(const uint8_t* c) noexcept nogil
    uint32_t mj_honor_index(const uint8_t* c) noexcept nogil
    void mj_masks(const uint8_t* c, uint64_t* present, uint64_t* twos, uint64_t* threes,
                  uint64_t* fours) noexcept nogil
    void mj_expand_mask(uint64_t mask, uint8_t* out) noexcept nogil
    int mj_row_total(const uint8_t* c) noexcept nogil
    int mj_has_four_except(const uint8_t* c, int w) noexcept nogil

cdef enum:
    CAP = 9
    N_TARGETS = 10          # (m sets 0..4) x (pair 0/1), index m * 2 + pair
    SUIT_SIZE = 1953125     # 5 ** 9
    HONOR_SIZE = 78125      # 5 ** 7
    MAX_CLASSES = 256
    # class counts the generation yields (checked at import); constants so the hot loops
    # index with fixed strides
    N_SUIT_CLASSES = 126
    N_HONOR_CLASSES = 54
    N_PAIR_CLASSES = 179
    N_TRIPLE_CLASSES = 179
    N_PH_CLASSES = 179
    NOT_APPLICABLE = 99

cdef int32_t POW5[10]
POW5[0] = 1
for _i in range(1, 10):
    POW5[_i] = POW5[_i - 1] * 5

# --- the tables (filled once at import) -------------------------------------------------
cdef uint8_t* SUIT_CLASS = NULL      # [5^9]  base-5 index of a number suit -> class
cdef uint8_t* HONOR_CLASS = NULL     # [5^7]  base-5 index of the seven honors -> class
cdef uint8_t SUIT_VEC[MAX_CLASSES][N_TARGETS]    # class -> missing tiles per target
cdef uint8_t HONOR_VEC[MAX_CLASSES][N_TARGETS]
cdef uint8_t PAIR_VEC[MAX_CLASSES][N_TARGETS]    # classes of two suits combined
cdef uint8_t TRIPLE_VEC[MAX_CLASSES][N_TARGETS]  # classes of three suits combined
cdef int n_suit_classes = 0, n_honor_classes = 0, n_pair_classes = 0, n_triple_classes = 0
cdef uint8_t* PAIR_TABLE = NULL      # [suit class][suit class] -> pair class
cdef uint8_t* TRIPLE_TABLE = NULL    # [pair class][suit class] -> triple class
cdef uint8_t* FINAL_TABLE = NULL     # [sets needed 0..4][triple class][honor class] -> missing
                                     # tiles with the pair
cdef uint8_t PH_VEC[MAX_CLASSES][N_TARGETS]      # a pair class combined with the honors
cdef uint8_t* PH_TABLE = NULL        # [pair class][honor class] -> pair-and-honors class
cdef uint8_t* SUIT_FINAL_TABLE = NULL  # [sets needed][pair-and-honors class][suit class]
                                       # -> missing tiles with the pair (useful-tile rows)
cdef int n_ph_classes = 0
# The same per-group vectors with fifth copies allowed (targets seen through four copies):
# the lower bound of the wildcard path, read only for hands holding a real four of a kind.
cdef uint8_t* WILD_SUIT_CLASS = NULL   # [5^9 + slack]
cdef uint8_t* WILD_HONOR_CLASS = NULL  # [5^7 + slack]
cdef uint8_t WILD_SUIT_VEC[MAX_CLASSES][N_TARGETS]
cdef uint8_t WILD_HONOR_VEC[MAX_CLASSES][N_TARGETS]
cdef int n_wild_suit_classes = 0, n_wild_honor_classes = 0

# Knitted patterns: the nine tiles of pattern p come from mahjong_core._decompose (the one
# source of the pattern order), as tile bits.
cdef uint64_t KNIT_MASK[6]           # tile bits of each knitted pattern
cdef int32_t MASK_WEIGHT[512]        # base-5 weight of a 9-bit presence mask
cdef uint64_t ORPHAN_MASK = 0
cdef uint64_t HONOR_BITS = (<uint64_t>0x7F) << FIRST_HONOR


cdef void _seed_targets(uint16_t* member, int n_pos, bint chows, int* w, int first_kind,
                        int n_sets, bint clip) noexcept nogil:
    """Mark every complete target (n_sets sets, with or without a pair) as a member.

    clip = 0: targets with more than four copies of a tile are skipped (the plain tables).
    clip = 1: every target counts, seen through four copies (a count above 4 reads as 4):
    the vectors that allow fifth copies (wildcard tables). A sub-vector u <= 4 of an
    unbounded target T is exactly a sub-vector of min(T, 4)."""
    cdef int p, i, idx, ok, k, n_kinds
    for p in range(-1, n_pos):
        if p >= 0:
            w[p] += 2
        idx = 0
        ok = 1
        for i in range(n_pos):
            if w[i] > 4:
                if clip:
                    idx += 4 * POW5[i]
                    continue
                ok = 0
            idx += w[i] * POW5[i]
        if ok:
            member[idx] |= 1 << (n_sets * 2 + (p >= 0))
        if p >= 0:
            w[p] -= 2
    if n_sets == 4:
        return
    # set kinds: 0..n_pos-1 are pungs, n_pos.. are chows starting at rank kind - n_pos
    n_kinds = n_pos + (7 if chows else 0)
    for k in range(first_kind, n_kinds):
        if k < n_pos:
            w[k] += 3
        else:
            w[k - n_pos] += 1
            w[k - n_pos + 1] += 1
            w[k - n_pos + 2] += 1
        _seed_targets(member, n_pos, chows, w, k, n_sets + 1, clip)
        if k < n_pos:
            w[k] -= 3
        else:
            w[k - n_pos] -= 1
            w[k - n_pos + 1] -= 1
            w[k - n_pos + 2] -= 1


cdef inline uint64_t _pack(const uint8_t* vec) noexcept nogil:
    cdef uint64_t key = 0
    cdef int t
    for t in range(N_TARGETS):
        key = (key << 4) | vec[t]
    return key


cdef enum:
    INTERN_SLOTS = 1024     # open addressing over the packed vectors (at most 256 classes)


cdef struct Interner:
    int n                               # classes so far
    uint64_t slot_key[INTERN_SLOTS]
    int16_t slot_id[INTERN_SLOTS]       # -1 = empty


cdef inline void _interner_init(Interner* it) noexcept nogil:
    cdef int i
    it.n = 0
    for i in range(INTERN_SLOTS):
        it.slot_id[i] = -1


cdef inline int _intern(Interner* it, uint8_t (*vecs)[N_TARGETS],
                        const uint8_t* vec) noexcept nogil:
    """Class id of vec (a new id if unseen); -1 if there would be too many classes."""
    cdef uint64_t key = _pack(vec)
    cdef uint32_t h = <uint32_t>((key * <uint64_t>0x9E3779B97F4A7C15) >> 54)  # 10 bits
    cdef int i, t
    while it.slot_id[h] >= 0:
        if it.slot_key[h] == key:
            return it.slot_id[h]
        h = (h + 1) & (INTERN_SLOTS - 1)
    if it.n >= MAX_CLASSES:
        return -1
    i = it.n
    it.slot_key[h] = key
    it.slot_id[h] = <int16_t>i
    for t in range(N_TARGETS):
        vecs[i][t] = vec[t]
    it.n = i + 1
    return i


cdef int _build_group(int n_pos, bint chows, uint8_t* class_out, uint8_t (*vecs)[N_TARGETS],
                      bint clip=False) except -1:
    """Fill class_out[5^n_pos] and vecs; return the number of classes."""
    cdef int size = POW5[n_pos]
    cdef uint16_t* member = <uint16_t*>calloc(size, sizeof(uint16_t))
    cdef uint8_t* best = <uint8_t*>malloc(<size_t>size * N_TARGETS)
    cdef Interner classes
    cdef int w[9]
    cdef int digit[9]
    cdef uint8_t vec[N_TARGETS]
    cdef int idx, i, t, total, b, cls = 0
    cdef uint8_t* cur
    cdef uint8_t* prev
    cdef uint16_t m
    if member == NULL or best == NULL:
        free(member)
        free(best)
        raise MemoryError()
    _interner_init(&classes)
    try:
        with nogil:
            for i in range(9):
                w[i] = 0
            _seed_targets(member, n_pos, chows, w, 0, 0, clip)
            # down-closure: a vector inside a target's sub-vector is inside that target
            for i in range(n_pos):
                digit[i] = 4
            for idx in range(size - 1, -1, -1):
                m = member[idx]
                for i in range(n_pos):
                    if digit[i] < 4:
                        m |= member[idx + POW5[i]]
                member[idx] = m
                i = 0                      # odometer down
                while i < n_pos and digit[i] == 0:
                    digit[i] = 4
                    i += 1
                if i < n_pos:
                    digit[i] -= 1
            # best[h][t] = largest sub-vector of h inside S_t, upwards over the indices
            for i in range(n_pos):
                digit[i] = 0
            total = 0
            for idx in range(size):
                cur = best + <size_t>idx * N_TARGETS
                m = member[idx]
                for t in range(N_TARGETS):
                    cur[t] = 0
                for i in range(n_pos):      # the best of the sub-vectors one tile smaller
                    if digit[i]:
                        prev = best + <size_t>(idx - POW5[i]) * N_TARGETS
                        for t in range(N_TARGETS):
                            if prev[t] > cur[t]:
                                cur[t] = prev[t]
                for t in range(N_TARGETS):  # ... unless the vector itself is inside S_t
                    if m & (1 << t):
                        cur[t] = total
                for t in range(N_TARGETS):
                    b = 3 * (t >> 1) + 2 * (t & 1) - cur[t]
                    vec[t] = b if b < CAP else CAP
                cls = _intern(&classes, vecs, vec)
                if cls < 0:
                    break
                class_out[idx] = cls
                i = 0                      # odometer up
                while i < n_pos and digit[i] == 4:
                    digit[i] = 0
                    total -= 4
                    i += 1
                if i < n_pos:
                    digit[i] += 1
                    total += 1
        if cls < 0:
            raise RuntimeError("too many suit classes")
    finally:
        free(member)
        free(best)
    return classes.n


cdef void _min_plus(const uint8_t* a, const uint8_t* b, uint8_t* out) noexcept nogil:
    cdef int ma, mb, pa, pb, v, t
    for t in range(N_TARGETS):
        out[t] = CAP
    for ma in range(5):
        for mb in range(5 - ma):
            for pa in range(2):
                for pb in range(2 - pa):
                    v = a[ma * 2 + pa] + b[mb * 2 + pb]
                    t = (ma + mb) * 2 + pa + pb
                    if v < out[t]:
                        out[t] = v


cdef int _combine(uint8_t (*left)[N_TARGETS], int n_left, uint8_t (*right)[N_TARGETS],
                  int n_right, uint8_t* table, uint8_t (*out_vecs)[N_TARGETS]) except -1:
    cdef Interner classes
    cdef int i, j, cls
    cdef uint8_t vec[N_TARGETS]
    _interner_init(&classes)
    for i in range(n_left):
        for j in range(n_right):
            _min_plus(left[i], right[j], vec)
            cls = _intern(&classes, out_vecs, vec)
            if cls < 0:
                raise RuntimeError("too many combined classes")
            table[i * n_right + j] = cls
    return classes.n


def _init_tables():
    global SUIT_CLASS, HONOR_CLASS, PAIR_TABLE, TRIPLE_TABLE, FINAL_TABLE, ORPHAN_MASK
    global n_suit_classes, n_honor_classes, n_pair_classes, n_triple_classes, n_ph_classes
    global PH_TABLE, SUIT_FINAL_TABLE
    global WILD_SUIT_CLASS, WILD_HONOR_CLASS, n_wild_suit_classes, n_wild_honor_classes
    cdef int i, j, k, p, s, r
    # slack after the end: a draw of a tile held four times is looked up (and masked off)
    # at idx + 5^r, which may pass the last entry by up to 5^8 (5^6 for the honors)
    SUIT_CLASS = <uint8_t*>calloc(SUIT_SIZE + 390625, 1)
    HONOR_CLASS = <uint8_t*>calloc(HONOR_SIZE + 15625, 1)
    PAIR_TABLE = <uint8_t*>malloc(MAX_CLASSES * MAX_CLASSES)
    TRIPLE_TABLE = <uint8_t*>malloc(MAX_CLASSES * MAX_CLASSES)
    FINAL_TABLE = <uint8_t*>malloc(5 * MAX_CLASSES * MAX_CLASSES)
    PH_TABLE = <uint8_t*>malloc(MAX_CLASSES * MAX_CLASSES)
    SUIT_FINAL_TABLE = <uint8_t*>malloc(5 * MAX_CLASSES * MAX_CLASSES)
    if not (SUIT_CLASS and HONOR_CLASS and PAIR_TABLE and TRIPLE_TABLE and FINAL_TABLE
            and PH_TABLE and SUIT_FINAL_TABLE):
        raise MemoryError()
    WILD_SUIT_CLASS = <uint8_t*>calloc(SUIT_SIZE + 390625, 1)
    WILD_HONOR_CLASS = <uint8_t*>calloc(HONOR_SIZE + 15625, 1)
    if not (WILD_SUIT_CLASS and WILD_HONOR_CLASS):
        raise MemoryError()
    if not _load_groups():
        n_suit_classes = _build_group(9, True, SUIT_CLASS, SUIT_VEC)
        n_wild_suit_classes = _build_group(9, True, WILD_SUIT_CLASS, WILD_SUIT_VEC, True)
        n_wild_honor_classes = _build_group(7, False, WILD_HONOR_CLASS, WILD_HONOR_VEC, True)
        n_honor_classes = _build_group(7, False, HONOR_CLASS, HONOR_VEC)
    n_pair_classes = _combine(SUIT_VEC, n_suit_classes, SUIT_VEC, n_suit_classes,
                              PAIR_TABLE, PAIR_VEC)
    n_triple_classes = _combine(PAIR_VEC, n_pair_classes, SUIT_VEC, n_suit_classes,
                                TRIPLE_TABLE, TRIPLE_VEC)
    n_ph_classes = _combine(PAIR_VEC, n_pair_classes, HONOR_VEC, n_honor_classes,
                            PH_TABLE, PH_VEC)
    if (n_suit_classes, n_honor_classes, n_pair_classes, n_triple_classes, n_ph_classes) != (
            N_SUIT_CLASSES, N_HONOR_CLASSES, N_PAIR_CLASSES, N_TRIPLE_CLASSES, N_PH_CLASSES):
        raise RuntimeError("shanten table generation gave unexpected class counts")
    cdef uint8_t vec[N_TARGETS]
    for i in range(n_ph_classes):
        for j in range(n_suit_classes):
            _min_plus(PH_VEC[i], SUIT_VEC[j], vec)
            for k in range(5):
                SUIT_FINAL_TABLE[(k * n_ph_classes + i) * n_suit_classes + j] = vec[k * 2 + 1]
    for i in range(n_triple_classes):
        for j in range(n_honor_classes):
            _min_plus(TRIPLE_VEC[i], HONOR_VEC[j], vec)
            for k in range(5):
                FINAL_TABLE[(k * n_triple_classes + i) * n_honor_classes + j] = vec[k * 2 + 1]
    for i in range(512):
        MASK_WEIGHT[i] = 0
        for j in range(9):
            if i & (1 << j):
                MASK_WEIGHT[i] += POW5[j]
    cdef uint8_t nine[9]
    for p in range(6):
        knitted_pattern_tiles(p, nine)
        KNIT_MASK[p] = 0
        for i in range(9):
            KNIT_MASK[p] |= (<uint64_t>1) << nine[i]
    ORPHAN_MASK = HONOR_BITS
    for s in range(3):
        ORPHAN_MASK |= (<uint64_t>1) << (9 * s)
        ORPHAN_MASK |= (<uint64_t>1) << (9 * s + 8)


# --- the group tables on disk ------------------------------------------------------------
# Building the four group tables (the class of every 5^9 suit and 5^7 honor vector, with
# and without wildcards) is most of the import time (about 0.4 s). The build writes them
# once to _shanten_tables.bin beside this module (setup.py's build_ext runs
# write_tables()); an import reads that file in a few milliseconds instead. The file
# names the compiled module it was made by (the CRC-32 of the module file's bytes), so a
# rebuilt module never reads an old file: it builds its tables as before.
# MAHJONG_CORE_BUILD_TABLES=1 makes an import build them whatever is on disk;
# MAHJONG_CORE_TABLES_FILE names another file to read (for tests).

TABLES_FILE = "_shanten_tables.bin"
_TABLES_MAGIC = b"mahjong-core shanten tables 1\n"
def _groups_layout():
    """[(name, address, size)] of the group tables, in file order."""
    return [("suit_class", <size_t>SUIT_CLASS, SUIT_SIZE),
            ("wild_suit_class", <size_t>WILD_SUIT_CLASS, SUIT_SIZE),
            ("honor_class", <size_t>HONOR_CLASS, HONOR_SIZE),
            ("wild_honor_class", <size_t>WILD_HONOR_CLASS, HONOR_SIZE),
            ("suit_vec", <size_t>&SUIT_VEC[0][0], MAX_CLASSES * N_TARGETS),
            ("wild_suit_vec", <size_t>&WILD_SUIT_VEC[0][0], MAX_CLASSES * N_TARGETS),
            ("honor_vec", <size_t>&HONOR_VEC[0][0], MAX_CLASSES * N_TARGETS),
            ("wild_honor_vec", <size_t>&WILD_HONOR_VEC[0][0], MAX_CLASSES * N_TARGETS)]


def _module_stamp():
    """CRC-32 of this compiled module's file (None when it cannot be read)."""
    import zlib
    try:
        with open(__file__, "rb") as f:
            return zlib.crc32(f.read())
    except OSError:
        return None


def _tables_header(stamp):
    counts = (n_suit_classes, n_wild_suit_classes, n_honor_classes, n_wild_honor_classes)
    return _TABLES_MAGIC + f"{stamp} {counts}\n".encode()


cdef bint _load_groups() except -1:
    """Read the group tables from TABLES_FILE; False (nothing changed) when it is missing,
    was written by another build of this module, or does not check."""
    global n_suit_classes, n_wild_suit_classes, n_honor_classes, n_wild_honor_classes
    global _TABLES_READ
    import os
    import zlib
    if os.environ.get("MAHJONG_CORE_BUILD_TABLES", "") not in ("", "0"):
        return False
    path = (os.environ.get("MAHJONG_CORE_TABLES_FILE")
            or os.path.join(os.path.dirname(__file__), TABLES_FILE))
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return False
    stamp = _module_stamp()
    if stamp is None or not data.startswith(_TABLES_MAGIC):
        return False
    cdef Py_ssize_t start = data.find(b"\n", len(_TABLES_MAGIC)) + 1
    try:
        written, counts = data[len(_TABLES_MAGIC):start].decode().split(" ", 1)
        counts = tuple(int(c) for c in counts.strip("()\n").split(","))
    except ValueError:
        return False
    layout = _groups_layout()
    total = sum(size for _, _, size in layout)
    if (written != str(stamp) or len(counts) != 4 or len(data) != start + total + 4
            or zlib.crc32(data[:start + total]) != int.from_bytes(data[-4:], "little")):
        return False
    cdef const uint8_t[:] view = data
    cdef Py_ssize_t at = start
    for _, address, size in layout:
        memcpy(<void*><size_t>address, &view[at], size)
        at += size
    n_suit_classes, n_wild_suit_classes, n_honor_classes, n_wild_honor_classes = counts
    _TABLES_READ = True
    return True


def write_tables(path=None):
    """Write the group tables this module built to ``path`` (default: TABLES_FILE beside the
    module), for later imports of this same build to read. Returns the path."""
    import os
    import zlib
    if path is None:
        path = os.path.join(os.path.dirname(__file__), TABLES_FILE)
    stamp = _module_stamp()
    if stamp is None:
        raise OSError(f"cannot read the module file {__file__}")
    parts = [_tables_header(stamp)]
    for _, address, size in _groups_layout():
        parts.append((<char*><size_t>address)[:size])
    body = b"".join(parts)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(body + zlib.crc32(body).to_bytes(4, "little"))
    os.replace(tmp, path)
    return path


def tables_loaded():
    """True if this import read the group tables from disk rather than building them."""
    return _TABLES_READ


_TABLES_READ = False
_init_tables()


# --- per-hand kernels -------------------------------------------------------------------

# HandView (the four groups' indices and classes, the count masks) is in _shanten.pxd.


cdef inline void _index_view(const uint8_t* c, HandView* v) noexcept nogil:
    v.idx[0] = mj_suit_index(c)
    v.idx[1] = mj_suit_index(c + 9)
    v.idx[2] = mj_suit_index(c + 18)
    v.idx[3] = mj_honor_index(c + 27)
    v.cls[0] = SUIT_CLASS[v.idx[0]]
    v.cls[1] = SUIT_CLASS[v.idx[1]]
    v.cls[2] = SUIT_CLASS[v.idx[2]]
    v.cls[3] = HONOR_CLASS[v.idx[3]]


cdef inline void _view(const uint8_t* c, HandView* v) noexcept nogil:
    _index_view(c, v)
    mj_masks(c, &v.present, &v.twos, &v.threes, &v.fours)


cdef inline int _final(int sets_needed, int c0, int c1, int c2, int c3) noexcept nogil:
    cdef int pair = PAIR_TABLE[c0 * N_SUIT_CLASSES + c1]
    cdef int triple = TRIPLE_TABLE[pair * N_SUIT_CLASSES + c2]
    return FINAL_TABLE[(sets_needed * N_TRIPLE_CLASSES + triple) * N_HONOR_CLASSES + c3]


cdef inline int _regular(const HandView* v, int n_melds) noexcept nogil:
    return _final(4 - n_melds, v.cls[0], v.cls[1], v.cls[2], v.cls[3])


cdef inline int _seven_pairs(const HandView* v) noexcept nogil:
    # c // 2 summed: one for every count >= 2, one more for a four of a kind (GB rule)
    cdef int pairs = mj_popcount64(v.twos) + mj_popcount64(v.fours)
    return 7 - (pairs if pairs < 7 else 7)


cdef inline int _thirteen_orphans(const HandView* v) noexcept nogil:
    return (14 - mj_popcount64(v.present & ORPHAN_MASK)
            - ((v.twos & ORPHAN_MASK) != 0))


cdef inline int _honors_knitted_pattern_missing(const HandView* v, int p) noexcept nogil:
    cdef int d = 14 - mj_popcount64(v.present & (KNIT_MASK[p] | HONOR_BITS))
    return d if d > 0 else 0


cdef inline int _honors_knitted(const HandView* v) noexcept nogil:
    cdef int p, d, best = 14
    for p in range(6):
        d = _honors_knitted_pattern_missing(v, p)
        if d < best:
            best = d
    return best


cdef inline int _knitted_held(const HandView* v, int p) noexcept nogil:
    return mj_popcount64(v.present & KNIT_MASK[p])


cdef void knitted_rest(const HandView* v, int p, HandView* rest) noexcept nogil:
    """Indices and classes after removing one copy of each held tile of pattern p (also
    mahjong_core._discard's, through _shanten.pxd)."""
    cdef uint64_t held = v.present & KNIT_MASK[p]
    rest.idx[0] = v.idx[0] - MASK_WEIGHT[held & 511]
    rest.idx[1] = v.idx[1] - MASK_WEIGHT[(held >> 9) & 511]
    rest.idx[2] = v.idx[2] - MASK_WEIGHT[(held >> 18) & 511]
    rest.idx[3] = v.idx[3]
    rest.cls[0] = SUIT_CLASS[rest.idx[0]]
    rest.cls[1] = SUIT_CLASS[rest.idx[1]]
    rest.cls[2] = SUIT_CLASS[rest.idx[2]]
    rest.cls[3] = v.cls[3]
    rest.present = v.present & ~(held & ~v.twos)    # a held single is gone from the rest


cdef inline int _knitted_pattern_missing(const HandView* v, int p, int n_melds) noexcept nogil:
    cdef HandView rest
    knitted_rest(v, p, &rest)
    return 9 - _knitted_held(v, p) + _final(1 - n_melds, rest.cls[0], rest.cls[1],
                                              rest.cls[2], rest.cls[3])


cdef inline int _knitted_straight(const HandView* v, int n_melds, int bound) noexcept nogil:
    """Knitted-straight missing count, or `bound` if it cannot be below bound."""
    cdef int p, missing, best = bound
    for p in range(6):
        missing = 9 - _knitted_held(v, p)
        if missing >= best:          # the rest needs >= 0 more tiles: cannot improve
            continue
        missing = _knitted_pattern_missing(v, p, n_melds)
        if missing < best:
            best = missing
    return best


cdef inline int _form_missing(const HandView* v, int n_melds, int form) noexcept nogil:
    if form == FORM_REGULAR:
        return _regular(v, n_melds)
    if form == FORM_KNITTED_STRAIGHT:
        return _knitted_straight(v, n_melds, NOT_APPLICABLE) if n_melds <= 1 else NOT_APPLICABLE
    if n_melds != 0:
        return NOT_APPLICABLE
    if form == FORM_SEVEN_PAIRS:
        return _seven_pairs(v)
    if form == FORM_THIRTEEN_ORPHANS:
        return _thirteen_orphans(v)
    return _honors_knitted(v)


cdef inline int _missing(const HandView* v, int n_melds, int forms,
                         bint any_size=False) noexcept nogil:
    """The fewest missing tiles over ``forms``; ``any_size``: the seven-pairs count that
    holds for any number of tiles (the real tiles of a wildcard hand)."""
    cdef int best = NOT_APPLICABLE, d
    if forms & FORM_REGULAR:
        best = _regular(v, n_melds)
    if n_melds == 0:
        if forms & FORM_SEVEN_PAIRS:
            d = _seven_pairs_d(v) if any_size else _seven_pairs(v)
            if d < best:
                best = d
        if forms & FORM_THIRTEEN_ORPHANS:
            d = _thirteen_orphans(v)
            if d < best:
                best = d
        if forms & FORM_HONORS_KNITTED:
            d = _honors_knitted(v)
            if d < best:
                best = d
    if n_melds <= 1 and forms & FORM_KNITTED_STRAIGHT and best > 0:
        best = _knitted_straight(v, n_melds, best)
    return best


cdef int missing_tiles(const uint8_t* counts, int n_melds, int forms) noexcept nogil:
    cdef HandView v
    if forms == FORM_REGULAR:
        _index_view(counts, &v)
        return _regular(&v, n_melds)
    _view(counts, &v)
    return _missing(&v, n_melds, forms)


cdef inline uint64_t _suit_draws(const uint8_t* cls_at, const uint8_t* row, int target
                                 ) noexcept nogil:
    """9-bit mask of the ranks of one suit whose draw brings the missing count below
    target. cls_at = SUIT_CLASS + the suit's index (a draw of rank r reads cls_at[5^r]);
    row = the SUIT_FINAL_TABLE row of the other groups, indexed by the suit's new class.

    Branch-free with constant offsets: every rank is looked up and the caller masks off
    tiles held four times (their index carries into the next digit, which the slack after
    SUIT_CLASS keeps inside the allocation). Sharing one lookup among "isolated" draws was
    tried and measured slower: the branches cost more than the loads.
    """
    return ((<uint64_t>(row[cls_at[1]] < target))
            | (<uint64_t>(row[cls_at[5]] < target)) << 1
            | (<uint64_t>(row[cls_at[25]] < target)) << 2
            | (<uint64_t>(row[cls_at[125]] < target)) << 3
            | (<uint64_t>(row[cls_at[625]] < target)) << 4
            | (<uint64_t>(row[cls_at[3125]] < target)) << 5
            | (<uint64_t>(row[cls_at[15625]] < target)) << 6
            | (<uint64_t>(row[cls_at[78125]] < target)) << 7
            | (<uint64_t>(row[cls_at[390625]] < target)) << 8)


cdef inline uint64_t _regular_useful(const HandView* v, uint64_t blocked, int sets_needed,
                                     int target) noexcept nogil:
    """Tiles t (not in `blocked`) whose draw brings the regular missing count of the groups
    in v below target. Only the drawn tile's group changes class, and min-plus is
    commutative, so the other three groups are combined once per suit (a pair-and-honors
    class) and each draw costs two loads."""
    cdef uint64_t mask, honors
    cdef const uint8_t* base = SUIT_FINAL_TABLE + sets_needed * N_PH_CLASSES * N_SUIT_CLASSES
    cdef const uint8_t* final_row
    cdef const uint8_t* hcls
    cdef int c3 = v.cls[3]
    cdef int pair12 = PAIR_TABLE[v.cls[1] * N_SUIT_CLASSES + v.cls[2]]
    cdef int pair02 = PAIR_TABLE[v.cls[0] * N_SUIT_CLASSES + v.cls[2]]
    cdef int pair01 = PAIR_TABLE[v.cls[0] * N_SUIT_CLASSES + v.cls[1]]
    mask = _suit_draws(SUIT_CLASS + v.idx[0],
                       base + PH_TABLE[pair12 * N_HONOR_CLASSES + c3] * N_SUIT_CLASSES, target)
    mask |= _suit_draws(SUIT_CLASS + v.idx[1],
                        base + PH_TABLE[pair02 * N_HONOR_CLASSES + c3] * N_SUIT_CLASSES,
                        target) << 9
    mask |= _suit_draws(SUIT_CLASS + v.idx[2],
                        base + PH_TABLE[pair01 * N_HONOR_CLASSES + c3] * N_SUIT_CLASSES,
                        target) << 18
    final_row = FINAL_TABLE + (sets_needed * N_TRIPLE_CLASSES
                               + TRIPLE_TABLE[pair01 * N_SUIT_CLASSES + v.cls[2]]) * N_HONOR_CLASSES
    hcls = HONOR_CLASS + v.idx[3]
    honors = ((<uint64_t>(final_row[hcls[1]] < target))
              | (<uint64_t>(final_row[hcls[5]] < target)) << 1
              | (<uint64_t>(final_row[hcls[25]] < target)) << 2
              | (<uint64_t>(final_row[hcls[125]] < target)) << 3
              | (<uint64_t>(final_row[hcls[625]] < target)) << 4
              | (<uint64_t>(final_row[hcls[3125]] < target)) << 5
              | (<uint64_t>(final_row[hcls[15625]] < target)) << 6)
    return (mask | (honors << 27)) & ~blocked


cdef uint64_t _useful(const HandView* v, int n_melds, int forms, int best) noexcept nogil:
    """Useful-tile mask given best = missing count over `forms` (nothing if best is 0)."""
    cdef uint64_t mask = 0
    cdef HandView rest
    cdef int p, held
    if best <= 0 or best >= NOT_APPLICABLE:
        return 0
    if forms == FORM_REGULAR:
        return _regular_useful(v, v.fours, 4 - n_melds, best)
    if forms & FORM_REGULAR and _regular(v, n_melds) == best:
        mask |= _regular_useful(v, v.fours, 4 - n_melds, best)
    if n_melds == 0:
        if forms & FORM_SEVEN_PAIRS and _seven_pairs(v) == best:
            # an odd count (1 or 3) pairs up with the drawn copy
            mask |= (v.present & ~v.twos) | (v.threes & ~v.fours)
        if forms & FORM_THIRTEEN_ORPHANS and _thirteen_orphans(v) == best:
            if v.twos & ORPHAN_MASK:
                mask |= ORPHAN_MASK & ~v.present
            else:                    # no pair yet: a second copy of a held orphan helps too
                mask |= ORPHAN_MASK
        if forms & FORM_HONORS_KNITTED and _honors_knitted(v) == best:
            for p in range(6):
                if _honors_knitted_pattern_missing(v, p) == best:
                    mask |= (KNIT_MASK[p] | HONOR_BITS) & ~v.present
    if n_melds <= 1 and forms & FORM_KNITTED_STRAIGHT:
        for p in range(6):
            held = _knitted_held(v, p)
            if 9 - held > best or _knitted_pattern_missing(v, p, n_melds) != best:
                continue
            mask |= KNIT_MASK[p] & ~v.present          # a missing knitted tile
            knitted_rest(v, p, &rest)                 # or a tile that helps the rest
            mask |= _regular_useful(&rest, v.fours, 1 - n_melds, best - (9 - held))
    return mask


cdef uint64_t useful_mask(const uint8_t* counts, int n_melds, int forms) noexcept nogil:
    cdef HandView v
    _view(counts, &v)
    return _useful(&v, n_melds, forms, _missing(&v, n_melds, forms))


# --- locked copies (the player's melds) and wildcards -------------------------------------
#
# The general definition (docs/ALGORITHMS.md, "Locked copies and wildcards"): r = the real
# concealed tiles (every copy of the wildcard kind w taken out), k = the wildcards held,
# cap[t] = 4 - copies of t in the player's melds (0 for w: a slot of kind w is always a
# wildcard), S = the wildcards that exist (4 - copies of w in melds; 0 without a wildcard).
# For a complete target T of a form, D(T) = sum over t of max(T[t] - r[t], 0) uncovered
# slots and E(T) = sum over t of max(T[t] - cap[t], 0) slots that only a wildcard can fill.
# missing = min over targets with E(T) <= S of max(D(T) - k, 0): each held wildcard fills
# one uncovered slot, and every other uncovered slot is one draw (a real tile while copies
# are left, else a wildcard). Without wildcards this is the plain definition with the melds'
# copies counted; without melds and wildcards it is the plain kernel above.
#
# Fast path (no locked copies): the plain tables on r give the min over targets holding at
# most four copies of every tile, which is the unbounded min whenever r holds no real four
# of a kind (tests/test_wildcard_tables.py checks every group vector with counts <= 3
# against the fifth-copy tables), and such a target has E = T[w] <= 4 = S. So for those
# hands missing = max(plain(r) - k, 0). Hands holding a real four read the fifth-copy
# tables for a lower bound LB; LB <= S, or LB equal to the plain value, settles them; the
# remaining (rare) hands take the exact search below. Hands with locked copies take the
# plain tables too when they prove the answer (_certified: no needed kind is short of
# copies), and the exact search only otherwise.

cdef enum:
    INF = 99
    E_DIM = 5                  # excess 0..4 in the exact vectors
    EXACT_VEC = 50             # (m sets 0..4) x (pair 0/1) x (excess 0..4)
    DP_SIZE = 1250             # EXACT_VEC x (chows started one rank back 0..4) x (two back)

cdef uint64_t ALL34 = ((<uint64_t>1) << 34) - 1


cdef void _group_dp(const uint8_t* h, const uint8_t* cap, int n, bint chows, int max_e,
                    int max_m, uint8_t* out) noexcept nogil:
    """Exact vector of one group: out[(m * 2 + p) * 5 + e] = fewest uncovered slots of a
    target of the group with m sets and p pairs whose slots beyond the caps number exactly
    e (<= max_e) and m <= max_m; INF where there is none. A DP over the ranks; the state
    carries the chows started one and two ranks back."""
    cdef uint8_t buf0[DP_SIZE]
    cdef uint8_t buf1[DP_SIZE]
    cdef uint8_t* cur = buf0
    cdef uint8_t* nxt = buf1
    cdef uint8_t* tmp
    cdef int i, m, p, e, a, b, x, y, s, T, unc, exc, e2, val, s_max, limit, hi, ci, idx
    memset(cur, INF, DP_SIZE)
    cur[0] = 0
    for i in range(n):
        memset(nxt, INF, DP_SIZE)
        hi = h[i]
        ci = cap[i]
        limit = ci + max_e
        for m in range(max_m + 1):
            for p in range(2):
                for e in range(max_e + 1):
                    for a in range(m + 1):
                        for b in range(m + 1 - a):
                            val = cur[(((m * 2 + p) * 5 + e) * 5 + a) * 5 + b]
                            if val >= INF:
                                continue
                            for x in range(max_m + 1 - m):
                                if 3 * x + a + b > limit:
                                    break
                                for y in range(2 - p):
                                    if 3 * x + 2 * y + a + b > limit:
                                        break
                                    s_max = max_m - m - x if (chows and i <= n - 3) else 0
                                    for s in range(s_max + 1):
                                        T = 3 * x + 2 * y + a + b + s
                                        if T > limit:
                                            break
                                        exc = T - ci if T > ci else 0
                                        e2 = e + exc
                                        if e2 > max_e:
                                            break
                                        unc = T - hi if T > hi else 0
                                        idx = ((((m + x + s) * 2 + p + y) * 5 + e2) * 5
                                               + b) * 5 + s
                                        if val + unc < nxt[idx]:
                                            nxt[idx] = val + unc
        tmp = cur
        cur = nxt
        nxt = tmp
    for m in range(5):
        for p in range(2):
            for e in range(5):
                out[(m * 2 + p) * 5 + e] = cur[(((m * 2 + p) * 5 + e) * 5) * 5]


cdef void _group_vec_exact(const uint8_t* h, const uint8_t* cap, int n, bint chows, int S,
                           int max_m, uint8_t* out) noexcept nogil:
    """Exact vector of one group; the plain class vector (at excess 0) when the group has
    no locked copy, no wildcard kind and (with wildcards) no real four: then a target with
    at most four copies is optimal for every shape and needs no wildcard."""
    cdef bint need = False
    cdef int i, t
    cdef const uint8_t* vec
    for i in range(n):
        if cap[i] < 4 or (S > 0 and h[i] >= 4):
            need = True
    if need:
        _group_dp(h, cap, n, chows, S, max_m, out)
        return
    memset(out, INF, EXACT_VEC)
    if chows:
        vec = SUIT_VEC[SUIT_CLASS[mj_suit_index(h)]]
    else:
        vec = HONOR_VEC[HONOR_CLASS[mj_honor_index(h)]]
    for t in range(N_TARGETS):
        out[t * 5] = vec[t]


cdef void _min_plus_e(const uint8_t* a, const uint8_t* b, int S, uint8_t* out) noexcept nogil:
    cdef int ma, mb, pa, pb, ea, eb, va, vb, t
    memset(out, INF, EXACT_VEC)
    for ma in range(5):
        for pa in range(2):
            for ea in range(S + 1):
                va = a[(ma * 2 + pa) * 5 + ea]
                if va >= INF:
                    continue
                for mb in range(5 - ma):
                    for pb in range(2 - pa):
                        for eb in range(S + 1 - ea):
                            vb = b[(mb * 2 + pb) * 5 + eb]
                            if vb >= INF:
                                continue
                            t = ((ma + mb) * 2 + pa + pb) * 5 + ea + eb
                            if va + vb < out[t]:
                                out[t] = va + vb


cdef int _regular_exact(const uint8_t* r, const uint8_t* cap, int S, int sets_needed
                        ) noexcept nogil:
    """Fewest uncovered slots of sets_needed sets and a pair, at most S beyond the caps."""
    cdef uint8_t g0[EXACT_VEC]
    cdef uint8_t g1[EXACT_VEC]
    cdef uint8_t acc[EXACT_VEC]
    cdef int t, e, best = INF, d
    if sets_needed == 0:          # a pair alone: the best kind to pair up
        for t in range(N_KINDS):
            d = 2 - (r[t] if r[t] < 2 else 2)
            e = 2 - cap[t] if cap[t] < 2 else 0
            if e <= S and d < best:
                best = d
        return best
    _group_vec_exact(r, cap, 9, True, S, sets_needed, g0)
    _group_vec_exact(r + 9, cap + 9, 9, True, S, sets_needed, g1)
    _min_plus_e(g0, g1, S, acc)
    _group_vec_exact(r + 18, cap + 18, 9, True, S, sets_needed, g0)
    _min_plus_e(acc, g0, S, g1)
    _group_vec_exact(r + 27, cap + 27, 7, False, S, sets_needed, g0)
    _min_plus_e(g1, g0, S, acc)
    for e in range(S + 1):
        if acc[(sets_needed * 2 + 1) * 5 + e] < best:
            best = acc[(sets_needed * 2 + 1) * 5 + e]
    return best


cdef int _join_groups(const uint8_t* gv, int S, int sets_needed) noexcept nogil:
    """The regular answer from four exact group vectors (gv = 4 x EXACT_VEC)."""
    cdef uint8_t a[EXACT_VEC]
    cdef uint8_t b[EXACT_VEC]
    cdef int e, best = INF
    _min_plus_e(gv, gv + EXACT_VEC, S, a)
    _min_plus_e(a, gv + 2 * EXACT_VEC, S, b)
    _min_plus_e(b, gv + 3 * EXACT_VEC, S, a)
    for e in range(S + 1):
        if a[(sets_needed * 2 + 1) * 5 + e] < best:
            best = a[(sets_needed * 2 + 1) * 5 + e]
    return best


cdef inline void _group_at(const uint8_t* r, const uint8_t* cap, int g, int S, int sets_needed,
                           uint8_t* out) noexcept nogil:
    if g < 3:
        _group_vec_exact(r + 9 * g, cap + 9 * g, 9, True, S, sets_needed, out)
    else:
        _group_vec_exact(r + 27, cap + 27, 7, False, S, sets_needed, out)


cdef uint64_t _regular_exact_useful(uint8_t* r, const uint8_t* cap, int S, int sets_needed,
                                    int target, int w) noexcept nogil:
    """Draws t (a real copy left, t != w) that bring the exact regular count below target;
    only the drawn tile's group is searched again."""
    cdef uint8_t gv[4 * EXACT_VEC]
    cdef uint8_t saved[EXACT_VEC]
    cdef int g, t, lo, hi
    cdef uint64_t mask = 0
    for g in range(4):
        _group_at(r, cap, g, S, sets_needed, gv + g * EXACT_VEC)
    for g in range(4):
        memcpy(saved, gv + g * EXACT_VEC, EXACT_VEC)
        lo = 9 * g
        hi = lo + (9 if g < 3 else 7)
        for t in range(lo, hi):
            if t == w or r[t] >= cap[t]:
                continue
            r[t] += 1
            _group_at(r, cap, g, S, sets_needed, gv + g * EXACT_VEC)
            if _join_groups(gv, S, sets_needed) < target:
                mask |= (<uint64_t>1) << t
            r[t] -= 1
        memcpy(gv + g * EXACT_VEC, saved, EXACT_VEC)
    return mask


cdef int _seven_pairs_exact(const uint8_t* r, const uint8_t* cap, int S) noexcept nogil:
    """Seven pairs (a four of a kind is two pairs): pairs held, then singles a real copy can
    pair, then singles only a wildcard can pair (while wildcards exist), then new pairs."""
    cdef int t, pairs = 0, free_single = 0, locked_single = 0, rem, a, b
    for t in range(N_KINDS):
        pairs += r[t] >> 1
        if r[t] & 1:
            if r[t] + 1 <= cap[t]:
                free_single += 1
            else:
                locked_single += 1
    if pairs > 7:
        pairs = 7
    rem = 7 - pairs
    a = free_single if free_single < rem else rem
    rem -= a
    b = locked_single if locked_single < rem else rem
    if b > S:
        b = S
    return 14 - 2 * pairs - a - b


cdef int _thirteen_orphans_exact(const uint8_t* r, const uint8_t* cap, int S) noexcept nogil:
    cdef int x, t, d, e, want, best = INF
    cdef uint64_t bits = ORPHAN_MASK
    for x in range(N_KINDS):
        if not (ORPHAN_MASK >> x) & 1:
            continue
        d = 0
        e = 0
        for t in range(N_KINDS):
            if not (ORPHAN_MASK >> t) & 1:
                continue
            want = 2 if t == x else 1
            if want > r[t]:
                d += want - r[t]
            if want > cap[t]:
                e += want - cap[t]
        if e <= S and d < best:
            best = d
    return best


cdef int _honors_knitted_exact(const uint8_t* r, const uint8_t* cap, int S) noexcept nogil:
    cdef int p, t, held, free_kinds, zero_kinds, z, best = INF
    cdef uint64_t pool
    for p in range(6):
        pool = KNIT_MASK[p] | HONOR_BITS
        held = 0
        free_kinds = 0
        zero_kinds = 0
        for t in range(N_KINDS):
            if (pool >> t) & 1:
                if r[t]:
                    held += 1
                elif cap[t]:
                    free_kinds += 1
                else:
                    zero_kinds += 1
        if held >= 14:
            return 0
        z = 14 - held - free_kinds
        if z < 0:
            z = 0
        if z <= zero_kinds and z <= S and 14 - held < best:
            best = 14 - held
    return best


cdef int _knitted_straight_exact(const uint8_t* r, const uint8_t* cap, int S, int n_melds,
                                 int bound) noexcept nogil:
    """Knitted straight: one copy of each of the nine knitted tiles (taken from the hand when
    held), and the rest (1 - n_melds sets and a pair) exact with the caps left over."""
    cdef uint8_t rr[40]
    cdef uint8_t cr[40]
    cdef int p, t, d_k, e_k, d, best = bound
    for p in range(6):
        memcpy(rr, r, N_KINDS)
        memcpy(cr, cap, N_KINDS)
        d_k = 0
        e_k = 0
        for t in range(27):
            if not (KNIT_MASK[p] >> t) & 1:
                continue
            if r[t]:
                rr[t] = r[t] - 1
                cr[t] = cap[t] - 1
            elif cap[t]:
                d_k += 1
                cr[t] = cap[t] - 1
            else:
                d_k += 1
                e_k += 1
        if e_k > S or d_k >= best:
            continue
        d = d_k + _regular_exact(rr, cr, S - e_k, 1 - n_melds)
        if d < best:
            best = d
    return best


cdef int _form_exact(const uint8_t* r, const uint8_t* cap, int S, int n_melds, int form
                     ) noexcept nogil:
    if form == FORM_REGULAR:
        return _regular_exact(r, cap, S, 4 - n_melds)
    if form == FORM_KNITTED_STRAIGHT:
        return _knitted_straight_exact(r, cap, S, n_melds, INF) if n_melds <= 1 else INF
    if n_melds != 0:
        return INF
    if form == FORM_SEVEN_PAIRS:
        return _seven_pairs_exact(r, cap, S)
    if form == FORM_THIRTEEN_ORPHANS:
        return _thirteen_orphans_exact(r, cap, S)
    return _honors_knitted_exact(r, cap, S)


cdef int _exact_d(const uint8_t* r, const uint8_t* cap, int S, int n_melds, int forms
                  ) noexcept nogil:
    """min over `forms` of the fewest uncovered slots with E <= S (INF if none applies)."""
    cdef int f, d, best = INF
    for f in range(5):
        if forms & (1 << f):
            d = _form_exact(r, cap, S, n_melds, 1 << f)
            if d < best:
                best = d
    return best


# the plain kernels on the real tiles r (which may hold fewer than 13 - 3m tiles)

cdef inline int _seven_pairs_d(const HandView* v) noexcept nogil:
    cdef int pairs = mj_popcount64(v.twos) + mj_popcount64(v.fours)
    cdef int odd = mj_popcount64(v.present & ~v.twos) + mj_popcount64(v.threes & ~v.fours)
    if pairs > 7:
        pairs = 7
    return 14 - 2 * pairs - (odd if odd < 7 - pairs else 7 - pairs)


cdef inline uint64_t _seven_pairs_d_mask(const HandView* v) noexcept nogil:
    cdef int pairs = mj_popcount64(v.twos) + mj_popcount64(v.fours)
    cdef int odd = mj_popcount64(v.present & ~v.twos) + mj_popcount64(v.threes & ~v.fours)
    if pairs >= 7:
        return 0
    if odd >= 7 - pairs:          # only pairing a single helps
        return (v.present & ~v.twos) | (v.threes & ~v.fours)
    return ALL34 & ~v.fours       # too few tiles: any new copy is used


cdef uint64_t _useful_d(const HandView* v, int n_melds, int forms, int best) noexcept nogil:
    """_useful for the real tiles of a wildcard hand (best = _missing(..., any_size=True))."""
    cdef uint64_t mask = 0
    if best <= 0 or best >= NOT_APPLICABLE:
        return 0
    if n_melds == 0 and forms & FORM_SEVEN_PAIRS:
        if _seven_pairs_d(v) == best:
            mask = _seven_pairs_d_mask(v)
        forms &= ~FORM_SEVEN_PAIRS
        if not forms:
            return mask
    return mask | _useful(v, n_melds, forms, best)


# the fifth-copy lower bound (runtime min-plus over the four groups' vectors)

cdef inline int _wild_regular_lb(const uint32_t* idx, int sets_needed) noexcept nogil:
    cdef uint8_t a[N_TARGETS]
    cdef uint8_t b[N_TARGETS]
    _min_plus(WILD_SUIT_VEC[WILD_SUIT_CLASS[idx[0]]], WILD_SUIT_VEC[WILD_SUIT_CLASS[idx[1]]], a)
    _min_plus(a, WILD_SUIT_VEC[WILD_SUIT_CLASS[idx[2]]], b)
    _min_plus(b, WILD_HONOR_VEC[WILD_HONOR_CLASS[idx[3]]], a)
    return a[sets_needed * 2 + 1]


cdef int _wild_lb(const uint8_t* r, const HandView* v, int n_melds, int forms) noexcept nogil:
    """A lower bound of the uncovered slots that ignores every cap (fifth copies free)."""
    cdef int best = NOT_APPLICABLE, d, p, held
    cdef uint64_t kept
    cdef uint32_t idx[4]
    if forms & FORM_REGULAR:
        best = _wild_regular_lb(v.idx, 4 - n_melds)
    if n_melds == 0:
        if forms & FORM_SEVEN_PAIRS:
            d = _seven_pairs_d(v)
            if d < best:
                best = d
        if forms & FORM_THIRTEEN_ORPHANS:
            d = _thirteen_orphans(v)
            if d < best:
                best = d
        if forms & FORM_HONORS_KNITTED:
            d = _honors_knitted(v)
            if d < best:
                best = d
    if n_melds <= 1 and forms & FORM_KNITTED_STRAIGHT:
        for p in range(6):
            kept = v.present & KNIT_MASK[p]
            held = mj_popcount64(kept)
            if 9 - held >= best:
                continue
            idx[0] = v.idx[0] - MASK_WEIGHT[kept & 511]
            idx[1] = v.idx[1] - MASK_WEIGHT[(kept >> 9) & 511]
            idx[2] = v.idx[2] - MASK_WEIGHT[(kept >> 18) & 511]
            idx[3] = v.idx[3]
            d = 9 - held + _wild_regular_lb(idx, 1 - n_melds)
            if d < best:
                best = d
    return best


cdef int _best_d(const uint8_t* r, const uint8_t* cap, int S, bint locked, int n_melds,
                 int forms) noexcept nogil:
    """Exact fewest uncovered slots of r (see the section comment)."""
    cdef HandView v
    cdef int d, lb
    if not locked:
        _view(r, &v)
        d = _missing(&v, n_melds, forms, True)
        if S == 0 or not v.fours:
            return d
        lb = _wild_lb(r, &v, n_melds, forms)
        if lb >= d:
            return d
        if lb <= S:
            return lb
        return _exact_d(r, cap, S, n_melds, forms)
    if S > 0:
        _view(r, &v)
        lb = _wild_lb(r, &v, n_melds, forms)
        if lb <= S:
            return lb
    return _exact_d(r, cap, S, n_melds, forms)


cdef uint64_t _draws_below(uint8_t* r, const uint8_t* cap, int S, bint locked, int n_melds,
                           int forms, int target, int w) noexcept nogil:
    """Draws that bring the exact count over `forms` below target, one by one (`locked`:
    the hand has locked meld copies; else it holds a real four, with a wildcard)."""
    cdef uint64_t mask = 0
    cdef int t
    for t in range(N_KINDS):
        if t == w or r[t] >= cap[t]:
            continue
        r[t] += 1
        if _best_d(r, cap, S, locked, n_melds, forms) < target:
            mask |= (<uint64_t>1) << t
        r[t] -= 1
    return mask


cdef int _regular_ub(const uint8_t* r, const uint8_t* cap, int S, int w, const uint32_t* idx,
                     const uint8_t* cls, int sets, uint64_t tight) noexcept nogil:
    """A regular count (`sets` sets and a pair) some target within the caps and the budget
    reaches (see _certified): the min-plus of the group vectors' certain entries. `tight`:
    the bits of the kinds with cap < 4 (w's bit when S < 4)."""
    cdef int t, g, e, room, pos, ma, pa, best, n_tight = 0, one = 0
    cdef uint8_t vec[4][N_TARGETS]
    cdef uint8_t a[N_TARGETS]
    cdef uint8_t b[N_TARGETS]
    cdef const uint8_t* up
    cdef const uint8_t* first
    cdef const uint8_t* last
    cdef uint64_t bits
    for g in range(4):
        if g < 3:
            memcpy(vec[g], SUIT_VEC[cls[g]], N_TARGETS)
        else:
            memcpy(vec[g], HONOR_VEC[cls[3]], N_TARGETS)
        bits = (tight >> (9 * g)) & 0x1FF
        if bits:
            n_tight += 1
            one = g
        while bits:
            pos = mj_ctz64(bits)
            bits &= bits - 1
            t = 9 * g + pos
            room = S if t == w else cap[t] - r[t]
            pos = (room + 1) * POW5[pos]          # h_i: r[t] + room + 1 copies of t
            if g < 3:
                up = SUIT_VEC[SUIT_CLASS[idx[g] + pos]]
            else:
                up = HONOR_VEC[HONOR_CLASS[idx[3] + pos]]
            for e in range(N_TARGETS):
                if vec[g][e] >= room + 1 + up[e]:
                    vec[g][e] = CAP
    if n_tight == 1:          # the other three groups joined by the class tables
        if one == 3:
            last = TRIPLE_VEC[TRIPLE_TABLE[PAIR_TABLE[cls[0] * N_SUIT_CLASSES + cls[1]]
                                           * N_SUIT_CLASSES + cls[2]]]
        else:
            e = PAIR_TABLE[cls[0 if one else 1] * N_SUIT_CLASSES + cls[2 if one < 2 else 1]]
            last = PH_VEC[PH_TABLE[e * N_HONOR_CLASSES + cls[3]]]
        first = vec[one]
    else:
        _min_plus(vec[0], vec[1], a)
        _min_plus(a, vec[2], b)
        first = b
        last = vec[3]
    best = CAP                                    # the last join: the one entry asked for
    for ma in range(sets + 1):
        for pa in range(2):
            e = first[ma * 2 + pa] + last[(sets - ma) * 2 + 1 - pa]
            if e < best:
                best = e
    return best


cdef int _certified(const uint8_t* r, const uint8_t* cap, int S, int w, const HandView* v,
                    int n_melds, int forms, uint64_t tight) noexcept nogil:
    """The exact count of r (the section comment) when the plain tables prove it, else -1.

    d0 = the plain count of r (targets with at most four copies of every tile) is a lower
    bound of the exact count when S = 0 or r holds no real four (fact 2 above). A kind i is
    tight when cap'[i] < 4, with cap'[w] = S (r[w] = 0: a target keeps the budget when
    T[w] <= S, the only excess of a plain target) and cap'[i] = cap[i] else; its room is
    cap'[i] - r[i]. A plain target T keeps cap'[i] when its open slots at i, T[i] - r[i],
    are at most the room. Hence:
    - if d0 <= every room, an optimal plain target keeps every cap': exact = d0;
    - else, for the regular form, group by group: a target T of a group with
      T[i] >= j = cap'[i] + 1 has D(T, h) = (j - h[i]) + D(T, h_i) >= room_i + 1 +
      plain(h_i), where h_i is the group h with j copies of i (T[i] - h[i] splits into
      j - h[i] and T[i] - j; the other kinds are unchanged). Entry (m, p) of the group's
      plain vector is reached by a target that keeps every cap' of the group when it is
      below room_i + 1 + plain(h_i)[m, p] for each tight i of the group. The min-plus
      of the four groups with the other entries left out (_regular_ub) is then a count
      some target within the caps and the budget reaches: equal to d0, it is the exact
      count;
    - the knitted straight (no wildcard kind): a pattern whose plain count is d0 and whose
      missing knitted kinds all have a copy left, its rest certified the same way with one
      copy of each knitted kind taken from r (when held) and from the caps.
    `tight`: the bits of the tight kinds."""
    cdef int d0, t, p, held
    cdef uint64_t bits
    cdef HandView rest
    cdef uint8_t rr[40]
    cdef uint8_t cr[40]
    cdef bint ok
    if S > 0 and v.fours:
        return -1
    d0 = _missing(v, n_melds, forms, True)
    if d0 >= NOT_APPLICABLE:
        return -1
    ok = True
    bits = tight
    while bits:
        t = mj_ctz64(bits)
        bits &= bits - 1
        if (S if t == w else cap[t] - r[t]) < d0:
            ok = False
            break
    if ok:
        return d0
    if not 0 <= n_melds <= 4:
        return -1
    if forms & FORM_REGULAR and _regular(v, n_melds) == d0 and _regular_ub(
            r, cap, S, w, v.idx, v.cls, 4 - n_melds, tight) == d0:
        return d0
    if forms & FORM_KNITTED_STRAIGHT and n_melds <= 1 and w < 0:
        for p in range(6):
            held = _knitted_held(v, p)
            if 9 - held > d0 or _knitted_pattern_missing(v, p, n_melds) != d0:
                continue
            memcpy(rr, r, N_KINDS)
            memcpy(cr, cap, N_KINDS)
            ok = True
            bits = KNIT_MASK[p]
            while bits:
                t = mj_ctz64(bits)
                bits &= bits - 1
                if cap[t] == 0:
                    ok = False
                    break
                cr[t] -= 1
                if r[t]:
                    rr[t] -= 1
            if not ok:
                continue
            knitted_rest(v, p, &rest)
            if _regular_ub(rr, cr, 0, -1, rest.idx, rest.cls, 1 - n_melds,
                           tight | KNIT_MASK[p]) == d0 - (9 - held):
                return d0
    return -1


cdef int _locked_d(uint8_t* r, const uint8_t* cap, int S, int w, int n_melds, int forms,
                   uint64_t tight) noexcept nogil:
    """Exact count of r with locked copies: certified by the tables, else searched."""
    cdef HandView v
    cdef int d
    _view(r, &v)
    d = _certified(r, cap, S, w, &v, n_melds, forms, tight)
    if d < 0:
        d = _best_d(r, cap, S, True, n_melds, forms)
    return d


cdef int _analyze(const uint8_t* c, int n_melds, int forms, const uint8_t* locked, int w,
                  bint want_mask, uint64_t* mask_out) noexcept nogil:
    """Missing count (99 if no form applies) of concealed counts c with the melds' copies
    `locked` (NULL = none) and wildcard kind w (-1 = none); with want_mask also the
    useful-tile mask (a drawn wildcard counts as a wildcard)."""
    cdef uint8_t r[40]
    cdef uint8_t cap[40]
    cdef HandView v, v4
    cdef int k = 0, S = 0, t, d, missing
    cdef bint has_locks = False, certified = False
    cdef uint64_t mask = 0, cand, bit, tight = 0     # tight: kinds with cap < 4 (_certified)
    memcpy(r, c, N_KINDS)
    memset(r + N_KINDS, 0, 6)
    memset(cap, 4, N_KINDS)
    if locked != NULL:
        for t in range(N_KINDS):
            if locked[t]:
                has_locks = True
                cap[t] = 4 - locked[t]
                tight |= (<uint64_t>1) << t
    if w >= 0:
        k = r[w]
        r[w] = 0
        S = cap[w]
        cap[w] = 0
        tight &= ~((<uint64_t>1) << w)
        if S < 4:
            tight |= (<uint64_t>1) << w
    if not has_locks:
        _view(r, &v)
        d = _missing(&v, n_melds, forms, True)
        if S > 0 and v.fours:
            d = _best_d(r, cap, S, False, n_melds, forms)
    else:
        _view(r, &v)
        d = _certified(r, cap, S, w, &v, n_melds, forms, tight)
        certified = d >= 0
        if not certified:
            d = _best_d(r, cap, S, True, n_melds, forms)
    if d >= NOT_APPLICABLE:
        if want_mask:
            mask_out[0] = 0
        return NOT_APPLICABLE
    missing = d - k if d > k else 0
    if not want_mask:
        return missing
    if missing > 0:
        if not has_locks and not v.fours:
            mask = _useful_d(&v, n_melds, forms, d)
            if w >= 0:
                mask &= ~((<uint64_t>1) << w)
            if S > 0:
                # a draw that makes a real four may reach further through fifth copies
                cand = v.threes & ~v.fours & ~mask
                while cand:
                    t = mj_ctz64(cand)
                    cand &= cand - 1
                    r[t] += 1
                    if _best_d(r, cap, S, False, n_melds, forms) < d:
                        mask |= (<uint64_t>1) << t
                    r[t] -= 1
        elif certified:
            # d is the plain count: a draw outside the plain useful tiles leaves the plain
            # count (a lower bound, S = 0 or no real four after it) at d or above; a plain
            # useful draw (copies left) is useful when its exact count is below d
            cand = _useful_d(&v, n_melds, forms, d)
            if w >= 0:
                cand &= ~((<uint64_t>1) << w)
            if S > 0:      # a draw that makes a real four: fifth copies may reach further
                cand |= v.threes & ~v.fours
            while cand:
                t = mj_ctz64(cand)
                cand &= cand - 1
                if t == w or r[t] >= cap[t]:
                    continue
                r[t] += 1
                if S > 0 and r[t] == 4:     # a real four: the fifth-copy lower bound first
                    _view(r, &v4)
                    if (_wild_lb(r, &v4, n_melds, forms) < d
                            and _best_d(r, cap, S, True, n_melds, forms) < d):
                        mask |= (<uint64_t>1) << t
                elif _locked_d(r, cap, S, w, n_melds, forms, tight) < d:
                    mask |= (<uint64_t>1) << t
                r[t] -= 1
        elif has_locks and forms & FORM_REGULAR and (
                _form_exact(r, cap, S, n_melds, FORM_REGULAR) == d):
            # locked copies: the regular form searched per drawn group; the other forms
            # (rarely in play with melds) draw by draw
            mask = _regular_exact_useful(r, cap, S, 4 - n_melds, d, w)
            if forms != FORM_REGULAR:
                mask |= _draws_below(r, cap, S, True, n_melds, forms & ~FORM_REGULAR, d, w)
        else:
            mask = _draws_below(r, cap, S, has_locks, n_melds, forms, d, w)
        if w >= 0 and k < S:
            mask |= (<uint64_t>1) << w
    mask_out[0] = mask
    return missing


cdef int hand_missing(const uint8_t* counts, int n_melds, int forms, const uint8_t* locked,
                      int wildcard, bint want_mask, uint64_t* mask_out) noexcept nogil:
    return _analyze(counts, n_melds, forms, locked, wildcard, want_mask, mask_out)


# --- batch kernels (called by mahjong/batch.py after validation) --------------------------

cdef inline void _row_shanten(const uint8_t* c, int n_melds, int forms, int8_t* out
                              ) noexcept nogil:
    out[0] = missing_tiles(c, n_melds, forms) - 1


cdef _check_shapes(const uint8_t[:, ::1] counts, Py_ssize_t n_melds, Py_ssize_t n_out,
                   Py_ssize_t width):
    if counts.shape[1] != N_KINDS:
        raise ValueError(f"counts must have 34 columns, got {counts.shape[1]}")
    if n_melds != counts.shape[0] or n_out != counts.shape[0] or width != N_KINDS:
        raise ValueError("n_melds and the outputs must have one entry (of 34) per row")


def shanten_rows(const uint8_t[:, ::1] counts, const int8_t[::1] n_melds, int forms,
                 int8_t[::1] out, int threads=1):
    """out[i] = shanten of row i (missing - 1).

    Rows must be validated by the caller (check_rows): counts 0..4 and n_melds 0..4.
    """
    cdef Py_ssize_t i, n = counts.shape[0]
    _check_shapes(counts, n_melds.shape[0], out.shape[0], N_KINDS)
    if threads <= 1:
        with nogil:
            for i in range(n):
                _row_shanten(&counts[i, 0], n_melds[i], forms, &out[i])
    else:
        for i in prange(n, nogil=True, num_threads=threads, schedule="dynamic", chunksize=1024):
            _row_shanten(&counts[i, 0], n_melds[i], forms, &out[i])


cdef inline void _row_useful(const uint8_t* c, int n_melds, int forms, uint8_t* out,
                             int8_t* shanten_out) noexcept nogil:
    cdef HandView v
    cdef int t, best
    cdef uint64_t mask
    _view(c, &v)
    best = _missing(&v, n_melds, forms)
    mask = _useful(&v, n_melds, forms, best)
    mj_expand_mask(mask, out)
    shanten_out[0] = best - 1


def useful_rows(const uint8_t[:, ::1] counts, const int8_t[::1] n_melds, int forms,
                uint8_t[:, ::1] out, int8_t[::1] shanten_out, int threads=1):
    """out[i, t] = 1 if drawing tile t lowers the shanten of row i; also fills shanten.

    Rows must be validated by the caller (check_rows): counts 0..4 and n_melds 0..4.
    """
    cdef Py_ssize_t i, n = counts.shape[0]
    _check_shapes(counts, n_melds.shape[0], out.shape[0], out.shape[1])
    if shanten_out.shape[0] != n:
        raise ValueError("shanten_out must have one entry per row")
    if threads <= 1:
        with nogil:
            for i in range(n):
                _row_useful(&counts[i, 0], n_melds[i], forms, &out[i, 0], &shanten_out[i])
    else:
        for i in prange(n, nogil=True, num_threads=threads, schedule="dynamic", chunksize=1024):
            _row_useful(&counts[i, 0], n_melds[i], forms, &out[i, 0], &shanten_out[i])


# --- scalar entry points (Python-visible; counts: 34 validated uint8) ---------------------

cdef int _check_one(const uint8_t[::1] counts, int n_melds) except -1:
    """Guard the scalar entry points: 34 counts of 0..4 and 0..4 melds."""
    if counts.shape[0] != N_KINDS:
        raise ValueError(f"counts must have 34 entries, got {counts.shape[0]}")
    if mj_row_total(&counts[0]) < 0:
        raise ValueError("a tile count above 4")
    if not 0 <= n_melds <= 4:
        raise ValueError(f"n_melds must be 0..4, got {n_melds}")
    return 0


def missing_one(const uint8_t[::1] counts, int n_melds, int forms):
    """Missing-tile count (shanten + 1) over `forms`; 99 if no form applies."""
    _check_one(counts, n_melds)
    return missing_tiles(&counts[0], n_melds, forms)


def missing_by_form(const uint8_t[::1] counts, int n_melds):
    """Tuple of the missing count of each form, in bit order; 99 = not applicable."""
    cdef HandView v
    _check_one(counts, n_melds)
    _view(&counts[0], &v)
    return tuple(_form_missing(&v, n_melds, 1 << f) for f in range(5))


def useful_one(const uint8_t[::1] counts, int n_melds, int forms):
    """(missing, 34-bit useful mask) over `forms`."""
    cdef HandView v
    cdef int best
    _check_one(counts, n_melds)
    _view(&counts[0], &v)
    best = _missing(&v, n_melds, forms)
    return best, _useful(&v, n_melds, forms, best)


def openmp_enabled():
    """True if this module was compiled with OpenMP."""
    return bool(mj_openmp_enabled())


def max_threads():
    """Threads OpenMP would use by default (1 without OpenMP)."""
    return mj_max_threads()


# --- table access for the verification tests ----------------------------------------------

cdef object _vectors(uint8_t (*v)[N_TARGETS], int n):
    import numpy as np
    return np.array([[v[i][t] for t in range(N_TARGETS)] for i in range(n)], np.uint8)


def table_info():
    """Copies of the tables, for tests and docs (not for hot paths)."""
    import numpy as np
    suit_class = np.frombuffer((<char*>SUIT_CLASS)[:SUIT_SIZE], np.uint8).copy()
    honor_class = np.frombuffer((<char*>HONOR_CLASS)[:HONOR_SIZE], np.uint8).copy()

    return {
        "cap": CAP,
        "suit_class": suit_class,
        "honor_class": honor_class,
        "suit_vectors": _vectors(SUIT_VEC, n_suit_classes),
        "honor_vectors": _vectors(HONOR_VEC, n_honor_classes),
        "pair_vectors": _vectors(PAIR_VEC, n_pair_classes),
        "triple_vectors": _vectors(TRIPLE_VEC, n_triple_classes),
        "pair_table": np.frombuffer(
            (<char*>PAIR_TABLE)[:n_suit_classes * n_suit_classes], np.uint8
        ).reshape(n_suit_classes, n_suit_classes).copy(),
        "triple_table": np.frombuffer(
            (<char*>TRIPLE_TABLE)[:n_pair_classes * n_suit_classes], np.uint8
        ).reshape(n_pair_classes, n_suit_classes).copy(),
        "ph_vectors": _vectors(PH_VEC, n_ph_classes),
        "ph_table": np.frombuffer(
            (<char*>PH_TABLE)[:n_pair_classes * n_honor_classes], np.uint8
        ).reshape(n_pair_classes, n_honor_classes).copy(),
        "wild_suit_class": np.frombuffer((<char*>WILD_SUIT_CLASS)[:SUIT_SIZE], np.uint8).copy(),
        "wild_honor_class": np.frombuffer((<char*>WILD_HONOR_CLASS)[:HONOR_SIZE],
                                          np.uint8).copy(),
        "wild_suit_vectors": _vectors(WILD_SUIT_VEC, n_wild_suit_classes),
        "wild_honor_vectors": _vectors(WILD_HONOR_VEC, n_wild_honor_classes),
        "suit_final_table": np.frombuffer(
            (<char*>SUIT_FINAL_TABLE)[:5 * n_ph_classes * n_suit_classes], np.uint8
        ).reshape(5, n_ph_classes, n_suit_classes).copy(),
        "final_table": np.frombuffer(
            (<char*>FINAL_TABLE)[:5 * n_triple_classes * n_honor_classes], np.uint8
        ).reshape(5, n_triple_classes, n_honor_classes).copy(),
    }


# --- the scalar entry points of mahjong.shanten and mahjong.useful_tiles ------------------
#
# One compiled call reads the common argument forms and runs the kernel; anything else
# (melds, a wildcard, another notation, an error) gives None and the Python API takes its
# full path, which also words the errors. The tiles are read afresh on each call, with
# identity tests and C loops instead of Python ones; of the forms argument, the last list or
# tuple read is kept with its items (forms_bits), so the same one unchanged is not re-read.

from cpython.buffer cimport PyBUF_RECORDS_RO, PyBuffer_Release, PyObject_GetBuffer
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.object cimport PyObject
from cpython.sequence cimport PySequence_Fast_ITEMS
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM

from mahjong_core._tileparse cimport count_id_items, count_tenhou_text

import sys as _sys

# The form names in bit order (as mahjong.analysis.FORMS), interned: a name written in the
# caller's source is the same object, so most lookups are one pointer comparison.
cdef tuple _FORM_NAMES = tuple(_sys.intern(n) for n in (
    "regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"))
cdef dict _FORM_BIT = {n: 1 << i for i, n in enumerate(_FORM_NAMES)}
# The Python ints 0..33, so a list of tile ids is filled without creating any.
cdef tuple _TILE_INTS = tuple(range(N_KINDS))
# numpy's array type, looked up once numpy is imported (an array argument means it is):
# this module imports no numpy, so that setup.py's build can write the tables file in a
# build environment without numpy.
cdef object _ndarray = None


cdef inline bint _is_ndarray(object x):
    global _ndarray
    if _ndarray is None:
        np = _sys.modules.get("numpy")
        if np is None:
            return False
        _ndarray = np.ndarray
    return type(x) is _ndarray


cdef inline int _form_bit(object name) except -2:
    """The bit of one form name, or -1 if it is not one."""
    cdef int i
    for i in range(5):
        if name is <object>PyTuple_GET_ITEM(_FORM_NAMES, i):
            return 1 << i
    if type(name) is not str:
        return -1
    bit = _FORM_BIT.get(name)
    return -1 if bit is None else <int>bit


cdef extern from *:
    """
    /* a[0..n) and b[0..m) are the same objects */
    static inline int mj_same_items(PyObject** a, PyObject** b, Py_ssize_t n, Py_ssize_t m) {
        if (n != m) return 0;
        for (Py_ssize_t i = 0; i < n; i++)
            if (a[i] != b[i]) return 0;
        return 1;
    }
    """
    bint mj_same_items(PyObject** a, PyObject** b, Py_ssize_t n, Py_ssize_t m) noexcept
    Py_ssize_t Py_SIZE(object o) noexcept


# The last list or tuple of names forms_bits read, a tuple of its items and its bit set: a
# caller passes the same forms object call after call (a constant of its module), so the
# next read is one identity test, and for a list (it may have changed in place) a
# comparison of its items with the ones kept. Both are kept alive here, so the same address
# is the same object: a tuple, and an item (an immutable str), are unchanged; a list changed
# in place since, or a new object at a reused address, reads afresh.
cdef object _last_forms = object()      # (none read yet: no argument is this object)
cdef tuple _last_form_items = ()
cdef int _last_forms_bits = -1


cdef int forms_bits(object forms) except -2:
    """The bit set of a forms argument in a common form: None (all five forms), one form
    name, or a list or tuple of names. -1 for anything else (another iterable, an unknown
    name, an empty list): mahjong.analysis.forms_mask reads those and words the errors.
    (Also mahjong_core._discard's, through _shanten.pxd.)"""
    global _last_forms, _last_form_items, _last_forms_bits
    cdef int mask = 0, bit
    cdef Py_ssize_t i, n
    cdef PyObject** items
    if forms is _last_forms and type(forms) is tuple:   # a tuple kept here is unchanged
        return _last_forms_bits
    if forms is None:
        return FORM_ALL
    if type(forms) is tuple or type(forms) is list:
        n = Py_SIZE(forms)
        items = PySequence_Fast_ITEMS(forms)
        # the same names as the last forms read (a list changed in place, or a new list of
        # the same names each call, e.g. forms=["regular"] written in the call): one
        # comparison of their items
        if mj_same_items(items, PySequence_Fast_ITEMS(_last_form_items), n,
                         Py_SIZE(_last_form_items)):
            return _last_forms_bits
        for i in range(n):
            bit = _form_bit(<object>items[i])
            if bit < 0:
                return -1
            mask |= bit
        if not mask:
            return -1
        # the objects kept before are dropped only when all three are set: dropping them
        # can run code (an item's __del__) that reads forms again
        old = (_last_forms, _last_form_items)
        _last_form_items = tuple(forms)
        _last_forms = forms
        _last_forms_bits = mask
        del old
        return mask
    if type(forms) is str:
        return _form_bit(forms)
    return -1


cdef int _read_array(object arr, uint8_t* c) noexcept:
    """Copy a 1-D integer numpy array of 34 counts 0..4 (any stride, native byte order) into
    c; the tile total, or -1 (another shape or dtype, a count out of range)."""
    cdef Py_buffer view
    cdef const char* p
    cdef const char* fmt
    cdef char kind
    cdef int i, total = 0
    cdef long long v
    try:
        PyObject_GetBuffer(arr, &view, PyBUF_RECORDS_RO)
    except Exception:
        return -1
    try:
        fmt = view.format
        if view.ndim != 1 or view.shape[0] != N_KINDS or fmt == NULL:
            return -1
        if fmt[0] == b'@' or fmt[0] == b'=':
            fmt += 1
        kind = fmt[0]
        if fmt[1] != 0:
            return -1
        p = <const char*>view.buf
        for i in range(N_KINDS):
            if kind == b'B':
                v = (<const uint8_t*>p)[0]
            elif kind == b'b':
                v = (<const int8_t*>p)[0]
            elif view.itemsize == 8 and kind in b'lqLQ':
                v = (<const long long*>p)[0]     # an unsigned value above 2^63 reads < 0
            elif view.itemsize == 4 and kind in b'iIlL':
                v = (<const int32_t*>p)[0]
            elif view.itemsize == 2 and kind in b'hH':
                v = (<const int16_t*>p)[0]
            else:
                return -1
            if v < 0 or v > 4:
                return -1
            c[i] = <uint8_t>v
            total += <int>v
            p += view.strides[0]
        return total
    finally:
        PyBuffer_Release(&view)


cdef extern from *:
    """
    /* The int objects 0..4, to read a list of 34 counts by comparing pointers: CPython keeps
       one object per small int, so a count is almost always one of these (mj_init_counts
       fills them; any other int object, a bool, a float ... is read the slow way). */
    static PyObject* mj_count_objects[5];
    /* CPython keeps its small ints in one array, so the objects 0..4 are equally spaced:
       then (item - object 0) >> shift is the count of an item that is one of them, with no
       branch on the value (random counts defeat a branch predictor). Checked here; shift
       stays -1 (the comparisons below only) when the layout is otherwise. */
    static uintptr_t mj_count_base = 0;
    static int mj_count_shift = -1;
    static int mj_init_counts(void) {
        int i, shift;
        uintptr_t stride;
        for (i = 0; i < 5; i++) {
            mj_count_objects[i] = PyLong_FromLong(i);  /* kept for the module's lifetime */
            if (mj_count_objects[i] == NULL) return -1;
        }
        stride = (uintptr_t)mj_count_objects[1] - (uintptr_t)mj_count_objects[0];
        if ((uintptr_t)mj_count_objects[1] <= (uintptr_t)mj_count_objects[0]
                || (stride & (stride - 1)) != 0)
            return 0;
        for (i = 2; i < 5; i++)
            if ((uintptr_t)mj_count_objects[i] != (uintptr_t)mj_count_objects[0] + i * stride)
                return 0;
        for (shift = 0; ((uintptr_t)1 << shift) != stride; shift++) {}
        mj_count_base = (uintptr_t)mj_count_objects[0];
        mj_count_shift = shift;
        return 0;
    }
    /* As mj_read_count_items (the 34 int counts 0..4 of a list or tuple of 34 items into
       counts, zeroed by the caller: their total, or -1), one pointer comparison per zero
       count. */
    static int mj_read_counts_fast(PyObject* seq, uint8_t* counts) {
        PyObject** items = PySequence_Fast_ITEMS(seq);
        PyObject *zero = mj_count_objects[0], *one = mj_count_objects[1],
                 *two = mj_count_objects[2];
        int i = 0, total = 0;
        long v;
        if (mj_count_shift >= 0) {
            /* (item - object 0) rotated right by shift: the count if the item is one of the
               objects 0..4, else a value above 4 (an item below object 0 or past object 4,
               or between two of them: a low bit rotates to the top). No branch per item; if
               any item is another object, all are read again below. */
            const unsigned s = (unsigned)mj_count_shift, back = (unsigned)(8 * sizeof(uintptr_t)) - s;
            uintptr_t bad = 0;
            for (; i < 34; i++) {
                uintptr_t d = (uintptr_t)items[i] - mj_count_base;
                uintptr_t r = (d >> s) | (d << (back & (8 * sizeof(uintptr_t) - 1)));
                bad |= r > 4;
                counts[i] = (uint8_t)r;
                total += (int)(uint8_t)r;
            }
            if (!bad)
                return total;
            memset(counts, 0, 34);
            i = total = 0;
        }
        for (; i < 34; i++) {
            PyObject* x = items[i];
            if (x == zero) continue;         /* counts is zeroed by the caller */
            if (x == one) v = 1;
            else if (x == two) v = 2;
            else if (x == mj_count_objects[3]) v = 3;
            else if (x == mj_count_objects[4]) v = 4;
            else {
                v = mj_small_int_item(x);
                if (v < 0 || v > 4) return -1;
            }
            counts[i] = (uint8_t)v;
            total += (int)v;
        }
        return total;
    }
    """
    int mj_init_counts() except -1
    int read_counts_fast "mj_read_counts_fast"(object seq, uint8_t* counts) noexcept

mj_init_counts()


cdef int tile_counts(object tiles, uint8_t* c, int max_tiles) except -2:
    """Fill c[34] from tiles in a common form: a plain tenhou string ("123m456p11z", spaces
    between groups allowed), a list or tuple of int ids, a list or tuple of 34 int counts,
    or a 1-D integer numpy array of 34 counts. Returns the tile count, or -1 for any other
    form or any error (a fifth copy, more than max_tiles tiles, a count out of range).
    (mahjong_core._discard reads hands and visible tiles with it, through _shanten.pxd.)"""
    cdef Py_ssize_t n
    cdef int total
    memset(c, 0, N_KINDS)
    if type(tiles) is str:
        return count_tenhou_text(<str>tiles, c, 4, max_tiles, True)
    if type(tiles) is list or type(tiles) is tuple:
        n = Py_SIZE(tiles)
        if n == N_KINDS:
            total = read_counts_fast(tiles, c)
        elif n > max_tiles:
            return -1
        else:
            return count_id_items(tiles, c, 4)
    elif _is_ndarray(tiles):
        total = _read_array(tiles, c)
    else:
        return -1
    return total if total <= max_tiles else -1


cdef inline int hand_counts(object tiles, uint8_t* c) except -2:
    """tile_counts of concealed tiles (at most 14)."""
    return tile_counts(tiles, c, 14)


cdef inline bint _no_melds(object melds) noexcept:
    """No melds: none given, or an empty list or tuple."""
    return melds is None or ((type(melds) is tuple or type(melds) is list) and not melds)


cdef int _wildcard_kind(object wildcard) noexcept:
    """The wildcard kind of a wildcard argument in a common form: None (-1), a tile id 0..33
    (an int) or a tenhou tile name ("5z"); -2 for anything else (the caller's full path
    reads it and words the errors)."""
    cdef Py_UCS4 digit, suit
    cdef long v
    cdef int overflow = 0
    if wildcard is None:
        return -1
    if type(wildcard) is int:
        v = PyLong_AsLongAndOverflow(wildcard, &overflow)
        return <int>v if not overflow and 0 <= v < N_KINDS else -2
    if type(wildcard) is str and len(<str>wildcard) == 2:
        digit = (<str>wildcard)[0]
        suit = (<str>wildcard)[1]
        if digit < 49 or digit > 57:        # '1'..'9'
            return -2
        v = <long>digit - 49
        if suit == 109:                     # 'm'
            return <int>v
        if suit == 112:                     # 'p'
            return 9 + <int>v
        if suit == 115:                     # 's'
            return 18 + <int>v
        if suit == 122 and v < 7:           # 'z'
            return 27 + <int>v
    return -2


def shanten_call(tiles, melds, forms, wildcard):
    """``mahjong.shanten(tiles, melds, forms, wildcard)`` for concealed tiles in a common
    form (see ``hand_counts``), no melds, forms in a common form (see ``forms_bits``) and a
    wildcard in a common form (see ``_wildcard_kind``) or none; None for anything else (the
    caller's full path)."""
    return _shanten_fast(tiles, melds, forms, wildcard)


cdef object _shanten_fast(object tiles, object melds, object forms, object wildcard):
    cdef uint8_t c[40]                 # 34 counts + slack for the 16-byte loads
    cdef int forms_set, total, w
    cdef uint64_t mask = 0
    if not _no_melds(melds):
        return None
    w = _wildcard_kind(wildcard)
    if w < -1:
        return None
    forms_set = forms_bits(forms)
    if forms_set < 0:
        return None
    total = hand_counts(tiles, c)
    if total != 13 and total != 14:
        return None
    if w >= 0:
        return _analyze(c, 0, forms_set, NULL, w, False, &mask) - 1
    return missing_tiles(c, 0, forms_set) - 1


cdef list _mask_list(uint64_t mask):
    """Sorted tile ids of the set bits of a 34-bit mask, as a new list."""
    cdef list out = PyList_New(mj_popcount64(mask))
    cdef Py_ssize_t i = 0
    cdef int t
    cdef object item
    while mask:
        t = mj_ctz64(mask)
        mask &= mask - 1
        item = <object>PyTuple_GET_ITEM(_TILE_INTS, t)
        Py_INCREF(item)
        PyList_SET_ITEM(out, i, item)
        i += 1
    return out


def useful_call(tiles, melds, forms, wildcard):
    """``mahjong.useful_tiles(...)`` (a sorted list of tile ids) for the arguments
    ``shanten_call`` takes; None for anything else."""
    return _useful_fast(tiles, melds, forms, wildcard)


cdef object _useful_fast(object tiles, object melds, object forms, object wildcard):
    cdef uint8_t c[40]
    cdef HandView v
    cdef int forms_set, total, best, w
    cdef uint64_t mask = 0
    if not _no_melds(melds):
        return None
    w = _wildcard_kind(wildcard)
    if w < -1:
        return None
    forms_set = forms_bits(forms)
    if forms_set < 0:
        return None
    total = hand_counts(tiles, c)
    if total != 13 and total != 14:
        return None
    if w >= 0:
        _analyze(c, 0, forms_set, NULL, w, True, &mask)
        return _mask_list(mask)
    _view(c, &v)
    best = _missing(&v, 0, forms_set)
    return _mask_list(_useful(&v, 0, forms_set, best))


def mask_to_ids(uint64_t mask):
    """Sorted tile ids of the set bits of a 34-bit mask."""
    return _mask_list(mask)


# --- batch validation (one nogil pass, so the checks cost little next to the kernel) ------

cdef enum:
    ROW_OK = 0
    ROW_TOO_MANY_COPIES = 1
    ROW_BAD_TOTAL = 2
    ROW_BAD_MELDS = 3
    ROW_NO_FORM = 4

PY_ROW_TOO_MANY_COPIES = ROW_TOO_MANY_COPIES
PY_ROW_BAD_TOTAL = ROW_BAD_TOTAL
PY_ROW_BAD_MELDS = ROW_BAD_MELDS
PY_ROW_NO_FORM = ROW_NO_FORM


cdef inline int _check_row(const uint8_t* c, int8_t* n_melds, bint infer, int forms
                           ) noexcept nogil:
    cdef int k, total = mj_row_total(c)
    if total < 0:
        return ROW_TOO_MANY_COPIES
    if infer:
        if total < 1 or total > 14 or total % 3 == 0:
            return ROW_BAD_TOTAL
        n_melds[0] = (14 - total) // 3
    k = n_melds[0]
    if k < 0 or k > 4:
        return ROW_BAD_MELDS
    if total + 3 * k != 13 and total + 3 * k != 14:
        return ROW_BAD_TOTAL
    if not (forms & FORM_REGULAR) and (k > 1 or (k == 1 and not forms & FORM_KNITTED_STRAIGHT)):
        return ROW_NO_FORM
    return ROW_OK


def check_rows(const uint8_t[:, ::1] counts, int8_t[::1] n_melds, bint infer, int forms,
               uint8_t[::1] status):
    """Validate every row (status[i] = ROW_* code); with infer, fill n_melds from the tile
    count. Returns the number of bad rows."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Py_ssize_t bad = 0
    _check_shapes(counts, n_melds.shape[0], status.shape[0], N_KINDS)
    with nogil:
        for i in range(n):
            status[i] = _check_row(&counts[i, 0], &n_melds[i], infer, forms)
            bad += status[i] != ROW_OK
    return bad


# --- fused validation + kernel (what mahjong/batch.py calls: one pass over the rows) ---------

cdef inline int _checked_row_shanten(const uint8_t* c, int8_t* n_melds, bint infer, int forms,
                                     int8_t* out, uint8_t* status) noexcept nogil:
    status[0] = _check_row(c, n_melds, infer, forms)
    if status[0] != ROW_OK:
        out[0] = -128
        return 1
    out[0] = missing_tiles(c, n_melds[0], forms) - 1
    return 0


def checked_shanten_rows(const uint8_t[:, ::1] counts, int8_t[::1] n_melds, bint infer,
                         int forms, int8_t[::1] out, uint8_t[::1] status, int threads=1):
    """Validate and compute every row in one pass (status[i] = ROW_* code, out[i] = -128
    for a bad row); with infer, n_melds is filled from the tile count. Returns the number
    of bad rows."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Py_ssize_t bad = 0
    _check_shapes(counts, n_melds.shape[0], out.shape[0], N_KINDS)
    if status.shape[0] != n:
        raise ValueError("status must have one entry per row")
    if threads <= 1:
        with nogil:
            for i in range(n):
                bad += _checked_row_shanten(&counts[i, 0], &n_melds[i], infer, forms,
                                            &out[i], &status[i])
    else:
        for i in prange(n, nogil=True, num_threads=threads, schedule="dynamic", chunksize=1024):
            bad += _checked_row_shanten(&counts[i, 0], &n_melds[i], infer, forms, &out[i],
                                        &status[i])
    return bad


cdef inline int _checked_row_useful(const uint8_t* c, int8_t* n_melds, bint infer, int forms,
                                    uint8_t* out, int8_t* shanten_out, uint8_t* status
                                    ) noexcept nogil:
    status[0] = _check_row(c, n_melds, infer, forms)
    if status[0] != ROW_OK:
        memset(out, 0, N_KINDS)
        shanten_out[0] = -128
        return 1
    _row_useful(c, n_melds[0], forms, out, shanten_out)
    return 0


def checked_useful_rows(const uint8_t[:, ::1] counts, int8_t[::1] n_melds, bint infer,
                        int forms, uint8_t[:, ::1] out, int8_t[::1] shanten_out,
                        uint8_t[::1] status, int threads=1):
    """checked_shanten_rows for useful tiles (out (N, 34) 0/1) and shanten together."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Py_ssize_t bad = 0
    _check_shapes(counts, n_melds.shape[0], out.shape[0], out.shape[1])
    if status.shape[0] != n or shanten_out.shape[0] != n:
        raise ValueError("status and shanten_out must have one entry per row")
    if threads <= 1:
        with nogil:
            for i in range(n):
                bad += _checked_row_useful(&counts[i, 0], &n_melds[i], infer, forms,
                                           &out[i, 0], &shanten_out[i], &status[i])
    else:
        for i in prange(n, nogil=True, num_threads=threads, schedule="dynamic", chunksize=1024):
            bad += _checked_row_useful(&counts[i, 0], &n_melds[i], infer, forms,
                                       &out[i, 0], &shanten_out[i], &status[i])
    return bad


# --- locked copies and wildcards: entry points ----------------------------------------------

cdef inline int _wild_missing_fast(const uint8_t* c, int n_melds, int forms, int w
                                   ) noexcept nogil:
    """Missing count with wildcard kind w (-1 = none) and no locked copies."""
    cdef HandView v
    cdef uint8_t r[40]
    cdef int k, d, g
    if w < 0:
        return missing_tiles(c, n_melds, forms)
    k = c[w]
    if forms == FORM_REGULAR:
        # the real tiles' indices: only the wildcard's group changes (its digit drops to 0)
        if mj_has_four_except(c, w):
            return _analyze(c, n_melds, forms, NULL, w, False, NULL)
        _index_view(c, &v)
        g = w // 9
        v.idx[g] -= k * POW5[w - 9 * g]
        if g < 3:
            v.cls[g] = SUIT_CLASS[v.idx[g]]
        else:
            v.cls[3] = HONOR_CLASS[v.idx[3]]
        d = _regular(&v, n_melds)
        return d - k if d > k else 0
    memcpy(r, c, N_KINDS)
    memset(r + N_KINDS, 0, 6)
    r[w] = 0
    _view(r, &v)
    if v.fours:
        return _analyze(c, n_melds, forms, NULL, w, False, NULL)
    d = _missing(&v, n_melds, forms, True)
    if d >= NOT_APPLICABLE:
        return NOT_APPLICABLE
    return d - k if d > k else 0


cdef int _check_locked(const uint8_t[::1] counts, const uint8_t[::1] locked) except -1:
    cdef int t
    if locked.shape[0] != N_KINDS:
        raise ValueError(f"locked must have 34 entries, got {locked.shape[0]}")
    for t in range(N_KINDS):
        if counts[t] + locked[t] > 4:
            raise ValueError(f"tile {t}: {counts[t]} concealed and {locked[t]} in melds")
    return 0


def analyze_one(const uint8_t[::1] counts, int n_melds, int forms, object locked=None,
                int wildcard=-1, bint want_mask=True):
    """(missing, useful mask) with the melds' copies `locked` (uint8[34] or None) and a
    wildcard kind (-1 = none). Without locked copies and wildcard: useful_one."""
    cdef const uint8_t[::1] lk
    cdef const uint8_t* lp = NULL
    cdef uint64_t mask = 0
    cdef int missing
    _check_one(counts, n_melds)
    if not -1 <= wildcard < N_KINDS:
        raise ValueError(f"wildcard must be -1..33, got {wildcard}")
    if locked is not None:
        lk = locked
        _check_locked(counts, lk)
        lp = &lk[0]
    missing = _analyze(&counts[0], n_melds, forms, lp, wildcard, want_mask, &mask)
    return missing, mask


def missing_by_form_ex(const uint8_t[::1] counts, int n_melds, object locked=None,
                       int wildcard=-1):
    """missing_by_form with locked copies and a wildcard kind."""
    cdef const uint8_t[::1] lk
    cdef const uint8_t* lp = NULL
    cdef uint64_t mask = 0
    _check_one(counts, n_melds)
    if not -1 <= wildcard < N_KINDS:
        raise ValueError(f"wildcard must be -1..33, got {wildcard}")
    if locked is not None:
        lk = locked
        _check_locked(counts, lk)
        lp = &lk[0]
    return tuple(_analyze(&counts[0], n_melds, 1 << f, lp, wildcard, False, &mask)
                 for f in range(5))


def exact_missing(const uint8_t[::1] counts, int n_melds, int forms, object locked=None,
                  int wildcard=-1):
    """The exact search alone (no table fast path), for the tests."""
    cdef uint8_t r[40]
    cdef uint8_t cap[40]
    cdef const uint8_t[::1] lk
    cdef int t, k = 0, S = 0, d
    _check_one(counts, n_melds)
    for t in range(N_KINDS):
        r[t] = counts[t]
        cap[t] = 4
    if locked is not None:
        lk = locked
        _check_locked(counts, lk)
        for t in range(N_KINDS):
            cap[t] = 4 - lk[t]
    if wildcard >= 0:
        k = r[wildcard]
        r[wildcard] = 0
        S = cap[wildcard]
        cap[wildcard] = 0
    d = _exact_d(r, cap, S, n_melds, forms)
    if d >= INF:
        return NOT_APPLICABLE
    return d - k if d > k else 0


PY_ROW_LOCKED_COPIES = 5


cdef inline int _check_row_ex(const uint8_t* c, int8_t* n_melds, bint infer, int forms,
                              const uint8_t* locked) noexcept nogil:
    cdef int st = _check_row(c, n_melds, infer, forms), t
    if st != ROW_OK or locked == NULL:
        return st
    for t in range(N_KINDS):
        if c[t] + locked[t] > 4:
            return 5
    return ROW_OK


cdef inline int _checked_row_ex(const uint8_t* c, int8_t* n_melds, bint infer, int forms,
                                const uint8_t* locked, int w, bint want_useful,
                                int8_t* out, uint8_t* useful, uint8_t* status) noexcept nogil:
    cdef uint64_t mask = 0
    cdef int missing
    status[0] = _check_row_ex(c, n_melds, infer, forms, locked)
    if status[0] != ROW_OK:
        out[0] = -128
        if want_useful:
            memset(useful, 0, N_KINDS)
        return 1
    if not want_useful and locked == NULL:
        out[0] = _wild_missing_fast(c, n_melds[0], forms, w) - 1
        return 0
    missing = _analyze(c, n_melds[0], forms, locked, w, want_useful, &mask)
    out[0] = missing - 1
    if want_useful:
        mj_expand_mask(mask, useful)
    return 0


def checked_rows_ex(const uint8_t[:, ::1] counts, int8_t[::1] n_melds, bint infer, int forms,
                    const uint8_t[:, ::1] locked, bint has_locked, const int8_t[::1] wild,
                    int8_t[::1] out, uint8_t[:, ::1] useful, bint want_useful,
                    uint8_t[::1] status, int threads=1):
    """checked_shanten_rows / checked_useful_rows with the melds' copies (locked, (N, 34),
    read when has_locked) and a wildcard kind per row (wild, (N,), -1 = none; validated by
    the caller). useful is (N, 34) when want_useful, else any (0, 34) array."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Py_ssize_t bad = 0
    _check_shapes(counts, n_melds.shape[0], out.shape[0], N_KINDS)
    if status.shape[0] != n or wild.shape[0] != n:
        raise ValueError("status and wild must have one entry per row")
    if has_locked and (locked.shape[0] != n or locked.shape[1] != N_KINDS):
        raise ValueError("locked must have shape (N, 34)")
    if want_useful and (useful.shape[0] != n or useful.shape[1] != N_KINDS):
        raise ValueError("useful must have shape (N, 34)")
    if threads <= 1:
        with nogil:
            for i in range(n):
                bad += _checked_row_ex(&counts[i, 0], &n_melds[i], infer, forms,
                                       &locked[i, 0] if has_locked else NULL, wild[i],
                                       want_useful, &out[i],
                                       &useful[i, 0] if want_useful else NULL, &status[i])
    else:
        for i in prange(n, nogil=True, num_threads=threads, schedule="dynamic", chunksize=1024):
            bad += _checked_row_ex(&counts[i, 0], &n_melds[i], infer, forms,
                                   &locked[i, 0] if has_locked else NULL, wild[i],
                                   want_useful, &out[i],
                                   &useful[i, 0] if want_useful else NULL, &status[i])
    return bad


def group_vector_exact(const uint8_t[::1] h, const uint8_t[::1] cap, bint chows, int max_e):
    """The exact search's vector of one group (for the tests): a (5, 2, 5) array of the
    fewest uncovered slots per (sets, pair, slots beyond the caps); 99 = none."""
    import numpy as np
    cdef uint8_t out[EXACT_VEC]
    cdef int n = h.shape[0]
    if n not in (7, 9) or cap.shape[0] != n or not 0 <= max_e <= 4:
        raise ValueError("a group has 9 (suit) or 7 (honors) counts and caps; max_e 0..4")
    _group_dp(&h[0], &cap[0], n, chows, max_e, 4, out)
    return np.array([out[i] for i in range(EXACT_VEC)], np.uint8).reshape(5, 2, 5)


