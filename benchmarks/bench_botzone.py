"""``mahjong botzone``: the time of one answer. A Botzone turn is either a new program that
reads the whole history (the default mode: import + the answer) or one request to a program
that keeps running (``--keep-running``: the answer alone). Botzone allows about a second per
turn; the answers here are in milliseconds, the start-up is Python's and numpy's import.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_botzone.py --benchmark-enable``.
"""
import io
import json
import os
import subprocess
import sys

import pytest

from mahjong.botzone import Bot, run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "tests", "data", "botzone_games.json"), encoding="utf-8") as fh:
    GAME = json.load(fh)[0]
REQUESTS = [c[0] for c, _ in GAME["turns"]]
RESPONSES = [r[0] for _, r in GAME["turns"]]


def test_keep_running_every_request_of_a_game(benchmark):
    """All of seat 0's requests of one real game, answered one after another (per call: one
    game; divide by the number of requests for a turn)."""
    def game():
        bot = Bot("greedy")
        for k, req in enumerate(REQUESTS):
            bot.answer(req)
            bot.answers[-1] = RESPONSES[k]
    benchmark(game)
    benchmark.extra_info["requests"] = len(REQUESTS)


@pytest.mark.parametrize("turn", [2, len(REQUESTS) // 2, len(REQUESTS) - 1])
def test_whole_history_answer_in_process(benchmark, turn):
    data = json.dumps({"requests": REQUESTS[:turn + 1], "responses": RESPONSES[:turn]}) + "\n"
    benchmark(lambda: run("greedy", stdin=io.StringIO(data), stdout=io.StringIO()))


def test_whole_history_answer_new_process(benchmark):
    """A new ``python -m mahjong botzone`` for one answer (Botzone's default mode)."""
    data = json.dumps({"requests": REQUESTS[:46], "responses": RESPONSES[:45]}) + "\n"
    env = dict(os.environ, PYTHONPATH=ROOT)

    def once():
        r = subprocess.run([sys.executable, "-m", "mahjong", "botzone"], input=data,
                           capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
    benchmark.pedantic(once, rounds=5, iterations=1)
