"""How much narrower is the 95% interval of a duplicate match than random seating with as
many hands? (docs/ENGINE.md, "How much narrower?"). Seeded: the same table on every run.

    PYTHONPATH=. python benchmarks/duplicate_width.py [--walls 1000] [--seed 2026]

Per rule set and pair of agents, the half-width of the interval of the difference (first
agent minus second, per hand) in four formats with the same number of hands: duplicate
(``rotate``, two seatings of A,B,A,B) with one wall part per seat (the default of
``mahjong match``) or one shared wall, and the random-seating control (one hand per wall)
with either wall. "narrower" is the control's width (shared wall, ordinary play) over the
duplicate's with wall parts.
"""
import argparse
import random

from mahjong.game import _table
from mahjong.game.duplicate import play


class EpsilonGreedy:
    """greedy, but a random legal move with probability ``eps`` (seeded per seat and move:
    picklable, deterministic)."""

    def __init__(self, eps):
        self.eps = eps
        self.name = f"greedy~{int(eps * 100)}%"

    def __call__(self, obs, legal):
        t = obs.game._table
        r = random.Random(hash((tuple(obs.game.seed), obs.seat, t.n_ev)) & 0xFFFFFFFF)
        if r.random() < self.eps:
            return legal[r.randrange(len(legal))]
        return obs.game._table_choose(obs.seat, _table.AGENT_GREEDY)


def half(result):
    d = result.to_dict()["difference"]
    return d["mean"], (d["ci95"][1] - d["ci95"][0]) / 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--walls", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    rows = [("sichuan", "greedy", "random"), ("sichuan", "greedy", "greedy"),
            ("sichuan", "greedy", EpsilonGreedy(0.1)),
            ("guobiao", "greedy", "random"), ("guobiao", "greedy", "greedy"),
            ("guobiao", "greedy", EpsilonGreedy(0.1))]
    print("| rule set | agents | hands | duplicate, wall parts | duplicate, shared wall | "
          "random seating, shared wall | random seating, wall parts | narrower |")
    print("|---|---|---|---|---|---|---|---|")
    for rules, a, b in rows:
        agents = [a, b]
        cells = []
        for mode, parts in (("rotate", True), ("rotate", False), ("random", False),
                            ("random", True)):
            walls = args.walls if mode == "rotate" else 2 * args.walls
            r = play(rules, agents, walls, seed=args.seed, seatings=mode, wall_parts=parts)
            cells.append((r.hands,) + half(r))
        ratio = "exact (width 0)" if cells[0][2] == 0 else f"{cells[2][2] / cells[0][2]:.1f}x"
        name = b if isinstance(b, str) else b.name
        print(f"| {rules} | {a} vs {name} | {cells[0][0]} | "
              + " | ".join(f"{m:+.3f} ± {h:.3f}" for _, m, h in cells) + f" | {ratio} |",
              flush=True)


if __name__ == "__main__":
    main()
