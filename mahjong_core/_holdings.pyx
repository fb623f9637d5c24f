# Rule-set-free helpers of the record reader (mahjong.record): tile-id tuples of plain
# tenhou text, and the most-held tile of a holding or of a whole record (the fifth-copy
# checks). They read plain values only (str, tuples and lists of tile ids, a bytearray of
# counts: never an attribute of a record's object) and return plain values: nothing is
# registered here and nothing calls back into Python.
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.limits cimport INT_MAX
from libc.string cimport memset
from mahjong_core._types cimport N_KINDS
from mahjong_core._tileparse cimport count_tenhou_text


def sorted_tile_ids(str text):
    """Sorted tile ids of plain tenhou notation ("234m567m55p", honours 1z-7z), or None
    for anything else (the full parser of mahjong.tiles then reads it and names errors).
    Records repeat this parse for every hand, so it is compiled."""
    cdef int counts[34]
    memset(counts, 0, sizeof(counts))
    # no limit on copies or tiles here: the record checks them and names the tile
    if count_tenhou_text(text, counts, INT_MAX, INT_MAX, False) < 0:
        return None
    return _ids_tuple(counts)


cdef extern from "Python.h":
    void PyObject_GC_UnTrack(object op)


cdef tuple _IDS = tuple(range(N_KINDS))


cdef tuple _ids_tuple(const int* counts):
    """The sorted tile ids counted in counts[0..33], as a tuple."""
    cdef Py_ssize_t n = 0, i = 0, t, k
    for t in range(N_KINDS):
        n += counts[t]
    out = PyTuple_New(n)  # filled in place: the ids are the module's cached small ints
    for t in range(N_KINDS):
        for k in range(counts[t]):
            Py_INCREF(_IDS[t])
            PyTuple_SET_ITEM(out, i, _IDS[t])
            i += 1
    # A tuple of ints cannot be part of a cycle: the collector would untrack it at its
    # first look; untracked now, records kept by the thousand do not trigger collections
    # that only find this out.
    PyObject_GC_UnTrack(out)
    return out


cdef int _add_ids(object ids, int* counts, int weight) except -1:
    cdef Py_ssize_t t
    cdef object x
    for x in ids:
        t = x
        if t < 0 or t >= N_KINDS:
            raise IndexError(f"tile id {x!r} is not 0..33")
        counts[t] += weight
    return 0


cdef tuple _most(int* counts):
    cdef Py_ssize_t t, best = 0
    for t in range(1, N_KINDS):
        if counts[t] > counts[best]:
            best = t
    return counts[best], best


cdef int _add_tuple(tuple ids, int* counts, int weight) except -1:
    """_add_ids for a tuple (the record's hands and meld tiles): an indexed loop."""
    cdef Py_ssize_t t
    cdef object x
    for x in ids:
        t = x
        if t < 0 or t >= N_KINDS:
            raise IndexError(f"tile id {x!r} is not 0..33")
        counts[t] += weight
    return 0


def most_copies(tuple hand, tuple meld_tiles=()):
    """``(count, tile)`` of the tile with the most copies in a holding: its concealed tile
    ids plus ``meld_tiles``, the tile ids of its melds (one tuple); the lowest such tile on
    a tie."""
    cdef int counts[34]
    memset(counts, 0, sizeof(counts))
    _add_tuple(hand, counts, 1)
    _add_tuple(meld_tiles, counts, 1)
    return _most(counts)


def most_held_of(list hands, list meld_tiles, quad_tiles, shared_tiles, extra_tiles):
    """``(count, tile)`` of the tile a record's seats hold most (the lowest such tile on a
    tie): the tile ids of each tuple of ``hands`` (the holdings' concealed tiles) and of
    ``meld_tiles`` (their melds' tiles, a tuple per holding), plus four copies of each tile
    of ``quad_tiles`` (the kongs of seats whose holding is unknown), one copy of each of
    ``extra_tiles`` (tiles known to be out of every hand, such as discards that nobody
    claimed), minus one copy of each tile of ``shared_tiles`` (a discard won by several
    players is one tile in each winner's hand)."""
    cdef int counts[34]
    cdef tuple ids
    memset(counts, 0, sizeof(counts))
    for ids in hands:
        _add_tuple(ids, counts, 1)
    for ids in meld_tiles:
        _add_tuple(ids, counts, 1)
    _add_ids(quad_tiles, counts, 4)
    _add_ids(extra_tiles, counts, 1)
    _add_ids(shared_tiles, counts, -1)
    return _most(counts)


def ids_of_counts(bytearray counts):
    """The sorted tile ids counted in ``counts[0..33]`` (the record's text reader counts a
    hand's tiles into a bytearray), as a tuple; those 34 counters are zeroed."""
    cdef unsigned char* c
    cdef int wide[34]
    cdef Py_ssize_t t
    if len(counts) < N_KINDS:
        raise ValueError("ids_of_counts needs 34 counters")
    c = counts
    for t in range(N_KINDS):
        wide[t] = c[t]
        c[t] = 0
    return _ids_tuple(wide)
