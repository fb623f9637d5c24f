# A room's compiled win check: what the game engine asks, for every win it could offer,
# with its own arrays (no Python, no tile text, no record in between).
#
# The engine fills a WinView (pointers into its own state) and calls the room's
# `win_check_fn` without the GIL. The function is the room's scoring kernel plus the
# room's own refusals (the same kernel its public score() calls: one path); it returns the
# value of the win as the room's settlement gives it (> 0), 0 when the rule set refuses the
# win, or a negative ERR_* code of mahjong_core._types when the question itself is
# impossible (a bug of the caller, which the engine raises).
#
# A room's kernel makes one WinCheck per set of options with make_win_check (its function
# and its option ints); the room's PlaySpec carries it (`win_check=`).
from mahjong_core._types cimport (FIRST_HONOR, uint8_t, uint32_t, N_KINDS, MELD_KONG, MELD_CONCEALED_KONG,
                                  MELD_SINGLE_KONG, MELD_CHOW, MELD_PUNG, MAX_SEATS,
                                  WIN_SELF_DRAWN, WIN_REPLACEMENT, WIN_AFTER_KONG,
                                  WIN_ROBBING_KONG, WIN_HEAVENLY, WIN_EARTHLY, WIN_FIRST_ROUND)

cdef enum:
    MAX_CHECK_OPTIONS = 16      # the most option ints a room's check reads
    CHECK_OVERFLOW = -100       # a check's answer: the value does not fit a C int


cdef inline int value_or_overflow(long long x) noexcept nogil:
    """x as a check's answer (CHECK_OVERFLOW above 2^31 - 1)."""
    return <int>x if x <= 2147483647 else CHECK_OVERFLOW


cdef struct WinView:
    # the win
    const uint8_t* counts       # 34 counts of the concealed hand, the winning tile included
    int n_melds                 # the winner's melds (single kongs included)
    const uint8_t* meld_kind    # MELD_* codes
    const uint8_t* meld_tile    # a chow's lowest tile, else the tile
    int win_tile
    uint32_t flags              # WIN_* bits; WIN_SELF_DRAWN for a self-draw
    int seat
    int from_seat               # the discarder (the robbed seat on robbing_kong); -1 self-draw
    int flowers                 # flowers the winner set aside
    int void_suit               # the winner's declared void suit (0..2), -1: none
    int event_index             # the index the win would have among the log's events
    # the table
    int seats
    int dealer
    int round_wind              # 0..3 = E S W N
    int indicator               # the turned-up indicator tile, -1: none
    int wildcard                # the wildcard tile, -1: none
    int dealer_discards         # discards the dealer made so far
    int discards                # discards so far (every seat's)
    int n_flower_indicators     # tiles shown face up as flower indicators (two-player)
    const uint8_t* flower_indicators
    # every seat (index < seats): its melds as the winner's above, its 报听
    int seat_n_melds[MAX_SEATS]
    const uint8_t* seat_meld_kind[MAX_SEATS]
    const uint8_t* seat_meld_tile[MAX_SEATS]
    int ready_at[MAX_SEATS]     # the event index of the seat's ready declaration, -1: none
    int ready_first_discard[MAX_SEATS]  # 1: that declaration came on the dealer's first
                                # discard (no claim or kong before it, the only discard before
                                # it the dealer's, a non-dealer before his first draw)


# A room's check: the value of the win in v (> 0), 0 = refused, < 0 an ERR_* code. opts:
# the check's option ints; data: the bytes the room packed with them (tables), or NULL.
ctypedef int (*win_check_fn)(const WinView* v, const int* opts,
                             const char* data) noexcept nogil


# The check of a room with its option values (made by make_win_check; the engine calls
# `fn(&view, check.opts)`).
cdef class WinCheck:
    cdef win_check_fn fn
    cdef int opts[MAX_CHECK_OPTIONS]
    cdef readonly str rules     # the room's registry name (for error texts)
    cdef readonly dict errors   # the room's own negative answers -> what is wrong
    cdef readonly bytes data    # the room's tables (fn reads them as data)
    cdef const char* data_ptr   # data's buffer, NULL without data

    cdef inline int ask(self, const WinView* v) noexcept nogil:
        return self.fn(v, self.opts, self.data_ptr)


# errors: the texts of the room's own negative answers (beside the ERR_* codes), e.g. "a
# single kong" for a rule set that has none; a caller raises them naming the win.
cdef WinCheck make_win_check(win_check_fn fn, str rules, tuple opts, dict errors=*,
                             bytes data=*)


# --- facts several rooms' checks read (inline: compiled into each room's kernel) ----------

cdef inline bint has_kong(const WinView* v) noexcept nogil:
    """Does the winner show a kong (exposed, concealed or single)?"""
    cdef int k, m
    for k in range(v.n_melds):
        m = v.meld_kind[k]
        if m == MELD_KONG or m == MELD_CONCEALED_KONG or m == MELD_SINGLE_KONG:
            return 1
    return 0


cdef inline int held_copies(const WinView* v, int t) noexcept nogil:
    """Copies of tile t the winner holds: concealed (the winning tile included) and in
    melds."""
    cdef int k, m, n = v.counts[t], b
    for k in range(v.n_melds):
        m = v.meld_kind[k]
        b = v.meld_tile[k]
        if m == MELD_CHOW:
            n += (b == t) + (b + 1 == t) + (b + 2 == t)
        elif b == t:
            n += 3 if m == MELD_PUNG else 1 if m == MELD_SINGLE_KONG else 4
    return n


cdef inline bint kong_context_ok(const WinView* v) noexcept nogil:
    """The kong circumstances of the win against the holding: 杠上花 needs a kong among the
    melds; the robbed tile is the fourth copy, so the winner holds exactly one."""
    if v.flags & WIN_REPLACEMENT and not has_kong(v):
        return 0
    if v.flags & WIN_ROBBING_KONG and held_copies(v, v.win_tile) != 1:
        return 0
    return 1


cdef inline bint suited_only(const WinView* v, bint allow_chow) noexcept nogil:
    """Suit tiles only (a 108-tile rule set), and no chow unless allowed."""
    cdef int k, t
    for t in range(27, N_KINDS):
        if v.counts[t]:
            return 0
    for k in range(v.n_melds):
        if v.meld_tile[k] >= FIRST_HONOR or (v.meld_kind[k] == MELD_CHOW and not allow_chow):
            return 0
    return 1


cdef inline bint flags_consistent(uint32_t flags) noexcept nogil:
    """No two win circumstances contradict: 杠上花 and 天胡 are self-draws; 杠上炮, 抢杠 and
    人和 are not; 天胡, 地胡 and 人和 exclude each other."""
    cdef bint self_drawn = (flags & WIN_SELF_DRAWN) != 0
    if flags & (WIN_REPLACEMENT | WIN_HEAVENLY) and not self_drawn:
        return 0
    if flags & (WIN_AFTER_KONG | WIN_ROBBING_KONG | WIN_FIRST_ROUND) and self_drawn:
        return 0
    return ((flags & WIN_HEAVENLY) != 0) + ((flags & WIN_EARTHLY) != 0) + \
        ((flags & WIN_FIRST_ROUND) != 0) <= 1


cdef inline int holding(const WinView* v, uint8_t* b, uint8_t* mp) noexcept nogil:
    """b: the 34 counts of every tile the winner holds (concealed and melds); mp: the melds
    as [MELD code, tile] byte pairs (at most 4; single kongs are not among them, their tile
    is in b). Returns the number of pairs, -1 with more than 4."""
    cdef int t, k, m, n = 0
    for t in range(N_KINDS):
        b[t] = v.counts[t]
    for k in range(v.n_melds):
        m = v.meld_kind[k]
        t = v.meld_tile[k]
        if m == MELD_SINGLE_KONG:
            b[t] += 1
            continue
        if n >= 4:
            return -1
        mp[2 * n] = m
        mp[2 * n + 1] = t
        n += 1
        if m == MELD_CHOW:
            b[t] += 1
            b[t + 1] += 1
            b[t + 2] += 1
        else:
            b[t] += 3 if m == MELD_PUNG else 4
    return n
