# Compiled tile readers: the one tenhou-notation reader of the compiled side (_shanten,
# _holdings and the room kernels use it).
#
# Header-only (every function is `cdef inline`), so there is no _tileparse extension module.
# Each reader takes only the commonest input and reports anything else to its caller,
# which then hands the input to the full parser of mahjong.tiles (that parser words the
# error messages): the readers never raise for bad tiles.
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.number cimport PyNumber_Index
from libc.string cimport memset

from mahjong_core._types cimport uint8_t

# Kernels count into uint8_t[34]; a reader with no copy limit counts into int[34].
ctypedef fused tile_count_t:
    uint8_t
    int


cdef inline int suit_base(Py_UCS4 ch, int top_rank) noexcept:
    """The id of rank 1 of the suit letter ch (m 0, p 9, s 18, z 27), or -1 for any other
    character and for z closing an 8 or a 9 (top_rank: the highest waiting rank, 0 for 1)."""
    if ch == 0x6D:                                 # 'm'
        return 0
    if ch == 0x70:                                 # 'p'
        return 9
    if ch == 0x73:                                 # 's'
        return 18
    if ch == 0x7A and top_rank <= 6:               # 'z' (8z, 9z are not tiles)
        return 27
    return -1


cdef inline int count_tenhou_text(str text, tile_count_t* counts, int max_copies,
                                  int max_tiles, bint spaces_between_groups) except -2:
    """Add the tiles of plain tenhou text ("123m456p11z") to counts[34].

    Digit runs 1-9 each closed by m, p, s or z (honours 1z-7z); with spaces_between_groups
    a space may stand where no digit is waiting. Returns the number of tiles, or -1 for
    anything else, including a count above max_copies or a total above max_tiles (counts
    is then partly filled). The caller zeroes counts first.
    """
    cdef int pending[9]          # digits read since the last suit letter, by rank
    cdef int n_pending = 0, top_rank = 0, total = 0, base, r, t
    cdef Py_UCS4 ch
    memset(pending, 0, sizeof(pending))
    for ch in text:
        if 0x31 <= ch <= 0x39:                     # '1'..'9'
            r = <int>ch - 0x31
            pending[r] += 1
            n_pending += 1
            if n_pending > max_tiles:
                return -1
            if r > top_rank:
                top_rank = r
            continue
        if n_pending == 0:                         # a letter must close a digit run
            if ch == 0x20 and spaces_between_groups:
                continue
            return -1
        base = suit_base(ch, top_rank)
        if base < 0:
            return -1
        total += n_pending
        if total > max_tiles:
            return -1
        for r in range(top_rank + 1):
            if pending[r]:
                t = base + r
                if counts[t] > max_copies - pending[r]:
                    return -1
                counts[t] += pending[r]
                pending[r] = 0
        n_pending = 0
        top_rank = 0
    if n_pending:
        return -1
    return total


cdef inline Py_ssize_t count_tile_ids(object ids, uint8_t* counts, int n_kinds,
                                      bint plain_ints_only) except -2:
    """Add an iterable of tile ids to counts[34] (zeroed by the caller), at most 4 copies.

    Returns -1 when every id was counted, else the position of the first id that is
    outside 0..n_kinds-1, a fifth copy, or (with plain_ints_only) not exactly an int.
    Without plain_ints_only any integer-like id is taken and a non-integer raises
    TypeError.
    """
    cdef Py_ssize_t pos = 0
    cdef long t
    cdef int overflow
    for x in ids:
        if plain_ints_only:
            if type(x) is not int:
                return pos
        else:
            x = PyNumber_Index(x)  # TypeError for a non-integer, as documented
        # An int beyond a C long is just an out-of-range id (not an OverflowError).
        t = PyLong_AsLongAndOverflow(x, &overflow)
        if overflow or t < 0 or t >= n_kinds or counts[t] >= 4:
            return pos
        counts[t] += 1
        pos += 1
    return -1


# Lists and tuples of ints, read through their item arrays (borrowed references, no Python
# call for a small int): the readers of the scalar entry points, where a per-item Python
# call would cost more than the kernel. The caller checks the type (an exact list or tuple).
cdef extern from *:
    """
    /* The value of an exact int (not a bool), or -1 for anything else; an int beyond one
       30-bit digit is out of every range these readers take, so it is -1 too. */
    static inline long mj_small_int_item(PyObject* x) {
        if (!PyLong_CheckExact(x)) return -1;
    #if !defined(PYPY_VERSION) && !defined(Py_LIMITED_API) && PY_VERSION_HEX >= 0x030C0000
        if (!PyUnstable_Long_IsCompact((PyLongObject*)x)) return -1;
        return (long)PyUnstable_Long_CompactValue((PyLongObject*)x);
    #elif !defined(PYPY_VERSION) && !defined(Py_LIMITED_API) && PY_VERSION_HEX >= 0x030B0000
        if (Py_SIZE(x) == 0) return 0;
        return Py_SIZE(x) == 1 ? (long)((PyLongObject*)x)->ob_digit[0] : -1;
    #else
        int overflow;
        long v = PyLong_AsLongAndOverflow(x, &overflow);
        if (v == -1 && PyErr_Occurred()) { PyErr_Clear(); return -1; }
        return overflow ? -1 : v;
    #endif
    }
    /* Add the int tile ids of a list or tuple to counts[34] (zeroed by the caller): their
       number, or -1 at an item that is not an int 0..33 or a copy above max_copies. */
    static inline int mj_count_id_items(PyObject* seq, uint8_t* counts, int max_copies) {
        Py_ssize_t i, n = PySequence_Fast_GET_SIZE(seq);
        PyObject** items = PySequence_Fast_ITEMS(seq);
        for (i = 0; i < n; i++) {
            long t = mj_small_int_item(items[i]);
            if (t < 0 || t >= 34 || counts[t] >= max_copies) return -1;
            counts[t]++;
        }
        return (int)n;
    }
    /* Copy the 34 int counts 0..4 of a list or tuple of length 34 into counts: the tile
       total, or -1 at an item that is not an int 0..4. */
    static inline int mj_read_count_items(PyObject* seq, uint8_t* counts) {
        PyObject** items = PySequence_Fast_ITEMS(seq);
        int i, total = 0;
        for (i = 0; i < 34; i++) {
            long v = mj_small_int_item(items[i]);
            if (v < 0 || v > 4) return -1;
            counts[i] = (uint8_t)v;
            total += (int)v;
        }
        return total;
    }
    """
    int count_id_items "mj_count_id_items"(object seq, uint8_t* counts, int max_copies) noexcept
    int read_count_items "mj_read_count_items"(object seq, uint8_t* counts) noexcept
