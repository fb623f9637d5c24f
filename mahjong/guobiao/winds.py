"""Wind (seat and round) arguments: 0..3 = East, South, West, North, or a name."""
from __future__ import annotations

from typing import Union

from ..errors import InvalidContextError
from ..validate import show

WIND_NAMES = ("East", "South", "West", "North")

_WIND_ALIASES = {}
for _i, _names in enumerate((
        ("e", "east", "1z", "f1", "东", "東", "东风", "東風", "🀀"),
        ("s", "south", "2z", "f2", "南", "南风", "南風", "🀁"),
        ("w", "west", "3z", "f3", "西", "西风", "西風", "🀂"),
        ("n", "north", "4z", "f4", "北", "北风", "北風", "🀃"))):
    for _name in _names:
        _WIND_ALIASES[_name] = _i

#: every alias in the spellings a caller writes ("N", "n", "North", "NORTH", "北"): a wind
#: name is one dict lookup on the scoring path (parse_wind, for any other spelling, strips
#: and lowers it first)
WIND_SPELLINGS = {}
for _name, _i in _WIND_ALIASES.items():
    for _spelling in (_name, _name.upper(), _name.capitalize()):
        WIND_SPELLINGS[_spelling] = _i


def parse_wind(value: Union[int, str], field: str = "wind") -> int:
    """A wind as 0..3 from an int or a name ("E", "east", "1z", "东", "F1", ...).

    Raises :class:`InvalidContextError` naming ``field`` and the value.

    >>> parse_wind("南", "seat_wind"), parse_wind(3), parse_wind("West")
    (1, 3, 2)
    """
    if isinstance(value, bool):
        raise InvalidContextError(f"{field}: expected a wind 0..3 or a wind name, "
                                  f"got {show(value)}")
    if isinstance(value, int) or type(value).__name__.startswith(("int", "uint")):
        try:
            number = int(value)
        except (TypeError, ValueError):
            number = -1
        if 0 <= number <= 3:
            return number
        raise InvalidContextError(
            f"{field}: wind {show(value)} is out of range; use 0..3 = East, South, West, North")
    if isinstance(value, str):
        wind = _WIND_ALIASES.get(value.strip().lower())
        if wind is not None:
            return wind
    raise InvalidContextError(
        f"{field}: {show(value)} is not a wind; use 0..3 or E/S/W/N, east.., 1z..4z, 东南西北")
