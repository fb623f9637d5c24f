# Shared constants and typedefs of the Cython core: the ONE definition of every code that
# crosses a module boundary. Kernels cimport them; the Python side reads the same values
# from the compiled module mahjong_core._types (the enums below are `cpdef`), so there is
# no second copy to keep equal.
#
# Every kernel works on a packed count array `uint8_t counts[34]` in tenhou 34-format order:
# 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-30 = E S W N, 31-33 = white green red.
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t, uint16_t, uint32_t, uint64_t

cpdef enum:
    N_KINDS = 34
    N_SUITED = 27
    FIRST_HONOR = 27

# Hand forms, as bits, so a caller can ask for the minimum over any subset.
cpdef enum:
    FORM_REGULAR = 1            # 4 sets + a pair (with 0-4 melds)
    FORM_SEVEN_PAIRS = 2        # 七对 (four of a kind counts as two pairs)
    FORM_THIRTEEN_ORPHANS = 4   # 十三幺
    FORM_HONORS_KNITTED = 8     # 全不靠 / 七星不靠 shape
    FORM_KNITTED_STRAIGHT = 16  # 组合龙 + one set + a pair
    FORM_ALL = 31               # the five forms above (what shanten searches)
    FORM_NINE_GATES = 32        # 九莲宝灯: a regular hand that a scorer may read as one form

# Meld codes of the batch APIs (`melds (N, 4, 2)` rows of [code, tile]) and of the flat
# [code, tile] byte pairs the scalar kernels take.
cpdef enum:
    MELD_NONE = 0
    MELD_CHOW = 1               # tile = lowest tile of the run
    MELD_PUNG = 2
    MELD_KONG = 3               # exposed (明杠)
    MELD_CONCEALED_KONG = 4     # 暗杠
    MELD_SINGLE_KONG = 5        # a one-tile kong (it does not count toward the 14 tiles)

# Win-circumstance bits (mahjong.ruleset.WinFlag reads these). A rule set uses the ones it
# knows; one whose kernel packs its context differently derives its bits from these.
cpdef enum:
    WIN_SELF_DRAWN = 1
    WIN_REPLACEMENT = 2         # self-draw on a kong replacement
    WIN_AFTER_KONG = 4          # on the discard the discarder made right after a kong
    WIN_ROBBING_KONG = 8        # robbing a kong
    WIN_LAST_TILE = 16          # on the last tile of the wall
    WIN_HEAVENLY = 32           # the dealer's initial 14
    WIN_EARTHLY = 64            # a non-dealer's first draw (or the dealer's first discard)
    WIN_FIRST_ROUND = 128       # a discard win in the first go-around

# Error codes a scoring kernel returns in place of a total (negative, so any total >= 0 is a
# result). The rooms word them for users.
cpdef enum:
    ERR_NOT_WINNING = -1        # the tiles form no complete hand
    ERR_TOO_MANY_COPIES = -2    # a fifth copy of a tile (or a count above 4)
    ERR_BAD_MELD = -3           # unknown meld code, tile out of range, a chow that cannot start there
    ERR_BAD_CONTEXT = -4        # an impossible win context (flags, winds, flowers)
    ERR_WRONG_TILE_COUNT = -5   # concealed + 3 per meld is not the hand size
    ERR_BAD_TILE = -6           # a tile id out of range (or text that is not plain notation)

# Tiles with a name of their own (tenhou ids) and the largest table.
cpdef enum:
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31                  # 白板 (5z)
    GREEN = 32                  # 发财 (6z)
    RED = 33                    # 红中 (7z)
    FIRST_FLOWER = 34           # flower ids 34..41 in a wall (spring..summer, plum..bamboo)
    N_FLOWERS = 8
    MAX_SEATS = 4
# Event kinds of the typed game log. The record's "type" of code c is EVENT_TYPES[c - 1]
# (mahjong_core._types); EV_PENALTY is an offender's penalty that ends the hand (Botzone's
# duplicate-wall game: an illegal move or a false win); EV_VOID is the engine's own (a
# void-suit declaration, which the record keeps in its "void" field, not as an event).
cpdef enum:
    EV_NONE = 0
    EV_DRAW = 1
    EV_DISCARD = 2
    EV_CHOW = 3
    EV_PUNG = 4
    EV_KONG = 5                 # with a KONG_* kind
    EV_READY = 6
    EV_FLIP = 7
    EV_WIN = 8
    EV_EXHAUSTED = 9
    EV_PENALTY = 10
    EV_VOID = 11
# Kong kinds of a kong event (the record's "kind" of code k is KONG_KINDS[k]).
cpdef enum:
    KONG_CONCEALED = 0
    KONG_EXPOSED = 1
    KONG_ADDED = 2
    KONG_SINGLE = 3
# The last win-circumstance bit (after WIN_FIRST_ROUND above): the record's win flag
# WIN_FLAGS[i] is the bit 2 << i (WIN_SELF_DRAWN, bit 1, is read from the win's "from").
cpdef enum:
    WIN_FOURTH_TILE = 256       # 和绝张-style: the fourth copy of the winning tile
