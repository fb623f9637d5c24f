"""Hands per CPU-second of the engine on one core, for one or more source trees timed
interleaved (README "Performance", the engine's table).

    python benchmarks/engine_cpu.py [--trees OLD_CHECKOUT .] [--repeat 3] [--rules sichuan,...]

Every tree is a checkout with its modules built in place. Each figure runs in a fresh process
per tree (the trees alternate, their order flips every round) and is the best of --repeat
rounds, in CPU time (time.process_time), so other processes on the machine weigh less than
on a wall clock. Columns: "play" (deal and play with built-in agents, no log), "log"
(`Game.play`: the log and its settlement), and for Sichuan and Guobiao "simulate" without
and with its JSON lines (`simulate.run(..., out=...)`, what `mahjong simulate --out` does).
"""
import argparse
import os
import subprocess
import sys
import time

RULE_SETS = ["sichuan", "guobiao", "yunnan", "guiyang", "huanggang", "two_player",
             "tongcheng"]


def worker(tree, rules, agents, n, what):
    sys.path.insert(0, os.path.abspath(tree))
    from mahjong.game import Game, simulate
    Game(rules, seed=0, agents=agents).play()
    t0 = time.process_time()
    if what == "play":
        for i in range(n):
            Game(rules, seed=[1, i], agents=agents, dealer=i % 2)._table.run_builtin()
    elif what == "log":
        for i in range(n):
            Game(rules, seed=[1, i], agents=agents, dealer=i % 2).play()
    else:
        with open(os.devnull, "w") as out:
            simulate.run(rules, n, 3, agents, threads=1,
                         out=out if what == "simulate --out" else None)
    return n / (time.process_time() - t0)


def measure(tree, rules, agents, n, what):
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", tree, rules, agents, str(n),
           what]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        tree, rules, agents, n, what = sys.argv[2:7]
        print(worker(tree, rules, agents, int(n), what))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--trees", nargs="+", default=["."])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rules", default=",".join(RULE_SETS))
    ap.add_argument("--hands", type=int, default=1500, help="random agents' hands per run")
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()}; hands per CPU-second, best of {args.repeat}")
    heads = " ".join(f"{t:>14s}" for t in args.trees)
    print(f"{'rule set':11s} {'agents':7s} {'what':15s} {heads}")
    for rules in args.rules.split(","):
        whats = ["play", "log"] + (["simulate", "simulate --out"]
                                   if rules in ("sichuan", "guobiao") else [])
        for agents in ("random", "greedy"):
            for what in whats:
                n = args.hands if agents == "random" else 200
                n = n if what == "play" else n // 3 if agents == "random" else n
                best = {t: 0.0 for t in args.trees}
                for r in range(args.repeat):
                    for tree in args.trees if r % 2 == 0 else args.trees[::-1]:
                        best[tree] = max(best[tree], measure(tree, rules, agents, n, what))
                print(f"{rules:11s} {agents:7s} {what:15s} "
                      + " ".join(f"{best[t]:14,.0f}" for t in args.trees), flush=True)


if __name__ == "__main__":
    main()
