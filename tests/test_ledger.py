"""mahjong._ledger's Payment and Settlement (extension types when compiled) behave as the
frozen dataclasses they replace (kept below as twins, as they were in mahjong.ruleset):
the same fields, defaults, ==, hash, repr, dataclasses.fields / asdict / replace, pickling
and frozenness; the payments built from booked rows equal those of a Ledger; compiled, a
Payment of ints and strings is not tracked by the garbage collector. Both the compiled
module and its source run uncompiled are tested."""
import dataclasses
import gc
import importlib.util
import pickle
import random
import sys
from dataclasses import FrozenInstanceError, dataclass, field
from pathlib import Path
from typing import Dict, Optional, Tuple

import pytest

import mahjong._ledger as compiled_ledger
from mahjong import guiyang, ruleset
from mahjong.ruleset import Ledger


def _source_module():
    path = Path(compiled_ledger.__file__).with_name("_ledger.py")
    spec = importlib.util.spec_from_file_location("mahjong._ledger_source", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module     # (the dataclasses module looks itself up there)
    spec.loader.exec_module(module)
    return module


SOURCE = _source_module()
COMPILED = not compiled_ledger.__file__.endswith(".py")
MODULES = [pytest.param(compiled_ledger, id="built"), pytest.param(SOURCE, id="source")]


# --- the twins: the classes as they were (frozen dataclasses) -------------------------

@dataclass(frozen=True)
class Payment:
    from_seat: int
    to_seat: int
    amount: int
    reason: str
    event: Optional[int] = None


@dataclass(frozen=True)
class Settlement:
    rules: str
    deltas: Tuple[int, ...]
    payments: Tuple[Payment, ...]
    next_dealer: Optional[int]
    wins: Dict[int, object] = field(default_factory=dict)
    notes: Tuple[str, ...] = ()


def _rows(rng, n=12):
    rows = []
    for _ in range(n):
        a, b = rng.sample(range(4), 2)
        rows.append((a, b, rng.randrange(1, 2000), rng.choice(["自摸 平胡 10", "幺鸡×2", "x"]),
                     rng.choice([None, rng.randrange(40)])))
    return rows


def test_ruleset_exports_the_ledger_classes():
    assert ruleset.Payment is compiled_ledger.Payment
    assert ruleset.Settlement is compiled_ledger.Settlement


@pytest.mark.parametrize("mod", MODULES)
def test_payment_behaves_as_the_frozen_dataclass(mod):
    rng = random.Random(1)
    for row in _rows(rng, 40):
        new, old = mod.Payment(*row), Payment(*row)
        assert repr(new) == repr(old)
        assert hash(new) == hash(old)
        assert new == mod.Payment(*row) and not new != mod.Payment(*row)
        assert new != mod.Payment(*row[:4], "other")
        assert new != old and (new == row) is False      # other types are never equal
        assert dataclasses.asdict(new) == dataclasses.asdict(old)
        assert dataclasses.replace(new) == new
        assert dataclasses.replace(new, amount=7).amount == 7
        assert pickle.loads(pickle.dumps(new)) == new
        assert new.to_dict() == {"from": row[0], "to": row[1], "amount": row[2],
                                 "reason": row[3], "event": row[4]}
    assert [f.name for f in dataclasses.fields(mod.Payment)] == \
        [f.name for f in dataclasses.fields(Payment)]
    assert mod.Payment(1, 2, 3, "r").event is None
    p = mod.Payment(1, 2, 3, "r", 4)
    for name in ("from_seat", "amount", "event", "other"):
        with pytest.raises((FrozenInstanceError, AttributeError)):
            setattr(p, name, 9)
    with pytest.raises((FrozenInstanceError, AttributeError)):
        del p.amount
    assert p == mod.Payment(1, 2, 3, "r", 4)


@pytest.mark.parametrize("mod", MODULES)
def test_settlement_behaves_as_the_frozen_dataclass(mod):
    rng = random.Random(2)
    for k in range(30):
        rows = _rows(rng, rng.randrange(0, 15))
        ledger = Ledger(4)
        for row in rows:
            ledger.book(*row)
        notes = ("a note",) if k % 2 else ()
        wins = {3: "a result"} if k % 3 else {}
        lazy = mod.Settlement.from_ledger("guiyang", ledger, k % 4, wins, notes)
        fast = mod.settlement_of_rows("guiyang", list(ledger.rows), k % 4, wins, notes)
        old = Settlement("guiyang", tuple(ledger.deltas()),
                         tuple(Payment(*r) for r in ledger.rows), k % 4, wins, notes)
        for new in (lazy, fast):
            assert new.deltas == old.deltas and sum(new.deltas) == 0
            assert [dataclasses.astuple(p) for p in new.payments] == \
                [dataclasses.astuple(p) for p in old.payments]
            assert new.payments is new.payments        # built once
            assert repr(new) == repr(old)
            direct = mod.Settlement(new.rules, new.deltas, list(new.payments),
                                    new.next_dealer, new.wins, new.notes)
            assert direct == new and new == direct and not direct != new
            assert dataclasses.replace(new) == new
            assert pickle.loads(pickle.dumps(new)) == new
            assert dataclasses.asdict(new)["payments"] == tuple(
                dataclasses.asdict(p) for p in old.payments)
            if not wins:
                assert new.to_dict()["deltas"] == list(old.deltas)
            assert new != old
            with pytest.raises((FrozenInstanceError, AttributeError)):
                new.deltas = ()
            with pytest.raises(AttributeError):
                new.no_such_field
        assert lazy == fast
    assert [(f.name, f.default) for f in dataclasses.fields(mod.Settlement)] == \
        [(f.name, f.default) for f in dataclasses.fields(Settlement)]
    s = mod.Settlement("r", (0, 0), [], None)
    assert s.wins == {} and s.notes == () and s.payments == ()
    with pytest.raises(TypeError):
        hash(s)                                          # (its wins is a dict, as before)


@pytest.mark.parametrize("mod", MODULES)
def test_the_dealer_is_set_once_and_read_by_format(mod):
    ledger = Ledger(4)
    ledger.book(1, 0, 3, "a", 0)
    s = mod.Settlement.from_ledger("x", ledger, 0)
    assert s.format().startswith("[event 0] S(1) -> E(0): 3  a")
    s._dealer = 2
    assert s.format().startswith("[event 0] N(1) -> W(0): 3  a")
    with pytest.raises(FrozenInstanceError):
        s._dealer = 3
    assert pickle.loads(pickle.dumps(s)).format() == s.format()
    assert str(s) == s.format() and s.format(dealer=0) == s.format(0)


def test_the_registry_settlement_knows_its_dealer():
    rec = {"rules": "guiyang", "dealer": 2, "events": [
        {"type": "win", "seat": 0, "hand": "111s234p567p789m55m", "win_tile": "5m"},
        {"type": "flip", "tile": "3m"}],
        "final": {"1": {"hand": "2468m2468p2468s9m"}, "2": {"hand": "3579m3579p3579s2m"},
                  "3": {"hand": "2357m2468p2579s8m"}}}
    s = ruleset.settle(rec)
    assert "W(0)" in s.format() and s.format() == guiyang.settle(rec).format(dealer=2)


@pytest.mark.parametrize("mod", MODULES)
def test_rows_deltas_are_the_ledger_deltas(mod):
    rng = random.Random(3)
    for _ in range(200):
        rows = _rows(rng, rng.randrange(0, 20))
        ledger = Ledger(4)
        for row in rows:
            ledger.book(*row)
        assert mod.rows_deltas(list(ledger.rows)) == ledger.deltas()
        two = [(a % 2, 1 - a % 2, m, r, e) for a, _, m, r, e in rows]
        expect = [0, 0]
        for a, b, m, _, _ in two:
            expect[a] -= m
            expect[b] += m
        assert mod.rows_deltas(two, 2) == expect


@pytest.mark.skipif(not COMPILED, reason="the garbage-collector bookkeeping of the build")
def test_built_results_cost_the_garbage_collector_little():
    assert not gc.is_tracked(compiled_ledger.Payment(1, 2, 3, "r", None))
    assert not gc.is_tracked(compiled_ledger.Payment(1, 2, 3, "r", 7))
    assert gc.is_tracked(compiled_ledger.Payment(1, 2, 3, ["a list"], None))
    assert not hasattr(compiled_ledger.Settlement("r", (), (), None), "__dict__")
    s = guiyang.settle({"rules": "guiyang", "dealer": 0, "events": [
        {"type": "win", "seat": 0, "hand": "111s234p567p789m55m", "win_tile": "5m"},
        {"type": "flip", "tile": "3m"}],
        "final": {"1": {"hand": "2468m2468p2468s9m"}, "2": {"hand": "3579m3579p3579s2m"},
                  "3": {"hand": "2357m2468p2579s8m"}}})
    assert type(s) is compiled_ledger.Settlement
    assert not any(gc.is_tracked(p) for p in s.payments)

