"""Compiled core of mahjong-core (private; the public API is the ``mahjong`` package).

Rule-set-free kernels only: no module here knows a rule set. Each is its own extension
(C API in its ``.pxd``); header-only ``.pxd`` files are compiled into whoever cimports them.

- ``_types``: the one definition of the shared constants (tile counts, hand forms, meld
  codes, win-circumstance bits, scoring error codes), for kernels and for Python.
- ``_tileparse.pxd`` (header-only): the compiled tenhou-notation and tile-id readers.
- ``_bits.pxd`` (header-only): bit tricks and byte-array masks over 34 tile counts.
- ``_decompose``: complete-hand decomposition, knitted patterns, the suit-shape table.
- ``_shanten``: table-based shanten, useful tiles and the batch kernels.
- ``_waits``: formal waits (the tiles that complete a hand).
- ``_hands``: hand facts for the rooms' scorers (reading properties, seven pairs with
  quads, meld facts, win circumstances; inline in ``_hands.pxd``) and the ``Scorer`` that
  makes a room's scoring function callable from Python (score, best wait, batch).
- ``_holdings``: compiled helpers of the record reader (plain notation to sorted tile ids,
  the most-held tile of holdings).

The rule sets' own kernels live in their rooms (``mahjong/<room>/_kernel.pyx``) and cimport
these. Submodules are imported on first use, so building one module in place never needs
the others.
"""

import os

__all__ = ["openmp_enabled", "max_threads"]

# OpenMP threads that wait for work sleep instead of spinning (unless the user chose
# otherwise). With the default spin-wait, a second thread that finds the other core busy
# made a 1,000-row batch on two threads about 250 times slower than on one (measured
# here: 20 us against 80 ns a hand); with passive waiting the two are within 25%. The
# OpenMP runtime reads this when the first kernel module loads, so it is set before any.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def openmp_enabled():
    """Return True if the core was built with OpenMP (batch ``threads=`` > 1 runs in parallel).

    >>> isinstance(openmp_enabled(), bool)
    True
    """
    from mahjong_core._shanten import openmp_enabled as _enabled

    return _enabled()


def max_threads():
    """Threads OpenMP uses by default (1 without OpenMP)."""
    from mahjong_core._shanten import max_threads as _max

    return _max()
