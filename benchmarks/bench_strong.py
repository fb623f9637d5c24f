"""The strong built-in agent's speed beside the greedy agent's: decisions per second on one
core, every seat played by the agent, whole hands (issue 27's target: under 1 ms per
decision).

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_strong.py --benchmark-enable``, or
``PYTHONPATH=. python benchmarks/bench_strong.py [hands]`` for the table in docs/ENGINE.md.

A decision is one choice of a seat's agent (a discard, a claim or a pass, a kong, ...).
The hands are played by the table's own loop (``run_builtin``, no Python per decision but
the rule set's win check, which the strong agent also asks for the value of its waits);
the decisions of the same hands are counted once beforehand, outside the timing, by
stepping the same seeded hands one choice at a time.
"""
import sys
import time

import pytest

from mahjong.game import Game, _table

HANDS = 100
RULE_SETS = ["sichuan", "guobiao", "yunnan", "guiyang", "huanggang", "two_player",
             "tongcheng"]
KINDS = {"greedy": _table.AGENT_GREEDY, "strong": _table.AGENT_STRONG}


def decisions(rules, agents, hands, start=0):
    """The number of decisions the agents make in the hands (counted by stepping)."""
    n = 0
    for i in range(start, start + hands):
        g = Game(rules, seed=[7, i], agents=agents, dealer=i % 2)
        t = g._table
        while t.phase != _table.PH_OVER:
            t.step(t.choose(t.decider, KINDS[agents]))
            n += 1
    return n


def play(rules, agents, hands, start=0):
    over = 0
    for i in range(start, start + hands):
        over += Game(rules, seed=[7, i], agents=agents, dealer=i % 2)._table.run_builtin() == -1
    return over


@pytest.mark.parametrize("agents", ["greedy", "strong"])
@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.benchmark(group="strong-agent")
def test_decisions(benchmark, rules, agents):
    n = decisions(rules, agents, HANDS)
    assert benchmark(play, rules, agents, HANDS) == HANDS   # every hand played to its end
    benchmark.extra_info["decisions"] = n


def table(hands):
    print("| rule set | greedy: decisions/s | strong: decisions/s | strong: µs per decision |")
    print("|---|---|---|---|")
    for rules in RULE_SETS:
        row = []
        for agents in ("greedy", "strong"):
            n = decisions(rules, agents, hands)
            play(rules, agents, 5)                           # warm
            t0 = time.process_time()
            play(rules, agents, hands)
            row.append((n, time.process_time() - t0))
        (ng, tg), (ns, ts) = row
        print(f"| {rules} | {ng / tg:,.0f} | {ns / ts:,.0f} | {1e6 * ts / ns:.1f} |")


if __name__ == "__main__":
    table(int(sys.argv[1]) if len(sys.argv) > 1 else HANDS)
