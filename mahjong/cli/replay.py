"""``mahjong replay LOGS.jsonl --out game.html``: one game log as a self-contained HTML page
that steps through the hand (:mod:`mahjong.viewer`)."""
from __future__ import annotations

import sys

from ..errors import MahjongError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "replay", help="write a game log as an HTML page stepping through the hand",
        description="Read game logs (JSON lines, as `mahjong simulate --out` writes them; - for "
                    "stdin) and write one of them as a self-contained HTML page (no network): "
                    "every seat's hand, melds and discards after each event (buttons or the "
                    "arrow keys), then the winning hand, its scoring items and the points of "
                    "every seat.")
    p.add_argument("logs", metavar="LOGS.jsonl", help="a JSON-lines file of game logs, or -")
    p.add_argument("--out", "-o", required=True, metavar="FILE.html", help="the page to write")
    p.add_argument("--game", type=int, default=0, metavar="K",
                   help="which log of the file (counting from 0; default 0)")
    p.add_argument("--seat", type=int, default=None, metavar="S",
                   help="show only seat S's hand (the other hands face down)")
    p.set_defaults(func=run)


def _log(path: str, k: int):
    from ._items import parse_line

    if k < 0:
        raise MahjongError(f"--game: {k} is negative (logs count from 0)")
    try:
        f = sys.stdin.buffer if path == "-" else open(path, "rb")
    except OSError as exc:
        raise MahjongError(f"cannot read {path}: {exc.strerror}") from None
    n = 0
    try:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            if n == k:  # not UTF-8, not JSON, nested too deeply: an error naming the line
                value = parse_line(i, line)
                if isinstance(value, ValueError):
                    raise MahjongError(f"{path} line {i}: {value}")
                return value
            n += 1
    finally:
        if f is not sys.stdin.buffer:
            f.close()
    raise MahjongError(f"--game: {k} is past the last log of {path} ({n} logs)")


def run(args) -> int:
    from ..viewer import page
    from .simulate import OutFile

    log = _log(args.logs, args.game)
    text = page(log, seat=args.seat)
    out = OutFile(args.out, "--out")  # written whole or not at all; errors name --out
    try:
        out.write_with(lambda f: f.write(text))
    finally:
        out.discard()
    size = len(text.encode("utf-8"))
    print(f"wrote {args.out} ({size:,} bytes, {len(log.get('events') or ())} events)")
    return 0
