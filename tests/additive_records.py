"""Checking the golden records of two_player and tongcheng (tests/data/*_golden_records.json).

A case has a ``record``, a ``note`` naming the rule that decided it, and either
``expect`` (``deltas``; optional ``next_dealer``, ``fan`` / ``uncapped_fan`` by the win's
event index, ``unverified``: whether a placeholder tail value was used) or ``error`` (a
regular expression the InvalidRecordError message must match).
"""
import json
import re
from pathlib import Path

import pytest

from mahjong.errors import InvalidRecordError
from mahjong.ruleset import settle

DATA = Path(__file__).parent / "data"


def cases(name):
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    return [pytest.param(c, id=c["name"]) for c in data]


def check_case(case):
    if "error" in case:
        with pytest.raises(InvalidRecordError) as info:
            settle(case["record"])
        assert re.search(case["error"], str(info.value)), (str(info.value), case["note"])
        return None
    result = settle(case["record"])
    want = case["expect"]
    assert sum(result.deltas) == 0
    assert list(result.deltas) == want["deltas"], case["note"]
    if "next_dealer" in want:
        assert result.next_dealer == want["next_dealer"], case["note"]
    wins = list(result.wins.values())
    for key, attr in (("fan", "fan"), ("uncapped_fan", "uncapped_fan")):
        for k, value in want.get(key, {}).items():
            assert getattr(wins[int(k)], attr) == value, case["note"]
    if "unverified" in want:
        flagged = any("unverified" in n for n in result.notes)
        assert flagged == want["unverified"], case["note"]
    return result


def doc_table(name):
    """key -> (Chinese name, 番) from the fan tables of docs/<name>."""
    out = {}
    doc = Path(__file__).parent.parent / "docs" / name
    for line in doc.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `(\w+)` \| (\S+) \| [^|]+ \| (\d+) \|", line)
        if m:
            out[m.group(1)] = (m.group(2), int(m.group(3)))
    return out
