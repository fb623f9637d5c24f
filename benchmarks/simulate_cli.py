"""`mahjong simulate` through its command line, with and without `--out`, hands per
CPU-second on one core, for one or more source trees timed interleaved (main vs a branch).

    python benchmarks/simulate_cli.py [--trees OLD_CHECKOUT .] [--hands 20000] [--repeat 3]

Every tree is a checkout with its modules built in place. Each figure is one command,
``python -m mahjong simulate --rules R --agents A --hands N --seed 1 [--out FILE]``, run in
a fresh process with the tree on PYTHONPATH; its CPU time (user + system, of the child) less
the CPU time of the same command with ``--hands 0`` (the process start and imports) gives
the hands per CPU-second. The trees alternate, their order flipping every round; each figure
is the best of --repeat rounds. The last column of each tree is the cost of the logs: the
run with ``--out`` over the run without (the summary is made either way).
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile

CASES = [("sichuan", "random"), ("guobiao", "random"), ("sichuan", "greedy"),
         ("guobiao", "greedy")]


def cpu_of(tree, rules, agents, hands, out):
    """CPU seconds of one `mahjong simulate` command run on ``tree``."""
    cmd = [sys.executable, "-m", "mahjong", "simulate", "--rules", rules, "--agents", agents,
           "--hands", str(hands), "--seed", "1", "--no-progress"]
    if out:
        cmd += ["--out", out]
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=os.path.abspath(tree), env=env, check=True,
                   stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trees", nargs="+", default=["."])
    ap.add_argument("--hands", type=int, default=20000, help="random agents' hands per run")
    ap.add_argument("--greedy-hands", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()}; hands per CPU-second, best of {args.repeat}")
    start = {t: min(cpu_of(t, "sichuan", "random", 0, None) for _ in range(args.repeat))
             for t in args.trees}
    print("start-up CPU seconds: " + ", ".join(f"{t} {s:.3f}" for t, s in start.items()))
    labels = {t: chr(65 + k) for k, t in enumerate(args.trees)}
    print("trees: " + ", ".join(f"{labels[t]} = {t}" for t in args.trees))
    heads = " ".join(f"{labels[t] + ' no log':>9s} {labels[t] + ' --out':>9s} "
                     f"{labels[t] + ' ratio':>8s}" for t in args.trees)
    print(f"{'rule set':9s} {'agents':7s} {heads}")
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "logs.jsonl")
        for rules, agents in CASES:
            n = args.hands if agents == "random" else args.greedy_hands
            best = {(t, o): float("inf") for t in args.trees for o in (False, True)}
            for r in range(args.repeat):
                for tree in args.trees if r % 2 == 0 else args.trees[::-1]:
                    for o in (False, True):
                        cpu = cpu_of(tree, rules, agents, n, out if o else None) - start[tree]
                        best[tree, o] = min(best[tree, o], cpu)
            cells = []
            for t in args.trees:
                plain, logged = n / best[t, False], n / best[t, True]
                cells.append(f"{plain:9,.0f} {logged:9,.0f} {plain / logged:8.2f}")
            print(f"{rules:9s} {agents:7s} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
