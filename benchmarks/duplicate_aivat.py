"""An AIVAT-style chance correction of duplicate matches, measured (docs/ENGINE.md,
"A chance correction (AIVAT)"). Seeded: the same table on every run.

    PYTHONPATH=. python benchmarks/duplicate_aivat.py [--walls 500] [--seed 2026]

With wall parts the deck is a uniform permutation, so given everything revealed so far
(every hand dealt, every tile drawn) the next tile a seat draws is uniform over the
multiset U of the tiles not yet revealed, whatever the agents did. For any value function
V(history, tile) the term c = V(h, t) - sum_u U_u / |U| V(h, u) then has mean zero, and a
seat's points less the sum of c over the hand's draws are an unbiased estimate of its
expected points (Burch et al., AIVAT, AAAI 2018: the idea only). V is computed after the
game from the log and may use every hidden tile.

V here is a vector over the seats, a weighted sum of six parts (class Value); the table of
part 1 and the weights are fitted (least squares of the seats' points on the parts'
corrections) on hands of another seed (--fit-seed) than the ones measured, so the
measured estimate stays unbiased. The rows (500 walls, seed 2026, wall parts): per format
(rotate: A,B,A,B in its 2 rotations; challenger: A at each seat among three B), the
half-width of the 95% interval of A - B (points per hand) with and without the correction,
in the duplicate and in the random-seating control with as many hands (as
benchmarks/duplicate_width.py), the share of the variance per seat-hand the correction
removes in the control, and the correction's own mean (0 in expectation). "check" rows: the
correction's mean over fresh random-seating walls of another seed.
"""
import argparse
import io
import json
import math
import time
from collections import defaultdict

import numpy as np

from mahjong.game import play_spec
from mahjong.game._table import part_start
from mahjong.game.duplicate import play, t975
from mahjong._reader import sorted_ids, tile_id as tid
from mahjong_core._shanten import missing_one, useful_one
from mahjong_core._types import WIN_SELF_DRAWN, WIN_AFTER_KONG, MELD_NAMES

MELD = {"chow": MELD_NAMES.index("chow"), "pung": MELD_NAMES.index("pung"),
        "kong": MELD_NAMES.index("kong"), "concealed": MELD_NAMES.index("concealed_kong")}


def walk(log, spec):
    """Yield, per draw: (seat, drawn tile, counts before (34 list), melds, unseen counts,
    after_kong, won set, draws_left) then the final deltas."""
    seats = log["seats"]
    wall = [tid(t) for t in log["wall"]]
    live = len(wall)
    dealer = log["dealer"]
    counts = [[0] * 34 for _ in range(seats)]
    melds = [[] for _ in range(seats)]
    seen = [0] * 34
    pos = [0] * seats
    size = []
    for s in range(seats):
        lo = part_start(live, seats, s)
        hi = part_start(live, seats, s + 1) if s + 1 < seats else live
        n = 14 if s == dealer else 13
        for t in wall[lo:lo + n]:
            counts[s][t] += 1
            seen[t] += 1
        pos[s] = n
        size.append(hi - lo)
    total = [0] * 34
    for t in wall:
        total[t] += 1
    won = set()
    prev = None
    for ev in log["events"]:
        k = ev["type"]
        s = ev.get("seat")
        if k == "draw":
            t = tid(ev["tile"])
            unseen = [total[i] - seen[i] for i in range(34)]
            after_kong = prev is not None and prev["type"] == "kong" and prev["seat"] == s
            yield (s, t, (counts, melds), unseen, after_kong, frozenset(won),
                   size[s] - pos[s])
            counts[s][t] += 1
            seen[t] += 1
            pos[s] += 1
        elif k == "discard":
            counts[s][tid(ev["tile"])] -= 1
        elif k in ("chow", "pung"):
            ts = sorted_ids(ev["tiles"])
            claimed = list(ts)
            # the claimed tile is the last discard; remove the others from the hand
            last = tid(prev["tile"])
            claimed.remove(last)
            for t in claimed:
                counts[s][t] -= 1
            melds[s].append((MELD[k], min(ts)))
        elif k == "kong":
            t = tid(ev["tile"])
            kind = ev["kind"]
            if kind == "exposed":
                counts[s][t] -= 3
                melds[s].append((MELD["kong"], t))
            elif kind == "concealed":
                counts[s][t] -= 4
                melds[s].append((MELD["concealed"], t))
            elif kind == "added":
                counts[s][t] -= 1
                melds[s][melds[s].index((MELD["pung"], t))] = (MELD["kong"], t)
        elif k == "win":
            won.add(s)
        prev = ev


class Value:
    """V(h, t), three parts (each a vector over the seats, summed with fitted weights):
    0: the drawing seat's self-draw win on t (the room's own value of the win);
    1: the drawing seat's mean final points at its missing tiles after the draw (a table
       fitted on other seeds); 2, 3: a win on t by another ready seat if t were discarded
    (2: t does not bring the drawer closer, 3: it does); 4: drawer ready after a discard:
    the mean self-draw points of its next draw (best discard); 5: the same times the
    drawer's draws left."""

    PARTS = 6

    def __init__(self, spec, rules, table=None):
        self.spec = spec
        self.rules = rules
        self.table = table or {}
        self.forms = spec.forms
        self._waits = {}
        self._ready = {}

    def transfer(self, winner, payers, v):
        out = [0.0] * self.seats
        for o in payers:
            x = (8 + v) if self.rules == "guobiao" else v
            out[o] -= x
            out[winner] += x
        if self.rules == "guobiao" and len(payers) == 1:
            for o in range(self.seats):          # the others pay the 8 base
                if o != winner and o not in payers:
                    out[o] -= 8
                    out[winner] += 8
        return out

    def win_value(self, s, c, melds, t, flags, frm, dealer):
        return self.spec.win_check.value(c, melds, win_tile=t, flags=flags, seat=s,
                                         from_seat=frm, seats=self.seats, dealer=dealer)

    def wins(self, s, c, melds, tiles, flags, frm, dealer):
        """{tile: value} of seat s's wins on each of ``tiles`` added to the 13 tiles c."""
        w = {}
        for t in tiles:
            if c[t] < 4:
                c[t] += 1
                v = self.win_value(s, c, melds, t, flags, frm, dealer)
                c[t] -= 1
                if v > 0:
                    w[t] = v
        return w

    def waits(self, j, counts, melds, frm, dealer):
        """{tile: value} of seat j's wins on a discard of seat frm."""
        key = (j, tuple(counts), tuple(melds), frm, dealer)
        w = self._waits.get(key)
        if w is None:
            c = np.array(counts, dtype=np.uint8)
            w = {}
            if missing_one(c, len(melds), self.forms) == 1:
                w = self.wins(j, c, melds, range(34), 0, frm, dealer)
            if len(self._waits) > 100000:
                self._waits.clear()
            self._waits[key] = w
        return w

    def key(self, missing, left):
        return (min(missing, 4), min(left // 4, 5))

    def ready_value(self, s, c, melds, unseen, u, dealer, won):
        """The best, over the discards of the 14 tiles c, of the self-draw points of the
        ready hand left: sum over its waits w of unseen_w (less the drawn u) times the
        drawer's points of a self-draw win on w (0 when no discard leaves it ready)."""
        best = 0.0
        payers = [o for o in range(self.seats) if o != s and o not in won]
        for d in range(34):
            if c[d] == 0:
                continue
            c[d] -= 1
            key = (s, c.tobytes(), tuple(melds), dealer)
            w = self._ready.get(key)
            if w is None:
                m, mask = useful_one(c, len(melds), self.forms)
                w = {}
                if m == 1:
                    w = self.wins(s, c, melds, [t for t in range(34) if mask >> t & 1],
                                  WIN_SELF_DRAWN, -1, dealer)
                if len(self._ready) > 200000:
                    self._ready.clear()
                self._ready[key] = w
            c[d] += 1
            if w:
                x = 0.0
                for t, v in w.items():
                    n = unseen[t] - (t == u)
                    if n > 0:
                        x += n * self.transfer(s, payers, v)[s]
                best = max(best, x)
        return best / max(1, sum(unseen) - 1)

    def values(self, s, state, unseen, after_kong, won, left, dealer, seats):
        """{tile: [part vectors]} for every tile with unseen > 0."""
        self.seats = seats
        counts, melds = state[0][s], state[1][s]
        others = []
        for j in range(seats):
            if j != s and j not in won:
                w = self.waits(j, state[0][j], state[1][j], s, dealer)
                if w:
                    others.append((j, w))
        out = {}
        c = np.array(counts, dtype=np.uint8)
        nm = len(melds)
        m13 = missing_one(c, nm, self.forms) if sum(counts) % 3 == 1 else 99
        flags = WIN_SELF_DRAWN | (WIN_AFTER_KONG if after_kong else 0)
        zero = [0.0] * seats
        n_in = seats - 1 - len(won - {s})
        for u in range(34):
            if unseen[u] == 0:
                continue
            c[u] += 1
            v = self.win_value(s, c, melds, u, flags, -1, dealer) if c[u] <= 4 else 0
            f3 = f4 = zero
            m = 99
            if v > 0:
                f0 = self.transfer(s, [o for o in range(seats) if o != s and o not in won], v)
                f1 = zero
            else:
                f0 = zero
                m = missing_one(c, nm, self.forms)
                g = self.table.get(self.key(m, left), 0.0)
                f1 = [-g / (seats - 1)] * seats
                f1[s] = g
                if m == 1:
                    e = self.ready_value(s, c, melds, unseen, u, dealer, won)
                    if e:
                        f3 = [-e / max(1, n_in) if o != s and o not in won else 0.0
                              for o in range(seats)]
                        f3[s] = e
                        f4 = [x * left for x in f3]
            f2a = f2b = zero
            for j, w in others:
                x = w.get(u)
                if x:
                    tr = self.transfer(j, [s], x)
                    if m >= m13:      # u does not help the drawer: likely discarded
                        f2a = [p + q for p, q in zip(f2a, tr)]
                    else:
                        f2b = [p + q for p, q in zip(f2b, tr)]
            c[u] -= 1
            out[u] = (f0, f1, f2a, f2b, f3, f4)
        return out


def correction(log, spec, value):
    """Per part, per seat: the sum over the hand's draws of V(h, t) - mean_u V(h, u)."""
    seats = log["seats"]
    corr = [[0.0] * seats for _ in range(Value.PARTS)]
    for s, t, state, unseen, ak, won, left in walk(log, spec):
        vals = value.values(s, state, unseen, ak, won, left, log["dealer"], seats)
        n = sum(unseen)
        for k in range(Value.PARTS):
            for o in range(seats):
                corr[k][o] += vals[t][k][o] - sum(unseen[u] * vals[u][k][o] for u in vals) / n
    return corr


def fit_table(logs, spec, rules):
    """The drawer's mean final points per (missing after the draw, draws left)."""
    acc = defaultdict(lambda: [0.0, 0])
    v = Value(spec, rules)
    for log in logs:
        d = log["result"]["deltas"]
        for s, t, state, unseen, ak, won, left in walk(log, spec):
            c = np.array(state[0][s], dtype=np.uint8)
            c[t] += 1
            m = missing_one(c, len(state[1][s]), spec.forms)
            a = acc[v.key(m, left)]
            a[0] += d[s]
            a[1] += 1
    return {k: a[0] / a[1] for k, a in acc.items() if a[1] >= 20}


def fit_weights(logs, spec, value):
    """Least squares of the final points on the parts' corrections (per seat-hand)."""
    X, y = [], []
    for log in logs:
        c = correction(log, spec, value)
        for s, d in enumerate(log["result"]["deltas"]):
            X.append([c[k][s] for k in range(Value.PARTS)])
            y.append(d)
    X, y = np.array(X), np.array(y, dtype=float)
    beta = np.linalg.lstsq(X, y, rcond=None)[0]
    print(f"  in-sample variance removed: {100 * (1 - (y - X @ beta).var() / y.var()):.0f}%")
    return beta


def logs_of(rules, agents, walls, seed, seatings):
    buf = io.StringIO()
    r = play(rules, agents, walls, seed=seed, seatings=seatings, out=buf)
    return r, [json.loads(x) for x in buf.getvalue().splitlines()]


def ci(xs):
    xs = np.asarray(xs, dtype=float)
    n = len(xs)
    m = xs.mean()
    sd = xs.std(ddof=1)
    return m, t975(n - 1) * sd / math.sqrt(n)


def per_wall(logs, corrs, beta):
    """Per wall: A's points per seat-hand minus B's (players 0 and 1; a four-agent random
    control's players 2, 3 are B too), each seat's points less sum_k beta_k * correction_k."""
    pts = defaultdict(lambda: [[0.0, 0.0], [0, 0]])
    for log, corr in zip(logs, corrs):
        note = log["note"]["duplicate"]
        d = log["result"]["deltas"]
        p = pts[note["wall"]]
        for s, pl in enumerate(note["players"]):
            x = d[s] - sum(b * corr[k][s] for k, b in enumerate(beta))
            q = min(pl, 1)
            p[0][q] += x
            p[1][q] += 1
    return [p[0][0] / p[1][0] - p[0][1] / p[1][1] for _, p in sorted(pts.items())]


def adjusted_games(logs, corrs, beta):
    """Every seat-hand's points and its correction sum_k beta_k * correction_k."""
    d, c = [], []
    for log, corr in zip(logs, corrs):
        for s, x in enumerate(log["result"]["deltas"]):
            d.append(x)
            c.append(sum(b * corr[k][s] for k, b in enumerate(beta)))
    return np.array(d, dtype=float), np.array(c)


def main():
    from duplicate_width import EpsilonGreedy

    ap = argparse.ArgumentParser()
    ap.add_argument("--walls", type=int, default=500)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--fit-walls", type=int, default=500)
    ap.add_argument("--fit-seed", type=int, default=7)
    ap.add_argument("--rules", default="guobiao,sichuan")
    ap.add_argument("--rows", default="strong:rotate,strong:challenger,eps:rotate,"
                    "same:rotate,check:random")
    args = ap.parse_args()
    print("| rule set | A vs B | format | hands | duplicate | duplicate, aivat | random seating "
          "| random seating, aivat | narrower: aivat, both | duplicate aivat vs plain random "
          "| variance removed (per seat-hand, random seating) | correction's mean (random seating) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    pairs = {"strong": ("strong", "greedy"), "eps": (EpsilonGreedy(0.1), "greedy"),
             "same": ("greedy", "greedy")}
    for rules in args.rules.split(","):
        spec = play_spec(rules, {"duplicate_walls": True})
        t0 = time.time()
        _, fit_logs = logs_of(rules, ["strong", "greedy"], args.fit_walls, args.fit_seed,
                              "random")
        _, fit2 = logs_of(rules, ["strong"] + ["greedy"] * 3, args.fit_walls, args.fit_seed,
                          "random")
        fit_logs += fit2
        table = fit_table(fit_logs, spec, rules)
        value = Value(spec, rules, table)
        beta = fit_weights(fit_logs, spec, value)
        print(f"{rules}: fitted on {len(fit_logs)} hands of seed {args.fit_seed}: weights "
              f"{np.round(beta, 3).tolist()} ({time.time() - t0:.0f} s)", flush=True)
        zero = [0.0] * Value.PARTS
        for row in args.rows.split(","):
            pair, fmt = row.split(":")
            if pair == "check":
                # unbiasedness on fresh walls: the correction's A - B difference per wall
                # over 2 x walls random-seating hands of another seed (mean 0)
                _, clogs = logs_of(rules, ["strong", "greedy"], 2 * args.walls, args.seed + 1,
                                   "random")
                cc = [correction(l, spec, value) for l in clogs]
                mm, mh = ci(np.array(per_wall(clogs, cc, zero)) - per_wall(clogs, cc, beta))
                print(f"{rules}: the correction's mean over {len(clogs)} random-seating "
                      f"hands of seed {args.seed + 1} (strong vs greedy): {mm:+.3f} ± {mh:.3f}",
                      flush=True)
                continue
            a, b = pairs[pair]
            name = a if isinstance(a, str) else a.name
            if True:
                dup, dlogs = logs_of(rules, [a, b], args.walls, args.seed, fmt)
                ctl_agents = [a, b] if fmt == "rotate" else [a, b, b, b]
                _, clogs = logs_of(rules, ctl_agents, dup.hands, args.seed, "random")
                t1 = time.process_time()
                dc = [correction(l, spec, value) for l in dlogs]
                cc = [correction(l, spec, value) for l in clogs]
                cost = (time.process_time() - t1) / (len(dlogs) + len(clogs))
                dm, dh = ci(per_wall(dlogs, dc, zero))
                am, ah = ci(per_wall(dlogs, dc, beta))
                cm, ch = ci(per_wall(clogs, cc, zero))
                bm, bh = ci(per_wall(clogs, cc, beta))
                # the control's difference with four agents is 4/3 of A's points per hand
                d, c = adjusted_games(clogs, cc, beta)
                removed = 1 - (d - c).var() / d.var() if d.var() else 0.0
                # unbiasedness: the correction's own A - B difference per wall (mean 0)
                mm, mh = ci(np.array(per_wall(clogs, cc, zero)) - per_wall(clogs, cc, beta))
                r = lambda x, y: "exact (width 0)" if y < 1e-9 else f"{x / y:.2f}x"
                print(f"| {rules} | {name} vs {b} | {fmt} | {dup.hands} ({dup.hands_played}) | "
                      f"{dm:+.3f} ± {dh:.3f} | {am:+.3f} ± {ah:.3f} | {cm:+.3f} ± {ch:.3f} | "
                      f"{bm:+.3f} ± {bh:.3f} | {r(bh, ah)} | {r(ch, ah)} | "
                      f"{100 * removed:.0f}% | {mm:+.3f} ± {mh:.3f} |", flush=True)
                print(f"  correction {1e3 * cost:.1f} ms of CPU per hand", flush=True)


if __name__ == "__main__":
    main()
