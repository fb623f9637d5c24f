"""The ``mahjong`` command line. One module per subcommand in this package, each with
``register(subparsers)`` adding its parser and setting ``func`` (returns an exit code).

Start-up is kept short: registering the parsers imports nothing heavy (the analysis core,
numpy and the rule sets are imported by the subcommand that runs), so ``mahjong --version``
and ``mahjong --help`` answer at once.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import List, Optional

from ..errors import MahjongError

SUBCOMMANDS = ("analyze", "gb", "score", "settle", "simulate", "match", "stats")


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
    try:
        return int(args.func(args) or 0)
    except MahjongError as exc:
        print(f"mahjong {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mahjong gb --jsonl big.jsonl | head`
        return 0


def deprecated(old: str, new: str) -> None:
    """The stderr note for an old spelling that still works for this release."""
    print(f"mahjong: note: {old} is deprecated and will be removed in the next release; "
          f"use {new}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
