"""The seat-only events (ReadyEvent, PenaltyEvent: one shared base) behave as two distinct
value classes: their repr, JSON form, equality, hash, pickling and type checks."""
import copy
import importlib.util
import pickle
import sys
from pathlib import Path

import pytest

from mahjong.additive import ready_events
from mahjong.errors import InvalidRecordError
from mahjong.record import FrozenInstanceError, HandRecord, PenaltyEvent, ReadyEvent
from mahjong.ruleset import settle
import mahjong.record as built


def _source_module():
    """record.py run uncompiled (its classes are plain Python classes there), or None where
    Cython, whose stand-ins the uncompiled module runs on, is not installed (it is a build
    dependency: an installed package's tests may run without it)."""
    try:
        import cython  # noqa: F401
    except ImportError:
        return None
    path = Path(built.__file__).with_name("record.py")
    spec = importlib.util.spec_from_file_location("mahjong._record_source", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module     # (pickle looks the classes up there)
    spec.loader.exec_module(module)
    return module


SOURCE = _source_module()
MODULES = [pytest.param(built, id="built"),
           pytest.param(SOURCE, id="source", marks=pytest.mark.skipif(
               SOURCE is None, reason="record.py runs uncompiled only where Cython is installed"))]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name, kind", [("ReadyEvent", "ready"), ("PenaltyEvent", "penalty")])
@pytest.mark.parametrize("seat", range(4))
def test_a_seat_event_shows_reads_and_compares_as_its_own_class(module, name, kind, seat):
    cls = getattr(module, name)
    e = cls(seat)
    assert type(e) is cls
    assert e.seat == seat and e.type == kind
    assert repr(e) == f"{cls.__name__}(seat={seat}, type={kind!r})"
    assert e.to_json() == {"type": kind, "seat": seat}
    assert list(e.to_json()) == ["type", "seat"]
    assert e == cls(seat) and not e != cls(seat) and hash(e) == hash(cls(seat))
    assert e != cls((seat + 1) % 4)
    assert pickle.loads(pickle.dumps(e)) == e
    assert type(pickle.loads(pickle.dumps(e))) is cls
    assert copy.deepcopy(e) == e and type(copy.copy(e)) is cls
    with pytest.raises(FrozenInstanceError):
        e.seat = 1
    with pytest.raises(FrozenInstanceError):
        e.type = "ready"


@pytest.mark.parametrize("module", MODULES)
def test_a_ready_and_a_penalty_of_one_seat_differ(module):
    r, p = module.ReadyEvent(2), module.PenaltyEvent(2)
    assert r != p and p != r and not r == p
    assert not isinstance(r, module.PenaltyEvent) and not isinstance(p, module.ReadyEvent)
    assert len({r, p, module.ReadyEvent(2), module.PenaltyEvent(2)}) == 2
    assert r != module.DiscardEvent(2, 0)


def _ready_record(events):
    return {"rules": "guiyang", "dealer": 0, "events": events,
            "final": {"0": {"hand": "111m222m333p444p5p"}}}


def test_the_readers_make_ready_events_of_the_class_that_the_checks_test():
    events = [{"type": "ready", "seat": 1},
              {"type": "win", "seat": 0, "hand": "123m456m789m11p22p", "win_tile": "2p",
               "from": None}]
    data = {"rules": "guiyang", "dealer": 0, "events": events}
    for rec in (HandRecord.from_json(data), HandRecord.from_json(HandRecord.from_json(
            data).dumps())):
        assert type(rec.events[0]) is ReadyEvent
        assert rec.events[0] == ReadyEvent(1)
        assert ready_events(rec) == {1: 0}       # additive.py tests the class by pointer
        # a record built of event objects reads them as their JSON form
        assert HandRecord("guiyang", 0, rec.events) == rec
    twice = {"rules": "guiyang", "dealer": 0, "events": [events[0], events[0], events[1]]}
    with pytest.raises(InvalidRecordError, match=r"event 1 \(ready by seat 1\): seat 1 "
                                                 r"already declared ready at event 0"):
        ready_events(HandRecord.from_json(twice))
    with pytest.raises(InvalidRecordError, match=r"event 1 \(ready by seat 1\): seat 1 "
                                                 r"already declared 报听 at event 0"):
        settle(HandRecord.from_json(twice))       # the Guiyang room's own check


def test_a_penalty_event_object_is_read_and_settled():
    events = [{"type": "discard", "seat": 0, "tile": "1m"}, PenaltyEvent(3)]
    rec = HandRecord.from_json({"rules": "guobiao", "dealer": 0, "events": events,
                                "options": {"duplicate_walls": True}})
    assert type(rec.events[-1]) is PenaltyEvent and rec.events[-1] == PenaltyEvent(3)
    assert settle(rec).deltas == (10, 10, 10, -30)
