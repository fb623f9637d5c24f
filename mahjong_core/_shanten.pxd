# Table-based shanten kernels (C API of mahjong_core._shanten; stable, add-only).
#
# "missing" = the fewest tiles to draw (discards are free) to complete the hand in the given
# forms; shanten = missing - 1 (so -1 = complete). Works for any concealed tile count; the
# number of sets still needed is 4 - n_melds. Targets never use a fifth copy of a tile.
# These two do not know the melds' tiles or wildcards (mahjong_core._shanten.analyze_one does).
from mahjong_core._types cimport uint8_t, uint32_t, uint64_t

# Missing tiles over the forms in the bit set `forms` (FORM_* of _types.pxd); forms that do
# not apply with n_melds melds are skipped; returns 99 if none applies.
cdef int missing_tiles(const uint8_t* counts, int n_melds, int forms) noexcept nogil

# Bit t set = drawing tile t lowers missing_tiles (tiles held four times are never useful).
cdef uint64_t useful_mask(const uint8_t* counts, int n_melds, int forms) noexcept nogil

# Missing tiles (and with want_mask the useful-tile mask into mask_out) of concealed counts
# with the melds' copies `locked` (NULL = none; targets never use a fifth copy) and wildcard
# kind `wildcard` (-1 = none): the exact search analyze_one runs. 99 if no form applies.
cdef int hand_missing(const uint8_t* counts, int n_melds, int forms, const uint8_t* locked,
                      int wildcard, bint want_mask, uint64_t* mask_out) noexcept nogil

# The tables behind the kernels above, for kernels that combine the group classes
# themselves (mahjong_core._discard). Filled when mahjong_core._shanten is imported, then
# read-only. A group is a suit (base-5 index of its 9 counts) or the honors (7 counts):
#   SUIT_CLASS[index] / HONOR_CLASS[index]: the group's class (slack after the end: an
#       index plus 5^8, resp. 5^6, stays inside the allocation);
#   PAIR_TABLE[suit class * n_suit_classes + suit class] -> pair class (symmetric);
#   TRIPLE_TABLE[pair class * n_suit_classes + suit class] -> triple class;
#   PH_TABLE[pair class * n_honor_classes + honor class] -> pair-and-honors class;
#   FINAL_TABLE[(sets * n_triple_classes + triple class) * n_honor_classes + honor class]
#   SUIT_FINAL_TABLE[(sets * n_ph_classes + ph class) * n_suit_classes + suit class]
#       -> missing tiles of `sets` sets (0..4) and a pair over the four groups.
cdef uint8_t* SUIT_CLASS
cdef uint8_t* HONOR_CLASS
cdef uint8_t* PAIR_TABLE
cdef uint8_t* TRIPLE_TABLE
cdef uint8_t* FINAL_TABLE
cdef uint8_t* PH_TABLE
cdef uint8_t* SUIT_FINAL_TABLE
cdef int n_suit_classes, n_honor_classes, n_pair_classes, n_triple_classes, n_ph_classes

# Shared with mahjong_core._discard (one copy of each):
#   HandView: a hand read as the four groups (base-5 index and class of m, p, s and the
#       honors) and its count masks;
#   knitted_rest: v without one copy of each held tile of knitted pattern p (indices,
#       classes and present mask);
#   forms_bits: the FORM_* bit set of a forms argument in a common form (None, one name,
#       a list or tuple of names), -1 for anything else;
#   tile_counts: c[34] from tiles in a common form (plain tenhou text, a list/tuple of int
#       ids or of 34 int counts, a 1-D integer numpy array of 34 counts): the tile count,
#       or -1 for any other form or error (a fifth copy, more than max_tiles tiles).
cdef struct HandView:
    uint32_t idx[4]         # base-5 index of m, p, s and of the seven honors
    uint8_t cls[4]          # their classes
    uint64_t present        # bit t: tile t held at least once
    uint64_t twos           # bit t: held at least twice
    uint64_t threes         # bit t: held at least three times
    uint64_t fours          # bit t: held four times (cannot be drawn)

cdef void knitted_rest(const HandView* v, int p, HandView* rest) noexcept nogil
cdef int forms_bits(object forms) except -2
cdef int tile_counts(object tiles, uint8_t* c, int max_tiles) except -2

# shanten (missing - 1) / useful tile ids (a sorted list) of the common scalar arguments:
# concealed tiles as a tenhou string, tile ids or 34 counts, no melds, forms None / a name /
# a list or tuple of names, a wildcard as a tile id or tenhou name or None; None for anything
# else (the caller's full path). mahjong._entry builds the public entry points on them.
cdef object _shanten_fast(object tiles, object melds, object forms, object wildcard)
cdef object _useful_fast(object tiles, object melds, object forms, object wildcard)
