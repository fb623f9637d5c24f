"""Golden outcomes: what the package answered on a fixed set of cases when the file was made,
held in ``tests/data/<name>.jsonl`` and checked case by case.

They stand in for the old implementations the tests used to keep as oracles (the record
reader before its fast path, the Guiyang and Huanggang settlements before their typed
paths): those answered exactly as the package did when the files were made
(tools/make_oracle_golden.py made them, and tells which entries were checked by hand).

A case is named by a key the test builds from its fixed seeds and indices. Each line holds
the key, a digest of the case's input (so a changed generator is told apart from a changed
answer) and the outcome: a list of parts (a settlement's deltas, payments, next dealer,
wins and notes; a record's read form; a refusal's error type and exact message). A part
whose JSON is longer than ``FULL_CHARS`` is held as its digest, unless the case asks for
it in full.

``MAHJONG_WRITE_GOLDEN=1`` makes the tests write the files instead of checking them
(tools/make_oracle_golden.py sets it, in one process).
"""
from __future__ import annotations

import atexit
import dataclasses
import hashlib
import json
import os
from pathlib import Path
from types import MappingProxyType

DATA = Path(__file__).parent / "data"
FULL_CHARS = 400
WRITING = os.environ.get("MAHJONG_WRITE_GOLDEN") == "1"


def plain(obj):
    """``obj`` as JSON values: value classes (dataclasses, the reader's extension types) as
    [class name, {field: value}], tuples as lists, mapping keys as text."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [type(obj).__name__, {f.name: plain(getattr(obj, f.name))
                                     for f in dataclasses.fields(obj)}]
    fields = getattr(type(obj), "_FIELDS", None)
    if fields is not None:
        return [type(obj).__name__, {n: plain(getattr(obj, n)) for n in fields}]
    if isinstance(obj, (dict, MappingProxyType)):
        return {str(k): plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if hasattr(obj, "tolist"):  # numpy values
        return plain(obj.tolist())
    raise TypeError(f"no plain form for {type(obj).__name__}")


def _text(value) -> str:
    # (keys sorted: mappings compare as mappings, whatever order a reader made them in)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def digest(data) -> str:
    """A short digest of a case's input (JSON text, bytes or a mapping)."""
    if isinstance(data, bytes):
        raw = b"b:" + data
    elif isinstance(data, str):
        raw = ("s:" + data).encode("utf-8", "surrogatepass")
    else:
        raw = ("v:" + _text(plain(data))).encode("utf-8", "surrogatepass")
    return hashlib.sha256(raw).hexdigest()[:20]


def _parts(outcome, full: bool):
    out = []
    for part in outcome:
        text = _text(plain(part))
        if full or len(text) <= FULL_CHARS:
            out.append(json.loads(text))
        else:
            out.append({"_digest": hashlib.sha256(text.encode("utf-8", "surrogatepass"))
                        .hexdigest()[:32], "_chars": len(text)})
    return out


def _same_part(want, got_text: str) -> bool:
    if isinstance(want, dict) and "_digest" in want:
        return hashlib.sha256(got_text.encode("utf-8", "surrogatepass")).hexdigest()[:32] \
            == want["_digest"]
    return _text(want) == got_text


class Golden:
    """The golden outcomes of one file (``tests/data/<name>.jsonl``)."""

    def __init__(self, name: str, about: str = ""):
        self.path = DATA / f"{name}.jsonl"
        self.about = about
        self._rows = None
        if WRITING:
            self._rows = {}
            atexit.register(self.write)

    @property
    def rows(self):
        if self._rows is None:
            self._rows = {}
            with open(self.path, encoding="utf-8") as f:
                for line in f:
                    row = json.loads(line)
                    if "case" in row:
                        self._rows[row["case"]] = row
        return self._rows

    def check(self, key: str, outcome, data=None, full: bool = False):
        """Hold ``outcome`` (a tuple of parts) to the golden one of case ``key`` (whose input
        is ``data``); returns the outcome."""
        outcome = tuple(outcome)
        if WRITING and key not in self._rows:
            self._rows[key] = {"case": key, "input": None if data is None else digest(data),
                               "outcome": _parts(outcome, full)}
            return outcome
        row = self.rows.get(key)  # (when writing: a case met again answers as before)
        assert row is not None, f"{self.path.name} has no case {key!r} (tools/make_oracle_golden.py)"
        if data is not None and row["input"] is not None:
            assert row["input"] == digest(data), \
                f"{key}: the case's input is not the one the golden file was made from"
        want = row["outcome"]
        got = [_text(plain(p)) for p in outcome]
        assert len(got) == len(want) and all(_same_part(w, g) for w, g in zip(want, got)), \
            f"{key}: {outcome!r}\n  golden: {want!r}"
        return outcome

    def write(self):
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(_text({"about": self.about, "cases": len(self._rows)}) + "\n")
            for row in self._rows.values():
                f.write(_text(row) + "\n")
