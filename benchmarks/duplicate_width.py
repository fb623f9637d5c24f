"""How much narrower is the 95% interval of a duplicate match than random seating with as
many hands? (docs/ENGINE.md, "How much narrower?"). Seeded: the same table on every run.

    PYTHONPATH=. python benchmarks/duplicate_width.py [--walls 500] [--seed 2026]

Per rule set and pair of agents A, B (wall parts, the default of ``mahjong match``), the
half-width of the 95% interval of the difference A - B (points per hand) for two
comparisons, each against the random-seating control with as many hands:

* ``rotate``: A,B,A,B in its 2 rotations per wall (2 hands); the control plays one random
  seating of A,B,A,B per wall, every hand its own wall.
* ``baseline``: per wall B's game at every seat, then A at each seat among B (compared seat
  by seat with B's game; a game that is B's game event for event is the same hand and not
  counted again). The control plays A at a random seat among three B, one hand per wall, as
  many hands as the distinct ones: A's points per hand (B's own are 0: the points of a hand
  sum to 0). "played" also counts the hands equal to B's game (1 + seats per wall).

"narrower": the control's half-width over the duplicate's.
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--walls", type=int, default=500)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    w, seed = args.walls, args.seed
    rows = [(rules, a, b) for rules in ("guobiao", "sichuan")
            for a, b in (("strong", "greedy"), ("random", "greedy"), ("greedy", "greedy"),
                         (EpsilonGreedy(0.01), "greedy"))]
    print("| rule set | A vs B | rotate: hands | duplicate | random seating | narrower "
          "| baseline: hands (played) | duplicate | random seating | narrower "
          "| narrower, played hands |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for rules, a, b in rows:
        name = a if isinstance(a, str) else a.name
        rot = play(rules, [a, b], w, seed=seed).to_dict()
        ctl = play(rules, [a, b], rot["hands"], seed=seed, seatings="random").to_dict()
        h_rot, h_ctl = half(rot["difference"]["ci95"]), half(ctl["difference"]["ci95"])
        base = play(rules, [a, b], w, seed=seed, seatings="baseline")
        bd = base.to_dict()
        played = w * (1 + base.seat_hands[0])
        ctl1 = play(rules, [a, b, b, b], bd["hands"], seed=seed, seatings="random").to_dict()
        h_base, h_ctl1 = half(bd["difference"]["ci95"]), half(ctl1["agents"][0]["ci95"])
        # the control's width at as many hands as were played: width ~ 1/sqrt(hands)
        h_ctl_played = h_ctl1 * math.sqrt(bd["hands"] / played)
        print(f"| {rules} | {name} vs {b} | {rot['hands']} "
              f"| {rot['difference']['mean']:+.3f} ± {h_rot:.3f} "
              f"| {ctl['difference']['mean']:+.3f} ± {h_ctl:.3f} | {ratio(h_ctl, h_rot)} "
              f"| {bd['hands']} ({played}) "
              f"| {bd['difference']['mean']:+.3f} ± {h_base:.3f} "
              f"| {ctl1['agents'][0]['points_per_hand']:+.3f} ± {h_ctl1:.3f} "
              f"| {ratio(h_ctl1, h_base)} | {ratio(h_ctl_played, h_base)} |", flush=True)


if __name__ == "__main__":
    main()
