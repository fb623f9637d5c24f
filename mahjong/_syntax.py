"""Texts shared by the API and the command line without importing either (the command
line's help must not load numpy or the compiled core)."""

#: The notations tiles can be printed in (:func:`mahjong.format_tiles`, every ``--style``).
STYLES = ("tenhou", "reference", "unicode", "chinese")

#: The one text form of a meld, read the same by :func:`mahjong.parse_meld`, hand strings
#: (brackets inside the hand) and every command's ``--meld``.
MELD_SYNTAX = ("kind:tiles (pung:222p, chow:345m, kong:7777s, concealed_kong:1111z), or "
               "[222p] / [345m] / [7777s] / [7z] (an exposed set, its kind from its shape), "
               "{345m} (chow), (7777s) (concealed kong), <7z> (single kong)")
