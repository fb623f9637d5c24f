"""``mahjong stats LOGS.jsonl``: statistics of game logs or records, one per line
(:mod:`mahjong.stats`), as text, JSON or CSV rows, with PNG charts (``--plot DIR``)."""
from __future__ import annotations

import sys

from ..errors import MahjongError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "stats", help="statistics of game logs (wins, deal-ins, items, per seat or agent)",
        description="Read game logs or records (JSON lines; - for stdin), streaming, and "
                    "count hands, wins by kind, deal-ins, exhausted walls, the scoring items "
                    "and the points per seat (or per agent, for the logs of `mahjong match`).")
    p.add_argument("logs", metavar="LOGS.jsonl", nargs="+", help="JSON-lines files, or -")
    p.add_argument("--by", choices=("seat", "agent"), default="seat",
                   help="rows per seat (default) or per agent (logs naming their agents)")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="the summary as one JSON object")
    fmt.add_argument("--csv", action="store_true", help="one CSV row per seat or agent")
    p.add_argument("--plot", metavar="DIR",
                   help="write PNG charts into DIR (needs matplotlib: mahjong-core[stats])")
    p.set_defaults(func=run)


def _lines(paths):
    """``(file, line number, line)`` of every non-blank line of the files, in order."""
    for path in paths:
        if path == "-":
            f = sys.stdin.buffer
        else:
            try:
                f = open(path, "rb")
            except OSError as exc:
                raise MahjongError(f"cannot read {path}: {exc.strerror}") from None
        try:
            for number, line in enumerate(f, 1):
                if line.strip():
                    yield path, number, line
        finally:
            if f is not sys.stdin.buffer:
                f.close()


def _summary(paths, series: bool):
    """The statistics of the files' lines; a bad line is an error naming its file and
    line (``-``: standard input)."""
    from ..stats import Stats, line_facts

    st = Stats(series)
    for path, number, line in _lines(paths):
        try:
            st.add_facts(line_facts(line))
        except MahjongError as exc:
            where = "standard input" if path == "-" else path
            raise MahjongError(f"{where} line {number}: {exc}") from None
    return st


def run(args) -> int:
    import csv
    import json

    from .. import stats

    if args.plot:
        try:
            import matplotlib  # noqa: F401  (refused before the logs are read)
        except ImportError:
            raise MahjongError("--plot needs matplotlib: pip install \"mahjong-core[stats]\" "
                               "(or pip install matplotlib)") from None
    st = _summary(args.logs, series=bool(args.plot))
    if args.json:
        print(json.dumps(st.to_dict(args.by), ensure_ascii=False))
    elif args.csv:
        rows = st.rows(args.by)
        w = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else [args.by],
                           lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    else:
        print(st)
        if args.by == "agent":
            for r in st.rows("agent"):
                print(f"{r['agent']}: {r['hands']} seat-hands, {r['points_per_hand']:+.3f} "
                      f"points per hand, win {100 * r['win_rate']:.1f}%, deal-in "
                      f"{100 * r['deal_in_rate']:.1f}%")
    if args.plot:
        for path in stats.plot(st, args.plot):
            print(f"wrote {path}", file=sys.stderr)
        if not stats.cjk_fonts():
            print("mahjong stats: note: no font with Chinese glyphs is installed (e.g. "
                  "Debian's fonts-noto-cjk): the item names show as boxes", file=sys.stderr)
    return 0
