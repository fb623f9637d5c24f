"""The record reader's fast paths read exactly what its full path reads.

:meth:`HandRecord.from_json` reads the usual event (a kong, a flagless win) and closing
hand in plain notation without building error-context strings
(``record._parse_usual_event`` / ``record._parse_usual_final``); anything else, or
anything wrong, goes to the full reader, which names the problem. With the fast paths
switched off, every record, good or bad, must give an equal record or the same error.
"""
import copy
import random

import pytest
from hypothesis import given, settings, strategies as st

from mahjong import record as record_module
from mahjong.errors import MahjongError
from mahjong.record import HandRecord, KongEvent, WinEvent

from test_sichuan_properties import build_record


def _read(raw):
    try:
        rec = HandRecord.from_json(raw)
    except MahjongError as exc:
        return type(exc).__name__, str(exc)
    assert rec.validated
    return rec


def _read_full_path_only(raw, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(record_module, "_parse_usual_event", lambda raw: None)
        m.setattr(record_module, "_parse_usual_final", lambda value: None)
        return _read(raw)


def _text(e):
    hand = e.get("hand")
    return hand if isinstance(hand, str) else ""


# one change each, chosen to hit the fast paths' conditions (types, notation, sizes, seats)
_EVENT_CHANGES = (
    lambda e, r: e.update(seat=r.choice([4, -1, "1", True, None, 1.0, 2])),
    lambda e, r: e.update({"from": r.choice([None, 0, 1, 3, 5, "2", True, []])}),
    lambda e, r: e.update({"from": e.get("seat")}),  # his own discard
    lambda e, r: e.update(tile=r.choice(["7s", "0s", "8z", "s7", "T7", 25, None, ["7s"]])),
    lambda e, r: e.update(kind=r.choice(["exposed", "added", "concealed", "pung", None])),
    lambda e, r: e.update(win_tile=r.choice(["5p", "1m", "9z", "B5", 13, ["5p"]])),
    lambda e, r: e.update(hand=_text(e)[:-2] + r.choice(["", "1m", "5z", "x"])),
    lambda e, r: e.update(hand=_text(e) + r.choice(["1m", "9s", "55p"])),
    lambda e, r: e.update(hand=r.choice(["W1 W2", ["1m", "2m"], 5, None])),
    lambda e, r: e.update(melds=r.choice([None, (), "222p", [("pung", "222p")],
                                          [{"type": "pung", "tiles": "223p"}],
                                          [{"type": "kong", "tiles": "2222p", "x": 1}],
                                          [{"type": "pung", "tiles": "222p"}] * 5])),
    lambda e, r: e.update({r.choice(["last_tile", "heavenly", "extra"]): r.choice([True,
                                                                                 False, 1])}),
    lambda e, r: e.pop(r.choice(["seat", "tile", "hand", "win_tile", "melds", "from",
                                 "type"]), None),
)


def _mutated(raw, rng):
    rec = copy.deepcopy(raw)
    targets = list(rec["events"]) + list((rec.get("final") or {}).values())
    if not targets:
        return rec
    for _ in range(rng.randint(1, 2)):
        rng.choice(_EVENT_CHANGES)(rng.choice(targets), rng)
    return rec


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_fast_reader_equals_full_reader(seed, mutate):
    raw = build_record(seed)
    if mutate:
        raw = _mutated(raw, random.Random(seed))
    with pytest.MonkeyPatch.context() as mp:
        full = _read_full_path_only(raw, mp)
    assert _read(raw) == full


def test_fast_reader_takes_the_usual_events():
    """The fast path is taken for the generated records (else the test above shows
    nothing): every kong, flagless win and closing hand of a good record."""
    n_events = n_finals = 0
    for seed in range(300):
        raw = build_record(seed)
        for e in raw["events"]:
            fast = record_module._parse_usual_event(e)
            flagged = e["type"] == "win" and set(e) & set(record_module.WIN_FLAGS)
            if e["type"] in ("kong", "win") and not flagged:
                assert isinstance(fast, (KongEvent, WinEvent)), e
                n_events += 1
            else:
                assert fast is None
        for value in (raw.get("final") or {}).values():
            assert record_module._parse_usual_final(value) is not None
            n_finals += 1
    assert n_events > 500 and n_finals > 100


def test_fast_reader_adds_the_winning_tile_to_a_13_tile_hand():
    raw = {"type": "win", "seat": 1, "hand": "234m567m678m345p5p", "win_tile": "5p",
           "from": 2}
    assert record_module._parse_usual_event(raw) == record_module._parse_event(0, dict(
        raw, hand="234m567m678m345p55p"))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6))
def test_fast_event_reader_declines_or_agrees(seed):
    """Event by event: the fast path reads what the full reader reads, or declines
    (None) where the full reader raises or needs its general notation."""
    raw = _mutated(build_record(seed), random.Random(seed))
    for i, e in enumerate(raw["events"]):
        fast = record_module._parse_usual_event(e)
        try:
            full = record_module._parse_event(i, e)
        except MahjongError:
            assert fast is None
            continue
        assert fast is None or fast == full
