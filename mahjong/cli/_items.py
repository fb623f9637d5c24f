"""Reading several inputs for ``mahjong settle`` and ``mahjong score``: a file (or ``-``,
standard input) holding one JSON object, a JSON list of objects, or JSON lines (one object
per line, as ``mahjong gb --jsonl`` reads). Each item comes with its number (the line for
JSON lines, the position from 1 for a list) and either the decoded object or the error that
kept it from being read: one bad line never stops the run."""
from __future__ import annotations

import json
import sys
from typing import Any, List, Tuple, Union

from ..errors import InvalidRecordError
from .._syntax import STYLES  # mahjong.tiles.STYLES, without loading numpy


def read_bytes(path: str) -> bytes:
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise InvalidRecordError(f"cannot read {path}: {exc.strerror}") from None


Item = Tuple[int, Union[Any, Exception]]


def read_items(data: bytes) -> Tuple[bool, List[Item]]:
    """``(several, items)``: ``several`` is False for a file holding exactly one JSON
    object (it is then returned undecoded, as bytes, for the caller's own reader to word
    its errors)."""
    from .gb import _decode

    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    stripped = body.lstrip()
    if stripped.startswith(b"["):
        try:
            items = json.loads(body.decode("utf-8"))
        except (ValueError, RecursionError) as exc:
            raise InvalidRecordError(f"the input starts with '[' but is not a JSON list: "
                                     f"{exc}") from None
        if not isinstance(items, list):
            raise InvalidRecordError("the input is not a JSON list")
        return True, [(i, item) for i, item in enumerate(items, 1)]
    lines = [(n, line) for n, line in enumerate(body.split(b"\n"), 1) if line.strip()]
    if len(lines) <= 1 or _one_value(body):
        return False, [(1, body)]
    out: List[Item] = []
    for number, raw in lines:
        try:
            text = _decode(number, raw)
            out.append((number, json.loads(text)))
        except RecursionError:
            out.append((number, ValueError("invalid JSON: nested too deeply")))
        except json.JSONDecodeError as exc:
            out.append((number, ValueError(f"invalid JSON: {exc.msg} at column {exc.colno}")))
        except ValueError as exc:
            out.append((number, exc))
    return True, out


def _one_value(body: bytes) -> bool:
    """True when the whole input is one JSON value (a record written over several lines)."""
    try:
        json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    return True


def joined_hand(words) -> "str | None":
    """HAND given as several words (``mahjong gb 23m456p789s11z [222p]`` without quotes,
    the shell splits it): the words joined by spaces, as if quoted; None when none."""
    return " ".join(words) if words else None




def add_style(parser) -> None:
    """The ``--style`` option of every subcommand that prints tiles."""
    parser.add_argument("--style", choices=STYLES, default="tenhou",
                        help="how tiles are printed (default tenhou: 123m; reference: W1, "
                             "unicode: 🀇, chinese: 一万)")


def styled(row: Any, style: str) -> Any:
    """A printed result (text, or the dict of ``to_dict()`` for ``--json``) with its tiles
    in ``style``: every string in it is rewritten by :func:`mahjong.tiles.restyle`; keys and
    numbers are kept."""
    if style == "tenhou":
        return row
    from ..tiles import restyle

    if isinstance(row, str):
        return restyle(row, style)
    if isinstance(row, dict):
        return {k: styled(v, style) for k, v in row.items()}
    if isinstance(row, (list, tuple)):
        return [styled(v, style) for v in row]
    return row


def write_row(row: Any, as_json: bool, number: int, several: bool) -> None:
    """One output: a JSON line, or text under a ``--- N`` header when there are several."""
    if as_json:
        print(json.dumps(row, ensure_ascii=False) if not isinstance(row, str) else row,
              flush=several)
        return
    if several:
        print(f"--- {number}")
    print(row, flush=several)
