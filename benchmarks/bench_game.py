"""The game engine: whole hands per second, and the Python environment's steps per second,
beside RiichiEnv (a Rust riichi engine, the optional `bench` extra) in the same run.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_game.py --benchmark-enable``
(``python benchmarks/engine_speed.py`` prints the README's table). Targets (issue 12, one
core): 10,000 hands/s with random agents and 2,000 with greedy agents (Sichuan and
Guobiao); the Python environment 100,000 steps/s; ``--threads 2`` 1.6x one thread.

What is timed:
* ``play``: deal (seeded shuffle) and play a hand to its end with built-in agents (the
  table's loop, without the GIL but for the rule set's win checks);
* ``log``: the same and then the game log and its settlement by the rule set (what
  ``Game.play`` returns and ``mahjong simulate`` writes);
* ``env``: the AEC environment stepped by a Python agent that takes the first legal action
  from the mask (observation arrays and masks built every step);
* the anchor: RiichiEnv's environment stepped by random Python agents.
"""
import random

import numpy as np
import pytest

from mahjong.game import Game
from mahjong.game.env import MahjongEnv

HANDS = 200
RULE_SETS = ["sichuan", "guobiao", "yunnan", "guiyang", "huanggang", "two_player",
             "tongcheng"]


def _play(rules, agents, start):
    over = 0
    for i in range(start, start + HANDS):
        over += Game(rules, seed=[7, i], agents=agents, dealer=i % 2)._table.run_builtin() == -1
    return over


def _log(rules, agents, start):
    return sum(sum(Game(rules, seed=[7, i], agents=agents, dealer=i % 2).play()["result"][
        "deltas"]) == 0 for i in range(start, start + HANDS))


@pytest.mark.parametrize("agents", ["random", "greedy"])
@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.benchmark(group="engine-play")
def test_play(benchmark, rules, agents):
    Game(rules, seed=0, agents=agents).play()          # warm: tables, imports, specs
    assert benchmark(_play, rules, agents, 0) == HANDS  # every hand played to its end
    benchmark.extra_info["hands"] = HANDS


@pytest.mark.parametrize("agents", ["random", "greedy"])
@pytest.mark.parametrize("rules", ["sichuan", "guobiao"])
@pytest.mark.benchmark(group="engine-log")
def test_play_log_and_settle(benchmark, rules, agents):
    Game(rules, seed=0, agents=agents).play()
    assert benchmark(_log, rules, agents, 0) == HANDS   # every log settles to zero-sum deltas
    benchmark.extra_info["hands"] = HANDS


def _env_steps(env, episodes):
    steps = 0
    for _ in range(episodes):
        env.reset()
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(obs["action_mask"].argmax()))
            steps += 1
    return steps


@pytest.mark.parametrize("rules", ["sichuan", "guobiao"])
@pytest.mark.benchmark(group="engine-env")
def test_env_steps(benchmark, rules):
    env = MahjongEnv(rules)
    env.reset(seed=1)
    steps = benchmark(_env_steps, env, 20)
    assert steps > 20 * 10          # every episode takes steps
    benchmark.extra_info["steps"] = steps


def _riichi_hands(n):
    from riichienv import RiichiEnv
    rng = random.Random(0)
    steps = 0
    for seed in range(n):
        env = RiichiEnv(game_mode=None, skip_mjai_logging=True, seed=seed)
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
            steps += 1
    return steps


@pytest.mark.benchmark(group="engine-env")
def test_anchor_riichienv_random_hands(benchmark):
    pytest.importorskip("riichienv")
    steps = benchmark(_riichi_hands, 20)
    benchmark.extra_info["steps"] = steps
    assert steps > 0


def test_same_hands_each_round():
    """What is timed is the same every round (seeded hands)."""
    a = Game("sichuan", seed=[7, 3], agents="random").play()
    b = Game("sichuan", seed=[7, 3], agents="random").play()
    assert a == b and np.sum(a["result"]["deltas"]) == 0
