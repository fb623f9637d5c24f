"""What every reader of :mod:`mahjong.formats` yields for a game."""
from typing import Any, Dict, Optional


class Imported:
    """One game read from a source.

    ``name``: the game's name for messages (file, game number, the source's own id);
    ``line``: the line (1-based) where the game starts in its source;
    ``record``: the :class:`~mahjong.record.HandRecord`, replayed by the engine, or None;
    ``error``: the :class:`~mahjong.errors.MahjongError` that refused the game (its message
    names the game and the line), or None;
    ``note``: what the source recorded beside the play (e.g. ``{"fan": ..., "score": ...}``);
    it goes to the record's ``note`` field when written as JSON.
    """
    __slots__ = ("name", "line", "record", "error", "note")

    def __init__(self, name: str, line: int, record: Any = None, error: Optional[Exception] = None,
                 note: Optional[Dict[str, Any]] = None):
        self.name = name
        self.line = line
        self.record = record
        self.error = error
        self.note = note if note is not None else {}

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> Dict[str, Any]:
        """The record as a JSON-ready mapping with the ``note`` field (a refused game has
        none: ask ``error``)."""
        if self.record is None:
            raise self.error
        data = self.record.to_json()
        if self.note:
            data["note"] = dict(self.note)
        return data

    def __repr__(self) -> str:
        state = "ok" if self.error is None else f"refused: {self.error}"
        return f"Imported({self.name!r}, line {self.line}, {state})"
