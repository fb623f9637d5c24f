"""Property tests of Sichuan settlement over randomly built, valid 血战 records."""
import random

from hypothesis import given, settings, strategies as st

from mahjong import sichuan
from mahjong.record import HandRecord
from mahjong.tiles import format_tiles


def _take(rng, pool, suits, n_sets, kinds_first=()):
    """Draw a pair + n_sets sets (pungs/runs) from the pool within suits; None on failure."""
    tiles = []
    kinds = [s * 9 + r for s in suits for r in range(9)]
    for _ in range(50):
        t = rng.choice(kinds)
        if pool[t] >= 2:
            pool[t] -= 2
            tiles += [t, t]
            break
    else:
        return None
    while n_sets:
        for _ in range(50):
            t = rng.choice(kinds)
            if rng.random() < 0.5 and t % 9 <= 6 and all(pool[t + k] for k in range(3)):
                for k in range(3):
                    pool[t + k] -= 1
                tiles += [t, t + 1, t + 2]
                break
            if pool[t] >= 3:
                pool[t] -= 3
                tiles += [t] * 3
                break
        else:
            return None
        n_sets -= 1
    return tiles


def build_record(seed, options=None, exhausted=None):
    rng = random.Random(seed)
    pool = [4] * 27
    kongs = {s: [] for s in range(4)}  # seat -> [(tile, kind)]
    won, events, final = [], [], {}
    target_wins = rng.randint(0, 3)
    suits_of = {s: rng.sample(range(3), rng.choice((1, 2))) for s in range(4)}
    for _ in range(12):
        if len(won) >= 3:
            break
        still = [s for s in range(4) if s not in won]
        if rng.random() < 0.35:
            seat = rng.choice(still)
            cands = [t for t in range(27) if pool[t] == 4 and t // 9 in suits_of[seat]]
            if cands and len(kongs[seat]) < 3:
                t = rng.choice(cands)
                pool[t] = 0
                kind = rng.choice(("concealed", "added", "exposed"))
                ev = {"type": "kong", "seat": seat, "kind": kind, "tile": format_tiles([t])}
                if kind == "exposed":
                    ev["from"] = rng.choice([s for s in still if s != seat])
                events.append(ev)
                kongs[seat].append((t, kind))
            continue
        if len(won) >= target_wins:
            continue
        seat = rng.choice(still)
        trial = list(pool)
        tiles = _take(rng, trial, suits_of[seat], 4 - len(kongs[seat]))
        if tiles is None:
            continue
        pool[:] = trial
        others = [s for s in still if s != seat]
        src = rng.choice(others + [None])
        prev = events[-1] if events else None
        ev = {"type": "win", "seat": seat, "hand": format_tiles(sorted(tiles)),
              "win_tile": format_tiles([rng.choice(tiles)]), "from": src,
              "melds": [{"type": "concealed_kong" if k == "concealed" else "kong",
                         "tiles": format_tiles([t] * 4)} for t, k in kongs[seat]]}
        if prev and prev["type"] == "kong":
            if src is None and prev["seat"] == seat:
                ev["replacement"] = True
            elif src is not None and prev["seat"] == src:
                ev["after_kong"] = True
        events.append(ev)
        won.append(seat)
    if exhausted if exhausted is not None else rng.random() < 0.6:
        events.append({"type": "exhausted"})
        for s in range(4):
            if s in won:
                continue
            n = 13 - 3 * len(kongs[s])
            kinds = [t for t in range(27) if pool[t] and
                     (rng.random() < 0.2 or t // 9 in suits_of[s])]
            if not kinds:  # none of the seat's suits is left: take any tile left
                kinds = [t for t in range(27) if pool[t]]
            hand = []
            while len(hand) < n and kinds:
                t = rng.choice(kinds)
                if pool[t]:
                    pool[t] -= 1
                    hand.append(t)
                else:
                    kinds.remove(t)
                if not kinds:  # the seat's suits ran dry: take any tile left
                    kinds = [t for t in range(27) if pool[t]]
            final[str(s)] = {"hand": format_tiles(sorted(hand)),
                             "melds": [{"type": "concealed_kong" if k == "concealed" else
                                        "kong", "tiles": format_tiles([t] * 4)}
                                       for t, k in kongs[s]]}
    rec = {"rules": "sichuan", "dealer": rng.randrange(4), "events": events, "final": final}
    if options:
        rec["options"] = options
    return rec


OPTIONS = st.fixed_dictionaries({}, optional={
    "zhigang_pay": st.sampled_from(["feeder_1", "feeder_2", "feeder_2_others_1"]),
    "longqidui_fan": st.sampled_from([4, 5]),
    "max_fan": st.sampled_from([None, 3, 6]),
    "zimo_jiadi": st.booleans(),
    "base": st.integers(1, 5)})


@settings(max_examples=250, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), OPTIONS)
def test_deltas_sum_to_zero_and_winners_never_pay_later(seed, options):
    record = build_record(seed, options)
    result = sichuan.settle(record)
    assert sum(result.deltas) == 0
    assert all(p.amount > 0 for p in result.payments)
    rec = HandRecord.from_json(record)
    won_at = {}
    for i, e in enumerate(rec.events):
        if e.type == "win":
            won_at[e.seat] = i
    for p in result.payments:
        if p.from_seat in won_at and p.event is not None:
            # a winner's hand is closed: he pays nothing for anything after his win
            assert p.event <= won_at[p.from_seat], (p, won_at)


@settings(max_examples=250, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_kong_money_is_refunded_exactly_by_players_not_ready(seed):
    record = build_record(seed, exhausted=True)
    result = sichuan.settle(record)
    rec = HandRecord.from_json(record)
    winners = set(rec.winners())
    liuju = len(rec.events) - 1
    still = [s for s in range(4) if s not in winners]
    for s in still:
        fh = rec.final[s]
        ready = sichuan.tenpai_value(fh.hand, fh.melds) is not None
        income = sum(p.amount for p in result.payments
                     if p.to_seat == s and rec.events[p.event].type == "kong")
        refunded = sum(p.amount for p in result.payments
                       if p.from_seat == s and p.event == liuju and p.reason.startswith("退税"))
        if len(still) < 2 or ready:
            assert refunded == 0
        else:
            assert refunded == income


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.randoms(use_true_random=False))
def test_value_does_not_depend_on_the_order_of_equivalent_things(seed, shuffler):
    record = build_record(seed)
    base = sichuan.settle(record)
    shuffled = dict(record, events=[dict(e) for e in record["events"]])
    for e in shuffled["events"]:
        if e["type"] == "win":
            hand = list(e["hand"].replace("m", "m ").replace("p", "p ").replace("s", "s ")
                        .split())
            shuffler.shuffle(hand)
            e["hand"] = "".join(hand)  # same tiles, groups in another order
            melds = list(e["melds"])
            shuffler.shuffle(melds)
            e["melds"] = melds
    keys = list(record["final"])
    shuffler.shuffle(keys)
    shuffled["final"] = {k: record["final"][k] for k in keys}
    # kongs declared before any win by different seats may be listed in any order
    ev = shuffled["events"]
    first_win = next((i for i, e in enumerate(ev) if e["type"] != "kong"), len(ev))
    head = ev[:first_win]
    shuffler.shuffle(head)
    if len(head) > 1 and not any(e.get("after_kong") or e.get("replacement") for e in ev):
        shuffled["events"] = head + ev[first_win:]
    again = sichuan.settle(shuffled)
    assert again.deltas == base.deltas
    assert {k: v.fan for k, v in again.wins.items()} == {k: v.fan for k, v in base.wins.items()} \
        or shuffled["events"] != record["events"]


def test_generator_makes_interesting_records():
    kinds = {"win": 0, "kong": 0, "exhausted": 0, "liuju_payments": 0}
    for seed in range(300):
        rec = build_record(seed)
        for e in rec["events"]:
            kinds[e["type"]] += 1
        s = sichuan.settle(rec)
        kinds["liuju_payments"] += sum(1 for p in s.payments if "查" in p.reason)
    assert min(kinds.values()) > 20, kinds
