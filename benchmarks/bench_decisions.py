"""``mahjong.formats.decisions``: training decisions per second from engine Guobiao logs
(greedy seats), from typed records, from JSON lines (the reader's own check of each log
included), one at a time or in stacked batches; beside the reader alone (what reading the
same JSON lines costs without the decisions).

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_decisions.py --benchmark-enable``
(each call is all the games; ``extra_info["decisions"]`` is the decisions in them), or
``PYTHONPATH=. python benchmarks/bench_decisions.py`` for a table of decisions/s.
"""
import json
import os
import time

import pytest

from mahjong.formats import decisions
from mahjong.game import Game
from mahjong.record import HandRecord

GAMES = 200
OPTIONS = {"plain": None, "duplicate_walls": {"duplicate_walls": True}}


def logs(options, n=GAMES):
    return [Game("guobiao", seed=s, options=options, agents="greedy").play() for s in range(n)]


@pytest.fixture(scope="module", params=list(OPTIONS))
def games(request):
    found = logs(OPTIONS[request.param])
    return {"records": [HandRecord.from_json(x) for x in found],
            "lines": [json.dumps(x, ensure_ascii=False) for x in found]}


def count(stream) -> int:
    return sum(len(x) if type(x).__name__ == "Batch" else 1 for x in stream)


CASES = {
    "records, one at a time": lambda g: count(decisions(g["records"])),
    "records, batch=1024": lambda g: count(decisions(g["records"], batch=1024)),
    "JSON lines, batch=1024": lambda g: count(decisions(g["lines"], batch=1024)),
    "JSON lines, the reader alone": lambda g: len([HandRecord.from_json(x)
                                                   for x in g["lines"]]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_decisions(benchmark, games, case):
    n = benchmark(CASES[case], games)
    benchmark.extra_info["games"] = GAMES
    benchmark.extra_info["decisions"] = n


SAMPLE = "/work/shared/data/botzone/ijcai-text/sample.txt"


@pytest.fixture(scope="module")
def botzone_text(tmp_path_factory):
    """The 16 real IJCAI games, 50 times over (800 games), once the reader exists."""
    pytest.importorskip("mahjong.formats.botzone_text")
    if not os.path.exists(SAMPLE):
        pytest.skip("no Botzone sample games here")
    with open(SAMPLE, encoding="utf-8") as fh:
        text = fh.read().rstrip("\n") + "\n\n"
    path = tmp_path_factory.mktemp("botzone") / "games.txt"
    path.write_text(text * 50, encoding="utf-8")
    return str(path)


def test_botzone_text_read_and_decisions(benchmark, botzone_text):
    """The IJCAI text read by its reader and turned into batches of decisions."""
    from mahjong.formats import read
    n = benchmark(lambda: count(decisions(read("botzone-text", botzone_text), batch=1024)))
    benchmark.extra_info["games"] = 800
    benchmark.extra_info["decisions"] = n


def table(rounds: int = 3) -> str:
    rows = ["| games | input | decisions | decisions/s | games/s |",
            "|---|---|---:|---:|---:|"]
    for name, options in OPTIONS.items():
        found = logs(options)
        g = {"records": [HandRecord.from_json(x) for x in found],
             "lines": [json.dumps(x, ensure_ascii=False) for x in found]}
        total = count(decisions(g["records"]))
        for case, run in CASES.items():
            best = float("inf")
            for _ in range(rounds):
                t = time.perf_counter()
                run(g)
                best = min(best, time.perf_counter() - t)
            per = f"{total / best:,.0f}" if "alone" not in case else "-"
            rows.append(f"| guobiao {name} | {case} | {total:,} | {per} | "
                        f"{GAMES / best:,.0f} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
