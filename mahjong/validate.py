"""One validation layer for the values users hand over: exact integers, true/false flags,
and a short description of a bad value that is always printable.

Every reader of user input (the record reader, the rule-set options, the score functions,
the batch entry points) checks its integers and flags here, so that the same value is
accepted or refused the same way everywhere:

* an integer is an ``int`` or a numpy integer, never a bool (``True`` is not the seat 1),
  a float (``3.0``) or a digit string (``"²"``, ``"①"``);
* a flag is ``True`` or ``False`` (numpy bools too), never ``"yes"``, ``1`` or ``None``.

>>> exact_int(3, "seat", 0, 3)
3
>>> exact_int(True, "seat", 0, 3)
Traceback (most recent call last):
...
mahjong.errors.MahjongError: seat must be an integer 0..3, got True
>>> show([[[[[[1]]]]]])
'[[[[[...]]]]]'
"""
from __future__ import annotations

import reprlib
from typing import Any, Optional, Type

import numpy as np

from .errors import MahjongError

__all__ = ["show", "is_int", "is_flag", "exact_int", "flag", "as_array", "MAX_TEXT",
           "MAX_SEQUENCE"]

#: The longest tile text (a hand, a meld, a wall) the readers take, in characters. The
#: longest honest one, a 144-tile wall in Chinese names with separators, is under 600;
#: anything longer is refused before it is parsed (a 20 MB string took seconds and
#: gigabytes).
MAX_TEXT = 4096
#: The most items a tile list (ids) may hold before it is read.
MAX_SEQUENCE = 1024

_REPR = reprlib.Repr()
_REPR.maxlevel = 4
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 8


def show(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message: at most about ``limit`` characters, nested
    containers cut at depth 4, and never an exception of its own (a list nested 100,000
    deep, an integer of 5,000 digits and an object whose ``__repr__`` fails all print)."""
    try:
        if isinstance(value, int) and not isinstance(value, bool) and \
                value.bit_length() > 64:
            return f"an integer of {value.bit_length()} bits"
        text = _REPR.repr(value)
    except Exception:  # a broken __repr__, a RecursionError: say what the value is
        return f"a {type(value).__name__}"
    if len(text) > limit:
        text = text[:limit - 3] + "..."
    return text


def is_int(value: Any) -> bool:
    """An exact integer: an ``int`` (or a subclass such as an IntEnum) or a numpy integer,
    not a bool."""
    return (isinstance(value, int) and not isinstance(value, bool)) or \
        isinstance(value, np.integer)


def is_flag(value: Any) -> bool:
    """``True`` or ``False``, Python's or numpy's."""
    return value is True or value is False or isinstance(value, np.bool_)


def exact_int(value: Any, name: str, low: Optional[int] = None, high: Optional[int] = None,
              error: Type[MahjongError] = MahjongError) -> int:
    """``value`` as an ``int`` if it is an exact integer in ``low..high`` (either bound may
    be None), else ``error`` naming ``name``."""
    if type(value) is not int and not is_int(value):
        span = f" {low}..{high}" if low is not None and high is not None else ""
        raise error(f"{name} must be an integer{span}, got {show(value)}")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise error(f"{name} must be at least {low}, got {show(value)}")
        if low is None:
            raise error(f"{name} must be at most {high}, got {show(value)}")
        raise error(f"{name} must be {low}..{high}, got {show(value)}")
    return value


def flag(value: Any, name: str, error: Type[MahjongError] = MahjongError) -> bool:
    """``value`` as a bool if it is ``True`` or ``False`` (numpy bools too), else
    ``error`` naming ``name``."""
    if value is True or value is False:
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    raise error(f"{name} must be true or false, got {show(value)}")


def context_flag(value: Any, name: str, error: Type[MahjongError] = MahjongError) -> bool:
    """``value`` as a bool if it is ``True`` or ``False`` (numpy bools too) or the integer 0
    or 1 (the scorers' context flags and options), else ``error`` naming ``name``."""
    if value is True or value is False:
        return value
    if isinstance(value, np.bool_) or (isinstance(value, int) and value in (0, 1)):
        return bool(value)
    raise error(f"{name}: expected True or False, got {show(value)}")


def as_array(value: Any, name: str, error: Type[MahjongError] = MahjongError) -> np.ndarray:
    """``np.asarray(value)``, with what numpy refuses (ragged nesting, an integer too large
    for any dtype, an object whose ``__array__`` fails) as ``error`` naming ``name``."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise error(f"{name} must be an array of integers, got {show(value)} "
                    f"({type(exc).__name__}: {show(str(exc))})") from None
