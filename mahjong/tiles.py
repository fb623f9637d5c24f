"""The tile model: tile ids, and parsing/formatting of every notation users bring.

Tile ids are the tenhou 34-format::

    0-8   1m-9m   characters 万      18-26  1s-9s   bamboo 条/索
    9-17  1p-9p   dots 筒/饼          27-30  1z-4z   East South West North
                                      31-33  5z-7z   White 白, Green 发, Red 中

Flowers and seasons are not tile ids; they are carried as a count.

Accepted notations (mixable in one string, separators optional)::

    tenhou      "123m456p789s1234567z"
    reference   "W1 W2 B5 T9 F1 J1"  (pymahjonggb / Botzone; J1 = Red, J2 = Green, J3 = White)
    letters     "E S W N P F C"      (GB honor letters: P = White, F = Green, C = Red)
    unicode     "🀇🀈🀉🀀🀄"            (Mahjong Tiles block)
    chinese     "一万 五筒 九条 东 中 发财 白板"

>>> parse_tiles("123m5z")
[0, 1, 2, 31]
>>> format_tiles([0, 1, 2, 31])
'123m5z'
>>> format_tiles([0, 33], style="reference")
'W1 J1'
"""
from __future__ import annotations

from typing import Sequence, Union

import numpy as np

from mahjong_core._types import FIRST_HONOR, EAST, GREEN, N_KINDS, NORTH, RED, SOUTH, WEST, WHITE

# The one reader and writer of tile text (compiled): this module is its public face.
from ._reader import (CHINESE_NAMES, COPIES, ENGLISH_NAMES, HONOR, LETTER_NAMES, MAN, PIN,
                      REFERENCE_NAMES, SOU, SUIT_LETTERS, TENHOU_NAMES, UNICODE_NAMES,
                      _TENHOU_IN_TEXT, counts_to_ids, format_tiles, parse_tile, parse_tiles,
                      restyle, tile_counts, tile_name, to_tile_ids)
from ._syntax import STYLES  # the notations (shared with the command line)


WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + HONORS

TileInput = Union[str, Sequence[int], np.ndarray]


def suit_of(tile: int) -> int:
    """0 = characters, 1 = dots, 2 = bamboo, 3 = honors. ``tile``: an id or one tile's
    name (anything else is a :class:`~mahjong.errors.TileParseError`)."""
    return parse_tile(tile) // 9


def is_honor(tile: int) -> bool:
    """Whether ``tile`` (an id or a name) is a wind or a dragon."""
    return parse_tile(tile) >= FIRST_HONOR


def is_terminal(tile: int) -> bool:
    """Whether ``tile`` (an id or a name) is a 1 or a 9 of a suit."""
    tile = parse_tile(tile)
    return tile < FIRST_HONOR and tile % 9 in (0, 8)
