"""Print the engine's speed table (README "Performance"): hands/s per rule set and agent
kind, played only and with the log and its settlement; the environment's steps/s beside
RiichiEnv's (if installed); `mahjong simulate` with 1 and 2 worker processes.

    python benchmarks/engine_speed.py [--hands 2000] [--repeat 3]

It times the installed package (``pip install .``); ``PYTHONPATH=.`` before the command
times a source tree built in place instead.

Each figure is the best of ``--repeat`` runs (the spread is printed as min-max); the
machine's load is printed first, because a loaded machine slows every figure.
"""
import argparse
import os
import random
import time

from mahjong.game import Game
from mahjong.game import simulate
from mahjong.game.env import MahjongEnv

from bench_game import _env_steps as env_steps  # (the benchmark's step loop, beside this file)

RULE_SETS = ["sichuan", "guobiao", "yunnan", "guiyang", "huanggang", "two_player",
             "tongcheng"]


def rate(fn, n, repeat):
    rates = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        rates.append(n / (time.perf_counter() - t0))
    return max(rates), min(rates)


def fmt(best_worst):
    best, worst = best_worst
    return f"{best:9,.0f} ({worst:,.0f}-{best:,.0f})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rules", default=",".join(RULE_SETS))
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()}, cpus: {os.cpu_count()}")
    print(f"{'rule set':11s} {'agents':7s} {'play hands/s':>26s} {'with log + settle':>26s}")
    for rules in args.rules.split(","):
        for agents in ("random", "greedy"):
            n = args.hands if agents == "random" else args.hands // 4
            Game(rules, seed=0, agents=agents).play()

            def play():
                for i in range(n):
                    Game(rules, seed=[1, i], agents=agents, dealer=i % 2)._table.run_builtin()

            def full():
                for i in range(n):
                    Game(rules, seed=[1, i], agents=agents, dealer=i % 2).play()
            print(f"{rules:11s} {agents:7s} {fmt(rate(play, n, args.repeat)):>26s} "
                  f"{fmt(rate(full, n, args.repeat)):>26s}", flush=True)

    for rules in ("sichuan", "guobiao"):
        env = MahjongEnv(rules)
        env.reset(seed=1)
        count = {}

        def steps():
            count["k"] = env_steps(env, 50)
        steps()
        print(f"environment {rules}: {fmt(rate(steps, count['k'], args.repeat))} steps/s "
              f"({count['k'] / 50:.0f} steps per hand)", flush=True)
    try:
        from riichienv import RiichiEnv
    except ImportError:
        RiichiEnv = None
    if RiichiEnv is not None:
        rng = random.Random(0)
        count = {}

        def riichi():
            k = 0
            for seed in range(50):
                e = RiichiEnv(game_mode=None, skip_mjai_logging=True, seed=seed)
                obs = e.reset()
                while not e.done():
                    obs = e.step({p: rng.choice(o.legal_actions()) for p, o in obs.items()})
                    k += 1
            count["k"] = k
        riichi()
        print(f"anchor RiichiEnv (riichi, random Python agents): "
              f"{fmt(rate(riichi, count['k'], args.repeat))} steps/s, "
              f"{fmt(rate(riichi, 50, args.repeat))} hands/s", flush=True)

    n = args.hands
    for agents in ("random", "greedy"):
        one = rate(lambda: simulate.run("sichuan", n, 3, agents, threads=1), n, args.repeat)
        two = rate(lambda: simulate.run("sichuan", n, 3, agents, threads=2), n, args.repeat)
        print(f"simulate sichuan {agents}: --threads 1 {fmt(one)}, --threads 2 {fmt(two)} "
              f"hands/s: {two[0] / one[0]:.2f}x", flush=True)


if __name__ == "__main__":
    main()
