"""The ``mahjong`` command line. One module per subcommand in this package, each with
``register(subparsers)`` adding its parser and setting ``func`` (returns an exit code).

Start-up is kept short: registering the parsers imports nothing heavy (the analysis core,
numpy and the rule sets are imported by the subcommand that runs), so ``mahjong --version``
and ``mahjong --help`` answer at once.
"""
from __future__ import annotations

import argparse
import errno
import importlib
import sys
from typing import List, Optional

from ..errors import MahjongError

SUBCOMMANDS = ("analyze", "gb", "rules", "score", "settle", "simulate", "match", "stats",
               "replay", "botzone", "convert")
#: errno values of a write that failed (a full disk, a file too big, an I/O error)
_WRITE_ERRORS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EFBIG", "EDQUOT", "EIO")
                          if hasattr(errno, name))


def _version() -> str:
    from .. import __version__

    return f"mahjong-core {__version__}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong",
        description="Chinese mahjong engine: hand analysis, Guobiao fans, regional scoring "
                    "and settlement, self-play.",
        epilog="Run `mahjong COMMAND --help` for the options of one command.")
    parser.add_argument("--version", "-V", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:  # bare `mahjong`: the overview of the commands
        parser.print_help()
        return 0
    restore = _terminate_cleanly()
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return code
    except MahjongError as exc:
        print(f"mahjong {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mahjong gb --jsonl big.jsonl | head`: end quietly
        _drop_stdout()
        return 0
    except OSError as exc:  # e.g. `mahjong settle f.jsonl > /dev/full`
        if exc.filename is None and exc.errno in _WRITE_ERRORS:
            _drop_stdout()
            message = f"cannot write standard output: {exc.strerror}"
        else:
            message = f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")
        print(f"mahjong {args.command}: error: {message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"mahjong {args.command}: interrupted", file=sys.stderr)
        return 130
    finally:
        restore()


def _drop_stdout() -> None:
    """Standard output goes to /dev/null from here on: what could not be written is not
    written again (and reported again) when the interpreter flushes it at exit."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _terminate_cleanly():
    """SIGTERM (``timeout``, ``kill``) ends a command as an interrupt does, through its
    clean-up (a half-written ``--out`` file is removed); returns the undo."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def stop(signum, frame):
        raise SystemExit(128 + signum)

    try:
        old = signal.signal(signal.SIGTERM, stop)
    except (ValueError, OSError, AttributeError):
        return lambda: None
    return lambda: signal.signal(signal.SIGTERM, old)


def deprecated(old: str, new: str) -> None:
    """The stderr note for an old spelling that still works for this release."""
    print(f"mahjong: note: {old} is deprecated and will be removed in the next release; "
          f"use {new}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
