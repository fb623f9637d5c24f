"""Reading several inputs for ``mahjong settle``, ``mahjong score`` and ``mahjong gb``: a
file (or ``-``, standard input) holding one JSON object, a JSON list of objects, or JSON
lines (one object per line). The input is read as it comes, never held whole: each item
comes with its number (the line for JSON lines, the position from 1 for a list) and either
the decoded object or the error that kept it from being read; one bad line never stops the
run.

The format is decided by the content, not by a first character: the input is one JSON
value when its first line begins a value that ends where the input ends (a record or a list
written over one line or several); otherwise it is JSON lines, whatever its first line
holds (a first line that is a JSON list, or not JSON at all, is one bad line). A file whose
first line opens a list over several lines is read through once, a value at a time, to know
(constant memory); standard input from a pipe is read once, as it comes: such a list is
read until its text breaks off, the break is reported at its line, and the lines after it
are read as JSON lines.

Reading standard input from a pipe, the reader reports when no more bytes are ready
(:data:`IDLE`): the commands then flush what they answered, so a program feeding one line at
a time (a game server) gets each answer at once.
"""
from __future__ import annotations

import json
import os
import re
import stat
import sys
from collections import deque
from typing import Any, Iterator, Optional, Tuple, Union

from ..errors import InvalidRecordError, MahjongError
from .._syntax import STYLES  # mahjong.tiles.STYLES, without loading numpy

READ_SIZE = 1 << 16  # bytes read at a time
_DECODER = json.JSONDecoder()
#: what the readers yield when standard input has no more bytes ready (time to flush)
IDLE = None
#: how long the reader waits, after a first value, for more input before it takes the input
#: for a stream of JSON lines (``echo '{...}' | mahjong settle -`` is one record)
FIRST_WAIT = 0.2

Item = Tuple[int, Union[Any, Exception]]


class LineReader:
    """The lines (``\n``-ended bytes, a ``\r\n`` end kept for :func:`decode` to drop) of
    a file or of standard input, read in blocks of :data:`READ_SIZE` as they are asked
    for. ``size`` is the input's size in bytes when it is known (a regular file), and
    ``consumed`` the bytes read so far (for a progress bar)."""

    def __init__(self, path: str):
        self.path = path
        self.number = 0
        self.consumed = 0
        self.size: Optional[int] = None
        self._lines: deque = deque()
        self._pending = b""
        self._parts: list = []  # the blocks of a line longer than one block, so far
        self._eof = False
        self._fd: Optional[int] = None    # polled for readiness (pipes and terminals)
        self._close = None
        self._text = False
        self._start: Optional[int] = None  # where a regular file's reading began
        self.as_text = False  # read_items(text=True): JSON lines given as text
        if path == "-":
            stdin = sys.stdin
            if stdin is None or getattr(stdin, "closed", False):
                raise InvalidRecordError("cannot read standard input: it is closed")
            stream = getattr(stdin, "buffer", None)
            if stream is None:  # a text stream (tests, embedded interpreters)
                self._stream, self._text = stdin, True
                return
            self._stream = stream
            self._read = getattr(stream, "read1", stream.read)
            try:
                info = os.fstat(stream.fileno())
            except (OSError, ValueError, AttributeError):
                return
            if stat.S_ISREG(info.st_mode):
                self.size = info.st_size
                try:
                    self._start = stream.tell()
                except (OSError, ValueError):
                    pass
            else:
                self._fd = stream.fileno()
            return
        try:
            f = open(path, "rb")
            info = os.fstat(f.fileno())
        except OSError as exc:
            raise InvalidRecordError(f"cannot read {path}: {exc.strerror}") from None
        self._stream, self._read, self._close = f, f.read, f.close
        if stat.S_ISREG(info.st_mode):
            self.size = info.st_size
            self._start = 0
        else:  # a named pipe, /dev/stdin ...
            self._fd = f.fileno()

    @property
    def can_rewind(self) -> bool:
        return self._start is not None

    def rewind(self) -> None:
        """Read again from the start (a regular file only)."""
        self._stream.seek(self._start)
        self.number = self.consumed = 0
        self._lines.clear()
        self._pending = b""
        self._parts.clear()
        self._eof = False

    def close(self) -> None:
        if self._close is not None:
            self._close()

    def _ready(self, timeout: float) -> bool:
        if self._fd is None:
            return True
        import select

        try:
            return bool(select.select([self._fd], [], [], timeout)[0])
        except (OSError, ValueError):
            return True

    def _fill(self) -> None:
        if self._text:
            line = self._stream.readline()
            if not line:
                self._eof = True
                return
            data = line.encode("utf-8", "surrogateescape")
        else:
            try:
                data = self._read(READ_SIZE)
            except OSError as exc:
                raise InvalidRecordError(f"cannot read {self.path if self.path != '-' else 'standard input'}: "
                                         f"{exc.strerror}") from None
            if not data:
                self._eof = True
                return
        self.consumed += len(data)
        end = data.find(b"\n")
        if end < 0:  # within a line longer than a block: its parts are joined once, at its end
            self._parts.append(data)
            return
        if self._parts:
            self._parts.append(data[:end])
            self._lines.append(b"".join([self._pending, *self._parts]))
            self._parts.clear()
            self._pending, data = b"", data[end + 1:]
        *lines, self._pending = (self._pending + data).split(b"\n")
        self._lines.extend(lines)

    def next(self, wait: Optional[float] = None):
        """The next ``(number, raw bytes)``, None at the end of the input, or
        :data:`IDLE` (with ``wait`` seconds given: after waiting that long) when the input
        has no line ready."""
        while not self._lines:
            if self._eof:
                if self._parts:
                    self._pending = b"".join([self._pending, *self._parts])
                    self._parts.clear()
                if self._pending:
                    line, self._pending = self._pending, b""
                    self.number += 1
                    return self.number, line
                return None
            if wait is not None and not self._ready(wait):
                return IDLE_LINE
            self._fill()
        self.number += 1
        return self.number, self._lines.popleft()


IDLE_LINE = (0, None)  # LineReader.next: nothing ready


def decode(number: int, raw: Any) -> str:
    """The text of one line (raises ValueError naming the first byte that is not UTF-8);
    a ``\r`` line end is dropped, and a UTF-8 byte order mark at the start of line 1."""
    if isinstance(raw, bytes):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at column "
                             f"{exc.start + 1}") from None
    else:
        text = raw[:-1] if raw.endswith("\r") else raw
    return text.lstrip("\ufeff") if number == 1 else text


def lines(reader: LineReader) -> Iterator[Tuple[int, Any]]:
    """Every ``(number, raw)`` line, and :data:`IDLE_LINE` whenever standard input has no
    more bytes ready."""
    while True:
        line = reader.next(0)
        if line is IDLE_LINE:
            yield line
            line = reader.next()
        if line is None:
            return
        yield line


def parse_line(number: int, raw: Any) -> Any:
    """The JSON value of one line, or the ValueError that says why it is none."""
    try:
        return json.loads(decode(number, raw))
    except RecursionError:
        return ValueError("invalid JSON: nested too deeply")
    except json.JSONDecodeError as exc:
        return ValueError(f"invalid JSON: {exc.msg} at column {exc.colno}")
    except ValueError as exc:
        return exc


_MORE, _DONE, _BAD = "more", "done", "bad"


def _state(text: str):
    """``(state, value or error)`` of JSON text that may go on over further lines: done
    (one whole value), more (a value cut at the end of the text: a line of it never ends
    inside a string) or bad."""
    try:
        return _DONE, json.loads(text)
    except RecursionError:
        return _BAD, ValueError("invalid JSON: nested too deeply")
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            return _MORE, None
        return _BAD, ValueError(f"invalid JSON: {exc.msg} at column {exc.colno}")
    except ValueError as exc:  # e.g. a number of more digits than int() takes
        return _BAD, ValueError(f"invalid JSON: {exc}")


def read_items(reader: LineReader, as_text: bool = False
               ) -> Tuple[bool, Iterator[Optional[Item]]]:
    """``(several, items)``, the items read lazily (with :data:`IDLE` between them when
    standard input has nothing ready). ``several`` is False for an input holding exactly
    one JSON value that is no list: its one item is its text (str), for the caller's own
    reader to word its errors. ``as_text``: the items of JSON lines (after the first) are
    their text too, for a caller whose reader takes JSON text faster than a dict."""
    reader.as_text = as_text
    first = None
    while first is None:
        line = reader.next()
        if line is None:
            return True, iter(())
        try:
            text = decode(line[0], line[1])
        except ValueError as exc:
            return True, _jsonl(reader, [(line[0], exc)])
        if text.strip():
            first = (line[0], text)
    number, text = first
    if _one_line_list(text):  # checked an item at a time: its items are never held at once
        state, value = _DONE, _LAZY
    else:
        state, value = _state(text)
    if state == _BAD:
        return True, _jsonl(reader, [(number, value)])
    if state == _MORE:
        if text.lstrip().startswith("["):
            if not reader.can_rewind:  # a pipe: read as a list, reported where it breaks
                return True, _list(reader, number, text)
            # a file: is it one list? read it through once (a value at a time) to know
            whole = not any(item is _BROKEN for item in _list(reader, number, text, True))
            reader.rewind()
            if not whole:
                return True, _jsonl(reader, [])
            while reader.next()[0] < number:  # back to the list's first line
                pass
            return True, _list(reader, number, text)
        held = [(number, text)]
        while state == _MORE:
            line = reader.next()
            if line is None:
                break
            try:
                held.append((line[0], decode(line[0], line[1])))
            except ValueError as exc:  # not UTF-8: a bad line among the held ones
                held.append((line[0], exc))
                state = _BAD
                break
            if held[-1][1].rstrip()[-1:] in ("}", "]"):  # where a value may end
                text = "\n".join(t for _, t in held)
                state, value = _state(text)
        if state != _DONE:  # the first line was a bad line: read every held line alone
            return True, _jsonl(reader, [(n, t if isinstance(t, Exception) else
                                          parse_line(n, t)) for n, t in held])
    # one whole value: it is the input if nothing follows it
    follow = reader.next(FIRST_WAIT)
    while follow is not None and follow is not IDLE_LINE and not follow[1].strip():
        follow = reader.next(FIRST_WAIT)
    if follow is None:
        if value is _LAZY:
            return True, _line_items(text)
        return False, iter([(1, text)])
    head = [(number, json.loads(text) if value is _LAZY else value)]
    if follow is not IDLE_LINE:
        head.append((follow[0], parse_line(*follow)))
    return True, _jsonl(reader, head)


_LAZY = object()  # read_items: the first line is one whole JSON list, not yet decoded
_WS = re.compile(r"[ \t\n\r]*")  # JSON's white space


def _list_values(text: str) -> Iterator[Any]:
    """The values of the JSON list ``text`` (one line), decoded one at a time, then
    :data:`_BROKEN` if ``text`` is anything but one whole list."""
    pos = _WS.match(text).end()
    if not text.startswith("[", pos):
        yield _BROKEN
        return
    pos = _WS.match(text, pos + 1).end()
    if not text.startswith("]", pos):
        while True:
            try:
                value, pos = _DECODER.raw_decode(text, pos)
            except (ValueError, RecursionError):
                yield _BROKEN
                return
            yield value
            pos = _WS.match(text, pos).end()
            if text.startswith("]", pos):
                break
            if not text.startswith(",", pos):
                yield _BROKEN
                return
            pos = _WS.match(text, pos + 1).end()
    if _WS.match(text, pos + 1).end() != len(text):
        yield _BROKEN


def _one_line_list(text: str) -> bool:
    """Whether the line ``text`` is one whole JSON list (each item decoded and dropped:
    a list of many records on one line is never decoded whole)."""
    if not text.lstrip(" \t\r").startswith("["):
        return False
    return not any(v is _BROKEN for v in _list_values(text))


def _line_items(text: str) -> Iterator[Optional[Item]]:
    """The items of the one-line JSON list ``text`` (checked whole by
    :func:`_one_line_list`), decoded as they are asked for."""
    return enumerate(_list_values(text), 1)


def _jsonl(reader: LineReader, head) -> Iterator[Optional[Item]]:
    yield from head
    if reader.as_text:  # each line's text, for the caller's own JSON reader
        for number, raw in lines(reader):
            if raw is None:
                yield IDLE
            elif raw.strip():
                try:
                    yield number, decode(number, raw)
                except ValueError as exc:
                    yield number, exc
        return
    for number, raw in lines(reader):
        if raw is None:
            yield IDLE
        elif raw.strip():
            yield number, parse_line(number, raw)


_BROKEN = object()  # _list(probe=True): the input is not one JSON list


def _list(reader: LineReader, number: int, text: str,
          probe: bool = False) -> Iterator[Optional[Item]]:
    """The items of a JSON list written over several lines, each decoded as soon as its
    text is read (the list is never held whole). Where the list's text breaks off, one
    error is reported and the rest is read as JSON lines, from the line where it broke
    when the break is at that line's start. ``probe``: the items, then :data:`_BROKEN`
    if the input is anything but this one list (it breaks, or text follows it)."""
    import re

    space = re.compile(r"\s*")
    decoder = json.JSONDecoder()
    buf = text[text.index("[") + 1:]
    pos = 0
    position = 0
    expect_value = True  # after "[" or ","
    line = (number, text)   # the last line read, and where it starts in buf
    line_start = -1

    def more() -> bool:
        """Read the next line onto the text; False at the end of the input."""
        nonlocal buf, pos, line, line_start
        got = reader.next()
        if got is None:
            return False
        rest = buf[pos:]
        buf, pos = rest + "\n" + decode_or_blank(*got), 0
        line, line_start = got, len(rest) + 1
        return True

    def broken(message: str):
        """The error item, then the rest as JSON lines (the last line read among them
        when the list broke at its start)."""
        if probe:
            return iter([_BROKEN])
        err = ValueError(f"line {line[0]}: the JSON list that starts on line {number} "
                         f"breaks off here: {message}")
        head = [(position + 1, err)]
        if line_start >= 0 and buf[line_start:pos].strip() == "" and line[0] != number:
            head.append((line[0], parse_line(*line)))
        return _jsonl(reader, head)

    while True:
        pos = space.match(buf, pos).end()
        if pos >= len(buf):
            if not more():
                yield from broken("the input ends before its ']'")
                return
            continue
        if buf[pos] == "]" and (expect_value is None or (expect_value and position == 0)):
            rest = buf[pos + 1:]
            tail = [(line[0], ValueError(f"line {line[0]}: text after the JSON list's ']'"))
                    ] if rest.strip() else []
            if probe:
                if tail or any(raw is not None and raw.strip() for _, raw in lines(reader)):
                    yield _BROKEN
                return
            yield from _jsonl(reader, tail)
            return
        if expect_value:
            try:
                value, end = decoder.raw_decode(buf, pos)
            except RecursionError:
                yield from broken("nested too deeply")
                return
            except json.JSONDecodeError as exc:
                if exc.pos >= len(buf.rstrip()) and more():  # cut at a line's end: read on
                    continue
                yield from broken(exc.msg)
                return
            except ValueError as exc:
                yield from broken(str(exc))
                return
            position += 1
            yield position, value
            pos = end
            expect_value = None
        elif buf[pos] == ",":
            pos += 1
            expect_value = True
        else:
            yield from broken(f"expected ',' or ']', found {buf[pos]!r}")
            return


def decode_or_blank(number: int, raw: Any) -> str:
    """:func:`decode`, with a line that is not UTF-8 read as a character JSON refuses."""
    try:
        return decode(number, raw)
    except ValueError:
        return "\x00"


def refuse_hand_flags(args, flags) -> None:
    """With ``--jsonl`` every line gives its own hand and context: a single hand's flag
    given beside it (``flags``: ``(flag, dest, default, the line's field or None)``) is an
    error naming the flag and the field, not a flag ignored silently."""
    for flag, dest, default, field in flags:
        if getattr(args, dest, default) != default:
            raise MahjongError(f"{flag}: with --jsonl each line gives its own"
                               + (f" ({field!r})" if field else ""))


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


def progress_bar(args, reader: Optional[LineReader], unit: str = "lines"):
    """A tqdm bar on standard error when it is a terminal (and tqdm is installed), else
    None: quiet when piped or redirected. With the input's size known (a file) it counts
    bytes, so it has a total and an ETA; the items answered show beside it."""
    if getattr(args, "no_progress", False) or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    if reader is not None and reader.size:
        bar = tqdm(total=reader.size, unit="B", unit_scale=True, unit_divisor=1024,
                   file=sys.stderr, mininterval=0.5)
    else:
        bar = tqdm(unit=" " + unit, file=sys.stderr, mininterval=0.5)
    bar.unit_items = unit  # the items counted beside a byte total
    bar.items_done = 0
    return bar


class Answers:
    """The answers of a streaming command, written to standard output in order: flushed
    whenever the input has nothing more ready (a pipe fed line by line gets each answer at
    once) and at the end, with the progress bar (if any) moved on."""

    def __init__(self, args, reader: Optional[LineReader], unit: str = "lines"):
        self.out = sys.stdout
        self.reader = reader
        self.bar = progress_bar(args, reader, unit)
        self._seen = 0

    def write(self, text: str) -> None:
        self.out.write(text)
        self.out.write("\n")

    def done(self, n: int = 1) -> None:
        """``n`` more items answered (the bar moves on)."""
        bar = self.bar
        if bar is None:
            return
        if self.reader is not None and self.reader.size:
            consumed = self.reader.consumed
            bar.items_done += n
            bar.postfix = f"{bar.items_done} {bar.unit_items}"
            bar.update(min(consumed, self.reader.size) - self._seen)
            self._seen = min(consumed, self.reader.size)
        else:
            bar.update(n)

    def flush(self) -> None:
        self.out.flush()

    def close(self) -> None:
        try:
            self.out.flush()
        finally:
            if self.bar is not None:
                self.bar.close()
