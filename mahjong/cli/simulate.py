"""``mahjong simulate --rules R --hands N --seed S``: self-play with built-in agents, a
progress bar on a terminal, a summary at the end, one JSON log per line with ``--out``."""
from __future__ import annotations

import sys

from ..errors import MahjongError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "simulate", help="play seeded hands with built-in agents and write game logs",
        description="Play N independent seeded hands of a rule set (hand i: seed [S, i], "
                    "dealer i mod seats) and summarise them.")
    p.add_argument("--rules", required=True, help="the rule set (mahjong.ruleset names)")
    p.add_argument("--hands", type=int, required=True, help="number of hands")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--agents", default="random",
                   help="one agent for every seat (random, greedy) or one per seat, "
                        "comma-separated: greedy,greedy,random,greedy")
    p.add_argument("--out", metavar="LOGS.jsonl", help="write one game log per line")
    p.add_argument("--threads", type=int, default=1,
                   help="parallel workers (processes; the logs do not depend on it)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-set option (repeatable)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..game import play_spec, simulate
    from ..ruleset import available_rulesets
    from .score import parse_option

    if args.rules not in available_rulesets():
        raise MahjongError(f"--rules: unknown rule set {args.rules!r} "
                           f"(known: {', '.join(available_rulesets())})")
    if args.hands < 0:
        raise MahjongError(f"--hands: {args.hands} (a non-negative number)")
    if args.threads < 1:
        raise MahjongError(f"--threads: {args.threads} (at least 1)")
    try:
        simulate._check_agents(args.agents)
        seats = play_spec(args.rules).seats
        names = args.agents.split(",")
        if len(names) not in (1, seats):
            raise MahjongError(f"{len(names)} agents given for {seats} seats (one for "
                               "every seat, or one per seat)")
    except MahjongError as exc:
        raise MahjongError(f"--agents: {exc}") from None
    options = dict(parse_option(o) for o in args.option) or None
    bar = None
    if not args.no_progress and sys.stderr.isatty():
        try:
            from tqdm import tqdm
            bar = tqdm(total=args.hands, unit="hand", file=sys.stderr)
        except ImportError:
            bar = None
    out = None
    try:
        if args.out:
            try:
                out = open(args.out, "w", encoding="utf-8")
            except OSError as exc:
                raise MahjongError(f"--out: cannot write {args.out}: {exc.strerror}") from None
        summary = simulate.run(args.rules, args.hands, args.seed, args.agents, options,
                               threads=args.threads, out=out,
                               progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
    if args.json:
        print(summary.to_json())
    else:
        print(f"{args.rules}: {args.agents}")
        print(summary)
    return 0
