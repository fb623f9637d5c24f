"""The readers that play a game on the engine's table through its one driver
(``mahjong.game._drive``): ``botzone-json`` (Botzone judge logs: the 16 real IJCAI games
written as judge logs) and ``human-2020`` (the 2020 human-game text: engine games of Guobiao
with flowers written in that text by the tests' helper). Every game is read and fully
replayed on each call (nothing is cached between calls).

pytest-benchmark (per call: 16 games of each)::

    PYTHONPATH=. python -m pytest benchmarks/bench_formats.py --benchmark-enable

Script mode (games/s, the best of ``--rounds``; run it from another tree with that tree's
``PYTHONPATH=.`` for a side-by-side)::

    PYTHONPATH=. python benchmarks/bench_formats.py [--rounds 7]
"""
import argparse
import io
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))     # (human2020_text: the tests' writer)
SAMPLE = os.path.join(ROOT, "tests", "data", "botzone", "ijcai_sample.txt")
GAMES = 16


def judge_logs() -> bytes:
    """The 16 real games as Botzone judge logs, one JSON line each."""
    from mahjong.formats import read, write
    out = io.StringIO()
    write("botzone-json", read("botzone-text", SAMPLE), out)
    return out.getvalue().encode()


def human_games(n: int = GAMES) -> list:
    """``n`` engine games (greedy, seeds 0..n-1) in the human-2020 text."""
    from human2020_text import engine_game, text_of
    return [text_of(engine_game(s), f"./2020/{s}.txt") for s in range(n)]


def read_judge_logs(data: bytes) -> int:
    from mahjong.formats import read
    return sum(1 for g in read("botzone-json", io.BytesIO(data)) if g.ok)


def read_human_games(texts) -> int:
    from mahjong.formats.human2020 import read_game
    return sum(1 for t in texts if read_game(t).ok)


def test_read_botzone_json_16_games(benchmark):
    data = judge_logs()
    assert benchmark(read_judge_logs, data) == GAMES


def test_read_human_2020_16_games(benchmark):
    texts = human_games()
    assert benchmark(read_human_games, texts) == GAMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    for name, read, data in (("botzone-json", read_judge_logs, judge_logs()),
                             ("human-2020", read_human_games, human_games())):
        best = float("inf")
        for _ in range(args.rounds):
            t = time.perf_counter()
            assert read(data) == GAMES
            best = min(best, time.perf_counter() - t)
        print(f"{name:13s} {GAMES / best:8,.0f} games/s")


if __name__ == "__main__":
    main()
