"""The shared constants of the core, for Python (their one definition is ``_types.pxd``).

Kernels cimport the same names, so a value read here is the value every kernel uses:
``N_KINDS``, the named tiles (``EAST`` .. ``RED``), the ``FORM_*`` bits, the ``MELD_*`` codes,
the ``EV_*`` event kinds and ``KONG_*`` kinds of the typed game log, the ``WIN_*``
circumstance bits and the ``ERR_*`` codes a scoring kernel returns. The name tuples below
spell those codes as records and the API write them; nothing else in the package defines
them.

>>> MELD_PUNG, WIN_REPLACEMENT, FORM_SEVEN_PAIRS, ERR_NOT_WINNING
(2, 2, 2, -1)
>>> EVENT_TYPES[EV_KONG - 1], KONG_KINDS[KONG_ADDED], MELD_NAMES[MELD_CONCEALED_KONG]
('kong', 'added', 'concealed_kong')
>>> [WIN_FLAGS[i] for i in range(8) if (WIN_ROBBING_KONG | WIN_LAST_TILE) & (2 << i)]
['robbing_kong', 'last_tile']
>>> FORM_NAMES[FORM_KNITTED_STRAIGHT.bit_length() - 1], GREEN, RED
('knitted_straight', 32, 33)
"""

#: the record's event types; the event of code ``EV_x`` is ``EVENT_TYPES[EV_x - 1]``
EVENT_TYPES = ("draw", "discard", "chow", "pung", "kong", "ready", "flip", "win", "exhausted",
               "penalty")
#: the kong kinds; ``KONG_KINDS[KONG_x]``
KONG_KINDS = ("concealed", "exposed", "added", "single")
#: the claims of a discard that make a meld (besides a kong)
CLAIM_TYPES = ("chow", "pung")
#: the record's win flags; ``WIN_FLAGS[i]`` is the circumstance bit ``2 << i``
WIN_FLAGS = ("replacement", "after_kong", "robbing_kong", "last_tile", "heavenly", "earthly",
             "first_round", "fourth_tile")
#: the meld kinds by ``MELD_*`` code (index 0, ``MELD_NONE``, is "")
MELD_NAMES = ("", "chow", "pung", "kong", "concealed_kong", "single_kong")
#: the hand forms; ``FORM_NAMES[i]`` is the form bit ``1 << i``
FORM_NAMES = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted",
              "knitted_straight")
