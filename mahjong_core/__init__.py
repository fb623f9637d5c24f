"""Compiled core of mahjong-core (private; the public API is the ``mahjong`` package).

Modules, each its own extension:

- ``_decompose``: complete-hand decomposition (C API in ``_decompose.pxd``).
- ``_shanten``: table-based shanten, useful tiles and the batch kernels (C API in
  ``_shanten.pxd``).

Other helpers' modules (``_gb``, ``_regional``) live here too. Submodules are imported on
first use, so building one module in place never needs the others.
"""

__all__ = ["openmp_enabled", "max_threads"]


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
