# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The game engine's state machine: one hand of any rule set, from the shuffle to the end.

The table knows no rule set. What differs between rule sets is a knob of the PlaySpec the
room gives (mahjong/playspec.py) or the room's compiled win check, which the table asks
with its own arrays (no Python) only when a seat holds a complete shape. Everything else is
C over packed counts:
the deal, draws, kongs and their replacements, the claim window after a discard (every
claim collected, then resolved 胡 > 杠/碰 > 吃), the built-in agents' choices.

A decision belongs to one seat at a time (`decider`). Claims on a discard are asked of each
seat that has one, in play order after the discarder, and carried out only when all have
answered. `run_builtin` plays the seats whose agent is built in until an external agent must
decide or the hand is over; `step` applies one action of the decider.

The log is kept as small C arrays and turned into a record v2 mapping on demand.
"""
from libc.string cimport memset, memcpy, strlen
from libc.math cimport pow
from libc.stdlib cimport realloc, free
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t, uint32_t, uint64_t

cimport cython

import json

import numpy as np

from mahjong_core._types cimport (FORM_REGULAR, FORM_SEVEN_PAIRS, FORM_THIRTEEN_ORPHANS,
                                  FORM_NINE_GATES)
from mahjong_core._types cimport (FIRST_HONOR, MAX_SEATS, N_KINDS, MELD_CHOW, MELD_PUNG, MELD_KONG,
                                  MELD_CONCEALED_KONG, MELD_SINGLE_KONG,
                                  EV_DRAW, EV_DISCARD, EV_CHOW, EV_PUNG, EV_KONG, EV_READY,
                                  EV_FLIP, EV_WIN, EV_EXHAUSTED, EV_VOID,
                                  KONG_CONCEALED, KONG_EXPOSED, KONG_ADDED, KONG_SINGLE,
                                  WIN_REPLACEMENT, WIN_AFTER_KONG, WIN_ROBBING_KONG,
                                  WIN_LAST_TILE, WIN_HEAVENLY, WIN_EARTHLY, WIN_FIRST_ROUND,
                                  WIN_FOURTH_TILE, WIN_SELF_DRAWN)
from mahjong_core._shanten cimport hand_missing
from mahjong_core._bits cimport popcount64, ctz64
from mahjong_core._wincheck cimport WinView, WinCheck

from mahjong.errors import MahjongError
from mahjong.playspec import WinQuery
from mahjong.tiles import TENHOU_NAMES


cdef enum:
    MAX_WALL = 144       # 136 tiles and 8 flowers (ids 34..41)
    MAX_EV = 1024
    MAX_MELDS = 16
    MAX_WINS = 4
    PL_MAX = 8           # wins a seat may decline between two draws, kept while checking
    TH_MAX = 64          # standing hands a seat's tenpai_at waits for, while checking

# --- the fixed action index space (mahjong.game.actions names them) -----------------------
cpdef enum:
    A_DISCARD = 0        # + tile: discard it
    A_KONG = 34          # + tile: concealed, added or single kong on one's own turn
    A_TSUMO = 68         # self-draw win
    A_RON = 69           # win on the discard (or robbing the kong) just made
    A_PUNG = 70
    A_MINGKONG = 71      # exposed kong on the discard
    A_CHOW_LOW = 72      # the discard is the lowest tile of the run
    A_CHOW_MID = 73
    A_CHOW_HIGH = 74
    A_PASS = 75
    A_READY = 76         # 报听 (then a discard that keeps the hand ready)
    A_VOID = 77          # + suit 0..2: declare the void suit (定缺)
    A_SWAP = 80          # + tile: pick it for 换三张, or return it to the reserve (换牌)
    A_DONE = 114         # no more tiles to return (换牌)
    N_ACTIONS = 115

# --- phases -------------------------------------------------------------------------------
cpdef enum:
    PH_VOID = 1          # each seat declares a void suit, in turn from the dealer
    PH_ACT = 2           # the decider's own turn (after a draw or a claim)
    PH_CLAIM = 3         # claims on a discard
    PH_ROB = 4           # robbing an added kong
    PH_OVER = 5
    PH_EXCHANGE = 6      # 换三张: each seat picks three tiles of one suit
    PH_SWAP = 7          # 换牌: each seat returns tiles to the reserve for new ones

# --- agents -------------------------------------------------------------------------------
cpdef enum:
    AGENT_EXTERNAL = 0
    AGENT_RANDOM = 1
    AGENT_GREEDY = 2
    AGENT_STRONG = 3

# --- the log's codes: one source, mahjong_core/_types (EV_*, KONG_*, the WIN_* bits: a
# record's win flag WIN_FLAGS[i] is the bit 2 << i); re-exported here for old imports
from mahjong_core import _types as _core_types
from mahjong_core._types import WIN_FLAGS as WIN_FLAG_NAMES, KONG_KINDS, MELD_NAMES

globals().update({_n: getattr(_core_types, _n) for _n in dir(_core_types)
                  if _n.startswith(("EV_", "KONG_"))})

#: the size of the observation vector `Table.observe_into` fills
OBS_PLANES = 10
OBS_SIZE = OBS_PLANES * 34 + 32


# --- the compiled JSON writer (Table.log_json) ---------------------------------------------

cdef enum:
    HOLDING_BYTES = 68   # a packed holding (Table.packed_log)

cdef void _pack_holding(uint8_t* p, const uint8_t* counts, const uint8_t* mk, const uint8_t* mt,
                        int nm, int last) noexcept nogil:
    cdef int i
    memcpy(p, counts, 34)
    if nm > MAX_MELDS:
        nm = MAX_MELDS
    p[34] = nm
    for i in range(nm):
        p[35 + 2 * i] = mk[i]
        p[36 + 2 * i] = mt[i]
    p[67] = last if last < 255 else 255


cdef bytes _byte_string(object b):
    """b as bytes: bytes as they are, a bytearray or another buffer of bytes copied."""
    cdef const uint8_t[::1] view
    if type(b) is bytes:
        return <bytes>b
    if type(b) is bytearray:
        return PyBytes_FromStringAndSize(PyByteArray_AS_STRING(b), PyByteArray_GET_SIZE(b))
    view = b                     # (anything else: a contiguous buffer of bytes, or refused)
    if view.shape[0] == 0:
        return b""
    return PyBytes_FromStringAndSize(<const char*>&view[0], view.shape[0])


cdef struct _Out:
    char* p
    Py_ssize_t n, cap

cdef tuple _KONG_KIND_BYTES = tuple([k.encode() for k in KONG_KINDS])
cdef tuple _FLAG_JSON = tuple([f',"{name}":true'.encode() for name in WIN_FLAG_NAMES])
cdef tuple _MELD_JSON = tuple([f'{{"type":"{name}","tiles":'.encode() for name in MELD_NAMES])
cdef const char* _SUITS = b"mpsz"
cdef dict _VALUE_JSON = {}     # str and other non-int values of a result -> JSON bytes

cdef int _room(_Out* o, Py_ssize_t k) except -1:
    cdef Py_ssize_t cap
    cdef char* q
    if o.n + k <= o.cap:
        return 0
    cap = 2 * o.cap + k + 4096
    q = <char*>realloc(o.p, cap)
    if q == NULL:
        raise MemoryError()
    o.p = q
    o.cap = cap
    return 0

cdef inline int _put(_Out* o, const char* s, Py_ssize_t k) except -1:
    if o.n + k > o.cap:
        _room(o, k)
    memcpy(o.p + o.n, s, k)
    o.n += k
    return 0

cdef inline int _puts(_Out* o, const char* s) except -1:
    return _put(o, s, strlen(s))

cdef inline int _put_bytes(_Out* o, bytes b) except -1:
    return _put(o, PyBytes_AS_STRING(b), PyBytes_GET_SIZE(b))

cdef inline int _putc(_Out* o, char c) except -1:
    if o.n + 1 > o.cap:
        _room(o, 1)
    o.p[o.n] = c
    o.n += 1
    return 0

cdef int _puti(_Out* o, long v) except -1:
    cdef char tmp[24]
    cdef int k = 24
    cdef bint neg = v < 0
    cdef unsigned long u = <unsigned long>(-v) if neg else <unsigned long>v
    if u < 10 and not neg:          # (seats and most counts)
        return _putc(o, 48 + u)
    while True:
        k -= 1
        tmp[k] = 48 + u % 10
        u //= 10
        if u == 0:
            break
    if neg:
        k -= 1
        tmp[k] = 45
    return _put(o, tmp + k, 24 - k)

cdef inline int _kv_int(_Out* o, const char* key, long v) except -1:
    _puts(o, key)
    return _puti(o, v)

cdef inline int _kv_tile(_Out* o, const char* key, int t) except -1:
    _puts(o, key)
    return _put_tile(o, t)

cdef inline int _put_tile(_Out* o, int t) except -1:
    cdef char tmp[4]
    tmp[0] = 34
    tmp[1] = 49 + (t % 9 if t < FIRST_HONOR else t - 27)
    tmp[2] = _SUITS[t // 9 if t < FIRST_HONOR else 3]
    tmp[3] = 34
    return _put(o, tmp, 4)

cdef int _put_tiles(_Out* o, const uint8_t* tiles, int n) except -1:
    """A list of tiles by name: ["1m","5z"]."""
    cdef int i
    _putc(o, 91)
    for i in range(n):
        if i:
            _putc(o, 44)
        _put_tile(o, tiles[i])
    return _putc(o, 93)

cdef int _put_hand(_Out* o, const uint8_t* c) except -1:
    """The concealed tiles as the record's hand text ("123m55z"), quoted."""
    cdef int suit, r, n
    cdef bint any_
    _putc(o, 34)
    for suit in range(4):
        any_ = 0
        for r in range(9 if suit < 3 else 7):
            for n in range(c[suit * 9 + r]):
                _putc(o, 49 + r)
                any_ = 1
        if any_:
            _putc(o, _SUITS[suit])
    return _putc(o, 34)

cdef int _put_meld_tiles(_Out* o, int code, int t) except -1:
    """A meld's tiles text, quoted: "123m", "555z", "1111s", "5z"."""
    cdef char d = 49 + (t % 9 if t < FIRST_HONOR else t - 27)
    cdef char suit = _SUITS[t // 9 if t < FIRST_HONOR else 3]
    cdef int k
    _putc(o, 34)
    if code == MELD_CHOW:
        _putc(o, d)
        _putc(o, d + 1)
        _putc(o, d + 2)
    elif code == MELD_PUNG:
        _putc(o, d)
        _putc(o, d)
        _putc(o, d)
    elif code == MELD_SINGLE_KONG:
        _putc(o, d)
    else:
        for k in range(4):
            _putc(o, d)
    _putc(o, suit)
    return _putc(o, 34)

cdef int _put_melds(_Out* o, const uint8_t* mk, const uint8_t* mt, int n) except -1:
    cdef int i
    _putc(o, 91)
    for i in range(n):
        if i:
            _putc(o, 44)
        _put_bytes(o, _MELD_JSON[mk[i]])
        _put_meld_tiles(o, mk[i], mt[i])
        _putc(o, 125)
    return _putc(o, 93)

cdef int _put_value(_Out* o, v) except -1:
    """An int as itself; None, a str or anything else as json.dumps writes it (once)."""
    if type(v) is int and -(1 << 62) < v < (1 << 62):
        return _puti(o, v)
    if v is None:
        return _put(o, b"null", 4)
    got = _VALUE_JSON.get(v) if type(v) is str else None
    if got is None:
        got = json.dumps(v, ensure_ascii=False, separators=(",", ":")).encode()
        if type(v) is str:
            if len(_VALUE_JSON) >= 4096:
                _VALUE_JSON.clear()
            _VALUE_JSON[v] = got
    return _put_bytes(o, got)

cdef int _put_values(_Out* o, values) except -1:
    cdef bint first = 1
    _putc(o, 91)
    for v in values:
        if not first:
            _putc(o, 44)
        first = 0
        _put_value(o, v)
    return _putc(o, 93)


# --- a small deterministic generator (PCG32, O'Neill 2014), seeded by numpy's SeedSequence --
cdef struct Pcg:
    uint64_t state
    uint64_t inc

cdef inline uint32_t pcg_next(Pcg* g) noexcept nogil:
    cdef uint64_t old = g.state
    g.state = old * 6364136223846793005ULL + g.inc
    cdef uint32_t xorshifted = <uint32_t>(((old >> 18) ^ old) >> 27)
    cdef uint32_t rot = <uint32_t>(old >> 59)
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31))

cdef inline uint32_t pcg_below(Pcg* g, uint32_t n) noexcept nogil:
    """Uniform in [0, n) without modulo bias (rejection of the short last interval)."""
    cdef uint32_t threshold = (-n) % n
    cdef uint32_t r
    while True:
        r = pcg_next(g)
        if r >= threshold:
            return r % n

cdef void pcg_seed(Pcg* g, uint64_t seed, uint64_t stream) noexcept nogil:
    g.state = 0
    g.inc = (stream << 1) | 1
    pcg_next(g)
    g.state += seed
    pcg_next(g)


cdef inline int suit_of(int t) noexcept nogil:
    return t // 9 if t < FIRST_HONOR else 3


cdef inline int rank_of(int t) noexcept nogil:
    return t % 9


# --- the strong agent's weights -----------------------------------------------------------
cdef double SV_SPREAD = 0.9          # the worth of hands as far spreads over [0, SV_SPREAD]
cdef double SV_DEFEND_FAR = 0.8      # the weight of a discard's danger (in missing tiles),
cdef double SV_DEFEND_NEAR = 0.2     # by the hand's missing tiles after it: 3+, 2, 1
cdef double SV_DEFEND_READY = 0.0
cdef double SV_TSUMO_SHARE = 0.4     # a wait that only a self-draw may win
cdef double SV_VALUE_POW = 0.5       # a wait's worth: unseen copies x value ** this
# 血战 (the hand goes on after a win, kong money is paid at once, 查大叫 at the end):
cdef double SV_VALUE_POW_BLOODY = 1.0  # a wait's worth: unseen copies x value ** this
cdef int SV_KONG_COST = 1           # missing tiles an own kong, or a kong of a discard,
                                     # may cost
cdef double SV_RON_WAIT = 0.8       # pass a win on a discard when this x the chance of a
                                     # self-draw over its own draws left x the seats that
                                     # would pay it is over 1
cdef int SV_LATE_LEFT = 2           # with this many own draws left or fewer, a ready hand
                                     # is worth its best wait (what 查大叫 pays)
cdef enum:
    SV_MAX_D = 8                     # hands further than this rank together


@cython.final          # (no subclass: its methods are called directly, and inlined)
cdef class Table:
    """One hand in play. Made by mahjong.game.Game; see its docs for the public API."""

    # --- configuration (from the PlaySpec) -------------------------------------------------
    cdef public int seats, dealer, round_wind
    cdef bint k_chow, k_multi_ron, k_rob, k_pass_lock, k_bloody, k_dingque, k_void_win
    cdef bint k_ready_start, k_ready_any, k_ready_locks, k_ready_after, k_ready_window
    cdef bint k_flip, k_indicator, k_single_wild, k_wild_claims, k_no_kong_last
    cdef bint k_exchange, k_swap, k_reserve_draw, k_flowers, k_lone_pung, k_haidi_last
    cdef int k_haidi, k_must_win_last, k_forms, k_flag_mask, k_earthly, k_flower_ind
    cdef uint64_t single_mask, single_base
    cdef uint64_t free_shapes[8]
    cdef int n_free
    cdef public object spec
    cdef object win_value, ready_test
    cdef WinCheck win_check               # the room's compiled check (None: win_value)

    # --- the tiles -------------------------------------------------------------------------
    cdef uint8_t deck[MAX_WALL]   # as shuffled: the live part [0, live_end), then the reserve
    cdef int deck_n, live_end
    cdef int pos                  # the next live tile
    cdef int live_left            # playable (non-flower) live tiles from pos on
    cdef int deal_end             # pos once the deal (and the indicator) is done
    cdef bint k_parts             # wall parts: seat s deals and draws only from its part
    cdef int part_pos[MAX_SEATS]  # (the deck's live part cut in `seats` equal parts, in
    cdef int part_end[MAX_SEATS]  #  seat order) the next tile of each part, its end,
    cdef int part_left[MAX_SEATS] #  its playable tiles left, and where play began in it
    cdef int part_deal[MAX_SEATS]
    cdef int next_drawer          # the seat remaining() last looked at (wall parts)
    cdef uint8_t res[MAX_WALL]    # the reserve (two-player), in the order it is taken
    cdef int res_n, res_pos
    cdef uint8_t flower_ind[8]
    cdef int n_flower_ind
    cdef public int indicator, wildcard
    cdef bint setup_changed       # 换三张 / 换牌 moved tiles: the log deals the hands after it
    cdef uint8_t deal_counts[MAX_SEATS][34]

    # --- seats -----------------------------------------------------------------------------
    cdef uint8_t counts[MAX_SEATS][34]
    cdef uint8_t locked[MAX_SEATS][34]     # copies in set melds
    cdef uint8_t river[MAX_SEATS][34]      # discards not taken by a claim
    cdef uint8_t shown[34]                 # copies face up: rivers, exposed melds, indicator
    cdef uint8_t mk[MAX_SEATS][MAX_MELDS]  # meld codes MELD_*
    cdef uint8_t mt[MAX_SEATS][MAX_MELDS]  # meld tile (a chow's lowest)
    cdef int n_melds[MAX_SEATS]            # all melds, single kongs included
    cdef int n_sets[MAX_SEATS]             # melds that are sets
    cdef bint open_hand[MAX_SEATS]
    cdef public int won_count
    cdef int won[MAX_SEATS]
    cdef int ready[MAX_SEATS]
    cdef int ready_at[MAX_SEATS]           # event index of the ready declaration
    cdef int tenpai_at[MAX_SEATS]          # event index since the hand is ready (-1: not)
    cdef int void_suit[MAX_SEATS]
    cdef int greedy_void[MAX_SEATS]
    cdef int locked_out[MAX_SEATS]         # 过水
    cdef int had_turn[MAX_SEATS]
    cdef int flowers[MAX_SEATS]
    cdef int swaps[MAX_SEATS]
    cdef uint8_t picked[MAX_SEATS][34]     # 换三张 picks
    cdef int n_picked[MAX_SEATS]
    cdef uint64_t waits[MAX_SEATS]         # tiles completing the standing hand's shape
    cdef int agent_kind[MAX_SEATS]
    cdef Pcg agent_rng[MAX_SEATS]
    cdef Pcg table_rng

    # --- the turn --------------------------------------------------------------------------
    cdef public int phase, decider
    cdef int cur, last_draw, act_replacement, act_claimed, ready_pending, interrupted
    cdef bint had_draw, in_haidi, reserve_draw
    cdef int dealer_discards
    cdef int disc_tile, discarder, disc_after_kong, disc_dealer_first
    cdef int claim_seats[MAX_SEATS]
    cdef int claim_opts[MAX_SEATS]
    cdef int claim_resp[MAX_SEATS]
    cdef int claim_value[MAX_SEATS]
    cdef int claim_flags[MAX_SEATS]        # the win flags the seat was offered
    cdef int claim_n, claim_i
    cdef int rob_tile, rob_seat
    cdef public bint exhausted
    cdef uint8_t legal[N_ACTIONS]
    cdef int legal_list[N_ACTIONS]
    cdef public int n_legal
    cdef int win_val_cur

    # --- the log ---------------------------------------------------------------------------
    cdef uint8_t ev_type[MAX_EV]
    cdef int8_t ev_seat[MAX_EV]
    cdef int8_t ev_tile[MAX_EV]
    cdef int8_t ev_aux[MAX_EV]
    cdef int8_t ev_from[MAX_EV]
    cdef public int n_ev
    cdef int n_wins
    cdef dict win_cache                   # (seat, tile, from, flags, versions) -> value
    cdef int hand_version[MAX_SEATS]      # bumped when a standing hand changes
    cdef int table_version                # bumped by every claim, kong, ready and win
    cdef public object win_values
    cdef public object setup_notes          # what 换三张 / 换牌 did (for the log's note)

    # --- checking a log (replay_log) -----------------------------------------------------
    cdef bint checking                    # the room's win value is asked only where it
    #                                       decides something (see _ask_win)
    # (and in play: the typed log's wins, by slot)
    cdef uint8_t rw_counts[MAX_WINS][34]  # each win's concealed hand, its flags, flowers
    cdef int rw_flags[MAX_WINS]
    cdef int rw_flowers[MAX_WINS]
    cdef uint8_t rw_mk[MAX_WINS][MAX_MELDS]   # and its melds
    cdef uint8_t rw_mt[MAX_WINS][MAX_MELDS]
    cdef int rw_nm[MAX_WINS]
    cdef object log_source                # n -> the log's record with its first n events
    # a 过水 lock left pending (locked_out 2): the wins declined since the seat's last draw,
    # asked about only if it matters (the seat wins on a discard, or a win is compulsory)
    cdef uint8_t pl_counts[MAX_SEATS][PL_MAX][34]
    cdef uint8_t pl_mk[MAX_SEATS][PL_MAX][MAX_MELDS]
    cdef uint8_t pl_mt[MAX_SEATS][PL_MAX][MAX_MELDS]
    cdef int pl_melds[MAX_SEATS][PL_MAX]
    cdef int pl_sets[MAX_SEATS][PL_MAX]
    cdef int pl_tile[MAX_SEATS][PL_MAX]
    cdef int pl_from[MAX_SEATS][PL_MAX]
    cdef int pl_flags[MAX_SEATS][PL_MAX]
    cdef int pl_ev[MAX_SEATS][PL_MAX]
    cdef uint8_t pl_seat_mk[MAX_SEATS][PL_MAX][MAX_SEATS][MAX_MELDS]  # every seat's melds
    cdef int pl_seat_n[MAX_SEATS][PL_MAX][MAX_SEATS]                  # then (the win check)
    cdef int pl_n[MAX_SEATS]
    cdef int pl_ref[MAX_SEATS][PL_MAX]    # the entry whose snapshot (hand, melds) is this
    #                                       one's; -1: the table as it stands (not yet copied)
    cdef bint pl_live[MAX_SEATS]          # the seat has entries with pl_ref -1
    cdef int pl_any_live                  # seats with pl_live set
    cdef bint near_only                   # checking: a winning tile is held or a suit
    #                                       neighbour (up to 2 away) of one held (_may_complete)
    cdef const uint8_t* log_ev            # replay_log's events while it runs (else NULL)
    cdef int log_n
    cdef bint waits_stale[MAX_SEATS]      # checking: waits computed when first asked
    cdef uint8_t th_counts[MAX_SEATS][TH_MAX][34]  # checking with the reserve's 海底 draw:
    cdef int th_sets[MAX_SEATS][TH_MAX]            # the seat's standing hands (and their sets)
    cdef int th_ev[MAX_SEATS][TH_MAX]              # since tenpai_at was brought up to date,
    cdef int th_n[MAX_SEATS]                       # each from its event index (_tenpai_since)
    cdef bint act_tsumo_lazy              # checking: the self-draw win tested when asked
    cdef bint act_lazy, act_can_kong      # _legal_act left the kongs and discards out

    cdef dict sv_cache                    # the strong agent's asked wait values

    def __init__(self, spec, int dealer, int round_wind, deck, agent_kinds, agent_seeds,
                 bint setup=True, bint checking=False):
        cdef int s, i, n
        extra = spec.extra
        self.spec = spec
        self.win_value = spec.win_value
        self.win_check = spec.win_check
        self.ready_test = spec.ready_test
        self.seats = spec.seats
        if not 2 <= self.seats <= 4:
            raise MahjongError(f"seats: {self.seats} (2 to 4)")
        if not 0 <= dealer < self.seats:
            raise MahjongError(f"dealer: {dealer} is not a seat of {self.seats}")
        self.dealer = dealer
        self.round_wind = round_wind
        self.k_chow = spec.chow
        self.k_multi_ron = spec.multi_ron
        self.k_rob = spec.robbing_kong
        self.k_pass_lock = spec.pass_lock
        self.k_bloody = spec.bloody
        self.k_dingque = spec.dingque
        self.k_void_win = spec.void_suit_to_win or spec.dingque
        self.k_ready_start = spec.ready_at_start
        self.k_ready_any = spec.ready_any_time
        self.k_ready_locks = spec.ready_locks_hand
        self.k_ready_after = spec.ready_after_discard
        self.k_ready_window = spec.ready_in_first_claim_window
        self.k_flip = spec.flip_after_win
        self.k_indicator = spec.indicator
        self.k_single_wild = spec.single_kong_wildcard
        self.k_wild_claims = spec.wildcard_claims
        self.k_no_kong_last = spec.no_kong_last_tile
        self.k_haidi = spec.haidi_draw_only
        self.k_must_win_last = spec.must_win_last
        self.k_forms = spec.forms
        self.k_exchange = spec.exchange_three and setup
        self.k_swap = spec.swap_at_start and setup
        self.k_reserve_draw = spec.reserve_last_draw
        self.k_flowers = spec.flowers
        self.k_flower_ind = spec.min_flower_indicators
        self.k_lone_pung = bool(extra.get("lone_pung_fourth_tile", False))
        self.k_haidi_last = bool(extra.get("last_tile_flags_haidi_phase", False))
        names = extra.get("win_flags", WIN_FLAG_NAMES)
        self.k_flag_mask = 0
        for i, name in enumerate(WIN_FLAG_NAMES):
            if name in names:
                self.k_flag_mask |= 2 << i
        earthly = extra.get("earthly", "both" if extra.get("earthly_on_dealer_discard")
                            else "self_draw")
        if earthly not in ("self_draw", "dealer_first_discard", "both"):
            raise MahjongError(f"{spec.rules}: extra earthly {earthly!r}")
        self.k_earthly = {"self_draw": 1, "dealer_first_discard": 2, "both": 3}[earthly]
        self.single_mask = 0
        for t in spec.single_kong_tiles:
            self.single_mask |= (<uint64_t>1) << <int>t
        self.single_base = self.single_mask
        self.n_free = 0
        for m in spec.free_shapes[:8]:
            self.free_shapes[self.n_free] = m
            self.n_free += 1
        self.near_only = not self.n_free and not self.k_lone_pung and not (
            self.k_forms & ~(FORM_REGULAR | FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS |
                             FORM_NINE_GATES))
        n = len(deck)
        if n > MAX_WALL:
            raise MahjongError(f"wall: {n} tiles (at most {MAX_WALL})")
        for i in range(n):
            self.deck[i] = deck[i]
        self.deck_n = n
        self.live_end = spec.live_tiles if spec.live_tiles else n
        self.k_parts = getattr(spec, "wall_parts", False)
        if self.k_parts:
            _check_parts(spec, self.live_end, self.seats)
        for s in range(self.seats):
            self.agent_kind[s] = agent_kinds[s]
            pcg_seed(&self.agent_rng[s], agent_seeds[s], 2 * s + 1)
        pcg_seed(&self.table_rng, agent_seeds[0] ^ 0x9E3779B97F4A7C15ULL, 99)
        self.win_cache = {}
        self.win_values = []
        self.setup_notes = []
        self.wildcard = -1
        self.indicator = -1
        self.checking = checking
        self.log_source = None
        self._deal(extra)

    # --- the deal and the setup phases -----------------------------------------------------

    cdef inline int _take_live(self, int s) noexcept nogil:
        """The next playable live tile (flowers on the way go to seat s); with wall parts,
        the next of seat s's part."""
        cdef int t
        if self.k_parts:
            while True:
                t = self.deck[self.part_pos[s]]
                self.part_pos[s] += 1
                if t < 34:
                    self.live_left -= 1
                    self.part_left[s] -= 1
                    return t
                self.flowers[s] += 1
        while True:
            t = self.deck[self.pos]
            self.pos += 1
            if t < 34:
                self.live_left -= 1
                return t
            self.flowers[s] += 1

    cdef void _deal(self, extra):
        cdef int s, k, seat, i, t
        memset(self.counts, 0, sizeof(self.counts))
        memset(self.locked, 0, sizeof(self.locked))
        memset(self.river, 0, sizeof(self.river))
        memset(self.shown, 0, sizeof(self.shown))
        memset(self.picked, 0, sizeof(self.picked))
        for s in range(MAX_SEATS):
            self.n_melds[s] = self.n_sets[s] = 0
            self.open_hand[s] = 0
            self.won[s] = self.ready[s] = self.locked_out[s] = self.had_turn[s] = 0
            self.flowers[s] = self.swaps[s] = self.n_picked[s] = 0
            self.ready_at[s] = self.tenpai_at[s] = -1
            self.th_n[s] = 0
            self.void_suit[s] = self.greedy_void[s] = -1
            self.waits[s] = 0
            self.hand_version[s] = 0
        self.won_count = self.n_ev = self.n_wins = self.interrupted = 0
        self.in_haidi = self.reserve_draw = self.exhausted = self.setup_changed = 0
        self.dealer_discards = 0
        self.table_version = 0
        self.pos = 0
        self.live_left = 0
        for i in range(self.live_end):
            if self.deck[i] < 34:
                self.live_left += 1
        if self.k_parts:
            for s in range(self.seats):
                self.part_pos[s] = part_start(self.live_end, self.seats, s)
                self.part_end[s] = part_start(self.live_end, self.seats, s + 1)
                self.part_left[s] = 0
                for i in range(self.part_pos[s], self.part_end[s]):
                    if self.deck[i] < 34:
                        self.part_left[s] += 1
        self.res_n = 0
        self.res_pos = 0
        for i in range(self.live_end, self.deck_n):
            self.res[self.res_n] = self.deck[i]
            self.res_n += 1
        self.n_flower_ind = 0
        for i in range(min(self.k_flower_ind, 8, self.res_n)):
            self.flower_ind[i] = self.res[self.res_pos]
            self.res_pos += 1
            self.n_flower_ind += 1
        for k in range(self.seats):
            seat = (self.dealer + k) % self.seats
            for _ in range(13):
                self.counts[seat][self._take_live(seat)] += 1
        t = self._take_live(self.dealer)
        self.counts[self.dealer][t] += 1
        self.last_draw = t
        if self.k_indicator:
            self.indicator = self._take_live(self.dealer)
            self.wildcard = self.spec.wildcard_of(self.indicator)
            self.shown[self.indicator] += 1
            if extra.get("indicator_copies_single_kong"):
                if self.indicator != self.wildcard:
                    self.single_mask |= (<uint64_t>1) << self.indicator
        self.deal_end = self.pos
        if self.k_parts:
            # the indicator, if any, is the tile before the dealer's deal_end
            self.deal_end = self.part_pos[self.dealer]
            self.next_drawer = self.dealer
            for s in range(self.seats):
                self.part_deal[s] = self.part_pos[s]
        self.decider = self.dealer
        self._next_setup(0)

    cdef int _next_setup(self, int stage) except -1 nogil:
        """Stages in order: 换三张 (1), 换牌 (2), 定缺 (3), then play."""
        if stage < 1 and self.k_exchange:
            self.phase = PH_EXCHANGE
            self.decider = self.dealer
            self._legal_exchange()
            return 0
        if stage < 2 and self.k_swap:
            self.phase = PH_SWAP
            self.decider = self.dealer
            self._legal_swap()
            return 0
        if stage < 3 and self.k_dingque:
            self.phase = PH_VOID
            self.decider = self.dealer
            self._legal_void()
            return 0
        memcpy(self.deal_counts, self.counts, sizeof(self.counts))
        if self.setup_changed:
            # 换三张 / 换牌 moved tiles: the log deals the hands as they now stand, each in
            # order, the dealer's last tile 14th; so that is his "drawn" tile (the win tile
            # of a 天胡), whether or not his own 14th was passed on
            for k in range(33, -1, -1):
                if self.counts[self.dealer][k]:
                    self.last_draw = k
                    break
        for k in range(self.seats):
            if k != self.dealer:
                self.update_waits(k)
        self._enter_act(self.dealer, 0, 0)
        return 0

    cdef int _legal_void(self) except -1 nogil:
        cdef int k
        self._clear_legal()
        for k in range(3):
            self._allow(A_VOID + k)
        return 0

    cdef int _legal_exchange(self) except -1 nogil:
        """Pick three tiles of one suit (the suit of the first pick)."""
        cdef int s = self.decider, t, k, n, suit = -1
        self._clear_legal()
        for t in range(27):
            if self.picked[s][t]:
                suit = suit_of(t)
        for t in range(27):
            if not self.counts[s][t] or (suit >= 0 and suit_of(t) != suit):
                continue
            if suit < 0:
                n = 0
                for k in range(suit_of(t) * 9, suit_of(t) * 9 + 9):
                    n += self.counts[s][k]
                if n < 3:
                    continue
            self._allow(A_SWAP + t)
        return 0

    cdef int _legal_swap(self) except -1 nogil:
        cdef int s = self.decider, t
        self._clear_legal()
        self._allow(A_DONE)
        if self.swaps[s] >= 14 or self.res_pos >= self.res_n:
            return 0
        for t in range(34):
            if self.counts[s][t]:
                self._allow(A_SWAP + t)
        return 0

    cdef int _apply_setup(self, int s, int a) except -1 nogil:
        cdef int t, k, to, shift
        if self.phase == PH_VOID:
            self.void_suit[s] = a - A_VOID
            if (s + 1) % self.seats == self.dealer:
                self._next_setup(3)
            else:
                self.decider = (s + 1) % self.seats
                self._legal_void()
            return 0
        if self.phase == PH_SWAP:
            if a == A_DONE:
                if (s + 1) % self.seats == self.dealer:
                    self._next_setup(2)
                else:
                    self.decider = (s + 1) % self.seats
                    self._legal_swap()
                return 0
            t = a - A_SWAP
            k = self.res[self.res_pos]
            self.res_pos += 1
            self.counts[s][t] -= 1
            self.counts[s][k] += 1
            self.res[self.res_n] = t          # the returned tile goes under the reserve
            self.res_n += 1
            self.swaps[s] += 1
            self.setup_changed = 1
            with gil:
                self._note_swap(s, t, k)
            self._legal_swap()
            return 0
        # 换三张
        t = a - A_SWAP
        self.counts[s][t] -= 1
        self.picked[s][t] += 1
        self.n_picked[s] += 1
        if self.n_picked[s] < 3:
            self._legal_exchange()
            return 0
        if (s + 1) % self.seats != self.dealer:
            self.decider = (s + 1) % self.seats
            self._legal_exchange()
            return 0
        shift = 1 + pcg_below(&self.table_rng, self.seats - 1)   # 1 下家, 2 对家, 3 上家
        for s in range(self.seats):
            to = (s + shift) % self.seats
            for t in range(34):
                self.counts[to][t] += self.picked[s][t]
            with gil:
                self._note_exchange(s, to)
        self.setup_changed = 1
        self._next_setup(1)

    # --- small helpers ---------------------------------------------------------------------
        return 0

    cdef inline int remaining(self) noexcept nogil:
        """The tiles left to draw; with wall parts, those of the seat that draws after the
        seat acting now (or after the discarder, in a claim window): 0 makes the tile in
        play the last one (no claim but a win, the last-tile flag)."""
        if self.k_parts:
            self.next_drawer = self.next_seat(
                self.cur if self.phase == PH_ACT else self.discarder)
            return self.part_left[self.next_drawer]
        return self.live_left

    cdef inline int left_for(self, int s) noexcept nogil:
        """The tiles seat s may still draw (all the live tiles without wall parts)."""
        return self.part_left[s] if self.k_parts else self.live_left

    cdef inline void log(self, int typ, int seat, int tile, int aux, int frm) noexcept nogil:
        cdef int i = self.n_ev
        if i >= MAX_EV:
            return
        self.ev_type[i] = typ
        self.ev_seat[i] = seat
        self.ev_tile[i] = tile
        self.ev_aux[i] = aux
        self.ev_from[i] = frm
        self.n_ev = i + 1
        if typ != EV_DRAW and typ != EV_DISCARD:
            self.table_version += 1

    cdef inline int next_seat(self, int s) noexcept nogil:
        cdef int k
        for k in range(1, self.seats + 1):
            s = (s + 1) % self.seats
            if not self.won[s]:
                return s
        return s

    cdef inline bint claimable(self, int o, int t) noexcept nogil:
        """May tile t join a chow, pung or kong of seat o with other tiles?"""
        if (self.single_mask >> t) & 1:
            return 0
        if t == self.wildcard and not self.k_wild_claims:
            return 0
        if self.k_dingque and t < FIRST_HONOR and suit_of(t) == self.void_suit[o]:
            return 0
        return 1

    cdef inline int missing(self, int s, const uint8_t* c) noexcept nogil:
        return hand_missing(c, self.n_sets[s], self.k_forms, NULL, self.wildcard, 0, NULL)

    cdef inline void update_waits(self, int s) noexcept nogil:
        """Recompute the tiles that complete seat s's standing hand (after it changed);
        checking a log, only when they are first asked for (completes), and where the
        reserve's 海底 draw reads since when each seat is ready (tenpai_at), the hand is kept
        until that is asked (_tenpai_since)."""
        if self.checking:
            self.waits_stale[s] = 1
            self.hand_version[s] += 1
            if self.k_reserve_draw:
                self._keep_standing(s)
            return
        self._update_waits_now(s)

    cdef void _keep_standing(self, int s) noexcept nogil:
        """Checking a log: keep seat s's standing hand for _tenpai_since."""
        cdef int k
        if self.th_n[s] == TH_MAX:
            self._tenpai_since(s)
        k = self.th_n[s]
        memcpy(self.th_counts[s][k], self.counts[s], 34)
        self.th_sets[s][k] = self.n_sets[s]
        self.th_ev[s][k] = self.n_ev
        self.th_n[s] = k + 1

    cdef void _update_waits_now(self, int s) noexcept nogil:
        cdef int d
        self.waits[s] = self._waits_mask(s, &d)
        self.waits_stale[s] = 0
        self.hand_version[s] += 1
        if d == 1 and self.tenpai_at[s] < 0:
            self.tenpai_at[s] = self.n_ev
        elif d != 1:
            self.tenpai_at[s] = -1

    cdef void _tenpai_since(self, int s) noexcept nogil:
        """Checking a log: bring seat s's tenpai_at up to date with the standing hands kept
        since (update_waits), as update_waits does when it computes the waits at once (the
        first ready hand of a run of ready hands sets it, a hand not ready clears it): found
        from the last hand back, to the first that is not ready."""
        cdef int k = self.th_n[s] - 1
        while k >= 0 and hand_missing(self.th_counts[s][k], self.th_sets[s][k], self.k_forms,
                                      NULL, self.wildcard, 0, NULL) == 1:
            k -= 1
        if k == self.th_n[s] - 1:                    # the last hand is not ready (or none)
            if k >= 0:
                self.tenpai_at[s] = -1
        elif k >= 0 or self.tenpai_at[s] < 0:        # a run of ready hands from hand k + 1
            self.tenpai_at[s] = self.th_ev[s][k + 1]
        self.th_n[s] = 0

    cdef inline uint64_t _waits_mask(self, int s, int* missing) noexcept nogil:
        """The tiles that complete seat s's standing hand as it is (``missing``: its
        missing count)."""
        cdef uint64_t mask = 0, held = 0
        cdef int t, i, d
        d = hand_missing(self.counts[s], self.n_sets[s], self.k_forms, NULL, self.wildcard,
                         0, NULL)
        if d == 1:      # ready: the useful tiles are the ones that complete it
            hand_missing(self.counts[s], self.n_sets[s], self.k_forms, NULL, self.wildcard,
                         1, &mask)
        if self.n_free:
            for t in range(34):
                if (self.counts[s][t] or self.locked[s][t]) and t != self.wildcard:
                    held |= (<uint64_t>1) << t
            for i in range(self.n_free):
                if held & ~self.free_shapes[i] == 0:
                    mask |= self.free_shapes[i]
                    if self.wildcard >= 0:
                        mask |= (<uint64_t>1) << self.wildcard
        if self.k_lone_pung and self.n_melds[s] == 1 and self.mk[s][0] == MELD_PUNG:
            mask |= (<uint64_t>1) << self.mt[s][0]
        missing[0] = d
        return mask

    cdef inline bint completes(self, int s, int t) noexcept nogil:
        """Does tile t (not yet in the hand) complete seat s's standing hand's shape?"""
        cdef int d
        if self.waits_stale[s]:
            self.waits[s] = self._waits_mask(s, &d)
            self.waits_stale[s] = 0
        return (self.waits[s] >> t) & 1

    cdef bint holds_void(self, int s) noexcept nogil:
        """With 定缺: does seat s still hold (or show) a tile of its void suit?"""
        cdef int t, v = self.void_suit[s]
        if not self.k_dingque or v < 0:
            return 0
        for t in range(v * 9, v * 9 + 9):
            if self.counts[s][t] or self.locked[s][t]:
                return 1
        return 0

    cdef bint complete_now(self, int s) noexcept nogil:
        """Is seat s's 14-tile holding (after its draw) a candidate win?"""
        cdef uint64_t held = 0
        cdef int t, i
        cdef uint8_t* c = self.counts[s]
        if self.had_draw:
            if self.waits_stale[s]:      # the waits of the hand before the draw
                c[self.last_draw] -= 1
                self.completes(s, self.last_draw)
                c[self.last_draw] += 1
            return self.completes(s, self.last_draw)
        if self.missing(s, c) == 0:
            return 1
        if self.n_free:
            for t in range(34):
                if (c[t] or self.locked[s][t]) and t != self.wildcard:
                    held |= (<uint64_t>1) << t
            for i in range(self.n_free):
                if held & ~self.free_shapes[i] == 0:
                    return 1
        return 0

    # --- entering decisions ----------------------------------------------------------------

    cdef inline void _clear_legal(self) noexcept nogil:
        cdef int i
        if self.n_legal <= 8:           # (legal holds legal_list's actions, and only them)
            for i in range(self.n_legal):
                self.legal[self.legal_list[i]] = 0
        else:
            memset(self.legal, 0, N_ACTIONS)
        self.n_legal = 0
        self.act_lazy = 0
        self.act_tsumo_lazy = 0
        self.win_val_cur = 0

    cdef inline void _allow(self, int a) noexcept nogil:
        if not self.legal[a]:
            self.legal[a] = 1
            self.legal_list[self.n_legal] = a
            self.n_legal += 1

    cdef inline int _enter_act(self, int s, int replacement, int claimed) except -1 nogil:
        self.had_draw = (not claimed and self.n_ev > 0 and
                         self.ev_type[self.n_ev - 1] == EV_DRAW and
                         self.ev_seat[self.n_ev - 1] == s and not self.reserve_draw)
        self.phase = PH_ACT
        self.cur = s
        self.decider = s
        self.act_replacement = replacement
        self.act_claimed = claimed
        self.ready_pending = 0
        self._legal_act()
        return 0

    cdef int _self_draw_flags(self, int s) noexcept nogil:
        cdef int f = 0
        if self.act_replacement:
            f |= WIN_REPLACEMENT
        if self.k_reserve_draw:
            if self.reserve_draw:    # 海底捞月 is the draw from the reserve only
                f |= WIN_LAST_TILE
        elif self.remaining() == 0 or (self.in_haidi and self.k_haidi_last):
            f |= WIN_LAST_TILE
        if not self.had_turn[s] and not self.interrupted and not self.won_count:
            if s == self.dealer:
                f |= WIN_HEAVENLY
            elif self.k_earthly & 1:
                f |= WIN_EARTHLY
        if self.shown[self.last_draw] == 3:
            f |= WIN_FOURTH_TILE
        return f & self.k_flag_mask

    cdef inline bint _forced_win(self) noexcept nogil:
        return self.k_must_win_last and self.remaining() < self.k_must_win_last

    cdef inline int _legal_act(self) except -1 nogil:
        cdef int s = self.cur, t, v
        cdef uint8_t* c = self.counts[s]
        cdef uint8_t tmp[34]
        cdef bint can_kong, has_void
        self._clear_legal()
        if self.checking and not self.act_claimed and not self.ready_pending and \
                not self._forced_win():
            self.act_tsumo_lazy = 1      # replay_log asks _allows if the log shows it
        elif not self.act_claimed and not self.ready_pending and self.complete_now(s) and \
                not self.holds_void(s):
            v = self._ask_win(s, self.last_draw, -1, self._self_draw_flags(s))
            if v > 0:
                self._allow(A_TSUMO)
                self.win_val_cur = v
                if self._forced_win():
                    return 0
        if self.in_haidi or self.reserve_draw:
            self._allow(A_PASS)        # the drawn tile is laid down, nobody may take it
            return 0
        if self.ready[s] and self.k_ready_locks and not self.ready_pending:
            self._allow(A_DISCARD + self.last_draw)
            return 0
        if self.ready_pending:
            memcpy(tmp, c, 34)
            for t in range(34):
                if c[t]:
                    tmp[t] -= 1
                    if self._ready_hand(s, tmp):
                        self._allow(A_DISCARD + t)
                    tmp[t] += 1
            return 0
        self.act_can_kong = not self.act_claimed and \
            not (self.k_no_kong_last and self.remaining() == 0) and \
            not (self.k_parts and self.part_left[s] == 0)     # (no replacement left)
        if self.checking:
            self.act_lazy = 1     # kongs, ready and discards: replay_log asks _allows
            return 0
        if self.act_can_kong:
            for t in range(34):
                if self._kong_ok(s, t):
                    self._allow(A_KONG + t)
        if self._ready_ok(s):
            self._allow(A_READY)
        self._allow_discards(s)
        return 0

    cdef int _ready_ok(self, int s) except -1 nogil:
        """May seat s declare ready on its turn (a discard then leaves it ready)?"""
        cdef uint8_t* c = self.counts[s]
        cdef uint8_t tmp[34]
        cdef int t
        if not self._ready_allowed(s) or self.missing(s, c) != 1:
            return 0
        memcpy(tmp, c, 34)
        for t in range(34):
            if c[t]:
                tmp[t] -= 1
                if self._ready_hand(s, tmp):
                    return 1
                tmp[t] += 1
        return 0

    cdef inline bint _kong_ok(self, int s, int t) noexcept nogil:
        """May seat s kong tile t on its turn (when it may kong at all)?"""
        cdef uint8_t* c = self.counts[s]
        if not c[t]:
            return 0
        if (self.single_mask >> t) & 1 or (t == self.wildcard and self.k_single_wild):
            return 1
        if not self.claimable(s, t):
            return 0
        return c[t] == 4 or self.locked[s][t] >= 3 and self._has_pung(s, t) >= 0

    cdef inline bint _void_held(self, int s) noexcept nogil:
        """With 定缺: does seat s's standing hand hold a tile of its void suit?"""
        cdef int t
        if not self.k_dingque or self.void_suit[s] < 0:
            return 0
        for t in range(self.void_suit[s] * 9, self.void_suit[s] * 9 + 9):
            if self.counts[s][t]:
                return 1
        return 0

    cdef void _allow_discards(self, int s) noexcept nogil:
        """Allow seat s's discards: its void suit's tiles while it holds any, else all."""
        cdef uint8_t* c = self.counts[s]
        cdef int t
        if self._void_held(s):
            for t in range(self.void_suit[s] * 9, self.void_suit[s] * 9 + 9):
                if c[t]:
                    self._allow(A_DISCARD + t)
            return
        for t in range(34):
            if c[t]:
                self._allow(A_DISCARD + t)

    cdef inline int _allows(self, int a) except -1 nogil:
        """Is action a legal now? (Checking a log, the decider's kongs, ready and discards
        on its turn are tested one by one: _legal_act leaves them out.)"""
        cdef int s = self.cur, t
        if a == A_RON and self.checking and not self._forced_win():
            return self.legal[A_RON] and self._ron_ok(self.decider)
        if a == A_TSUMO and self.act_tsumo_lazy:
            return self.complete_now(s) and not self.holds_void(s)
        if self.legal[a]:
            return 1
        if not self.act_lazy:
            return 0
        if a == A_READY:
            return self._ready_ok(s)
        if A_KONG <= a < A_KONG + 34:
            return self.act_can_kong and self._kong_ok(s, a - A_KONG)
        if 0 <= a < 34:
            if not self.counts[s][a]:
                return 0
            return not self._void_held(s) or a < FIRST_HONOR and suit_of(a) == self.void_suit[s]
        return 0

    cdef bint _ron_ok(self, int o) noexcept nogil:
        """Checking a log: may seat o win on the tile on offer (its shape; the room's
        value is the settlement's question)?"""
        cdef int t = self.rob_tile if self.phase == PH_ROB else self.disc_tile
        cdef bint void
        if not self.completes(o, t) or (self.k_pass_lock and self.locked_out[o] == 1):
            return 0
        self.counts[o][t] += 1
        void = self.holds_void(o)
        self.counts[o][t] -= 1
        return not void

    cdef int _fill_lazy(self) except -1 nogil:
        """Make the legal actions whole (for a message): the win, kongs, ready and discards
        that _legal_act left out while checking a log, in its order."""
        cdef int s = self.cur, t
        if self.phase == PH_ACT and self.act_tsumo_lazy:
            self.act_tsumo_lazy = 0
            if self.complete_now(s) and not self.holds_void(s):
                self._allow(A_TSUMO)
        if self.phase != PH_ACT and self.checking and self.legal[A_RON] and \
                not self._ron_ok(self.decider):
            self.legal[A_RON] = 0        # (the maybe offered: not a win after all)
            for t in range(self.n_legal):
                if self.legal_list[t] == A_RON:
                    self.legal_list[t] = self.legal_list[self.n_legal - 1]
                    self.n_legal -= 1
                    break
        if not self.act_lazy:
            return 0
        self.act_lazy = 0
        if self.act_can_kong:
            for t in range(34):
                if self._kong_ok(s, t):
                    self._allow(A_KONG + t)
        if self._ready_ok(s):
            self._allow(A_READY)
        self._allow_discards(s)
        return 0

    cdef int _ready_hand(self, int s, const uint8_t* c13) except -1 nogil:
        """Is the 13-tile standing hand c13 ready, by the rule set's test?"""
        if self.missing(s, c13) != 1 and self.ready_test is None:
            return 0
        if self.ready_test is None:
            return 1
        with gil:
            return self._ready_test_py(s, c13)

    cdef int _ready_test_py(self, int s, const uint8_t* c13) except -1:
        return bool(self.ready_test(tuple([c13[k] for k in range(34)]),
                                    tuple(self._melds_json(s))))

    cdef void _note_swap(self, int s, int t, int k):
        self.setup_notes.append({"swap": s, "out": TENHOU_NAMES[t], "in": TENHOU_NAMES[k]})

    cdef void _note_exchange(self, int s, int to):
        self.setup_notes.append({"exchange": s, "to": to, "tiles": _hand_text(self.picked[s])})

    cdef bint _ready_allowed(self, int s) noexcept nogil:
        if self.ready[s]:
            return 0
        if self.k_ready_any:
            return 1
        if self.k_ready_start and not self.had_turn[s] and self.n_melds[s] == 0:
            return s == self.dealer or not self.k_ready_window
        return 0

    cdef int _has_pung(self, int s, int t) noexcept nogil:
        cdef int i
        for i in range(self.n_melds[s]):
            if self.mk[s][i] == MELD_PUNG and self.mt[s][i] == t:
                return i
        return -1

    cdef int _claim_flags(self, int o, int t, int robbing) noexcept nogil:
        return self._claim_flags_of(o, self._claim_flags_all(t, robbing), robbing)

    cdef inline int _claim_flags_all(self, int t, int robbing) noexcept nogil:
        """The win flags of tile t on offer that every seat has (see _claim_flags_of)."""
        cdef int f = 0
        if robbing:
            f |= WIN_ROBBING_KONG
        elif self.disc_after_kong:
            f |= WIN_AFTER_KONG
        if self.remaining() == 0 and not robbing and not self.k_reserve_draw:
            f |= WIN_LAST_TILE
        if self.shown[t] == 3:
            f |= WIN_FOURTH_TILE
        return f

    cdef inline int _claim_flags_of(self, int o, int f, int robbing) noexcept nogil:
        """Seat o's win flags on the tile on offer, f: the flags every seat has."""
        if not self.had_turn[o] and not self.interrupted and not self.won_count and \
                not robbing:
            if self.disc_dealer_first and self.k_earthly & 2:
                f |= WIN_EARTHLY
            else:
                f |= WIN_FIRST_ROUND
        return f & self.k_flag_mask

    cdef int _claim_options(self, int o, int t, int robbing, int* value) except -1 nogil:
        """Bit set of the claims seat o may make on tile t (bit k = action A_RON + k)."""
        cdef uint8_t* c = self.counts[o]
        cdef int opts = 0, v, r
        cdef uint8_t tmp[34]
        value[0] = 0
        self.claim_flags[o] = self._claim_flags(o, t, robbing)
        if self.k_pass_lock and self.locked_out[o] == 2 and self._forced_win():
            self._settle_pending(o)
        # (a pending lock (2) offers the win: replay_log asks about it if the seat takes it)
        if self.checking and not self._forced_win():
            if not (self.k_pass_lock and self.locked_out[o] == 1):
                opts |= 1         # maybe: replay_log tests the win if the log shows it
                value[0] = 1
        elif self.completes(o, t) and not (self.k_pass_lock and self.locked_out[o] == 1):
            c[t] += 1
            if not self.holds_void(o):
                v = self._ask_win(o, t, self.discarder, self.claim_flags[o])
                if v > 0:
                    opts |= 1
                    value[0] = v
            c[t] -= 1
        if robbing or self.in_haidi:
            return opts
        if self.k_ready_window and self.disc_dealer_first and not self.ready[o] and \
                self.n_melds[o] == 0 and self.k_ready_start:
            if self._ready_hand(o, c):
                opts |= 1 << (A_READY - A_RON)
        if self.remaining() == 0 or (self.ready[o] and self.k_ready_locks):
            return opts
        if not self.claimable(o, t):
            return opts
        if c[t] >= 2:
            opts |= 1 << (A_PUNG - A_RON)
        if c[t] == 3 and not (self.k_parts and self.part_left[o] == 0):
            opts |= 1 << (A_MINGKONG - A_RON)
        if self.k_chow and t < FIRST_HONOR and o == (self.discarder + 1) % self.seats:
            r = rank_of(t)
            if r <= 6 and c[t + 1] and c[t + 2] and self.claimable(o, t + 1) and \
                    self.claimable(o, t + 2):
                opts |= 1 << (A_CHOW_LOW - A_RON)
            if 1 <= r <= 7 and c[t - 1] and c[t + 1] and self.claimable(o, t - 1) and \
                    self.claimable(o, t + 1):
                opts |= 1 << (A_CHOW_MID - A_RON)
            if r >= 2 and c[t - 2] and c[t - 1] and self.claimable(o, t - 2) and \
                    self.claimable(o, t - 1):
                opts |= 1 << (A_CHOW_HIGH - A_RON)
        return opts

    cdef int _open_claims(self, int discarder, int t, int robbing) except -1 nogil:
        """Find every seat with a claim; ask them in play order after the discarder."""
        cdef int k, o, opts, v, f = 0
        self.claim_n = 0
        self.claim_i = 0
        self.phase = PH_ROB if robbing else PH_CLAIM
        if self.log_ev != NULL and self.n_ev < self.log_n and \
                (self.log_ev[5 * self.n_ev] == EV_DRAW or
                 self.log_ev[5 * self.n_ev] == EV_EXHAUSTED) and not self._forced_win():
            # replay_log: the log goes on with a draw or the end, so every seat passes (each
            # may: no win is compulsory); only the wins they decline are kept (过水)
            # (claim_n is 0: no seat's claim_opts or claim_resp is read)
            if self.k_pass_lock:
                f = self._claim_flags_all(t, robbing)
                o = discarder
                for k in range(1, self.seats):
                    o += 1
                    if o == self.seats:
                        o = 0
                    if not self.won[o] and self.locked_out[o] != 1 and self._may_complete(o, t):
                        self._keep_declined(o, t, self._claim_flags_of(o, f, robbing))
            self._resolve_claims()
            return 0
        for k in range(1, self.seats):
            o = (discarder + k) % self.seats
            self.claim_resp[o] = A_PASS
            self.claim_opts[o] = 0
            if self.won[o]:
                continue
            opts = self._claim_options(o, t, robbing, &v)
            self.claim_value[o] = v
            if opts:
                self.claim_seats[self.claim_n] = o
                self.claim_n += 1
                self.claim_opts[o] = opts
        self._next_claimant()
        return 0

    cdef int _next_claimant(self) except -1 nogil:
        cdef int o, opts, k
        if self.claim_i >= self.claim_n:
            self._resolve_claims()
            return 0
        o = self.claim_seats[self.claim_i]
        self.decider = o
        opts = self.claim_opts[o]
        self._clear_legal()
        if opts & 1:
            self.win_val_cur = self.claim_value[o]
            if self._forced_win():
                self._allow(A_RON)      # a possible win must be taken: the only action
                return 0
        for k in range(8):
            if opts & (1 << k):
                self._allow(A_RON + k)
        self._allow(A_PASS)

    # --- asking the room -------------------------------------------------------------------
        return 0

    cdef int _ask_win(self, int s, int t, int frm, int flags) except -1 nogil:
        """The room's value of seat s winning on tile t now (0 = refused). The hand counts
        already hold t: the room's compiled check, asked with the table's own arrays
        (a Python call only for a room with no compiled check, its win_value).
        Checking a log, a complete shape is offered as it stands (value 1): the settlement
        scores the log's wins; the value is asked only where a win must be taken."""
        cdef WinView v
        cdef int r
        if self.checking and not self._forced_win():
            return 1
        if self.win_check is None:
            with gil:
                return self._ask_win_py(s, t, frm, flags)
        self._win_view(&v, s, t, frm, flags, self.n_ev)
        r = self.win_check.ask(&v)
        if r < 0:
            with gil:
                self._check_failed(r, s, t)
        return r

    cdef void _win_view(self, WinView* v, int s, int t, int frm, int flags,
                        int index) noexcept nogil:
        """The room's view of seat s winning on tile t (its counts already hold t), the
        table's own arrays; index: the event index of the win (the discards and ready
        declarations from it on are not shown; a declined win's caller sets the seats'
        melds as they were then)."""
        cdef int o
        v.counts = self.counts[s]
        v.n_melds = self.n_melds[s]
        v.meld_kind = self.mk[s]
        v.meld_tile = self.mt[s]
        v.win_tile = t
        # the table's flags are the WIN_* bits (mahjong_core._types) but the self-draw
        v.flags = <uint32_t>flags | (WIN_SELF_DRAWN if frm < 0 else 0)
        v.seat = s
        v.from_seat = frm
        v.flowers = self.flowers[s]
        v.void_suit = self.void_suit[s]
        v.event_index = index
        v.seats = self.seats
        v.dealer = self.dealer
        v.round_wind = self.round_wind
        v.indicator = self.indicator
        v.wildcard = self.wildcard
        v.dealer_discards = v.discards = 0
        for o in range(index):
            if self.ev_type[o] == EV_DISCARD:
                v.discards += 1
                v.dealer_discards += self.ev_seat[o] == self.dealer
        v.n_flower_indicators = self.n_flower_ind
        v.flower_indicators = self.flower_ind
        for o in range(self.seats):
            v.seat_n_melds[o] = self.n_melds[o]
            v.seat_meld_kind[o] = self.mk[o]
            v.seat_meld_tile[o] = self.mt[o]
            v.ready_at[o] = self.ready_at[o] if self.ready_at[o] < index else -1
            v.ready_first_discard[o] = v.ready_at[o] >= 0 and \
                self._on_first_discard(o, v.ready_at[o])

    cdef bint _on_first_discard(self, int s, int at) noexcept nogil:
        """Did seat s's ready declaration at event index ``at`` come on the dealer's first
        discard (no claim or kong before it, the only discard before it the dealer's, a
        non-dealer before his first draw)?"""
        cdef int i, discards = 0
        for i in range(at):
            if self.ev_type[i] == EV_CHOW or self.ev_type[i] == EV_PUNG or \
                    self.ev_type[i] == EV_KONG:
                return 0
            if self.ev_type[i] == EV_DISCARD:
                if self.ev_seat[i] != self.dealer:
                    return 0
                discards += 1
            elif self.ev_type[i] == EV_DRAW and s != self.dealer and self.ev_seat[i] == s:
                return 0
        return discards <= 1 if s == self.dealer else discards == 1

    cdef int _check_failed(self, int r, int s, int t) except -1:
        raise MahjongError(f"{self.spec.rules}: seat {s}'s win on {TENHOU_NAMES[t]}: "
                           f"{self.win_check.error_text(r)}")

    cdef int _ask_win_py(self, int s, int t, int frm, int flags) except -1:
        # the same question in the same state has the same answer: asked once (the state:
        # the seat's standing hand, and every claim, kong, ready and win so far)
        key = (s, t, frm, flags, self.hand_version[s], self.table_version)
        v = self.win_cache.get(key)
        if v is not None:
            return v
        win = self._win_event(s, t, frm, flags)
        q = WinQuery(self.log_source(self.n_ev) if self.checking else _LazyRecord(self), win,
                     tuple([self.counts[s][k] for k in range(34)]), self.n_ev)
        v = self.win_value(q)
        if type(v) is not int or v < 0:
            raise MahjongError(f"{self.spec.rules}: win_value returned {v!r}, not an int >= 0")
        self.win_cache[key] = v
        return v

    cdef dict _win_event(self, int s, int t, int frm, int flags):
        return _win_dict(s, self.counts[s], self.mk[s], self.mt[s], self.n_melds[s], t, frm,
                         flags, self.k_flowers, self.flowers[s])

    cdef list _melds_json(self, int s):
        return _melds_list(self.mk[s], self.mt[s], self.n_melds[s])

    # --- applying actions ------------------------------------------------------------------

    def step(self, int action):
        """Apply the decider's action (an index of the action space)."""
        if self.phase == PH_OVER:
            raise MahjongError("step: the hand is over")
        if not 0 <= action < N_ACTIONS or not self.legal[action]:
            raise MahjongError(f"action {action_name(action)}: not legal for seat "
                               f"{self.decider} now (legal: "
                               f"{', '.join(action_name(a) for a in self.legal_actions())})")
        self._apply(action)

    cdef inline int _apply(self, int a) except -1 nogil:
        cdef int s = self.decider
        if self.phase == PH_ACT:
            self._apply_act(s, a)
        elif self.phase == PH_CLAIM or self.phase == PH_ROB:
            self.claim_resp[s] = a
            if a != A_RON and self.claim_opts[s] & 1 and self.k_pass_lock:
                if self.checking:
                    self._keep_pending_lock(s, self.claim_flags[s])
                else:
                    self.locked_out[s] = 1
            if a == A_READY:
                self.ready[s] = 1
                self.ready_at[s] = self.n_ev
                self.log(EV_READY, s, -1, 0, -1)
            self.claim_i += 1
            self._next_claimant()
        else:
            self._apply_setup(s, a)
        return 0

    cdef int _apply_act(self, int s, int a) except -1 nogil:
        cdef int t
        if self.pl_any_live:             # (kept declined wins see the table as it was)
            if A_KONG <= a < A_KONG + 34:
                self._pl_copy_all()
            elif a != A_TSUMO and a != A_READY:
                self._pl_copy(s)
        if a == A_TSUMO:
            self._win(s, self.last_draw, -1, self._self_draw_flags(s), self.win_val_cur)
            self._after_wins(s)
            return 0
        if a == A_PASS:      # 海底捞 or the reserve draw: the tile is laid down unclaimable
            self.had_turn[s] = 1
            self.counts[s][self.last_draw] -= 1
            self.river[s][self.last_draw] += 1
            self.shown[self.last_draw] += 1
            self.log(EV_DISCARD, s, self.last_draw, 0, -1)
            if self.reserve_draw:
                self._end(1)
            else:
                self._draw_for(self.next_seat(s), 0)
            return 0
        if a == A_READY:
            self.ready[s] = 1
            self.ready_pending = 1
            if not self.k_ready_after:
                self.ready_at[s] = self.n_ev
                self.log(EV_READY, s, -1, 0, -1)
            self._legal_act()
            return 0
        if A_KONG <= a < A_KONG + 34:
            t = a - A_KONG
            self.interrupted = 1
            if (self.single_mask >> t) & 1 or (t == self.wildcard and self.k_single_wild):
                self.counts[s][t] -= 1
                self._add_meld(s, MELD_SINGLE_KONG, t)
                self.shown[t] += 1
                self.log(EV_KONG, s, t, KONG_SINGLE, -1)
            elif self.counts[s][t] == 4:
                self.counts[s][t] = 0
                self._add_meld(s, MELD_CONCEALED_KONG, t)
                self.log(EV_KONG, s, t, KONG_CONCEALED, -1)
            else:
                if self.k_rob:
                    # robbing first; the kong is written only if nobody robs it
                    self.rob_tile = t
                    self.rob_seat = s
                    self.discarder = s
                    self._open_claims(s, t, 1)
                    return 0
                self._finish_added_kong(s, t)
                return 0
            self.update_waits(s)
            self._draw_for(s, 1)
            return 0
        # a discard
        t = a - A_DISCARD
        self.counts[s][t] -= 1
        self.had_turn[s] = 1
        self.log(EV_DISCARD, s, t, 0, -1)
        if self.ready_pending and self.k_ready_after:
            self.ready_at[s] = self.n_ev
            self.log(EV_READY, s, -1, 0, -1)
        self.ready_pending = 0
        self.update_waits(s)
        self.disc_tile = t
        self.discarder = s
        self.disc_after_kong = self.act_replacement
        self.disc_dealer_first = 0
        if s == self.dealer:
            self.dealer_discards += 1
            self.disc_dealer_first = self.dealer_discards == 1 and not self.interrupted
        self.river[s][t] += 1
        self._open_claims(s, t, 0)
        return 0

    cdef int _finish_added_kong(self, int s, int t) except -1 nogil:
        cdef int i = self._has_pung(s, t)
        self._pl_copy_all()
        self.mk[s][i] = MELD_KONG
        self.counts[s][t] -= 1
        self.locked[s][t] += 1
        self.shown[t] += 1
        self.log(EV_KONG, s, t, KONG_ADDED, -1)
        self.update_waits(s)
        self._draw_for(s, 1)
        return 0

    cdef void _add_meld(self, int s, int code, int t) noexcept nogil:
        cdef int i = self.n_melds[s]
        self.mk[s][i] = code
        self.mt[s][i] = t
        self.n_melds[s] = i + 1
        if code == MELD_SINGLE_KONG:
            return
        self.n_sets[s] += 1
        if code == MELD_CHOW:
            self.locked[s][t] += 1
            self.locked[s][t + 1] += 1
            self.locked[s][t + 2] += 1
            self.shown[t] += 1
            self.shown[t + 1] += 1
            self.shown[t + 2] += 1
            self.open_hand[s] = 1
        elif code == MELD_PUNG:
            self.locked[s][t] += 3
            self.shown[t] += 3
            self.open_hand[s] = 1
        elif code == MELD_KONG:
            self.locked[s][t] += 4
            self.shown[t] += 4
            self.open_hand[s] = 1
        else:
            self.locked[s][t] += 4

    cdef int _resolve_claims(self) except -1 nogil:
        cdef int k, o, a, winners = 0, best = -1, best_seat = -1, t, last = -1, low
        cdef bint robbing = self.phase == PH_ROB
        t = self.rob_tile if robbing else self.disc_tile
        # 胡 first: every winner (一炮多响) or the first in play order after the discarder
        for k in range(self.claim_n):
            o = self.claim_seats[k]
            if self.claim_resp[o] == A_RON:
                if winners and not self.k_multi_ron:
                    continue
                self._pl_copy_all()
                self.counts[o][t] += 1
                self._win(o, t, self.discarder, self.claim_flags[o], self.claim_value[o])
                if winners:
                    # one physical tile: the first winner's hand keeps it (each win event
                    # shows it, as record v2 writes several winners on one discard)
                    self.counts[o][t] -= 1
                winners += 1
                last = o
        if winners:
            if robbing:
                # the kong is void: the robbed tile leaves the konger's hand, his pung stays
                self.counts[self.rob_seat][t] -= 1
                self.update_waits(self.rob_seat)
            else:
                self.river[self.discarder][t] -= 1
            self._after_wins(last)
            return 0
        if robbing:
            self._finish_added_kong(self.rob_seat, t)
            return 0
        for k in range(self.claim_n):
            o = self.claim_seats[k]
            a = self.claim_resp[o]
            if a == A_PUNG or a == A_MINGKONG:
                best, best_seat = a, o
                break
            if A_CHOW_LOW <= a <= A_CHOW_HIGH:
                best, best_seat = a, o
        if best < 0:
            self.shown[t] += 1           # the discard stays in the river
            self._draw_for(self.next_seat(self.discarder), 0)
            return 0
        o = best_seat
        self._pl_copy_all()
        self.interrupted = 1
        self.river[self.discarder][t] -= 1
        if best == A_PUNG:
            self.counts[o][t] -= 2
            self._add_meld(o, MELD_PUNG, t)
            self.log(EV_PUNG, o, t, 0, self.discarder)
            self._enter_act(o, 0, 1)
        elif best == A_MINGKONG:
            self.counts[o][t] -= 3
            self._add_meld(o, MELD_KONG, t)
            self.log(EV_KONG, o, t, KONG_EXPOSED, self.discarder)
            self.update_waits(o)
            self._draw_for(o, 1)
        else:
            low = t - (best - A_CHOW_LOW)
            for k in range(3):
                if low + k != t:
                    self.counts[o][low + k] -= 1
            self._add_meld(o, MELD_CHOW, low)
            self.log(EV_CHOW, o, low, 0, self.discarder)
            self._enter_act(o, 0, 1)
        return 0

    cdef int _keep_pending_lock(self, int o, int flags) except -1 nogil:
        """Checking a log: seat o declined a win (or what may be one) with these flags;
        whether 过水 locks it depends on the room's value of that win, asked only if the
        seat wins on a discard before its next draw (or must win): the declined wins are
        kept until then (a tile that cannot complete the hand is not: see _may_complete)."""
        cdef int t = self.rob_tile if self.phase == PH_ROB else self.disc_tile
        if self._may_complete(o, t):     # (else no win to decline: as if kept, then not a win)
            self._keep_declined(o, t, flags)
        return 0

    cdef inline int _keep_declined(self, int o, int t, int flags) except -1 nogil:
        """Keep seat o's declined win on tile t (_keep_pending_lock). The entry refers to
        the table as it stands; the seat's hand and the seats' melds are copied only before
        one of them changes while it is kept (_pl_copy), and entries kept between two
        changes share that copy."""
        cdef int k
        if self.pl_n[o] == PL_MAX and self._settle_pending(o):
            return 0                     # locked already
        k = self.pl_n[o]
        self.pl_ref[o][k] = -1
        if not self.pl_live[o]:
            self.pl_live[o] = 1
            self.pl_any_live += 1
        self.pl_tile[o][k] = t
        self.pl_from[o][k] = self.discarder
        self.pl_flags[o][k] = flags
        self.pl_ev[o][k] = self.n_ev
        self.pl_n[o] = k + 1
        self.locked_out[o] = 2
        return 0

    cdef void _pl_copy(self, int o) noexcept nogil:
        """Copy the table as seat o's kept declined wins (pl_ref -1) saw it (its hand and
        melds, the seats' melds) before it changes: called before a change of seat o's hand
        and (through _pl_copy_all) of any seat's melds."""
        cdef int k, j = -1, x
        if not self.pl_live[o]:
            return
        self.pl_live[o] = 0
        self.pl_any_live -= 1
        for k in range(self.pl_n[o]):
            if self.pl_ref[o][k] < 0:
                if j < 0:
                    j = k
                    memcpy(self.pl_counts[o][j], self.counts[o], 34)
                    memcpy(self.pl_mk[o][j], self.mk[o], MAX_MELDS)
                    memcpy(self.pl_mt[o][j], self.mt[o], MAX_MELDS)
                    self.pl_melds[o][j] = self.n_melds[o]
                    self.pl_sets[o][j] = self.n_sets[o]
                    for x in range(self.seats):
                        memcpy(self.pl_seat_mk[o][j][x], self.mk[x], MAX_MELDS)
                        self.pl_seat_n[o][j][x] = self.n_melds[x]
                self.pl_ref[o][k] = j

    cdef inline void _pl_copy_all(self) noexcept nogil:
        cdef int o
        if self.pl_any_live:
            for o in range(self.seats):
                self._pl_copy(o)

    cdef inline void _pl_drop(self, int o) noexcept nogil:
        """Forget seat o's kept declined wins."""
        self.pl_n[o] = 0
        if self.pl_live[o]:
            self.pl_live[o] = 0
            self.pl_any_live -= 1

    cdef inline bint _may_complete(self, int o, int t) noexcept nogil:
        """Checking a log: may tile t complete seat o's standing hand? 0 only where it
        surely cannot: in the regular form a winning tile makes a set or the pair with a
        tile held (the same tile, or one of its suit up to 2 away), in seven pairs it is
        held, in thirteen orphans it is a terminal or honour (other forms, free shapes, a
        wildcard or the lone pung's fourth tile: always 1)."""
        cdef const uint8_t* c = self.counts[o]
        cdef int r
        if not self.near_only or self.wildcard >= 0 or c[t]:
            return 1
        r = t % 9
        if t >= FIRST_HONOR or r == 0 or r == 8:
            if self.k_forms & FORM_THIRTEEN_ORPHANS:
                return 1
            if t >= FIRST_HONOR:
                return 0
        return (r >= 1 and c[t - 1]) or (r >= 2 and c[t - 2]) or (r <= 7 and c[t + 1]) or \
            (r <= 6 and c[t + 2])

    cdef int _settle_pending(self, int o) except -1 nogil:
        """Decide seat o's pending 过水 lock: locked (1) if one of the wins it declined was a
        win the room allows, else not (0)."""
        cdef int k, v = 0
        for k in range(self.pl_n[o]):
            if self._declined_win(o, k):
                v = 1
                break
        self._pl_drop(o)
        self.locked_out[o] = v
        return v

    cdef int _declined_win(self, int o, int k) except -1 nogil:
        """Was the k-th win seat o declined (kept by _keep_pending_lock) a complete shape
        the room allows (value > 0)?"""
        cdef uint8_t counts[34]
        cdef uint8_t mk[MAX_MELDS]
        cdef uint8_t mt[MAX_MELDS]
        cdef WinView view
        cdef int nm = self.n_melds[o], ns = self.n_sets[o], v = 0, t = self.pl_tile[o][k], d, x
        cdef int ref = self.pl_ref[o][k]
        cdef uint64_t mask
        memcpy(counts, self.counts[o], 34)
        memcpy(mk, self.mk[o], MAX_MELDS)
        memcpy(mt, self.mt[o], MAX_MELDS)
        if ref >= 0:                     # (else the table stands as the seat declined it)
            memcpy(self.counts[o], self.pl_counts[o][ref], 34)
            memcpy(self.mk[o], self.pl_mk[o][ref], MAX_MELDS)
            memcpy(self.mt[o], self.pl_mt[o][ref], MAX_MELDS)
            self.n_melds[o] = self.pl_melds[o][ref]
            self.n_sets[o] = self.pl_sets[o][ref]
        mask = self._waits_mask(o, &d)
        self.counts[o][t] += 1
        try:
            if (mask >> t) & 1 and not self.holds_void(o) and self.win_check is not None:
                self._win_view(&view, o, t, self.pl_from[o][k], self.pl_flags[o][k],
                               self.pl_ev[o][k])
                for x in range(self.seats if ref >= 0 else 0):   # the other seats' melds
                    if x != o:                                   # as they were then
                        view.seat_n_melds[x] = self.pl_seat_n[o][ref][x]
                        view.seat_meld_kind[x] = self.pl_seat_mk[o][ref][x]
                v = self.win_check.ask(&view)
                if v < 0:
                    with gil:
                        self._check_failed(v, o, t)
                v = v > 0
            elif (mask >> t) & 1 and not self.holds_void(o):
                with gil:
                    win = self._win_event(o, t, self.pl_from[o][k], self.pl_flags[o][k])
                    q = WinQuery(self.log_source(self.pl_ev[o][k]), win,
                                 tuple([self.counts[o][x] for x in range(34)]),
                                 self.pl_ev[o][k])
                    v = self.win_value(q) > 0
        finally:
            memcpy(self.counts[o], counts, 34)
            memcpy(self.mk[o], mk, MAX_MELDS)
            memcpy(self.mt[o], mt, MAX_MELDS)
            self.n_melds[o] = nm
            self.n_sets[o] = ns
        return v

    cdef int _win(self, int s, int t, int frm, int flags, int value) except -1 nogil:
        """Log seat s's win on tile t (its counts already hold t)."""
        cdef int w = self.n_wins
        if w < MAX_WINS:
            memcpy(self.rw_counts[w], self.counts[s], 34)
            self.rw_flags[w] = flags
            self.rw_flowers[w] = self.flowers[s]
            memcpy(self.rw_mk[w], self.mk[s], MAX_MELDS)
            memcpy(self.rw_mt[w], self.mt[s], MAX_MELDS)
            self.rw_nm[w] = self.n_melds[s]
        if not self.checking:
            with gil:
                self.win_values.append(value)
        self.log(EV_WIN, s, t, self.n_wins, frm)
        self.n_wins += 1
        self.won[s] = 1
        self.won_count += 1
        return 0

    cdef int _after_wins(self, int last) except -1 nogil:
        if not self.k_bloody or self.won_count >= self.seats - 1:
            self._end(0)
            return 0
        self._draw_for(self.next_seat(last), 0)
        return 0

    cdef inline int _draw_for(self, int s, int replacement) except -1 nogil:
        cdef int t
        if self.left_for(s) == 0:
            if self.k_reserve_draw and not self.reserve_draw and not self.won_count:
                s = self._reserve_drawer()
                if s >= 0 and self.res_pos < self.res_n:
                    self.reserve_draw = 1
                    t = self.res[self.res_pos]
                    self.res_pos += 1
                    self._pl_copy(s)
                    self.counts[s][t] += 1
                    self.last_draw = t
                    self.log(EV_DRAW, s, t, 0, -1)
                    self._enter_act(s, 0, 0)
                    return 0
            self._end(1)
            return 0
        if self.k_haidi and self.left_for(s) <= self.k_haidi and \
                (not replacement or self.k_parts):   # (a part never empties before it)
            self.in_haidi = 1
        t = self._take_live(s)
        self.counts[s][t] += 1
        self.last_draw = t
        self.locked_out[s] = 0
        self._pl_drop(s)
        self.log(EV_DRAW, s, t, replacement, -1)
        self._enter_act(s, replacement, 0)
        return 0

    cdef int _reserve_drawer(self) noexcept nogil:
        """海底捞月 from the reserve: the first to declare ready, else the first ready."""
        cdef int s, best = -1
        for s in range(self.seats):
            if self.ready_at[s] >= 0 and (best < 0 or self.ready_at[s] < self.ready_at[best]):
                best = s
        if best >= 0:
            return best
        for s in range(self.seats):
            self._tenpai_since(s)
        for s in range(self.seats):
            if self.tenpai_at[s] >= 0 and (best < 0 or self.tenpai_at[s] < self.tenpai_at[best]):
                best = s
        return best

    cdef int _end(self, int exhausted) except -1 nogil:
        cdef int i
        self.exhausted = exhausted
        if self.k_flip and self.won_count:
            i = self._next_live_index()
            if i >= 0:
                self.log(EV_FLIP, -1, self.deck[i], 0, -1)
        if exhausted:
            self.log(EV_EXHAUSTED, -1, -1, 0, -1)
        self.phase = PH_OVER
        self.decider = -1
        self._clear_legal()
        return 0

    cdef int _next_live_index(self) noexcept nogil:
        """The deck index of the next tile to turn up (-1: none left); with wall parts, the
        next of the part of the seat that was to draw when the (last) win was made (none
        when that win was on the last tile)."""
        cdef int i = self.pos
        if self.k_parts:
            if self.part_left[self.next_drawer] == 0:
                return -1
            i = self.part_pos[self.next_drawer]
            while self.deck[i] >= 34:
                i += 1
            return i
        if self.live_left == 0:
            return -1
        while self.deck[i] >= 34:
            i += 1
        return i

    # --- built-in agents -------------------------------------------------------------------

    def run_builtin(self):
        """Play built-in agents' decisions until an external agent must decide (returns its
        seat) or the hand is over (returns -1)."""
        cdef int seat
        with nogil:        # the GIL is taken back only to ask the rule set about a win
            seat = self._run()
        return seat

    cdef int _run(self) except -2 nogil:
        cdef int s, a
        while self.phase != PH_OVER:
            s = self.decider
            if self.agent_kind[s] == AGENT_EXTERNAL:
                return s
            if self.agent_kind[s] == AGENT_RANDOM:
                a = self.legal_list[pcg_below(&self.agent_rng[s], self.n_legal)]
            elif self.agent_kind[s] == AGENT_STRONG:
                a = self._strong(s)
            else:
                a = self._greedy(s)
            self._apply(a)
        return -1

    def choose(self, int s, int kind):
        """The built-in agent `kind`'s action for seat s, the decider (not applied)."""
        if s != self.decider or self.phase == PH_OVER:
            raise MahjongError(f"seat {s} does not decide now")
        if kind == AGENT_RANDOM:
            return self.legal_list[pcg_below(&self.agent_rng[s], self.n_legal)]
        if kind == AGENT_STRONG:
            return self._strong(s)
        return self._greedy(s)

    def set_external(self):
        """Every seat's decisions come from outside (replay, environments)."""
        cdef int s
        for s in range(self.seats):
            self.agent_kind[s] = AGENT_EXTERNAL

    # --- checking a game log ---------------------------------------------------------------

    def replay_log(self, ev, wins, finals, voids, bint check_flowers, log_source):
        """Play a game log again on this table (made with ``checking``), every seat taking
        the action its events show, and compare each event the table logs with the log's.

        ``ev``: 5 bytes per event (EV_* code, seat, tile, aux, from; 255 = none; a kong's aux
        is its KONG_* kind, a win's its flags as record.log_codes packs them: WIN_FLAGS[i] as
        the bit 1 << i, the table's WIN_* bit shifted right once; a chow's tile its lowest); ``wins``: per
        win event in order, its 34 concealed counts and its flowers; ``finals``: per seat,
        the 34 counts of its closing hand and 1 (0: not given); ``voids``: each seat's
        void suit (0..2) where the rule set declares one, or None when the log does not say
        (then no seat has one); ``log_source(n)``: the log's record with its first n events
        (what the room's win check reads, asked only where a win must be taken or a declined
        win decides a 过水 lock). Returns None when the log is this play, else
        ``(index, why, action, seat)`` of the first event that is not: ``why`` is
        "turn" (the event's seat is not the one to act), "illegal" (``action`` is not legal
        for ``seat`` there), "must_win" (``seat`` must win there), "differs" (the table logs
        another event there: ``table_event(index)``), "pass_lock" (``seat`` declined a win
        since its last draw, and 过水 bars its win on a discard), "ends" (the log stops before the hand
        is over: index is its length), "after" (events after the end of the hand) or
        "final" (the closing hand of ``seat`` is not the one the play leaves it)."""
        cdef Py_ssize_t n_ev, n_wins, n_finals
        if not self.checking:
            raise MahjongError("replay_log: the table was not made for checking")
        ev = _byte_string(ev)           # (bytes as they are: no copy)
        wins = _byte_string(wins)
        finals = _byte_string(finals)
        n_ev = PyBytes_GET_SIZE(ev)
        n_wins = PyBytes_GET_SIZE(wins)
        n_finals = PyBytes_GET_SIZE(finals)
        self.log_source = log_source
        self.log_n = n_ev // 5
        self.log_ev = <const uint8_t*>PyBytes_AS_STRING(ev) if self.log_n else NULL
        try:
            return self._replay_log(<const uint8_t*>PyBytes_AS_STRING(ev), n_ev,
                                    <const uint8_t*>PyBytes_AS_STRING(wins), n_wins,
                                    <const uint8_t*>PyBytes_AS_STRING(finals), n_finals,
                                    voids, check_flowers)
        finally:
            self.log_ev = NULL
            self.log_n = 0

    cdef object _replay_log(self, const uint8_t* ev, Py_ssize_t n_ev, const uint8_t* wins,
                            Py_ssize_t n_wins, const uint8_t* finals, Py_ssize_t n_finals,
                            voids, bint check_flowers):
        cdef int n = n_ev // 5, k, at, a, x, first, s
        cdef const uint8_t* e = ev if n else NULL
        cdef const uint8_t* w = wins if n_wins else NULL
        cdef int n_w = n_wins // 35
        while self.phase != PH_OVER:
            if self.phase == PH_VOID:
                if voids is None:
                    self._next_setup(3)          # unknown: no seat gives up a suit
                else:
                    self._apply(A_VOID + <int>voids[self.decider])
                continue
            if self.phase != PH_ACT and self.phase != PH_CLAIM and self.phase != PH_ROB:
                raise MahjongError("replay_log: a table with its setup phases")
            k = self.n_ev
            a = self._log_action(e, n, k, &at)
            s = self.decider
            if a == -2:
                return (n, "ends", -1, s)
            if a < 0:
                return (at, "turn", -1, s)
            if not self._allows(a):
                self._fill_lazy()
                if a == A_PASS:
                    return (at, "must_win", a, s)
                return (at, "illegal", a, s)
            if a == A_RON and self.locked_out[s] == 2 and self._settle_pending(s):
                return (at, "pass_lock", a, s)
            first = self.n_ev
            self._apply(a)
            for x in range(first, self.n_ev):
                if x >= n:
                    return (n, "ends", -1, self.ev_seat[x])
                if not self._same_event(e, x, w, n_w, check_flowers):
                    return (x, "differs", -1, s)
        if self.n_ev < n:
            return (self.n_ev, "after", -1, -1)
        if n_finals < 35 * self.seats:
            raise MahjongError("replay_log: finals holds 35 bytes per seat")
        for s in range(self.seats):
            if not self.won[s] and finals[35 * s + 34]:
                for k in range(34):
                    if finals[35 * s + k] != self.counts[s][k]:
                        return (n, "final", -1, s)
        return None

    def redeal(self, deck, int dealer, int round_wind):
        """Deal this checking table again from ``deck`` (for the next log of its rule set
        and options: the table is made once, and stays in the cache)."""
        cdef int i, n = len(deck)
        if not self.checking:
            raise MahjongError("redeal: the table was not made for checking")
        if n > MAX_WALL:
            raise MahjongError(f"wall: {n} tiles (at most {MAX_WALL})")
        if not 0 <= dealer < self.seats:
            raise MahjongError(f"dealer: {dealer} is not a seat of {self.seats}")
        self.dealer = dealer
        self.round_wind = round_wind
        if type(deck) is bytes:     # (the log check's: copied at once)
            memcpy(self.deck, PyBytes_AS_STRING(deck), n)
        else:
            for i in range(n):
                self.deck[i] = deck[i]
        self.deck_n = n
        self.live_end = self.spec.live_tiles if self.spec.live_tiles else n
        self.win_cache.clear()
        self.wildcard = -1
        self.indicator = -1
        self.single_mask = self.single_base
        self.log_source = None
        memset(self.pl_n, 0, sizeof(self.pl_n))
        memset(self.pl_live, 0, sizeof(self.pl_live))
        self.pl_any_live = 0
        memset(self.waits_stale, 0, sizeof(self.waits_stale))
        self._deal(self.spec.extra)

    def table_event(self, int x):
        """The table's event x as (EV_* code, seat, tile, aux, from); -1 = none."""
        return (self.ev_type[x], self.ev_seat[x], self.ev_tile[x], self.ev_aux[x],
                self.ev_from[x])

    cdef inline int _log_action(self, const uint8_t* e, int n, int k, int* at) except -3 nogil:
        """The decider's action that the log's events from k show (-1: the event at
        ``at`` is not the decider's to make; -2: the log has no more events)."""
        cdef int me = self.decider, code, seat, tile, kk, d
        at[0] = k
        if self.phase == PH_ACT:
            if k >= n:
                return -2
            code = e[5 * k]
            seat = _seat_of(e[5 * k + 1])
            tile = e[5 * k + 2]
            if code == EV_WIN and (e[5 * k + 3] << 1) & WIN_ROBBING_KONG and seat != me and \
                    _seat_of(e[5 * k + 4]) == me and tile < 34:
                return A_KONG + tile        # the added kong that is robbed
            if seat != me or tile >= 34 and code != EV_WIN and code != EV_READY:
                return -1
            if code == EV_WIN:
                return A_TSUMO
            if code == EV_READY:
                return A_READY
            if code == EV_KONG and e[5 * k + 3] != KONG_EXPOSED:
                return A_KONG + tile
            if code == EV_DISCARD:
                if self.legal[A_PASS]:
                    return A_PASS           # 海底: the drawn tile is laid down
                if self.k_ready_after and k + 1 < n and e[5 * k + 5] == EV_READY and \
                        _seat_of(e[5 * k + 6]) == me and self._allows(A_READY):
                    return A_READY          # a ready written after its discard
                return A_DISCARD + tile
            return -1
        # a claim window: what does this seat do in the events that follow the discard?
        kk = k
        while kk < n and (e[5 * kk] == EV_WIN or e[5 * kk] == EV_READY) and \
                _seat_of(e[5 * kk + 1]) != me:
            kk += 1          # other winners on the discard, other seats' readies
        if kk < n and _seat_of(e[5 * kk + 1]) == me:
            at[0] = kk
            code = e[5 * kk]
            if code == EV_READY:
                return A_READY
            if code == EV_WIN:
                return A_RON
            if code == EV_PUNG:
                return A_PUNG
            if code == EV_KONG and e[5 * kk + 3] == KONG_EXPOSED:
                return A_MINGKONG
            if code == EV_CHOW:
                d = (self.rob_tile if self.phase == PH_ROB else self.disc_tile) - \
                    <int>e[5 * kk + 2]
                if 0 <= d <= 2:
                    return A_CHOW_LOW + d
                return A_CHOW_LOW + 3        # (never legal: a chow without the discard)
        return A_PASS

    cdef bint _same_event(self, const uint8_t* e, int x, const uint8_t* w, int n_w,
                          bint check_flowers) noexcept nogil:
        """Is the table's event x the log's event x?"""
        cdef int typ = self.ev_type[x], slot, k
        cdef const uint8_t* f = e + 5 * x
        if f[0] != typ:
            return 0
        if typ == EV_EXHAUSTED:
            return 1
        if typ == EV_FLIP:
            return f[2] == <uint8_t>self.ev_tile[x]
        if _seat_of(f[1]) != self.ev_seat[x]:
            return 0
        if typ == EV_READY:
            return 1
        if f[2] != <uint8_t>self.ev_tile[x]:
            return 0
        if typ == EV_DRAW or typ == EV_DISCARD:
            return 1
        if _seat_of(f[4]) != self.ev_from[x]:
            return 0
        if typ == EV_KONG:
            return f[3] == self.ev_aux[x]
        if typ != EV_WIN:
            return 1
        slot = self.ev_aux[x]
        if slot >= MAX_WINS or slot >= n_w or (f[3] << 1) != self.rw_flags[slot]:
            return 0
        for k in range(34):
            if w[35 * slot + k] != self.rw_counts[slot][k]:
                return 0
        return not check_flowers or w[35 * slot + 34] == self.rw_flowers[slot]

    cdef int _greedy(self, int s) noexcept nogil:
        """Lowest shanten, then the most unseen useful tiles; wins always; claims and kongs
        when they do not raise the missing count; the void suit goes first."""
        cdef uint8_t* c = self.counts[s]
        cdef uint8_t tmp[34]
        cdef int t, d, best_a = -1, best_d = 1000, best_u = -1, u, k, base, a
        cdef uint64_t mask
        cdef int dmiss[34]
        if self.legal[A_TSUMO]:
            return A_TSUMO
        if self.legal[A_RON]:
            return A_RON
        if self.phase == PH_VOID:
            return A_VOID + self._fewest_suit(s)
        if self.phase == PH_SWAP:
            return A_DONE
        if self.phase == PH_EXCHANGE:
            return self.legal_list[0]
        if self.phase == PH_CLAIM:
            if self.legal[A_READY]:
                return A_READY
            base = self.missing(s, c)
            t = self.disc_tile
            for k in range(self.n_legal):
                a = self.legal_list[k]
                if a == A_PASS:
                    continue
                d = self._missing_after_claim(s, a, t)
                if d < best_d:
                    best_d, best_a = d, a
            if best_a >= 0 and best_d < base:
                return best_a
            return A_PASS
        if self.phase != PH_ACT:
            return self.legal_list[0]
        if self.legal[A_PASS]:
            return A_PASS
        # kongs: single kongs of tiles that never win in hand, and kongs that cost nothing
        base = self.missing(s, c)
        for t in range(34):
            if self.legal[A_KONG + t]:
                if (self.single_mask >> t) & 1:
                    return A_KONG + t
                if t == self.wildcard:
                    continue
                if self._missing_after_kong(s, t) <= base:
                    return A_KONG + t
        if self.legal[A_READY]:
            return A_READY
        # discards: the fewest missing tiles after it, then the most unseen useful tiles;
        # both read with the seat's own melds (`locked`), so a tile whose every copy the
        # seat holds (a concealed kong of it) is neither waited on nor counted unseen
        memcpy(tmp, c, 34)
        for t in range(34):
            dmiss[t] = 1000
            if not self.legal[A_DISCARD + t]:
                continue
            if self.k_void_win and t < FIRST_HONOR and suit_of(t) == self._void_of(s):
                dmiss[t] = -1    # a tile of the suit the hand gives up goes first
            else:
                tmp[t] -= 1
                dmiss[t] = hand_missing(tmp, self.n_sets[s], self.k_forms, self.locked[s],
                                        self.wildcard, 0, NULL)
                tmp[t] += 1
            if dmiss[t] < best_d:
                best_d = dmiss[t]
        for t in range(34):
            if dmiss[t] != best_d:
                continue
            if best_d < 0:
                return A_DISCARD + t
            tmp[t] -= 1
            hand_missing(tmp, self.n_sets[s], self.k_forms, self.locked[s], self.wildcard, 1,
                         &mask)
            tmp[t] += 1
            u = self._unseen(s, mask)
            if u > best_u:
                best_u, best_a = u, A_DISCARD + t
        return best_a

    cdef int _missing_after_kong(self, int s, int t) noexcept nogil:
        """Missing tiles of seat s after its own kong of t (a concealed kong of the four it
        holds, else an added one), before the replacement draw."""
        cdef uint8_t tmp[34]
        cdef int d
        memcpy(tmp, self.counts[s], 34)
        if tmp[t] == 4:
            tmp[t] = 0
            self.n_sets[s] += 1
            d = self.missing(s, tmp)
            self.n_sets[s] -= 1
        else:
            tmp[t] -= 1
            d = self.missing(s, tmp)
        return d

    cdef int _void_of(self, int s) noexcept nogil:
        """The suit seat s gives up: the declared one, else the greedy agent's own choice
        (the suit it held fewest of when it first had to choose)."""
        if self.void_suit[s] >= 0:
            return self.void_suit[s]
        if self.greedy_void[s] < 0:
            self.greedy_void[s] = self._fewest_suit(s)
        return self.greedy_void[s]

    cdef int _fewest_suit(self, int s) noexcept nogil:
        cdef int k, t, n, best = 0, best_n = 99
        for k in range(3):
            n = 0
            for t in range(k * 9, k * 9 + 9):
                n += self.counts[s][t] + self.locked[s][t]
            if n < best_n:
                best, best_n = k, n
        return best

    cdef int _unseen(self, int s, uint64_t mask) noexcept nogil:
        cdef int u = 0, t, left
        while mask:
            t = ctz64(mask)
            mask &= mask - 1
            left = 4 - self.shown[t] - self.counts[s][t]
            if left > 0:
                u += left
        return u

    cdef int _missing_after_claim(self, int s, int a, int t) noexcept nogil:
        """Missing tiles after claiming t with action a; the discard that follows a pung or
        chow is free in the count (the hand before it is one tile over)."""
        cdef uint8_t tmp[34]
        cdef int low, k, best
        memcpy(tmp, self.counts[s], 34)
        if a == A_PUNG:
            tmp[t] -= 2
        elif a == A_MINGKONG:
            tmp[t] -= 3
        else:
            low = t - (a - A_CHOW_LOW)
            for k in range(3):
                if low + k != t:
                    tmp[low + k] -= 1
        self.n_sets[s] += 1
        best = self.missing(s, tmp)
        self.n_sets[s] -= 1
        return best

    # --- the strong agent ------------------------------------------------------------------

    cdef int _strong(self, int s) except -1 nogil:
        """Plays for value. Wins whenever it may (in 血战, where the hand goes on, it may pass
        a win on a discard to wait for a self-draw: _sv_pass_ron). Discards to the fewest
        missing tiles, then the most useful tiles unseen, where a ready hand is worth the
        unseen copies of each wait times the room's own value of the win on it (asked
        through _ask_win), so a ready hand none of whose waits the room allows (a Guobiao
        hand under 8 fans) counts as one tile further; when its hand is far and a seat
        that has claimed or declared ready threatens, also by the danger of the tile
        (_sv_danger). Claims as the greedy agent does unless the hand after the claim is
        no nearer by that count; takes a kong of a discard that costs nothing. Gives up
        (缺门) the suit without which its hand misses the fewest tiles, and never claims or
        kongs a tile of it. Ready declarations and its own kongs are the greedy agent's,
        but in 血战 (kong money paid at once) a kong, its own or of a discard, may cost
        SV_KONG_COST missing tiles."""
        cdef int t, a, d
        cdef double dist
        if self.legal[A_TSUMO]:
            return A_TSUMO
        if self.legal[A_RON]:
            if self.k_bloody and self.legal[A_PASS] and self._sv_pass_ron(s):
                return A_PASS
            return A_RON
        if self.phase == PH_VOID:
            return A_VOID + self._sv_void(s)
        if self.phase == PH_ACT and self.k_void_win and self.void_suit[s] < 0 and \
                self.greedy_void[s] < 0:
            self.greedy_void[s] = self._sv_void(s)      # the suit it gives up, for good
        if self.phase == PH_CLAIM or self.phase == PH_ROB:
            # the greedy agent's claim (one that lowers the missing count), unless the hand
            # after it is no nearer by the room's values (a ready hand no wait of which wins)
            a = self._greedy(s)
            if a == A_READY:
                return a
            if self._sv_gives_up(s, self.disc_tile):
                return A_PASS   # a meld of the suit it gives up: a hand that cannot win
            self._sv_hand(s, self.counts[s], &d, &dist)
            if self.legal[A_MINGKONG] and \
                    self._sv_after_claim(s, A_MINGKONG, self.disc_tile) <= d + \
                    (SV_KONG_COST if self.k_bloody else 0):
                return A_MINGKONG       # a kong that costs nothing: its money, its draw
            if a == A_PASS:
                return a
            return a if self._sv_after_claim(s, a, self.disc_tile) < d else A_PASS
        if self.phase != PH_ACT or self.legal[A_PASS]:
            return self._greedy(s)
        if self.legal[A_READY]:
            return A_READY
        if not self.ready_pending and not (self.ready[s] and self.k_ready_locks):
            if self.k_bloody:
                a = self._sv_kong(s)
                if a >= 0:
                    return a
            for t in range(34):
                if self.legal[A_KONG + t]:
                    a = self._greedy(s)          # its kongs: those that cost nothing
                    if A_KONG <= a < A_KONG + 34 and not self._sv_gives_up(s, a - A_KONG):
                        return a
                    break
        return A_DISCARD + self._sv_discard(s, self.counts[s], 1, &d)

    cdef int _sv_kong(self, int s) noexcept nogil:
        """血战 (kong money at once): an own kong that costs at most SV_KONG_COST missing
        tiles (-1: none)."""
        cdef int t, base = self.missing(s, self.counts[s])
        for t in range(34):
            if not self.legal[A_KONG + t] or (self.single_mask >> t) & 1 or \
                    t == self.wildcard or self._sv_gives_up(s, t):
                continue
            if self._missing_after_kong(s, t) <= base + SV_KONG_COST:
                return A_KONG + t
        return -1

    cdef bint _sv_gives_up(self, int s, int t) noexcept nogil:
        """Is t a tile of the suit seat s gives up (缺门, where a win needs one)?"""
        cdef int v
        if not self.k_void_win or t >= FIRST_HONOR:
            return 0
        v = self.void_suit[s] if self.void_suit[s] >= 0 else self.greedy_void[s]
        if v < 0:
            v = self._sv_void(s)
        return suit_of(t) == v

    cdef bint _sv_pass_ron(self, int s) noexcept nogil:
        """血战: pass a win on a discard to wait for a self-draw (every seat still in pays)
        when SV_RON_WAIT x its chance over the draws left x its payers is over 1."""
        cdef uint64_t mask = 0
        cdef int t, o, u, n, payers = 0, k
        cdef double p
        hand_missing(self.counts[s], self.n_sets[s], self.k_forms, self.locked[s],
                     self.wildcard, 1, &mask)
        u = self._unseen(s, mask)
        n = self.live_left
        for o in range(self.seats):
            if o != s and not self.won[o]:
                payers += 1
                for t in range(34):
                    n += self.counts[o][t]
        k = self.left_for(s)
        if not self.k_parts:
            k = self.live_left // (self.seats - self.won_count)
        if n <= 0 or u <= 0:
            return 0
        p = 1.0 - pow(1.0 - (<double>u) / n, k)
        return SV_RON_WAIT * p * payers > 1.0

    cdef int _sv_void(self, int s) noexcept nogil:
        """The suit seat s gives up (缺门): the one without which its hand misses the fewest
        tiles (its melds counted), then the one it holds fewest of."""
        cdef uint8_t tmp[34]
        cdef int k, t, d, n, best = 0, best_d = 1000, best_n = 99
        for k in range(3):
            memcpy(tmp, self.counts[s], 34)
            n = 0
            for t in range(k * 9, k * 9 + 9):
                n += tmp[t] + self.locked[s][t]
                tmp[t] = 0
            d = hand_missing(tmp, self.n_sets[s], self.k_forms, self.locked[s], self.wildcard,
                             0, NULL)
            for t in range(k * 9, k * 9 + 9):
                if self.locked[s][t]:
                    d = 99       # a meld of the suit: it cannot be given up
            if d < best_d or d == best_d and n < best_n:
                best, best_d, best_n = k, d, n
        return best

    cdef int _sv_discard(self, int s, uint8_t* c, bint use_legal, int* d_best
                         ) except -2 nogil:
        """The strong agent's discard from the 14-tile holding c: a legal one (a tile of the
        suit the hand gives up first), or with use_legal 0 any tile of c (a hand after a
        claim, counted as the greedy agent counts it); d_best: the fewest missing tiles
        after a discard (a ready hand none of whose waits the room allows counts 2)."""
        cdef int t, v = -1, best_t = -1, dmin = 99, n = 0
        cdef bint cand[34]
        cdef int dd[34]
        cdef double val[34]
        cdef double top[SV_MAX_D + 2]
        cdef double thr[MAX_SEATS]
        cdef double w = 0, sc, best = -1e300, threat
        cdef double dist[34]
        if self.k_void_win:
            v = self._void_of(s)
            for t in range(v * 9, v * 9 + 9):
                if c[t]:
                    n += 1
        for t in range(SV_MAX_D + 2):
            top[t] = 0.0
        for t in range(34):
            cand[t] = c[t] > 0 and (not use_legal or self.legal[A_DISCARD + t])
            if n and use_legal and (t >= FIRST_HONOR or suit_of(t) != v):
                cand[t] = 0      # the suit the hand gives up goes first
        threat = self._sv_threats(s, thr)
        for t in range(34):
            if not cand[t]:
                continue
            c[t] -= 1
            self.shown[t] += 1   # (the discard lies in the river: it is not unseen)
            val[t] = self._sv_hand(s, c, &dd[t], &dist[t])
            self.shown[t] -= 1
            c[t] += 1
            if dd[t] > SV_MAX_D + 1:
                dd[t] = SV_MAX_D + 1
            if val[t] > top[dd[t]]:
                top[dd[t]] = val[t]
            if dd[t] < dmin:
                dmin = dd[t]
        if threat > 0:
            w = SV_DEFEND_FAR if dmin >= 3 else SV_DEFEND_NEAR if dmin == 2 else SV_DEFEND_READY
        for t in range(34):
            if not cand[t]:
                continue
            sc = -dist[t] + (SV_SPREAD * val[t] / top[dd[t]] if top[dd[t]] > 0 else 0.0)
            if w > 0:
                sc -= w * self._sv_danger(s, t, thr)
            if sc > best:
                best, best_t = sc, t
        if best_t < 0:
            d_best[0] = 99
            return self.legal_list[0] - A_DISCARD
        d_best[0] = dmin
        return best_t

    cdef double _sv_hand(self, int s, uint8_t* c, int* d_out, double* dist
                         ) except? -1 nogil:
        """The standing hand c of seat s as the strong agent ranks it. d_out: its missing
        tiles (a ready hand whose waits the room never allows counts 2); dist: the same
        with one more for each tile held of the suit the hand gives up; returned, its
        worth among hands as far: at a ready hand the unseen copies of each wait times
        the room's value of the win on it (to the power SV_VALUE_POW; in 血战
        SV_VALUE_POW_BLOODY, and with SV_LATE_LEFT own draws left or fewer its best
        wait's value, the money of 查大叫), else the useful tiles unseen."""
        cdef uint64_t mask = 0, m
        cdef int d, t, left, u = 0, uv = 0, nv = 0
        cdef double ev = 0, vmax = 0
        d = hand_missing(c, self.n_sets[s], self.k_forms, self.locked[s], self.wildcard, 1,
                         &mask)
        t = self.void_suit[s] if self.void_suit[s] >= 0 else self.greedy_void[s]
        if self.k_void_win and t >= 0:
            for left in range(t * 9, t * 9 + 9):
                nv += c[left]
        m = mask
        while m:
            t = ctz64(m)
            m &= m - 1
            left = 4 - self.shown[t] - c[t]
            if left > 0:
                u += left
        if d == 1 and nv == 0:
            with gil:
                self._sv_waits(s, c, mask, &ev, &uv, &vmax)
            if uv == 0:
                d = 2        # ready, but no wait is a win the room allows
            elif self.k_bloody and self.left_for(s) <= SV_LATE_LEFT:
                ev = vmax    # the wall ends soon: 查大叫 pays the best wait
            u = 0
        d_out[0] = d
        dist[0] = d + nv
        return ev if uv else u

    cdef int _sv_waits(self, int s, const uint8_t* c, uint64_t mask, double* ev, int* uv,
                       double* vmax) except -1:
        """The room's value of each wait of the ready standing hand c of seat s, asked
        through the table's own win check (a win on a discard; a hand only a self-draw
        would allow counts SV_TSUMO_SHARE of it): ev = the sum of unseen copies x value,
        uv = the unseen copies of the valued waits."""
        cdef int w, left, hv = self.hand_version[s], frm = (s + 1) % self.seats, k
        cdef uint8_t save[34]
        cdef double v
        if self.sv_cache is None:
            self.sv_cache = {}
        head = (s, (<char*>c)[:34], (<char*>self.mk[s])[:self.n_melds[s]],
                (<char*>self.mt[s])[:self.n_melds[s]], self.flowers[s], self.wildcard)
        while mask:
            w = ctz64(mask)
            mask &= mask - 1
            left = 4 - self.shown[w] - c[w]
            if left <= 0:
                continue
            key = (head, w)
            got = self.sv_cache.get(key)
            if got is None:
                memcpy(save, self.counts[s], 34)
                memcpy(self.counts[s], c, 34)
                self.counts[s][w] += 1
                self.hand_version[s] = -1        # a hand that is not the seat's own
                try:
                    v = self._ask_win(s, w, frm, 0)
                    if v == 0:
                        v = SV_TSUMO_SHARE * self._ask_win(s, w, -1, 0)
                finally:
                    memcpy(self.counts[s], save, 34)
                    self.hand_version[s] = hv
                    for k in (frm, -1):
                        self.win_cache.pop((s, w, k, 0, -1, self.table_version), None)
                self.sv_cache[key] = v
            else:
                v = got
            if v > 0:
                ev[0] += left * pow(v, SV_VALUE_POW_BLOODY if self.k_bloody else
                                    SV_VALUE_POW)
                uv[0] += left
                if v > vmax[0]:
                    vmax[0] = v
        return 0

    cdef int _sv_after_claim(self, int s, int a, int t) except -1 nogil:
        """Seat s's missing tiles after claiming t with action a (and, after a pung or
        chow, its best discard), as the strong agent counts them."""
        cdef uint8_t save_c[34]
        cdef uint8_t save_l[34]
        cdef int nm = self.n_melds[s], ns = self.n_sets[s], low = t, k, code, d = 99
        cdef double dist
        memcpy(save_c, self.counts[s], 34)
        memcpy(save_l, self.locked[s], 34)
        if a == A_PUNG or a == A_MINGKONG:
            code = MELD_PUNG if a == A_PUNG else MELD_KONG
            self.counts[s][t] -= 2 if a == A_PUNG else 3
            self.locked[s][t] += 3 if a == A_PUNG else 4
        else:
            code = MELD_CHOW
            low = t - (a - A_CHOW_LOW)
            for k in range(3):
                if low + k != t:
                    self.counts[s][low + k] -= 1
                self.locked[s][low + k] += 1
        self.mk[s][nm] = code
        self.mt[s][nm] = low
        self.n_melds[s] = nm + 1
        self.n_sets[s] = ns + 1
        try:
            if a == A_MINGKONG:
                self._sv_hand(s, self.counts[s], &d, &dist)
            else:
                self._sv_discard(s, self.counts[s], 0, &d)
        finally:
            memcpy(self.counts[s], save_c, 34)
            memcpy(self.locked[s], save_l, 34)
            self.n_melds[s] = nm
            self.n_sets[s] = ns
        return d

    cdef double _sv_threats(self, int s, double* thr) noexcept nogil:
        """How much each other seat threatens (1 when it has declared ready, else by its
        claimed sets); returns the largest."""
        cdef int o, i, n
        cdef double top = 0
        for o in range(self.seats):
            thr[o] = 0
            if o == s or self.won[o]:
                continue
            if self.ready[o]:
                thr[o] = 1.0
            else:
                n = 0
                for i in range(self.n_melds[o]):
                    if self.mk[o][i] == MELD_CHOW or self.mk[o][i] == MELD_PUNG or \
                            self.mk[o][i] == MELD_KONG:
                        n += 1
                thr[o] = 0.0 if n == 0 else 0.25 if n == 1 else 0.5 if n == 2 else 0.8
            if thr[o] > top:
                top = thr[o]
        return top

    cdef double _sv_danger(self, int s, int t, const double* thr) noexcept nogil:
        """How likely a discard of t is to be won on, from what is visible: a seat's void
        suit is safe, a tile it discarded itself is safer, an honour nobody else can hold
        is safe, a seat whose claimed sets are all of one suit waits in it."""
        cdef int o, i, left = 4 - self.shown[t] - self.counts[s][t], suit = -1, ms
        cdef double total = 0, base
        for o in range(self.seats):
            if thr[o] <= 0:
                continue
            if self.k_dingque and t < FIRST_HONOR and suit_of(t) == self.void_suit[o]:
                continue
            if t >= FIRST_HONOR:
                base = 0.0 if left <= 0 else 0.3 if left == 1 else 0.8
            else:
                i = rank_of(t)
                base = 0.55 if i == 0 or i == 8 else 0.8 if i == 1 or i == 7 else 1.0
                if left <= 0:
                    base *= 0.5
            if self.river[o][t]:
                base *= 0.35
            suit = -1
            for i in range(self.n_melds[o]):
                if self.mk[o][i] == MELD_SINGLE_KONG:
                    continue
                ms = suit_of(self.mt[o][i])
                if ms == 3:
                    continue
                if suit == -1:
                    suit = ms
                elif suit != ms:
                    suit = -2
            if suit >= 0 and t < FIRST_HONOR:
                base *= 1.5 if suit_of(t) == suit else 0.2
            total += thr[o] * base
        return total

    # --- what agents and logs see ----------------------------------------------------------

    def legal_actions(self):
        """The decider's legal actions (indices of the action space), in index order."""
        return sorted([self.legal_list[k] for k in range(self.n_legal)])

    def legal_mask(self, object out=None):
        if out is None:
            out = np.zeros(N_ACTIONS, dtype=np.bool_)
        cdef uint8_t[::1] o = out.view(np.uint8)
        memcpy(&o[0], self.legal, N_ACTIONS)
        return out

    @property
    def win_offer(self):
        """The room's value of the win the decider is offered now (0 = none)."""
        return self.win_val_cur

    @property
    def wall_remaining(self):
        """The live tiles left to draw (with wall parts: in all the parts)."""
        return self.live_left

    def hand_of(self, int s):
        return tuple([self.counts[s][t] for t in range(34)])

    def melds_of(self, int s):
        return self._melds_json(s)

    def river_of(self, int s):
        return tuple([self.river[s][t] for t in range(34)])

    def seat_state(self, int s):
        return {"won": bool(self.won[s]), "ready": bool(self.ready[s]),
                "void_suit": self.void_suit[s] if self.void_suit[s] >= 0 else None,
                "pass_locked": bool(self.locked_out[s]), "open": bool(self.open_hand[s]),
                "flowers": self.flowers[s]}

    @property
    def last_discard(self):
        if self.phase == PH_CLAIM:
            return self.disc_tile
        if self.phase == PH_ROB:
            return self.rob_tile
        return None

    @property
    def last_drawn(self):
        return self.last_draw if self.phase == PH_ACT and not self.act_claimed else None

    def observe_into(self, int s, object out):
        """Fill float32 `out` (OBS_SIZE) with seat s's view, seats counted from s.

        Planes of 34: 0 own hand; 1-4 each seat's meld tiles; 5-8 each seat's discards;
        9 the tile on offer (1: a discard or robbed tile, 2: one's own draw). Then 32
        scalars: wall left / 136; dealer (4, one-hot); own seat wind (4); round wind (4);
        ready (4); won (4); own void suit (3); s decides; claim window; 过水; (wildcard+1)/34;
        setup phase; own flowers / 8; the remaining three are 0."""
        cdef float[::1] o = out
        cdef int r, t, p, i
        if o.shape[0] != OBS_SIZE:
            raise MahjongError(f"observe_into: out must hold {OBS_SIZE} floats")
        memset(&o[0], 0, OBS_SIZE * sizeof(float))
        for t in range(34):
            o[t] = self.counts[s][t]
        for r in range(self.seats):
            p = (s + r) % self.seats
            for t in range(34):
                o[34 * (1 + r) + t] = self.locked[p][t]
                o[34 * (5 + r) + t] = self.river[p][t]
        if self.phase == PH_CLAIM:
            o[34 * 9 + self.disc_tile] = 1
        elif self.phase == PH_ROB:
            o[34 * 9 + self.rob_tile] = 1
        elif self.phase == PH_ACT and not self.act_claimed and self.decider == s:
            o[34 * 9 + self.last_draw] = 2
        i = 34 * OBS_PLANES
        o[i] = self.live_left / 136.0
        o[i + 1 + (self.dealer - s + self.seats) % self.seats] = 1
        o[i + 5 + (s - self.dealer + self.seats) % self.seats] = 1
        o[i + 9 + self.round_wind % 4] = 1
        for r in range(self.seats):
            p = (s + r) % self.seats
            o[i + 13 + r] = self.ready[p]
            o[i + 17 + r] = self.won[p]
        if self.void_suit[s] >= 0:
            o[i + 21 + self.void_suit[s]] = 1
        o[i + 24] = self.decider == s
        o[i + 25] = self.phase == PH_CLAIM or self.phase == PH_ROB
        o[i + 26] = self.locked_out[s]
        o[i + 27] = (self.wildcard + 1) / 34.0
        o[i + 28] = self.phase == PH_VOID or self.phase == PH_SWAP or self.phase == PH_EXCHANGE
        o[i + 29] = self.flowers[s] / 8.0
        return out

    # --- the log ---------------------------------------------------------------------------

    def events(self):
        """The events so far as record v2 mappings."""
        out = []
        cdef int i, typ, s, t, aux, frm
        for i in range(self.n_ev):
            typ = self.ev_type[i]
            s = self.ev_seat[i]
            t = self.ev_tile[i]
            aux = self.ev_aux[i]
            frm = self.ev_from[i]
            if typ == EV_DRAW:
                out.append({"type": "draw", "seat": s, "tile": TENHOU_NAMES[t]})
            elif typ == EV_DISCARD:
                out.append({"type": "discard", "seat": s, "tile": TENHOU_NAMES[t]})
            elif typ == EV_PUNG:
                out.append({"type": "pung", "seat": s,
                            "tiles": TENHOU_NAMES[t][0] * 2 + TENHOU_NAMES[t], "from": frm})
            elif typ == EV_CHOW:
                out.append({"type": "chow", "seat": s, "tiles": TENHOU_NAMES[t][0] +
                            TENHOU_NAMES[t + 1][0] + TENHOU_NAMES[t + 2], "from": frm})
            elif typ == EV_KONG:
                e = {"type": "kong", "seat": s, "kind": KONG_KINDS[aux],
                     "tile": TENHOU_NAMES[t]}
                if aux == KONG_EXPOSED:
                    e["from"] = frm
                out.append(e)
            elif typ == EV_READY:
                out.append({"type": "ready", "seat": s})
            elif typ == EV_FLIP:
                out.append({"type": "flip", "tile": TENHOU_NAMES[t]})
            elif typ == EV_WIN:
                out.append(_win_dict(s, self.rw_counts[aux], self.rw_mk[aux], self.rw_mt[aux],
                                     self.rw_nm[aux], t, frm, self.rw_flags[aux],
                                     self.k_flowers, self.rw_flowers[aux]))
            elif typ == EV_EXHAUSTED:
                out.append({"type": "exhausted"})
        return out

    def void_suits(self):
        return tuple([self.void_suit[s] if self.void_suit[s] >= 0 else None
                      for s in range(self.seats)])

    def wall_tiles(self):
        """The log's `wall`: the deal (the hands as play began: after 换三张 / 换牌 when
        tiles moved), then the live tiles in draw order; no flowers, no indicator."""
        cdef uint8_t w[MAX_WALL]
        cdef int i, n = self._wall_into(w)
        return [TENHOU_NAMES[w[i]] for i in range(n)]

    cdef int _wall_into(self, uint8_t* out) noexcept:
        """The log's wall (wall_tiles) as tile ids into out (MAX_WALL); returns its length."""
        cdef int i, s, k, t, n, m = 0, start = 0, hold = -1
        if self.k_parts:
            return self._wall_parts_into(out)
        if self.setup_changed:
            if self.phase in (PH_EXCHANGE, PH_SWAP, PH_VOID):
                # play has not begun: the hands as they stand now are the deal
                memcpy(self.deal_counts, self.counts, sizeof(self.counts))
            for k in range(self.seats):
                s = (self.dealer + k) % self.seats
                for t in range(34):
                    for n in range(self.deal_counts[s][t]):
                        out[m] = t
                        m += 1
                if s == self.dealer:
                    m -= 1                       # the 14th is dealt after everyone's 13
                    hold = out[m]
            out[m] = hold
            m += 1
            start = self.deal_end
        for i in range(start, self.live_end):
            t = self.deck[i]
            if t < 34 and not (self.k_indicator and i == self.deal_end - 1):
                out[m] = t
                m += 1
        return m

    cdef int _wall_parts_into(self, uint8_t* out) noexcept:
        """_wall_into with wall parts: the parts in seat order, each as dealt (the hand as
        play began, when 换三张 / 换牌 moved tiles; the dealer's 14th last), then its tiles
        in draw order."""
        cdef int i, s, t, n, m = 0, start
        for s in range(self.seats):
            if self.setup_changed:
                if self.phase in (PH_EXCHANGE, PH_SWAP, PH_VOID):
                    memcpy(self.deal_counts, self.counts, sizeof(self.counts))
                for t in range(34):
                    for n in range(self.deal_counts[s][t]):
                        out[m] = t
                        m += 1
                start = self.part_deal[s]
            else:
                start = part_start(self.live_end, self.seats, s)
            for i in range(start, self.part_end[s]):
                t = self.deck[i]
                if t < 34 and not (self.k_indicator and i == self.deal_end - 1):
                    out[m] = t
                    m += 1
        return m

    def reserve_tiles(self):
        """The reserve as it stood when play began (after 换牌), in the order it is taken
        (the shown flower indicators are not in it)."""
        return [TENHOU_NAMES[self.res[i]] for i in range(self._reserve_start(), self.res_n)]

    cdef int _reserve_start(self):
        # the tiles taken by 换牌 came from the front; the reserve at play's start is what
        # follows them (returned tiles went to the end)
        cdef int s, taken = 0
        for s in range(self.seats):
            taken += self.swaps[s]
        return self.n_flower_ind + taken

    def deck_ids(self):
        """The shuffled deck as tile ids (flowers 34..41)."""
        return [self.deck[i] for i in range(self.deck_n)]

    def flower_indicator_tiles(self):
        return [TENHOU_NAMES[self.flower_ind[i]] for i in range(self.n_flower_ind)]

    def flower_positions(self):
        """Positions of the flowers in the shuffled deck (the log's note: the wall has only
        the 136 tiles)."""
        return [i for i in range(self.deck_n) if self.deck[i] >= 34]

    def final_hands(self):
        out = {}
        for s in range(self.seats):
            if not self.won[s]:
                out[str(s)] = {"hand": _hand_text(self.counts[s]), "melds": self._melds_json(s)}
        return out

    def record_so_far(self):
        """The record v2 mapping of the hand so far (no `final` until the hand is over)."""
        spec = self.spec
        rec = {"rules": spec.rules, "options": dict(spec.options), "dealer": self.dealer,
               "seats": self.seats, "round_wind": self.round_wind, "wall": self.wall_tiles(),
               "events": self.events()}
        if self.indicator >= 0:
            rec["indicator"] = TENHOU_NAMES[self.indicator]
        if self.n_flower_ind:
            rec["flower_indicators"] = self.flower_indicator_tiles()
        if self.res_n:
            rec["reserve"] = self.reserve_tiles()
        return rec


    # --- the typed log (record.record_from_table reads it) and its JSON text -------------

    def packed_log(self):
        """The hand's log as the table keeps it, packed for record.record_from_table:
        ``(events, wins, finals, wall, flower_indicators, reserve)``, bytes (``reserve``
        None when the rule set keeps none). ``events``: 5 per event (EV_* code, seat,
        tile, aux, from; 255 = none; a kong's aux is its KONG_* kind, a win's its slot, a
        chow's tile its lowest). ``wins``: per slot, a holding then the win's WIN_* bits (2
        bytes, little-endian). ``finals``: per seat, a holding (its last byte 1 when the
        seat did not win: the record's final hand). A holding is 68 bytes: the 34 concealed
        counts, the number of melds, 16 meld pairs (MELD_* code, tile: a chow's lowest) and
        the flowers. ``wall``, ``flower_indicators``, ``reserve``: those of the log, as tile
        ids."""
        cdef int i, w, s, n = self.n_ev, nw = min(self.n_wins, MAX_WINS)
        cdef uint8_t wall[MAX_WALL]
        cdef bytearray ev = bytearray(5 * n)
        cdef bytearray wins = bytearray(HOLDING_BYTES * nw + 2 * nw)
        cdef bytearray finals = bytearray(HOLDING_BYTES * self.seats)
        cdef uint8_t* e = ev
        cdef uint8_t* p
        for i in range(n):
            e[5 * i] = self.ev_type[i]
            e[5 * i + 1] = <uint8_t>self.ev_seat[i]
            e[5 * i + 2] = <uint8_t>self.ev_tile[i]
            e[5 * i + 3] = <uint8_t>self.ev_aux[i]
            e[5 * i + 4] = <uint8_t>self.ev_from[i]
        p = wins
        for w in range(nw):
            _pack_holding(p, self.rw_counts[w], self.rw_mk[w], self.rw_mt[w], self.rw_nm[w],
                          self.rw_flowers[w])
            p[HOLDING_BYTES] = self.rw_flags[w] & 255
            p[HOLDING_BYTES + 1] = (self.rw_flags[w] >> 8) & 255
            p += HOLDING_BYTES + 2
        p = finals
        for s in range(self.seats):
            if not self.won[s]:
                _pack_holding(p, self.counts[s], self.mk[s], self.mt[s], self.n_melds[s], 1)
            p += HOLDING_BYTES
        n = self._wall_into(wall)
        return (bytes(ev), bytes(wins), bytes(finals), (<char*>wall)[:n],
                (<char*>self.flower_ind)[:self.n_flower_ind],
                (<char*>self.res)[self._reserve_start():self.res_n] if self.res_n else None)

    def win_seats(self):
        """The winners' seats, in the order of their wins."""
        cdef int i
        return [self.ev_seat[i] for i in range(self.n_ev) if self.ev_type[i] == EV_WIN]

    def log_json(self, bytes head, deltas, next_dealer, win_values, items, bytes exhausted=None,
                 bytes setup=None, bint as_bytes=False):
        """The finished hand's game log as one line of JSON text (no newline), written from
        the table's own arrays: what ``json.dumps(log, ensure_ascii=False, separators=(",",
        ":"))`` gives for Game.log()'s mapping. ``head``: the log's first fields as JSON
        text, up to the comma after "options"; ``deltas`` .. ``items``: the result's
        fields; ``exhausted``: the rule set's data of the exhausted event (``,"name":...``);
        ``setup``: the note's setup list as JSON text; ``as_bytes``: the line as UTF-8
        bytes, not str."""
        cdef _Out o
        cdef uint8_t wall[MAX_WALL]
        cdef int i, n, s, typ, t, aux, frm, k
        cdef bint any_void = 0
        o.p = NULL
        o.n = o.cap = 0
        try:
            _put_bytes(&o, head)
            _puts(&o, b'"dealer":')
            _puti(&o, self.dealer)
            _puts(&o, b',"seats":')
            _puti(&o, self.seats)
            _puts(&o, b',"round_wind":')
            _puti(&o, self.round_wind)
            _puts(&o, b',"wall":')
            _put_tiles(&o, wall, self._wall_into(wall))
            _puts(&o, b',"events":[')
            for i in range(self.n_ev):
                if i:
                    _putc(&o, 44)
                typ, s, t = self.ev_type[i], self.ev_seat[i], self.ev_tile[i]
                aux, frm = self.ev_aux[i], self.ev_from[i]
                if typ == EV_DRAW or typ == EV_DISCARD:
                    _puts(&o, b'{"type":"draw"' if typ == EV_DRAW else b'{"type":"discard"')
                    _kv_int(&o, b',"seat":', s)
                    _kv_tile(&o, b',"tile":', t)
                elif typ == EV_PUNG or typ == EV_CHOW:
                    _puts(&o, b'{"type":"pung"' if typ == EV_PUNG else b'{"type":"chow"')
                    _kv_int(&o, b',"seat":', s)
                    _puts(&o, b',"tiles":')
                    _put_meld_tiles(&o, MELD_PUNG if typ == EV_PUNG else MELD_CHOW, t)
                    _kv_int(&o, b',"from":', frm)
                elif typ == EV_KONG:
                    _kv_int(&o, b'{"type":"kong","seat":', s)
                    _puts(&o, b',"kind":"')
                    _put_bytes(&o, _KONG_KIND_BYTES[aux])
                    _kv_tile(&o, b'","tile":', t)
                    if aux == KONG_EXPOSED:
                        _kv_int(&o, b',"from":', frm)
                elif typ == EV_READY:
                    _kv_int(&o, b'{"type":"ready","seat":', s)
                elif typ == EV_FLIP:
                    _kv_tile(&o, b'{"type":"flip","tile":', t)
                elif typ == EV_WIN:
                    _kv_int(&o, b'{"type":"win","seat":', s)
                    _puts(&o, b',"hand":')
                    _put_hand(&o, self.rw_counts[aux])
                    _puts(&o, b',"melds":')
                    _put_melds(&o, self.rw_mk[aux], self.rw_mt[aux], self.rw_nm[aux])
                    _kv_tile(&o, b',"win_tile":', t)
                    if frm < 0:
                        _puts(&o, b',"from":null')
                    else:
                        _kv_int(&o, b',"from":', frm)
                    for k in range(8):
                        if self.rw_flags[aux] & (2 << k):
                            _put_bytes(&o, _FLAG_JSON[k])
                    if self.k_flowers:
                        _kv_int(&o, b',"flowers":', self.rw_flowers[aux])
                elif typ == EV_EXHAUSTED:
                    _puts(&o, b'{"type":"exhausted"')
                    if exhausted is not None and i == self.n_ev - 1:
                        _put_bytes(&o, exhausted)
                _putc(&o, 125)
            _putc(&o, 93)
            if self.indicator >= 0:
                _puts(&o, b',"indicator":')
                _put_tile(&o, self.indicator)
            if self.n_flower_ind:
                _puts(&o, b',"flower_indicators":')
                _put_tiles(&o, self.flower_ind, self.n_flower_ind)
            if self.res_n:
                _puts(&o, b',"reserve":')
                n = self._reserve_start()
                _put_tiles(&o, self.res + n, self.res_n - n)
            _puts(&o, b',"final":{')
            k = 0
            for s in range(self.seats):
                if self.won[s]:
                    continue
                if k:
                    _putc(&o, 44)
                k = 1
                _putc(&o, 34)
                _puti(&o, s)
                _puts(&o, b'":{"hand":')
                _put_hand(&o, self.counts[s])
                _puts(&o, b',"melds":')
                _put_melds(&o, self.mk[s], self.mt[s], self.n_melds[s])
                _putc(&o, 125)
            _putc(&o, 125)
            for s in range(self.seats):
                if self.void_suit[s] >= 0:
                    any_void = 1
            if any_void or setup is not None or self.spec.flowers:
                _puts(&o, b',"note":{')
                k = 0
                if any_void:
                    _puts(&o, b'"void_suits":[')
                    for s in range(self.seats):
                        if s:
                            _putc(&o, 44)
                        if self.void_suit[s] >= 0:
                            _putc(&o, 34)
                            _putc(&o, _SUITS[self.void_suit[s]])
                            _putc(&o, 34)
                        else:
                            _puts(&o, b'null')
                    _putc(&o, 93)
                    k = 1
                if setup is not None:
                    if k:
                        _putc(&o, 44)
                    _puts(&o, b'"setup":')
                    _put_bytes(&o, setup)
                    k = 1
                if self.spec.flowers:
                    if k:
                        _putc(&o, 44)
                    _puts(&o, b'"flower_positions":[')
                    n = 0
                    for i in range(self.deck_n):
                        if self.deck[i] >= 34:
                            if n:
                                _putc(&o, 44)
                            _puti(&o, i)
                            n = 1
                    _putc(&o, 93)
                _putc(&o, 125)
            _puts(&o, b',"result":{"deltas":')
            _put_values(&o, deltas)
            _puts(&o, b',"next_dealer":')
            _put_value(&o, next_dealer)
            _puts(&o, b',"win_values":')
            _put_values(&o, win_values)
            _puts(&o, b',"items":[')
            k = 0
            for item in items:
                if k:
                    _putc(&o, 44)
                k = 1
                _put_value(&o, item)
            _puts(&o, b']}}')
            if as_bytes:
                return PyBytes_FromStringAndSize(o.p, o.n)
            return PyUnicode_DecodeUTF8(o.p, o.n, NULL)
        finally:
            free(o.p)


class _LazyRecord:
    """The record so far, each field built only when the room's win check reads it (the
    events and the wall are the costly ones; dealer, round wind and the rest are free)."""

    __slots__ = ("_table", "_fields")

    def __init__(self, table):
        self._table = table
        self._fields = None

    def _get(self):
        if self._fields is None:
            self._fields = self._table.record_so_far()
        return self._fields

    def __getitem__(self, key):
        t = self._table
        if self._fields is None:
            if key == "dealer":
                return t.dealer
            if key == "round_wind":
                return t.round_wind
            if key == "seats":
                return t.seats
            if key == "rules":
                return t.spec.rules
        return self._get()[key]

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        return key in self._get()

    def __iter__(self):
        return iter(self._get())

    def __len__(self):
        return len(self._get())

    def keys(self):
        return self._get().keys()

    def items(self):
        return self._get().items()


cdef inline int _seat_of(uint8_t b) noexcept nogil:
    """A seat byte of replay_log's events: 255 is none (-1)."""
    return -1 if b == 255 else b


cdef list _melds_list(const uint8_t* mk, const uint8_t* mt, int n):
    """Melds (codes MELD_*, tiles: a chow's lowest) as the record's {"type", "tiles"}."""
    out = []
    cdef int i, code, t
    for i in range(n):
        code = mk[i]
        t = mt[i]
        if code == MELD_CHOW:
            tiles = TENHOU_NAMES[t][0] + TENHOU_NAMES[t + 1][0] + TENHOU_NAMES[t + 2]
        elif code == MELD_PUNG:
            tiles = TENHOU_NAMES[t][0] * 2 + TENHOU_NAMES[t]
        elif code == MELD_SINGLE_KONG:
            tiles = TENHOU_NAMES[t]
        else:
            tiles = TENHOU_NAMES[t][0] * 3 + TENHOU_NAMES[t]
        out.append({"type": MELD_NAMES[code], "tiles": tiles})
    return out


cdef dict _win_dict(int s, const uint8_t* counts, const uint8_t* mk, const uint8_t* mt, int nm,
                    int t, int frm, int flags, bint with_flowers, int flowers):
    """A win event as the record's mapping (counts: the hand after the win)."""
    ev = {"type": "win", "seat": s, "hand": _hand_text(counts), "melds": _melds_list(mk, mt, nm),
          "win_tile": TENHOU_NAMES[t], "from": None if frm < 0 else frm}
    cdef int k
    for k in range(8):
        if flags & (2 << k):
            ev[WIN_FLAG_NAMES[k]] = True
    if with_flowers:
        ev["flowers"] = flowers
    return ev


cdef str _hand_text(const uint8_t* c):
    parts = []
    cdef int suit, r, t, n
    for suit in range(4):
        digits = []
        for r in range(9 if suit < 3 else 7):
            t = suit * 9 + r
            for n in range(c[t]):
                digits.append(str(r + 1))
        if digits:
            parts.append("".join(digits) + "mpsz"[suit])
    return "".join(parts)


_NAMES = {A_TSUMO: "tsumo", A_RON: "ron", A_PUNG: "pung", A_MINGKONG: "exposed_kong",
          A_CHOW_LOW: "chow_low", A_CHOW_MID: "chow_mid", A_CHOW_HIGH: "chow_high",
          A_PASS: "pass", A_READY: "ready"}


def action_name(int a):
    """A readable name of action index a: 'discard 5m', 'kong 7z', 'pung', ..."""
    if 0 <= a < 34:
        return "discard " + TENHOU_NAMES[a]
    if A_KONG <= a < A_KONG + 34:
        return "kong " + TENHOU_NAMES[a - A_KONG]
    if A_VOID <= a < A_VOID + 3:
        return "void " + "mps"[a - A_VOID]
    if A_SWAP <= a < A_SWAP + 34:
        return "swap " + TENHOU_NAMES[a - A_SWAP]
    if a == A_DONE:
        return "done"
    return _NAMES.get(a, f"action {a}")


cpdef inline int part_start(int live, int seats, int s) noexcept nogil:
    """Where seat s's part of the wall begins in the deck's `live` tiles (s = seats: their
    end): `seats` parts in seat order, equal but for the first `live % seats`, one longer."""
    return s * (live // seats) + min(s, live % seats)


def _check_parts(spec, int live, int seats):
    """Wall parts (the option duplicate_walls): each part holds a deal and a draw; no
    indicator beside flowers (where the log's indicator goes back needs no flowers)."""
    if live // seats - 8 * spec.flowers < 15 + spec.indicator:
        raise MahjongError(f"option duplicate_walls: a part of {live // seats} tiles holds "
                           f"no deal and draw")
    if spec.indicator and spec.flowers:
        raise MahjongError("option duplicate_walls: not with both an indicator and flowers")


def shuffled(tiles, uint64_t seed):
    """The tiles in the order of a Fisher-Yates shuffle driven by PCG32 seeded with `seed`
    (the same order on every machine and Python version)."""
    cdef Pcg g
    cdef int n = len(tiles), i, j
    cdef uint8_t buf[MAX_WALL]
    if n > MAX_WALL:
        raise MahjongError(f"wall: {n} tiles (at most {MAX_WALL})")
    for i in range(n):
        buf[i] = tiles[i]
    pcg_seed(&g, seed, 0x5EED)
    for i in range(n - 1, 0, -1):
        j = pcg_below(&g, i + 1)
        buf[i], buf[j] = buf[j], buf[i]
    return [buf[i] for i in range(n)]


cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    cdef uint64_t z
    x[0] += 0x9E3779B97F4A7C15ULL
    z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


def seed_state(words, int n):
    """n 64-bit seeds from a sequence of non-negative ints below 2**64 (the seed): each word
    is mixed in by SplitMix64 (Steele, Lea and Flood 2014), then n words are drawn."""
    cdef uint64_t x = 0x6A09E667F3BCC909ULL, w
    cdef int i
    for v in words:
        w = v
        x ^= w
        x = splitmix64(&x)
    return [splitmix64(&x) for i in range(n)]
