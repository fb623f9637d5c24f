# Shared constants and typedefs of the Cython core. Every kernel works on a
# packed count array `uint8_t counts[34]` in tenhou 34-format order:
# 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-30 = E S W N, 31-33 = white green red.
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t, uint16_t, uint32_t, uint64_t

cdef enum:
    N_KINDS = 34
    N_SUITED = 27
    FIRST_HONOR = 27

# Hand forms, as bits, so a caller can ask for the minimum over any subset.
cdef enum:
    FORM_REGULAR = 1            # 4 sets + a pair (with 0-4 melds)
    FORM_SEVEN_PAIRS = 2        # 七对 (GB: four of a kind counts as two pairs)
    FORM_THIRTEEN_ORPHANS = 4   # 十三幺
    FORM_HONORS_KNITTED = 8     # 全不靠 / 七星不靠 shape
    FORM_KNITTED_STRAIGHT = 16  # 组合龙 + one set + a pair
    FORM_ALL = 31

# Meld types of the batch APIs (`melds (N, 4, 2)` rows of [type, tile]).
cdef enum:
    MELD_NONE = 0
    MELD_CHOW = 1               # tile = lowest tile of the run
    MELD_PUNG = 2
    MELD_KONG = 3               # exposed (明杠)
    MELD_CONCEALED_KONG = 4     # 暗杠
