"""``mahjong match --rules R --agents A,B --walls N --seed S``: a duplicate match (every wall
with every seating) and its numbers per agent, with 95% confidence intervals
(:mod:`mahjong.game.duplicate`)."""
from __future__ import annotations

import sys

from ..errors import MahjongError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "match", help="compare agents fairly: a duplicate match with confidence intervals",
        description="Play every wall with every seating of the agents (two agents on four "
                    "seats sit A,B,A,B) and report per agent the points per hand with a 95%% "
                    "interval, win, deal-in and self-draw rates and the average winning "
                    "value; the difference of the first two agents is paired by wall.")
    p.add_argument("--rules", required=True, help="the rule set (mahjong.ruleset names)")
    p.add_argument("--agents", required=True,
                   help="one agent per seat, or two (A,B) for four seats: random, greedy, ...")
    p.add_argument("--walls", type=int, required=True, help="number of walls")
    p.add_argument("--seed", type=int, default=0, help="the match's seed (default 0)")
    p.add_argument("--seatings", default="rotate", choices=("rotate", "all", "random"),
                   help="rotate: every rotation (default); all: every order; random: one "
                        "random seating per wall (the control, as in ordinary play)")
    p.add_argument("--out", metavar="LOGS.jsonl", help="write one game log per line")
    p.add_argument("--threads", type=int, default=1,
                   help="parallel workers (processes; the numbers do not depend on it)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-set option (repeatable)")
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..game import duplicate
    from ..ruleset import available_rulesets
    from .score import parse_option

    if args.rules not in available_rulesets():
        raise MahjongError(f"--rules: unknown rule set {args.rules!r} "
                           f"(known: {', '.join(available_rulesets())})")
    for name in ("walls", "threads"):
        if getattr(args, name) < (0 if name == "walls" else 1):
            raise MahjongError(f"--{name}: {getattr(args, name)} (at least "
                               f"{0 if name == 'walls' else 1})")
    if args.seed < 0:
        raise MahjongError(f"--seed: {args.seed} (a non-negative number)")
    options = dict(parse_option(o) for o in args.option) or None
    try:
        duplicate.prepare(args.rules, args.agents, args.walls, args.seed, args.seatings,
                          options)
    except MahjongError as exc:
        raise MahjongError(f"--agents: {exc}" if str(exc).startswith("agents") else
                           str(exc)) from None
    bar = None
    if not args.no_progress and sys.stderr.isatty():
        try:
            from tqdm import tqdm
            bar = tqdm(total=args.walls, unit="wall", file=sys.stderr)
        except ImportError:
            bar = None
    out = None
    try:
        if args.out:
            try:
                out = open(args.out, "w", encoding="utf-8")
            except OSError as exc:
                raise MahjongError(f"--out: cannot write {args.out}: {exc.strerror}") from None
        result = duplicate.play(args.rules, args.agents, args.walls, args.seed,
                                seatings=args.seatings, options=options, threads=args.threads,
                                out=out, progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
    print(result.to_json() if args.json else result)
    return 0
