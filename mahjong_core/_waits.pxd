# Formal-wait search (C API of mahjong_core._waits; stable, add-only).
from mahjong_core._types cimport uint8_t, uint64_t

# Number of distinct formal waits of the concealed tiles h (48 bytes: 34 counts <= 4 and
# zero padding; n_tiles of them): tiles whose addition makes a regular complete shape (a
# fifth copy allowed), plus the seven-pairs wait when n_tiles == 13. Counting stops at
# limit. first gets one wait; waits (if not NULL) gets bit t or-ed in for each wait found
# (every wait when limit > 34). h is restored before return (it is changed while testing).
cdef int formal_waits(const uint8_t* h, int n_tiles, int limit, int* first,
                      uint64_t* waits) noexcept nogil
