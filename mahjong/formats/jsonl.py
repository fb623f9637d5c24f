"""Our own game logs, one JSON record per line: what ``mahjong simulate --out`` and
``mahjong match --out`` write and ``mahjong convert`` writes by default. Each line is a
record (:class:`mahjong.record.HandRecord`'s JSON form) with its ``note``; a full game log
is replayed when read."""
from typing import Any, Iterable

from mahjong.formats._common import Imported, read_jsonl, record_and_note, write_jsonl

__all__ = ["read", "write"]


def read(source, *, name=None):
    """One :class:`Imported` per non-blank line of ``source`` (a path, or a binary or text
    stream), lazily."""
    return read_jsonl(source, name=name)


def write(records: Iterable[Any], out) -> int:
    """Write ``records`` (HandRecords, record mappings or JSON text, or :class:`Imported`)
    to the text stream ``out``, one JSON line each with its ``note``; returns the number
    written."""
    def games():
        for n, item in enumerate(records, 1):
            if type(item) is tuple or isinstance(item, Imported):
                yield item
                continue
            record, note = record_and_note(item, n)
            yield Imported(f"record {n}", n, record, None, note)
    return write_jsonl(games(), out)
