# The compiled part of mahjong/additive.py that the kernels of the additive rule sets
# (mahjong/two_player/_kernel.pyx, mahjong/tongcheng/_kernel.pyx) share, header-only: every
# function is inline, so there is no _additive extension module.
from mahjong_core._types cimport (uint8_t, MELD_CHOW, MELD_PUNG, MELD_KONG,
                                  MELD_CONCEALED_KONG)


cdef inline int checked_tile(object x, str what) except -1:
    cdef int t = x
    if t < 0 or t >= 34:
        raise ValueError(f"{what}: tile id {t} out of range")
    return t


cdef inline int meld_code(str kind) except -1:
    if kind == "chow":
        return MELD_CHOW
    if kind == "pung":
        return MELD_PUNG
    if kind == "kong":
        return MELD_KONG
    if kind == "concealed_kong":
        return MELD_CONCEALED_KONG
    raise ValueError(f"a 136-tile winning hand has no {kind} meld")


cdef inline int read_holding(tuple hand, tuple melds, uint8_t* c, uint8_t* b,
                             uint8_t* mp) except -1:
    """The counts of the concealed tiles into ``c`` (34 bytes) and of hand and melds into
    ``b`` (34 bytes, a kong counts 4), and the melds as [kind code, lowest tile] pairs into
    ``mp`` (8 bytes); returns the number of melds.

    ``hand`` holds the concealed tile ids (winning tile included), ``melds`` Meld objects,
    as a validated hand gives them (additive.full_hand or the record reader): 14 tiles
    counting a kong as 3, at most 4 copies of a tile. Anything else is a bug of the caller
    and raises ValueError (the arrays are C arrays: nothing is written out of bounds).
    """
    cdef int i, t, n_melds = len(melds), size = len(hand)
    cdef object m
    cdef tuple tiles
    if n_melds > 4:
        raise ValueError("a winning hand has at most 4 melds")
    for i in range(34):
        c[i] = 0
    for x in hand:
        c[checked_tile(x, "hand")] += 1
    for i in range(34):
        b[i] = c[i]
    for i in range(n_melds):
        m = melds[i]
        tiles = m.tiles
        mp[2 * i] = meld_code(m.kind)
        mp[2 * i + 1] = checked_tile(tiles[0], "meld")
        for x in tiles:
            b[checked_tile(x, "meld")] += 1
        size += 3
    if size != 14:
        raise ValueError("a winning hand has 14 tiles (a kong counts 3)")
    for i in range(34):
        if b[i] > 4:
            raise ValueError("more than 4 copies of a tile")
    return n_melds
