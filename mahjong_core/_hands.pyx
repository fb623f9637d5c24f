"""The Scorer of a room's kernel: its scoring function made callable from Python.

A room kernel (``mahjong/<room>/_kernel.pyx``) writes its pattern ladder as one C function
on the hand facts of ``_hands.pxd`` and returns ``make_scorer(that function, its number of
items, its option values)``. The Python room calls the Scorer's methods; they validate
nothing beyond memory safety (the room checks every hand first) and raise ValueError only
for a call that would read or write out of bounds (a bug in the caller, not user input).
"""
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.string cimport memcpy, memset

from mahjong_core._types cimport (uint8_t, int16_t, uint32_t, uint64_t, N_KINDS, N_SUITED,
                                  MELD_CHOW, MELD_PUNG, MELD_CONCEALED_KONG)
from mahjong_core._tileparse cimport count_id_items, count_tile_ids
from mahjong_core._waits cimport formal_waits
from mahjong_core._bits cimport ctz64


cdef int best_wait(uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                   const uint8_t* meld_tile, bint skip_own_four, hand_scorer score,
                   const int* opts, int16_t* items, int* best_tile) noexcept nogil:
    """Largest discard-win fan (no win flags) over the waits of a 13-tile hand, the lowest
    such tile in best_tile; -1 (and tile -1) if no wait wins.

    The candidates are the formal waits of the concealed tiles (the core's wait search):
    any other tile leaves neither 4 sets + a pair nor seven pairs, so it cannot win. With
    skip_own_four, a wait counts only while a copy of it is outside the player's own hand
    and melds (空听); a fifth copy in the hand never counts.
    """
    cdef uint8_t padded[48]      # the wait search reads 48 bytes (34 counts + padding)
    cdef uint8_t own[34]
    cdef uint64_t waits = 0
    cdef int t, k, fan, best = -1, first = -1, n_tiles = 0
    memset(padded, 0, 48)
    for t in range(N_KINDS):
        padded[t] = hand[t]
        own[t] = hand[t]
        n_tiles += hand[t]
    for k in range(n_melds):
        t = meld_tile[k]
        if meld_kind[k] == MELD_CHOW:
            own[t] += 1
            own[t + 1] += 1
            own[t + 2] += 1
        elif meld_kind[k] == MELD_PUNG:
            own[t] += 3
        else:
            own[t] += 4
    best_tile[0] = -1
    formal_waits(padded, n_tiles, 64, &first, &waits)
    while waits:
        t = ctz64(waits)
        waits &= waits - 1
        if own[t] >= 4 and (skip_own_four or hand[t] >= 4):
            continue
        hand[t] += 1
        fan = score(hand, n_melds, meld_kind, meld_tile, 0, opts, items)
        hand[t] -= 1
        if fan > 0 and fan > best:
            best = fan
            best_tile[0] = t
    return best


cdef Py_ssize_t read_bytes(object data, uint8_t* out, Py_ssize_t cap) except -1:
    """Copy the bytes of ``data`` (bytes or bytearray read in place, any other buffer of
    bytes through a view) into out, when there are at most ``cap`` of them; returns their
    number (the rooms pass bytes: no memoryview is made for them)."""
    cdef const uint8_t[::1] view
    cdef const uint8_t* p = NULL
    cdef Py_ssize_t size
    if type(data) is bytes:
        p = <const uint8_t*>PyBytes_AS_STRING(data)
        size = PyBytes_GET_SIZE(data)
    elif type(data) is bytearray:
        p = <const uint8_t*>PyByteArray_AS_STRING(data)
        size = PyByteArray_GET_SIZE(data)
    else:
        view = data
        size = view.shape[0]
        if size:
            p = &view[0]
    if 0 < size <= cap:
        memcpy(out, p, size)
    return size


cdef int unpack_melds(object melds, uint8_t* kinds, uint8_t* tiles) except -1:
    """Flat [code, tile] pairs (at most 4) into parallel arrays; returns the count."""
    cdef uint8_t pairs[8]
    cdef Py_ssize_t size = read_bytes(melds, pairs, 8)
    cdef int k, n = <int>(size // 2)
    if size % 2 or size > 8:
        raise ValueError("melds must be a flat buffer of at most 4 [kind, tile] pairs")
    for k in range(n):
        kinds[k] = pairs[2 * k]
        tiles[k] = pairs[2 * k + 1]
    return n


cdef int copy_counts(object hand, uint8_t* out) except -1:
    """The 34 counts of ``hand`` (any buffer of bytes) into out[34]."""
    if read_bytes(hand, out, N_KINDS) != N_KINDS:
        raise ValueError("hand must hold 34 counts")
    return 0


cdef int unpack_checked_melds(object melds, uint8_t* kinds,
                              uint8_t* tiles) except -1:
    """unpack_melds, each meld checked to be a meld of suit tiles."""
    cdef int k, n = unpack_melds(melds, kinds, tiles)
    for k in range(n):
        if kinds[k] < MELD_CHOW or kinds[k] > MELD_CONCEALED_KONG or tiles[k] >= N_SUITED \
                or (kinds[k] == MELD_CHOW and tiles[k] % 9 > 6):
            raise ValueError(f"bad meld row [{kinds[k]}, {tiles[k]}]")
    return n


cdef int counts_from_ids(tuple ids, uint8_t* counts) except -1:
    """Count a tuple of suit-tile ids into counts[34]; a bad id is a ValueError."""
    cdef Py_ssize_t bad
    cdef int t
    memset(counts, 0, N_KINDS)
    if count_id_items(ids, counts, 4) >= 0:  # plain ints 0..33, read in place
        for t in range(N_SUITED, N_KINDS):
            if counts[t]:
                break
        else:
            return 0
        memset(counts, 0, N_KINDS)
    bad = count_tile_ids(ids, counts, N_SUITED, False)  # (the slow path words the error)
    if bad >= 0:
        raise ValueError(f"tile id {ids[bad]!r} is not a suit tile or has a fifth copy")
    return 0


cdef class Scorer:
    """A room's scoring function with fixed option values (made by the room's kernel)."""

    def score_ids(self, tuple hand, object melds, uint32_t flags):
        """``(fan, items)`` of one winning hand given as suit-tile ids (winning tile
        included): the fan (0 = not a win) and the item counts as bytes, one per item id."""
        cdef uint8_t counts[34]
        cdef uint8_t kinds[4]
        cdef uint8_t tiles[4]
        cdef int16_t items[MAX_ITEMS]
        cdef char out[MAX_ITEMS]
        cdef int k, fan
        cdef int n = unpack_checked_melds(melds, kinds, tiles)
        counts_from_ids(hand, counts)
        fan = self.fn(counts, n, kinds, tiles, flags, self.opts, items)
        for k in range(self.n_items):
            out[k] = <char>items[k]   # item counts are small (at most 4 of a kind)
        return fan, out[:self.n_items]

    def score_one(self, const uint8_t[::1] hand, object melds, uint32_t flags,
                  int16_t[::1] items):
        """Fan of one hand given as 34 counts, winning tile included (0 = not a win);
        fills ``items`` (one slot per item id)."""
        cdef uint8_t kinds[4]
        cdef uint8_t tiles[4]
        cdef int n = unpack_melds(melds, kinds, tiles)
        if hand.shape[0] != N_KINDS or items.shape[0] < self.n_items:
            raise ValueError("hand must hold 34 counts and items one slot per item")
        return self.fn(&hand[0], n, kinds, tiles, flags, self.opts, &items[0])

    def best_wait_one(self, object hand, object melds, bint skip_own_four=True):
        """``(fan, tile)`` of the most valuable discard win of a 13-tile hand given as 34
        counts; ``(-1, -1)`` if it is not ready. skip_own_four: a tile whose four copies
        are all in the player's own hand and melds is not a wait (空听)."""
        cdef uint8_t work[34]
        cdef uint8_t kinds[4]
        cdef uint8_t tiles[4]
        cdef int16_t items[MAX_ITEMS]
        cdef int tile, fan, n = unpack_melds(melds, kinds, tiles)
        copy_counts(hand, work)
        fan = best_wait(work, n, kinds, tiles, skip_own_four, self.fn, self.opts, items, &tile)
        return fan, tile

    def closing_hand_facts(self, tuple hand, object melds,
                           bint skip_own_four=True):
        """``(n_suits, fan, tile)`` of a closing (13-tile) hand given as suit-tile ids: the
        suits held in hand and melds, and its best wait as best_wait_one gives it."""
        cdef uint8_t counts[34]
        cdef uint8_t kinds[4]
        cdef uint8_t tiles[4]
        cdef int16_t items[MAX_ITEMS]
        cdef int t, k, fan, tile, suit_bits = 0
        cdef int n = unpack_checked_melds(melds, kinds, tiles)
        counts_from_ids(hand, counts)
        for t in range(N_SUITED):
            if counts[t]:
                suit_bits |= 1 << (t // 9)
        for k in range(n):
            suit_bits |= 1 << (tiles[k] // 9)
        fan = best_wait(counts, n, kinds, tiles, skip_own_four, self.fn, self.opts, items,
                        &tile)
        return (suit_bits & 1) + ((suit_bits >> 1) & 1) + ((suit_bits >> 2) & 1), fan, tile

    def score_batch(self, const uint8_t[:, ::1] hands, const uint8_t[:, :, ::1] melds,
                    const uint8_t[::1] n_melds, const uint32_t[::1] flags,
                    int16_t[::1] fan_out, int16_t[:, ::1] items_out):
        """Score N validated hands without the GIL: (N, 34) counts, (N, 4, 2) meld rows,
        meld counts and WIN_* flags per row; fills fan_out (N,) and items_out (N, items)."""
        cdef Py_ssize_t i, n = hands.shape[0]
        cdef uint8_t kinds[4]
        cdef uint8_t tiles[4]
        cdef int k
        if items_out.shape[0] != n or (n and items_out.shape[1] < self.n_items) \
                or fan_out.shape[0] != n:
            raise ValueError("fan_out and items_out must have a row per hand")
        with nogil:
            for i in range(n):
                for k in range(n_melds[i]):
                    kinds[k] = melds[i, k, 0]
                    tiles[k] = melds[i, k, 1]
                fan_out[i] = self.fn(&hands[i, 0], n_melds[i], kinds, tiles, flags[i],
                                     self.opts, &items_out[i, 0])


cdef Scorer make_scorer(hand_scorer fn, int n_items, tuple opts):
    """A Scorer for a room's scoring function, its number of item ids and option values."""
    cdef Scorer s = Scorer.__new__(Scorer)
    cdef int i
    if n_items > MAX_ITEMS or len(opts) > MAX_OPTIONS:
        raise ValueError("a room's scorer has at most 32 items and 4 option values")
    s.fn = fn
    s.n_items = n_items
    for i in range(MAX_OPTIONS):
        s.opts[i] = opts[i] if i < len(opts) else 0
    return s


cdef int load_item_fans(tuple rows, int* fan, int n_items, int check_id,
                        str check_key) except -1:
    cdef int i
    if len(rows) != n_items or n_items > MAX_ITEMS or rows[check_id][0] != check_key:
        raise ImportError("a room's item table does not match its item ids")
    for i in range(n_items):
        fan[i] = rows[i][3]
    return 0
