"""Game-record formats of the field, each one reader and one writer onto the typed game
log (:class:`mahjong.record.HandRecord`).

=================  =====================================================  ======  =====
name               what                                                   read    write
=================  =====================================================  ======  =====
``botzone-text``   the IJCAI / Botzone strong-AI text (``Match``, ``Wind``,  yes     yes
                   ``Player n Deal ...``, ``Fan``, ``Score``, ``Huang``)
``botzone-json``   a Botzone judge log (``initdata`` and the ``log`` list)  yes     yes
``human-2020``     the 2020 human-game text (one game per file; a folder  yes     no
                   or a zip of them)
``jsonl``          our own game logs, one JSON record per line             yes     yes
=================  =====================================================  ======  =====

``read(fmt, source)`` yields one :class:`Imported` per game, in order, lazily (a file of
100,000 games is read in constant memory): its ``record`` (replayed by the engine: every
draw the wall's next tile, every action legal) or its ``error`` (a ``MahjongError`` naming
the game and the line), and the ``note`` with what the source recorded (fans, scores).
``write(fmt, records, out)`` writes records (or ``Imported``) to a text stream.
``decisions(records)`` yields the training data of imported games (observation, legal
actions, action taken) as numpy arrays.
"""
import importlib
from collections.abc import Iterable, Mapping

from mahjong.errors import MahjongError
from mahjong.formats._common import Imported
# imported here, not lazily: importing the submodule binds the package's name ``decisions`` to
# the module, so the function must be bound after it
from mahjong.formats.decisions import decisions

#: format name -> the module (in this package) that reads and/or writes it
FORMATS = {
    "botzone-text": "botzone_text",
    "botzone-json": "botzone_json",
    "human-2020": "human2020",
    "jsonl": "jsonl",
}

__all__ = ["FORMATS", "Imported", "read", "write", "reader", "writer", "decisions"]


def _module(fmt: str):
    name = FORMATS.get(fmt) if isinstance(fmt, str) else None
    if name is None:
        raise MahjongError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    return importlib.import_module(f"mahjong.formats.{name}")


def reader(fmt: str):
    """The reader of a format: ``read(source, *, name=None) -> Iterator[Imported]``."""
    read_games = getattr(_module(fmt), "read", None)
    if read_games is None:
        raise MahjongError(f"format {fmt!r} cannot be read")
    return read_games


def writer(fmt: str):
    """The writer of a format: ``write(records, out) -> int`` (the games written)."""
    write_games = getattr(_module(fmt), "write", None)
    if write_games is None:
        raise MahjongError(f"format {fmt!r} cannot be written")
    return write_games


def read(fmt: str, source, **options):
    """Read the games of ``source`` (a path, a text or binary stream; ``human-2020`` also a
    folder or a zip) in format ``fmt``: one :class:`Imported` per game."""
    return reader(fmt)(source, **options)


def write(fmt: str, records, out) -> int:
    """Write ``records`` (HandRecords, record mappings or :class:`Imported`) to the text
    stream ``out`` in format ``fmt``; returns the number of games written (one record alone
    is written as a list of one)."""
    write_games = writer(fmt)
    if isinstance(records, (Mapping, Imported, str, bytes)) or hasattr(records, "events"):
        records = [records]
    elif records is None or not isinstance(records, Iterable):
        raise MahjongError(f"write: records {type(records).__name__} is neither a record nor "
                           "an iterable of records")
    return write_games(records, out)

