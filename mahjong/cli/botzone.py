"""``mahjong botzone --agent greedy|random|MODULE:CALLABLE [--keep-running]``: a Botzone bot
program (Chinese Standard Mahjong, the duplicate-wall game) for any agent of the engine:
reads Botzone's JSON or simple input from standard input, prints the answer in the same
form (see docs/BOTZONE.md)."""
from __future__ import annotations


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "botzone", help="a Botzone bot program (Chinese Standard Mahjong) for any agent",
        description="Answer Botzone's requests of Chinese Standard Mahjong (the duplicate-"
                    "wall game) with an agent of the engine: reads the JSON input "
                    "({\"requests\": [...], \"responses\": [...]}) or the simple input (n, "
                    "then 2n-1 lines) on standard input and prints the answer in the same "
                    "form.")
    p.add_argument("--agent", default="greedy",
                   help="a built-in agent (greedy, random, ...) or MODULE:CALLABLE, a "
                        "callable (observation, legal_actions) -> action (default greedy)")
    p.add_argument("--keep-running", action="store_true",
                   help="after the answer print >>>BOTZONE_REQUEST_KEEP_RUNNING<<< and answer "
                        "one new request per line (Botzone's long-running mode)")
    p.add_argument("--seed", type=int, default=0,
                   help="the seed of the made-up unseen tiles and of the random agent")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..botzone import load_agent, run as play
    from ..errors import MahjongError

    if not 0 <= args.seed < 2**64:  # the seed of the compiled shuffle is a uint64
        raise MahjongError(f"--seed: {args.seed} is not in [0, 2**64)")
    play(load_agent(args.agent), keep_running=args.keep_running, seed=args.seed)
    return 0
