"""The shared constants of the core, for Python (their one definition is ``_types.pxd``).

Kernels cimport the same names, so a value read here is the value every kernel uses:
``N_KINDS``, the ``FORM_*`` bits, the ``MELD_*`` codes, the ``WIN_*`` circumstance bits and
the ``ERR_*`` codes a scoring kernel returns.

>>> MELD_PUNG, WIN_REPLACEMENT, FORM_SEVEN_PAIRS, ERR_NOT_WINNING
(2, 2, 2, -1)
"""
