"""The streaming command line: ``mahjong settle`` and ``mahjong score --jsonl`` over a JSON
lines file, records (hands) per second, beside the same work done by the API in a loop over
the lines already in memory (the floor: what reading, writing and the per-line checks of the
command add is the difference).

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_cli.py --benchmark-enable``. Target
(issue 26): the command reads in constant memory and is no slower than when it read the
whole file first (about 3,000 engine logs/s settled on the 2-core CI machine).
"""
import json
import os
import sys

import pytest

from mahjong.cli import main
from mahjong.game.simulate import play_hands
from mahjong.ruleset import settle

LOGS = 500
HANDS = [{"rules": "sichuan", "hand": "111p123p456p789p99p", "win_tile": "9p"},
         {"rules": "guobiao", "hand": "234m567m345p678s2s", "win_tile": "2s",
          "self_drawn": True, "seat_wind": "N"},
         {"rules": "yunnan", "hand": "11223344556677s", "win_tile": "7s"}] * 300


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "logs.jsonl"
    lines = [json.dumps(log, ensure_ascii=False) for log in
             play_hands("sichuan", range(LOGS), 1, "greedy")]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path, lines


@pytest.fixture(scope="module")
def hands(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "hands.jsonl"
    lines = [json.dumps(h) for h in HANDS]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path, lines


def _quiet(argv):
    with open(os.devnull, "w", encoding="utf-8") as devnull:
        saved, sys.stdout = sys.stdout, devnull
        try:
            return main(argv)
        finally:
            sys.stdout = saved


@pytest.mark.benchmark(group="cli-settle")
def test_settle_command(benchmark, logs):
    path, _ = logs
    assert benchmark(_quiet, ["settle", str(path), "--json", "--no-progress"]) == 0
    benchmark.extra_info["records"] = LOGS


@pytest.mark.benchmark(group="cli-settle")
def test_settle_api_loop(benchmark, logs):
    _, lines = logs
    assert len(benchmark(lambda: [settle(line).deltas for line in lines])) == LOGS
    benchmark.extra_info["records"] = LOGS


@pytest.mark.benchmark(group="cli-score")
def test_score_command(benchmark, hands):
    path, _ = hands
    assert benchmark(_quiet, ["score", "--jsonl", str(path), "--no-progress"]) == 0
    benchmark.extra_info["hands"] = len(HANDS)


@pytest.mark.benchmark(group="cli-score")
def test_score_api_loop(benchmark, hands):
    from mahjong.cli.score import _line_result

    class Args:
        rules, style, option = "sichuan", "tenhou", []

    _, lines = hands
    rows = benchmark(lambda: [_line_result(json.loads(line), Args, {}) for line in lines])
    assert len(rows) == len(HANDS)
    benchmark.extra_info["hands"] = len(HANDS)
