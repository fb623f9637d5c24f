"""The ``mahjong`` command line. One module per subcommand in this package, each with
``register(subparsers)`` adding its parser and setting ``func`` (returns an exit code)."""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import List, Optional

from ..errors import MahjongError

SUBCOMMANDS = ("analyze", "gb", "score", "settle", "simulate")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong",
        description="Chinese mahjong engine: hand analysis, Guobiao fans, regional scoring.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in SUBCOMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except MahjongError as exc:
        print(f"mahjong {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mahjong gb --jsonl big.jsonl | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
