"""ruleset.check_kongs_listed (now one compiled pass in mahjong.record) against the Python
loop it replaced, kept here as the oracle: the same records pass, the same ones are refused
with the same message."""
import random
from types import SimpleNamespace

import pytest

from mahjong.errors import InvalidRecordError
from mahjong.hand import Meld
from mahjong.record import FinalHand, KongEvent, WinEvent
from mahjong.ruleset import check_kongs_listed


def _oracle(record, rule_name, why):
    """The Python loop check_kongs_listed was before it was compiled."""
    listed = {}
    for e in record.events:
        if type(e) is KongEvent and e.kind != "single":
            listed.setdefault(e.seat, []).append((e.meld_kind, e.tile))
    wins = {e.seat: i for i, e in enumerate(record.events) if type(e) is WinEvent}
    for seat in range(record.seats):
        if seat in wins:
            melds = record.events[wins[seat]].melds
        elif seat in record.final:
            melds = record.final[seat].melds
        else:
            continue
        for m in melds:
            if m.kind != "kong" and m.kind != "concealed_kong":
                continue
            if (m.kind, m.tiles[0]) not in listed.get(seat, ()):
                src = f"event {wins[seat]} (win by seat {seat})" if seat in wins else \
                    f"final hand of seat {seat}"
                raise InvalidRecordError(
                    f"{src}: shows the {m.kind.replace('_', ' ')} {m} but no kong event made "
                    f"it; a {rule_name} record lists every kong ({why})")


def _outcome(check, record):
    try:
        check(record, "Sichuan", "刮风下雨 is paid from the kong events")
    except InvalidRecordError as exc:
        return str(exc)
    return None


def _random_record(rng):
    seats = rng.choice([2, 3, 4])
    tiles = rng.sample(range(34), 4)
    events = []
    for _ in range(rng.randrange(6)):
        kind = rng.choice(["concealed", "exposed", "added", "single"])
        seat = rng.randrange(seats)
        src = (seat + 1) % seats if kind == "exposed" else None
        events.append(KongEvent(seat, kind, rng.choice(tiles), src))

    def melds():
        out = []
        for _ in range(rng.randrange(4)):
            kind = rng.choice(["kong", "concealed_kong", "pung", "single_kong"])
            t = rng.choice(tiles)
            out.append(Meld(kind, [t] * {"pung": 3, "single_kong": 1}.get(kind, 4)))
        return tuple(out)

    for _ in range(rng.randrange(3)):
        seat = rng.randrange(seats)
        events.insert(rng.randrange(len(events) + 1),
                      WinEvent(seat, (0, 0, 1, 1, 1), melds(), 0, None))
    final = {s: FinalHand((2, 3, 4), melds()) for s in range(seats) if rng.random() < 0.7}
    return SimpleNamespace(seats=seats, events=tuple(events), final=final)


def test_kongs_listed_as_the_python_loop():
    rng = random.Random(24)
    refused = 0
    for _ in range(4000):
        rec = _random_record(rng)
        want = _outcome(_oracle, rec)
        assert _outcome(check_kongs_listed, rec) == want
        refused += want is not None
    assert 500 < refused < 3800     # both outcomes are exercised


@pytest.mark.parametrize("kind,meld,ok", [
    ("exposed", "kong", True), ("added", "kong", True), ("concealed", "concealed_kong", True),
    ("concealed", "kong", False), ("exposed", "concealed_kong", False),
    ("single", "kong", False),
])
def test_a_kong_is_listed_by_its_own_kind_of_event(kind, meld, ok):
    rec = SimpleNamespace(seats=4, events=(KongEvent(1, kind, 5, 0 if kind == "exposed" else
                                                     None),),
                          final={1: FinalHand((0, 1, 2), (Meld(meld, [5] * 4),))})
    got = _outcome(check_kongs_listed, rec)
    assert (got is None) == ok
    if not ok:
        assert got.startswith(f"final hand of seat 1: shows the {meld.replace('_', ' ')} ")
