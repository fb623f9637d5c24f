# Bit helpers of the core, header-only (every function is inline C, so there is no _bits
# extension module): lowest/highest set bit, popcount, and byte-array masks over 48 bytes
# (34 tile counts + zero padding), bit t set where the test holds for counts[t].
from mahjong_core._types cimport uint8_t, uint64_t

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define MJ_CTZ64(x) __builtin_ctzll(x)
    #define MJ_CLZ64(x) __builtin_clzll(x)
    #else
    static int MJ_CTZ64(unsigned long long x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
    static int MJ_CLZ64(unsigned long long x) { int n = 0; while (!(x & (1ULL << 63))) { x <<= 1; n++; } return n; }
    #endif
    """
    int ctz64 "MJ_CTZ64"(uint64_t x) nogil
    int clz64 "MJ_CLZ64"(uint64_t x) nogil

# Byte-array masks over 48 bytes (34 tiles + zero padding): bit t set where the test holds.
cdef extern from *:
    """
    #include <stdint.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline uint64_t mj_mask3(__m128i a, __m128i b, __m128i c) {
        return (uint64_t)(uint16_t)_mm_movemask_epi8(a)
             | ((uint64_t)(uint16_t)_mm_movemask_epi8(b) << 16)
             | ((uint64_t)(uint16_t)_mm_movemask_epi8(c) << 32);
    }
    /* bits where x[t] > v (values < 128) */
    static inline uint64_t mj_gt_mask(const uint8_t* x, int v) {
        __m128i vv = _mm_set1_epi8((char)v);
        return mj_mask3(_mm_cmpgt_epi8(_mm_loadu_si128((const __m128i*)x), vv),
                        _mm_cmpgt_epi8(_mm_loadu_si128((const __m128i*)(x + 16)), vv),
                        _mm_cmpgt_epi8(_mm_loadu_si128((const __m128i*)(x + 32)), vv));
    }
    /* bits where x[t] is odd */
    static inline uint64_t mj_odd_mask(const uint8_t* x) {
        return mj_mask3(_mm_slli_epi16(_mm_loadu_si128((const __m128i*)x), 7),
                        _mm_slli_epi16(_mm_loadu_si128((const __m128i*)(x + 16)), 7),
                        _mm_slli_epi16(_mm_loadu_si128((const __m128i*)(x + 32)), 7));
    }
    /* bits where x[t] == v */
    static inline uint64_t mj_eq_mask(const uint8_t* x, int v) {
        __m128i vv = _mm_set1_epi8((char)v);
        return mj_mask3(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)x), vv),
                        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(x + 16)), vv),
                        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(x + 32)), vv));
    }
    /* sum of the 48 bytes */
    static inline int mj_sum48(const uint8_t* x) {
        __m128i z = _mm_setzero_si128();
        __m128i s = _mm_add_epi64(_mm_sad_epu8(_mm_loadu_si128((const __m128i*)x), z),
                    _mm_add_epi64(_mm_sad_epu8(_mm_loadu_si128((const __m128i*)(x + 16)), z),
                                  _mm_sad_epu8(_mm_loadu_si128((const __m128i*)(x + 32)), z)));
        return (int)(_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s)));
    }
    #else
    static inline uint64_t mj_gt_mask(const uint8_t* x, int v) {
        uint64_t m = 0; int t; for (t = 0; t < 48; t++) m |= (uint64_t)(x[t] > v) << t; return m;
    }
    static inline uint64_t mj_odd_mask(const uint8_t* x) {
        uint64_t m = 0; int t; for (t = 0; t < 48; t++) m |= (uint64_t)(x[t] & 1) << t; return m;
    }
    static inline uint64_t mj_eq_mask(const uint8_t* x, int v) {
        uint64_t m = 0; int t; for (t = 0; t < 48; t++) m |= (uint64_t)(x[t] == v) << t; return m;
    }
    static inline int mj_sum48(const uint8_t* x) {
        int s = 0, t; for (t = 0; t < 48; t++) s += x[t]; return s;
    }
    #endif
    """
    uint64_t gt_mask "mj_gt_mask"(const uint8_t* x, int v) nogil
    uint64_t odd_mask "mj_odd_mask"(const uint8_t* x) nogil
    uint64_t eq_mask "mj_eq_mask"(const uint8_t* x, int v) nogil
    int sum48 "mj_sum48"(const uint8_t* x) nogil


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define MJ_POPCOUNT64(x) __builtin_popcountll(x)
    #else
    static int MJ_POPCOUNT64(unsigned long long x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
    #endif
    """
    int popcount64 "MJ_POPCOUNT64"(uint64_t x) nogil


cdef inline bint any_held(const uint8_t* counts, int lo, int hi) noexcept nogil:
    """Whether any of counts[lo:hi] is non-zero (a suit or the honours present)."""
    cdef int t
    for t in range(lo, hi):
        if counts[t]:
            return True
    return False
