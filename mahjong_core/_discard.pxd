# Discard-table kernels (C API of mahjong_core._discard; see its module docstring).
#
# For a hand of 14 - 3m concealed tiles, every discard at once: shanten_out[t] = the
# shanten after discarding one t (-1 if t is not held), unseen_out[t] = the unseen copies
# of the useful tiles after it (0 if not held) and, unless masks_out is NULL, masks_out[t]
# = those useful tiles as bits. Unseen copies come as three bit planes (unseen_planes).
# The caller validates the hand (counts 0..4, 14 - 3 n_melds tiles, a form that applies).
from mahjong_core._types cimport uint8_t, int8_t, int16_t, uint64_t

# planes[b] bit t = bit b of 4 - c[t] - seen[t] (seen NULL = nothing else seen); the
# copies must add up to at most 4.
cdef void unseen_planes(const uint8_t* c, const uint8_t* seen, uint64_t* planes) noexcept nogil

# No locked copies, no wildcard: the table kernel. c must be 48 readable bytes, the 34
# counts then zeros. planes NULL: no copies seen besides the hand's (unseen = 4 - c[t]).
cdef void discard_plain(const uint8_t* c, int n_melds, int forms, const uint64_t* planes,
                        int8_t* shanten_out, int16_t* unseen_out, uint64_t* masks_out
                        ) noexcept nogil

# With the melds' copies `locked` (NULL = none) and wildcard kind `wildcard` (-1 = none):
# _shanten's exact search (hand_missing) discard by discard. c: 34 counts.
cdef void discard_exact(const uint8_t* c, int n_melds, int forms, const uint8_t* locked,
                        int wildcard, const uint64_t* planes, int8_t* shanten_out,
                        int16_t* unseen_out, uint64_t* masks_out) noexcept nogil
