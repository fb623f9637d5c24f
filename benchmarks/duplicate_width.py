"""How much narrower is the 95% interval of a duplicate match than random seating with as
many hands? (docs/ENGINE.md, "How much narrower?"). Seeded: the same table on every run.

    PYTHONPATH=. python benchmarks/duplicate_width.py [--walls 500] [--seed 2026] [--rules guobiao,sichuan]

Per rule set and pair of agents A, B (wall parts, the default of ``mahjong match``), the
half-width of the 95% interval of the difference A - B (points per hand) in two duplicate
formats, each against the random-seating control with as many hands:

* ``rotate``: A,B,A,B in its 2 rotations per wall; the control plays one random seating of
  A,B,A,B per wall, every hand its own wall.
* ``challenger``: A at each seat in turn among three B (4 games per wall); the control plays
  A at a random seat among three B, one hand per wall (its difference, A's points per
  hand minus B's per seat-hand, is 4/3 of A's points: the points of a hand sum to 0).

"hands" are the distinct hands: a seating whose game is, event for event, an earlier
seating's game of the same wall (the agents decided alike throughout) is the same hand
again and not counted; "played" counts them too. "narrower": the control's half-width
over the duplicate's, at as many hands as the duplicate's distinct hands, and (last
column) at as many as it played (the control's width scaled by sqrt(distinct / played)).
"""
import argparse
import math
import random

from mahjong.game import _table
from mahjong.game.duplicate import play


class EpsilonGreedy:
    """greedy, but a random legal move with probability ``eps`` (seeded per seat and move:
    picklable, deterministic)."""

    def __init__(self, eps):
        self.eps = eps
        self.name = f"greedy~{eps * 100:g}%"

    def __call__(self, obs, legal):
        t = obs.game._table
        r = random.Random(hash((tuple(obs.game.seed), obs.seat, t.n_ev)) & 0xFFFFFFFF)
        if r.random() < self.eps:
            return legal[r.randrange(len(legal))]
        return obs.game._table_choose(obs.seat, _table.AGENT_GREEDY)


def half(ci):
    return (ci[1] - ci[0]) / 2


def ratio(control, dup):
    return "exact (width 0)" if dup == 0 else f"{control / dup:.2f}x"


def cells(dup, control_mean, control_half):
    """The duplicate's hands (played), interval, the control's, the two ratios."""
    d = dup.to_dict()
    h = half(d["difference"]["ci95"])
    played = control_half * math.sqrt(dup.hands / dup.hands_played)
    return [f"{dup.hands} ({dup.hands_played})", f"{d['difference']['mean']:+.3f} ± {h:.3f}",
            f"{control_mean:+.3f} ± {control_half:.3f}", ratio(control_half, h),
            ratio(played, h)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--walls", type=int, default=500)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rules", default="guobiao,sichuan")
    args = ap.parse_args()
    w, seed = args.walls, args.seed
    rows = [(rules, a, b) for rules in args.rules.split(",")
            for a, b in (("strong", "greedy"), ("random", "greedy"), ("greedy", "greedy"),
                         (EpsilonGreedy(0.01), "greedy"), (EpsilonGreedy(0.1), "greedy"))]
    print("| rule set | A vs B | format | hands (played) | duplicate | random seating "
          "| narrower | narrower, played hands |")
    print("|---|---|---|---|---|---|---|---|")
    for rules, a, b in rows:
        name = a if isinstance(a, str) else a.name
        rot = play(rules, [a, b], w, seed=seed)
        ctl = play(rules, [a, b], rot.hands, seed=seed, seatings="random").to_dict()
        c = ctl["difference"]
        one = cells(rot, c["mean"], half(c["ci95"]))
        ch = play(rules, [a, b], w, seed=seed, seatings="challenger")
        ctl = play(rules, [a, b, b, b], ch.hands, seed=seed, seatings="random").to_dict()
        x = ctl["agents"][0]
        assert abs(sum(p["points_per_hand"] for p in ctl["agents"])) < 1e-9   # sums to 0
        two = cells(ch, 4 / 3 * x["points_per_hand"], 4 / 3 * half(x["ci95"]))
        for fmt, row in (("rotate", one), ("challenger", two)):
            print(f"| {rules} | {name} vs {b} | {fmt} | " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
