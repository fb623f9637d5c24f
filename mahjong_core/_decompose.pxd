# Complete-hand decomposition kernels (public C API of mahjong_core._decompose).
#
# Other extensions cimport these declarations:
#     from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions,
#         SET_CHOW, SET_PUNG, MAX_REGULAR_DECOMPOSITIONS, ...)
# The API is stable: change it only by adding names.
from mahjong_core._types cimport uint8_t, uint32_t, uint64_t

cdef enum:
    SET_CHOW = 1    # tile = lowest tile of the run
    SET_PUNG = 2
    # Most distinct regular decompositions any 3n+2 hand (n = 0..4, at most 4 copies of a
    # tile) has; tests/test_decompose.py proves it by exhaustive enumeration of suit shapes.
    MAX_REGULAR_DECOMPOSITIONS = 4
    # Most knitted-straight decompositions: two patterns cannot both fit in 14 tiles and the
    # rest (a set and a pair, or a pair) splits one way at most; also proven in the tests.
    MAX_KNITTED_DECOMPOSITIONS = 1
    N_KNITTED_PATTERNS = 6

ctypedef struct RegularDecomposition:
    uint8_t pair       # tile id of the pair
    uint8_t n_sets     # sets taken from the given tiles (0..4)
    uint8_t kind[4]    # SET_CHOW / SET_PUNG
    uint8_t tile[4]    # chow: lowest tile; pung: its tile

ctypedef struct KnittedDecomposition:
    uint8_t pattern    # 0..5, index into KNITTED_PATTERNS (see knitted_pattern_tiles)
    uint8_t pair       # tile id of the pair
    uint8_t n_sets     # 0 or 1 set taken from the given tiles besides the knitted nine
    uint8_t kind       # SET_CHOW / SET_PUNG (meaningless when n_sets == 0)
    uint8_t tile

# Every distinct way to split counts (3n+2 tiles, n = 0..4) into n sets and one pair.
# Writes at most max_out entries and returns how many it wrote (0 if the tiles are not a
# complete regular shape). Sets of one entry are in canonical order (by tile, pungs before
# chows at the same tile) and no two entries are equal. counts must hold values 0..4.
cdef int regular_decompositions(const uint8_t* counts, RegularDecomposition* out,
                                int max_out) noexcept nogil

# 1 if counts (14 tiles) is seven pairs, four of a kind counting as two pairs.
cdef bint is_seven_pairs(const uint8_t* counts) noexcept nogil

# Tile id of the pair if counts (14 tiles) is thirteen orphans, else -1.
cdef int thirteen_orphans_pair(const uint8_t* counts) noexcept nogil

# Pattern index 0..5 if counts (14 tiles) is honors-and-knitted (全不靠, 14 distinct tiles
# from one knitted pattern and the honors), else -1. 七星不靠 is the case with all 7 honors.
cdef int honors_knitted_pattern(const uint8_t* counts) noexcept nogil

# Knitted-straight (组合龙) decompositions of the concealed tiles: the nine tiles of one
# pattern + (14 tiles) one set and a pair, or (11 tiles, one meld elsewhere) a pair.
# Returns how many it wrote (<= max_out), 0 if none.
cdef int knitted_straight_decompositions(const uint8_t* counts, KnittedDecomposition* out,
                                         int max_out) noexcept nogil

# Writes the nine tile ids of knitted pattern p (0..5) to tiles_out, sorted. Pattern p takes
# 1-4-7, 2-5-8, 3-6-9 from the suits of the p-th permutation of (m, p, s) in lexicographic
# order: 0 = (m,p,s), 1 = (m,s,p), 2 = (p,m,s), 3 = (p,s,m), 4 = (s,m,p), 5 = (s,p,m).
cdef void knitted_pattern_tiles(int pattern, uint8_t* tiles_out) noexcept nogil

# Tile bits (bit t = tile id t) of knitted pattern p (0..5): the nine tiles above as a mask.
cdef uint64_t knitted_pattern_mask(int pattern) noexcept nogil

# Calls visit(key, bits, ctx) once for every complete shape of one suit (0-4 sets, with or
# without one pair, at most 4 copies of a rank): key = its base-5 index sum(c_r * 5^r),
# bits = 1 if it splits into sets only, 2 if into sets and one pair. The shapes of the
# decomposition's own suit-shape table, so a table keyed by suit shape elsewhere is derived
# from this one enumeration.
ctypedef void (*suit_shape_visitor)(uint32_t key, int bits, void* ctx) noexcept nogil
cdef void each_suit_shape(suit_shape_visitor visit, void* ctx) noexcept nogil
