"""Random winning hands over 136 tiles for the two_player / tongcheng tests.

``random_win(rng)`` gives ``(concealed ids, melds, win tile, flags)``: four sets and a
pair (chows, pungs, honour pungs, some shown as melds or kongs), or now and then seven
pairs, thirteen orphans or 十三不靠; never a fifth copy. The flags are a consistent win
context (self-draw or not; a robbed kong only when the winner holds one copy of the tile).
"""
import copy

from mahjong.playspec import WinQuery
from mahjong.hand import Meld
from mahjong.tiles import format_tiles

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))


def _sets(rng, copies):
    """Four sets and a pair as (kind, tile) with kind chow/pung/pair, or None. One hand in
    five draws its pungs and pair from the honours mostly (三元, 四喜, 字一色 hands)."""
    out = []
    honours = rng.random() < 0.2
    for _ in range(4):
        for _ in range(20):
            if honours and rng.random() < 0.8:
                t = rng.randrange(27, 34)
                if copies[t] <= 1:
                    copies[t] += 3
                    out.append(("pung", t))
                    break
            elif rng.random() < 0.55:
                t = rng.choice([s * 9 + r for s in range(3) for r in range(7)])
                if all(copies[t + k] < 4 for k in range(3)):
                    for k in range(3):
                        copies[t + k] += 1
                    out.append(("chow", t))
                    break
            else:
                t = rng.randrange(34)
                if copies[t] <= 1:
                    copies[t] += 3
                    out.append(("pung", t))
                    break
        else:
            return None
    for _ in range(20):
        t = rng.randrange(27, 34) if honours and rng.random() < 0.7 else rng.randrange(34)
        if copies[t] <= 2:
            copies[t] += 2
            out.append(("pair", t))
            return out
    return None


def _flags(rng, win, concealed_ids, melds):
    self_drawn = rng.random() < 0.5
    flags = {"self_drawn": self_drawn}
    held = concealed_ids.count(win) + sum(m.tiles.count(win) for m in melds)
    if self_drawn:
        if any(m.is_kong for m in melds) and rng.random() < 0.2:
            flags["replacement"] = True
        if rng.random() < 0.1:
            flags["last_tile"] = True
        if not melds and rng.random() < 0.05:
            flags["heavenly"] = True
    else:
        if held == 1 and rng.random() < 0.2:
            flags["robbing_kong"] = True
        elif rng.random() < 0.05:
            flags["earthly"] = True
    return flags


def random_win(rng):
    """One random winning hand: (concealed ids, melds, win tile, flags)."""
    while True:
        copies = [0] * 34
        form = rng.random()
        if form < 0.08:
            kinds = rng.sample(range(27, 34) if form < 0.01 else range(34), 7)
            ids = sorted(kinds * 2)
            melds = ()
        elif form < 0.11:
            ids = sorted(list(_ORPHANS) + [rng.choice(_ORPHANS)])
            melds = ()
        elif form < 0.14:
            order = rng.sample(range(3), 3)
            ids = sorted([s * 9 + r for s, pat in zip(order, _KNITTED) for r in pat]
                         + rng.sample(range(27, 34), 5))
            melds = ()
        else:
            sets = _sets(rng, copies)
            if sets is None:
                continue
            ids, melds = [], []
            for kind, t in sets:
                if kind != "pair" and len(melds) < 4 and rng.random() < 0.35:
                    if kind == "chow":
                        melds.append(Meld("chow", (t, t + 1, t + 2)))
                    elif copies[t] == 3 and rng.random() < 0.4:
                        copies[t] += 1
                        melds.append(Meld(rng.choice(("kong", "concealed_kong")), (t,) * 4))
                    else:
                        melds.append(Meld("pung", (t,) * 3))
                elif kind == "chow":
                    ids += [t, t + 1, t + 2]
                else:
                    ids += [t] * (3 if kind == "pung" else 2)
            ids.sort()
            melds = tuple(melds)
        win = rng.choice(ids)
        return tuple(ids), melds, win, _flags(rng, win, list(ids), melds)


def _events_for(rng, seat, melds, n_seats):
    """Claim and kong events that agree with the winner's melds."""
    events = []
    for m in melds:
        tiles = format_tiles(m.tiles)
        if m.kind == "chow":
            events.append({"type": "chow", "seat": seat, "tiles": tiles,
                           "from": (seat - 1) % n_seats})
        elif m.kind == "pung":
            other = rng.choice([s for s in range(n_seats) if s != seat])
            events.append({"type": "pung", "seat": seat, "tiles": tiles, "from": other})
        elif m.kind == "kong":
            other = rng.choice([s for s in range(n_seats) if s != seat])
            events.append({"type": "kong", "seat": seat, "kind": "exposed",
                           "tile": format_tiles([m.tile]), "from": other})
        else:
            events.append({"type": "kong", "seat": seat, "kind": "concealed",
                           "tile": format_tiles([m.tile])})
    # a replacement win needs the winner's kong right before it
    events.sort(key=lambda e: e["type"] == "kong")
    return events


def random_record(rng, rules):
    """A random record (a dict) of ``rules`` (two_player or tongcheng) with one win: the
    winner's claims as events, now and then a ready declaration (two_player), the shown
    花牌 tiles (two_player) and random options."""
    n_seats = 2 if rules == "two_player" else 4
    ids, melds, win, flags = random_win(rng)
    for name in ("robbing_kong", "heavenly", "earthly"):
        flags.pop(name, None)
    self_drawn = flags.pop("self_drawn")
    if not self_drawn:
        flags.pop("replacement", None)
        flags.pop("last_tile", None)
    seat = rng.randrange(n_seats)
    events = _events_for(rng, seat, melds, n_seats)
    if rules == "two_player" and not flags.get("replacement") and rng.random() < 0.3:
        events.append({"type": "ready", "seat": seat})
    win_event = {"type": "win", "seat": seat, "hand": format_tiles(ids),
                 "melds": [m.to_json() for m in melds], "win_tile": format_tiles([win]),
                 "from": None if self_drawn else rng.choice(
                     [s for s in range(n_seats) if s != seat])}
    win_event.update(flags)
    events.append(win_event)
    record = {"rules": rules, "seats": n_seats, "dealer": rng.randrange(n_seats),
              "events": events}
    if rules == "two_player":
        held = [0] * 34
        for t in list(ids) + [t for m in melds for t in m.tiles]:
            held[t] += 1
        free = [t for t in range(34) if held[t] < 4]
        record["flower_indicators"] = format_tiles(sorted(rng.sample(free, 4)))
        record["options"] = {"base": rng.choice((1, 1, 2, 5))}
    else:
        record["options"] = {"stake": rng.choice((1, 1, 3)),
                             "tail_values": rng.choice((1, 0, 2))}
    return record


def win_event(seat, hand, win_tile, melds=(), source=None, **flags):
    """A record v2 win event (the flags as given)."""
    win = {"type": "win", "seat": seat, "hand": hand, "win_tile": win_tile, "from": source,
           "melds": [{"type": k, "tiles": t} for k, t in melds]}
    win.update(flags)
    return win


def win_value(record, spec):
    """``spec``'s win_value of the record's last event (a win) after the events before it."""
    prefix = copy.deepcopy(record)
    win = prefix["events"].pop()
    return spec.win_value(WinQuery(prefix, win, ()))
