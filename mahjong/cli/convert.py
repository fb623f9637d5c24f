"""``mahjong convert --from FORMAT FILE... [--to FORMAT] [--out OUT] [--check]``: game
records of the field's formats to our game logs (JSON lines) and back.

``--from``: ``botzone-text`` (the IJCAI / Botzone strong-AI text), ``botzone-json`` (Botzone
judge logs), ``human-2020`` (the 2020 human-game text: a file, a folder or a zip), or
``jsonl`` (our own game logs); ``-`` reads standard input. ``--to``: ``jsonl`` (default),
``botzone-text`` or ``botzone-json``. Every game is replayed by the engine; a game that is
impossible is refused, one line on standard error naming the game and the line, and the
rest convert. The input is read as it comes and each game written as soon as it is read
(constant memory for files of any size), with a progress bar on a terminal. ``--out``
writes beside the file and renames it when the run is complete (else standard output).
``--check`` settles every game with the Guobiao room and reports each one whose scores or
fans differ from those the source recorded. A summary line ends the run on standard error
(``--json``: the reports and the summary as JSON objects). Exit status: 0, or 1 when a game
was refused or (``--check``) differs; 2 for an error of the command (an unreadable file).
"""
from __future__ import annotations

import sys

from ..errors import MahjongError

SOURCES = ("botzone-text", "botzone-json", "human-2020", "jsonl")
TARGETS = ("jsonl", "botzone-text", "botzone-json")
#: formats whose reader takes a stream (the progress bar counts its bytes)
_STREAMED = frozenset(("botzone-text", "botzone-json", "jsonl"))


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "convert", help="convert game records (Botzone text / judge logs, 2020 human games) "
                        "to game logs and back",
        description="Read game records of a format, replay every game on the engine, and "
                    "write them in another (our JSON-lines game logs by default).")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="the records to read (- for standard input)")
    p.add_argument("--from", dest="source", required=True, choices=SOURCES, metavar="FORMAT",
                   help="the format of the files: botzone-text (the IJCAI / Botzone text), "
                        "botzone-json (Botzone judge logs), human-2020 (the 2020 human games: "
                        "a file, a folder or a zip), jsonl (our game logs)")
    p.add_argument("--to", dest="target", default="jsonl", choices=TARGETS, metavar="FORMAT",
                   help="the format written: jsonl (default: one game log per line), "
                        "botzone-text or botzone-json")
    p.add_argument("--out", metavar="OUT",
                   help="the file written (written beside, renamed when complete); default "
                        "standard output")
    p.add_argument("--check", action="store_true",
                   help="settle every game (Guobiao room) and report those whose scores or "
                        "fans differ from the recorded ones")
    p.add_argument("--json", action="store_true",
                   help="the reports and the summary as JSON objects (standard error)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


class _Counted:
    """A binary stream whose reads move a progress bar (the games read so far beside).
    ``idle``: standard input from a pipe; called before a read that would wait for more
    input (the games converted so far go out then, as ``settle -`` answers), and a read
    returns what has come (not a whole block): a game is converted as soon as its text is
    read."""

    def __init__(self, stream, bar, name, counts, idle=None):
        self.stream, self.bar, self.name, self.counts = stream, bar, name, counts
        self.idle = idle
        self._read1 = getattr(stream, "read1", None) if idle is not None else None

    def _moved(self, n: int) -> None:
        if self.bar is not None:
            self.bar.postfix = f"{self.counts.games} games"
            self.bar.update(n)

    def _wait(self) -> None:
        if self.idle is not None:
            import select

            try:
                ready = select.select([self.stream], [], [], 0)[0]
            except (OSError, ValueError):
                ready = True
            if not ready:
                self.idle()

    def read(self, n=-1):
        self._wait()
        if self._read1 is not None and n is not None and n > 0:
            chunk = self._read1(n)
        else:
            chunk = self.stream.read(n)
        self._moved(len(chunk))
        return chunk

    def __iter__(self):
        if self.idle is None:
            for line in self.stream:
                self._moved(len(line))
                yield line
            return
        while True:
            self._wait()
            line = self.stream.readline()
            if not line:
                return
            self._moved(len(line))
            yield line


def _bar(args, total):
    """The progress bar over the input's bytes (None when not on a terminal)."""
    from types import SimpleNamespace

    from ._items import progress_bar
    return progress_bar(args, SimpleNamespace(size=total or None), "bytes")


class _Reports:
    """The reports of a run on standard error, and its summary."""

    def __init__(self, as_json: bool):
        self.as_json = as_json

    def report(self, kind: str, name: str, message: str) -> None:
        import json
        if self.as_json:
            line = json.dumps({kind: name, "reason": message}, ensure_ascii=False)
        else:
            line = f"mahjong convert: {kind}: {message}"
        print(line, file=sys.stderr)

    def summary(self, counts, check: bool) -> None:
        import json
        if self.as_json:
            row = counts.to_dict()
            if not check:
                del row["differ"]
            print(json.dumps(row), file=sys.stderr)
            return
        text = (f"mahjong convert: {counts.games} games: {counts.converted} converted, "
                f"{counts.refused} refused")
        if check:
            text += f", {counts.differ} differ from their recorded result"
        print(text, file=sys.stderr)


def _sources(args, bar, counts):
    """(source for the reader, name, the file to close or None) per FILE."""
    import os
    for path in args.files:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            if args.source in _STREAMED:
                stream = _Counted(stream, bar, "<stdin>", counts,
                                  _flush_when_idle(stream) if args.out is None else None)
            yield stream, "<stdin>", None
            continue
        if args.source not in _STREAMED or os.path.isdir(path):
            yield path, path, None
            continue
        try:
            f = open(path, "rb")
        except OSError as exc:
            raise MahjongError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        yield _Counted(f, bar, path, counts), path, f


def _flush_when_idle(stream):
    """``sys.stdout.flush`` when ``stream`` is a pipe or a terminal (a program feeding
    games one at a time gets each converted game at once), else None (a regular file is
    read at full speed, its output flushed in blocks)."""
    import os
    import stat

    try:
        regular = stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):
        return None
    return None if regular else sys.stdout.flush


def run(args) -> int:
    import os

    from .. import formats
    from ..formats._common import Counts, convert as convert_games
    from .simulate import OutFile

    formats.writer(args.target)      # (a format that cannot be written: refused now)
    total = 0
    for path in args.files:          # every file is checked before any output is written
        if path == "-":
            continue
        if not os.path.exists(path) or not os.access(path, os.R_OK):
            raise MahjongError(f"{path}: cannot be read (no such file, or not readable)")
        if os.path.isfile(path):
            total += os.path.getsize(path)
    bar = _bar(args, total)
    reports = _Reports(args.json)
    counts = Counts()
    out = OutFile(args.out, "--out") if args.out else None
    try:
        def convert(file):
            for source, name, f in _sources(args, bar, counts):
                try:
                    convert_games(source, args.source, file, to=args.target, name=name,
                                  check_scores=args.check, counts=counts,
                                  report=reports.report)
                finally:
                    if f is not None:
                        f.close()

        if out is None:
            convert(sys.stdout)
            sys.stdout.flush()
        else:
            out.write_with(convert)
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.discard()
    reports.summary(counts, args.check)
    return 1 if counts.refused or counts.differ else 0
