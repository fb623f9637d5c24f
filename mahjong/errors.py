"""Exceptions raised by the public API. All are ``ValueError`` subclasses, so
``except ValueError`` catches every bad-input case."""


class MahjongError(ValueError):
    """Base class of every input error raised by this package."""


class TileParseError(MahjongError):
    """A tile string holds a token that names no tile (the message quotes it)."""


class InvalidHandError(MahjongError):
    """A hand that cannot exist: a fifth copy of a tile, a bad tile count, a bad meld."""


class InvalidContextError(MahjongError):
    """A win context that cannot happen (e.g. robbing a kong while holding the tile)."""


class NotWinningError(MahjongError):
    """Scoring was asked for a hand that is not complete."""


class InvalidRecordError(MahjongError):
    """A hand record (settlement input) that does not make sense; names the event."""
