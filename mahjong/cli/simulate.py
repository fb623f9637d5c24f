"""``mahjong simulate --rules R --hands N --seed S``: self-play with built-in agents, a
progress bar on a terminal, a summary at the end, one JSON log per line with ``--out``.
The hands are played in chunks made as they are needed (constant memory for any N); the
``--out`` file is written beside its name and renamed when the run is complete."""
from __future__ import annotations

import sys

from ..errors import MahjongError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "simulate", help="play seeded hands with built-in agents and write game logs",
        description="Play N independent seeded hands of a rule set (hand i: seed [S, i], "
                    "dealer i mod seats) and summarise them.")
    p.add_argument("--rules", required=True,
                   help="the rule set, any case (`mahjong rules` lists them)")
    p.add_argument("--hands", type=int, required=True, help="number of hands")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--agents", default="random",
                   help="one agent for every seat (random, greedy, strong) or one per seat, "
                        "comma-separated: greedy,greedy,random,greedy")
    p.add_argument("--out", metavar="LOGS.jsonl",
                   help="write one game log per line (a file appears only when the run "
                        "is complete: it is written beside, then renamed)")
    p.add_argument("--threads", type=int, default=1,
                   help="parallel workers (processes; the logs do not depend on it)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-set option (repeatable)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..batch import MAX_THREADS
    from ..game import play_spec, simulate
    from ..ruleset import ruleset_info
    from .score import parse_option

    try:
        args.rules = ruleset_info(args.rules).name
    except MahjongError as exc:
        raise MahjongError(f"--rules: {exc}") from None
    if args.hands < 0:
        raise MahjongError(f"--hands: {args.hands} (a non-negative number)")
    if not 1 <= args.threads <= MAX_THREADS:
        raise MahjongError(f"--threads: {args.threads} (1..{MAX_THREADS})")
    if not 0 <= args.seed < 2**64:
        raise MahjongError(f"--seed: {args.seed} is not in [0, 2**64)")
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
    out = OutFile(args.out, "--out") if args.out else None
    try:
        def play(file):
            return simulate.run(args.rules, args.hands, args.seed, args.agents, options,
                                threads=args.threads, out=file,
                                progress=bar.update if bar is not None else None)
        summary = play(None) if out is None else out.write_with(play)
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.discard()
    if args.json:
        print(summary.to_json())
    else:
        print(f"{args.rules}: {args.agents}")
        print(summary)
    return 0


class OutFile:
    """A text file written whole or not at all: a regular file (or a new one) is written
    as a temporary file beside it and renamed over it by :meth:`commit`, so an error, a
    full disk or an interrupted run leaves no partial file that looks complete (the
    temporary file is removed by :meth:`discard`). Anything else (a device such as
    /dev/full or /dev/stdout, a named pipe) is written directly. A write that fails is a
    :class:`MahjongError` naming the file."""

    def __init__(self, path: str, what: str):
        import os
        import stat
        import tempfile

        self.path, self.what, self._temp = path, what, None
        try:
            try:
                mode = os.stat(path).st_mode
            except FileNotFoundError:
                mode = None
            if mode is None or stat.S_ISREG(mode):
                folder = os.path.dirname(os.path.abspath(path))
                fd, self._temp = tempfile.mkstemp(
                    dir=folder, prefix="." + os.path.basename(path) + ".", suffix=".part")
                if mode is not None:
                    os.chmod(self._temp, stat.S_IMODE(mode))
                else:  # as open() would make it
                    umask = os.umask(0)
                    os.umask(umask)
                    os.chmod(self._temp, 0o666 & ~umask)
                self.file = open(fd, "w", encoding="utf-8")
            else:
                self.file = open(path, "w", encoding="utf-8")
        except OSError as exc:
            raise self._error(exc) from None

    def write_with(self, call):
        """``call(file)``, then :meth:`commit`; a write that fails is a MahjongError naming
        the file (a closed pipe stays a BrokenPipeError)."""
        try:
            result = call(self.file)
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            raise self._error(exc) from None
        self.commit()
        return result

    def _error(self, exc: OSError) -> MahjongError:
        return MahjongError(f"{self.what}: cannot write {self.path}: {exc.strerror or exc}")

    def commit(self) -> None:
        import os

        try:
            self.file.close()
            if self._temp is not None:
                os.replace(self._temp, self.path)
                self._temp = None
        except OSError as exc:
            raise self._error(exc) from None

    def discard(self) -> None:
        """Close and remove what :meth:`commit` did not finish (a no-op after it)."""
        import os

        try:
            self.file.close()
        except OSError:
            pass
        if self._temp is not None:
            try:
                os.unlink(self._temp)
            except OSError:
                pass
            self._temp = None
