"""``mahjong match --rules R --agents A,B --walls N --seed S``: a duplicate match (every wall
with every seating) and its numbers per agent, with 95% confidence intervals
(:mod:`mahjong.game.duplicate`)."""
from __future__ import annotations

import contextlib
import sys

from ..errors import MahjongError


#: the options after --rules, --agents and --walls: (flags, argparse keywords)
_OPTIONS = (
    (("--seed",), dict(type=int, default=0, help="the match's seed (default 0)")),
    (("--seatings",), dict(default="rotate", choices=("rotate", "all", "random", "challenger"),
                           help="rotate: every rotation (default); all: every order; "
                                "random: one random seating per wall (the control, as in "
                                "ordinary play); challenger: two agents, the first at "
                                "each seat in turn among the second (1 against 3)")),
    (("--out",), dict(metavar="LOGS.jsonl",
                      help="write every hand's log, one per line, with note.duplicate")),
    (("--threads",), dict(type=int, default=1,
                          help="worker processes (the numbers do not depend on them)")),
    (("--option",), dict(action="append", default=[], metavar="NAME=VALUE",
                         help="a rule-set option (repeatable)")),
    (("--wall-parts",), dict(dest="wall_parts", action="store_true", default=True,
                             help="one wall part per seat: each seat is dealt and draws only "
                                  "from its own, so it meets the same tiles in every seating "
                                  "(the option duplicate_walls; default)")),
    (("--shared-wall",), dict(dest="wall_parts", action="store_false",
                              help="one wall drawn in turn (a claim shifts who draws which "
                                   "tile)")),
    (("--json",), dict(action="store_true", help="print the numbers as one JSON object")),
    (("--no-progress",), dict(action="store_true", help="no progress bar on a terminal")),
)


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "match", help="compare agents fairly: a duplicate match with confidence intervals",
        description="Play every wall with every seating of the agents (two agents on four "
                    "seats sit A,B,A,B) and report per agent the points per hand with a 95% "
                    "interval, win, deal-in and self-draw rates and the average winning "
                    "value; the difference of the first two agents is paired by wall.")
    p.add_argument("--rules", required=True, help="the rule set (mahjong.ruleset names)")
    p.add_argument("--agents", required=True,
                   help="one agent per seat, or two (A,B) for four seats: random, greedy, strong, ...")
    p.add_argument("--walls", type=int, required=True, help="number of walls")
    for flags, kwargs in _OPTIONS:
        p.add_argument(*flags, **kwargs)
    p.set_defaults(func=run)


def _checked(args):
    """The rule-set options; every flag checked before a hand is played."""
    from ..game import duplicate
    from ..ruleset import ruleset_info
    from .score import parse_option

    try:
        args.rules = ruleset_info(args.rules).name
    except MahjongError as exc:
        raise MahjongError(f"--rules: {exc}") from None
    for name, least in (("walls", 0), ("threads", 1), ("seed", 0)):
        if getattr(args, name) < least:
            raise MahjongError(f"--{name}: {getattr(args, name)} (at least {least})")
    options = dict(parse_option(o) for o in args.option) or None
    if options and "duplicate_walls" in options and \
            options["duplicate_walls"] is not args.wall_parts:
        raise MahjongError(f"--option duplicate_walls={options['duplicate_walls']!r}: the "
                           f"wall parts are --wall-parts (the default) or --shared-wall")
    try:
        duplicate.prepare(args.rules, args.agents, args.walls, args.seed, args.seatings,
                          duplicate.match_options(options, args.wall_parts))
    except MahjongError as exc:
        raise MahjongError(f"--{exc}" if str(exc).startswith("agents") else
                           str(exc)) from None
    return options


def _bar(args, stack):
    """A tqdm bar over the walls on a terminal (None without tqdm or with --no-progress)."""
    if args.no_progress or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return stack.enter_context(tqdm(total=args.walls, unit="wall", file=sys.stderr))


def run(args) -> int:
    from ..game import duplicate

    from .simulate import OutFile

    options = _checked(args)
    with contextlib.ExitStack() as stack:
        out = None
        if args.out:
            # written whole or not at all (no partial file left looking complete)
            out = OutFile(args.out, "--out")
            stack.callback(out.discard)
        bar = _bar(args, stack)

        def play(file):
            return duplicate.play(args.rules, args.agents, args.walls, args.seed,
                                  seatings=args.seatings, options=options,
                                  threads=args.threads, out=file, wall_parts=args.wall_parts,
                                  progress=None if bar is None else bar.update)
        result = play(None) if out is None else out.write_with(play)
    print(result.to_json() if args.json else result)
    return 0
