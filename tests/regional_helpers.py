"""Helpers shared by the regional rule-set tests (test_sichuan.py, test_yunnan.py)."""
import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def data_cases(name):
    """The cases of ``tests/data/<name>`` as pytest params, each with its name as id."""
    cases = json.loads((DATA / name).read_text(encoding="utf-8"))
    return [pytest.param(c, id=c["name"]) for c in cases]


def check_settlement(module, case):
    """Settle ``case["record"]`` with ``module`` (mahjong.sichuan or mahjong.yunnan) and
    check what ``case["expect"]`` gives: the deltas, per-event deltas, the next dealer."""
    result = module.settle(case["record"])
    want = case["expect"]
    assert sum(result.deltas) == 0
    if "deltas" in want:
        assert list(result.deltas) == want["deltas"], case["note"]
    for event, deltas in want.get("event_deltas", {}).items():
        assert result.deltas_for_event(int(event)) == deltas, case["note"]
    if "next_dealer" in want:
        assert result.next_dealer == want["next_dealer"], case["note"]
