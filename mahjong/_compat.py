"""Old behaviours kept for one release, each with a :class:`DeprecationWarning`."""
import json
import warnings
from typing import Any, Dict


class JsonText(str):
    """The JSON text ``to_json()`` returns now. Until the next release it still answers the
    dict uses of the old ``to_json()`` (which returned the dict ``to_dict()`` returns now):
    ``row["total"]``, ``row.get(...)``, ``row.keys()``/``values()``/``items()`` and
    ``row == {...}``, each with a DeprecationWarning. Everything else is plain ``str``.

    >>> text = JsonText.of({"total": 8})
    >>> text
    '{"total": 8}'
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     text["total"]
    8
    """

    @classmethod
    def of(cls, data: Dict[str, Any], **kwargs) -> "JsonText":
        text = cls(json.dumps(data, ensure_ascii=False, **kwargs))
        text._data = data
        return text

    def _old(self, what: str) -> Dict[str, Any]:
        warnings.warn(f"to_json() returns a JSON string now; {what} on it reads the dict of "
                      "the old to_json(): use to_dict() instead", DeprecationWarning,
                      stacklevel=3)
        return self._data

    def __getitem__(self, key):
        if isinstance(key, str):
            return self._old("indexing")[key]
        return str.__getitem__(self, key)

    def get(self, key, default=None):
        return self._old(".get()").get(key, default)

    def keys(self):
        return self._old(".keys()").keys()

    def values(self):
        return self._old(".values()").values()

    def items(self):
        return self._old(".items()").items()

    def __eq__(self, other):
        if isinstance(other, dict):
            return self._old("comparing with a dict") == other
        return str.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = str.__hash__


def renamed_argument(function: str, old: str, new: str, new_value: Any, old_value: Any,
                     stacklevel: int = 3) -> Any:
    """The value of an argument given by its old keyword ``old`` (now ``new``), with a
    DeprecationWarning; both given is an error. Functions call this only when the old
    keyword was given, so the common call pays nothing::

        def shanten(hand=None, melds=(), *, tiles=None):
            if tiles is not None:
                hand = renamed_argument("shanten", "tiles", "hand", hand, tiles)

    ``stacklevel`` points the warning at the caller: 3 from a Python function; a function
    compiled by Cython has no frame of its own, so it passes 2.
    """
    from .errors import MahjongError

    if new_value is not None:
        raise MahjongError(f"{function}(): give {new!r} or its old name {old!r}, not both")
    warnings.warn(f"{function}(): the argument {old!r} is now called {new!r}; the old name "
                  "goes in the next release", DeprecationWarning, stacklevel=stacklevel)
    return old_value
