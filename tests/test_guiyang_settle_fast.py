"""The Guiyang settlement against its golden outcomes (tests/data/guiyang_settle_golden.jsonl,
made by tools/make_oracle_golden.py when the settlement it replaced still stood beside it
and agreed): the same deltas, payments (reasons and events included), next dealer, win
results and notes, or the same refusal with the same message, on random records (many with
kongs), on four-of-a-kind-rich hands, on the golden records under every option, and on
broken variants of them."""
import copy
import json
import random

import pytest

from golden import Golden
from guiyang_records import build_record
from mahjong import guiyang
from mahjong.errors import MahjongError
from regional_helpers import DATA

GOLDEN = [c["record"] for c in json.loads((DATA / "guiyang_golden_records.json")
                                          .read_text(encoding="utf-8"))]

OPTION_SETS = [
    None, {"scale": "B"}, {"mantang": True}, {"wugu_8p": True, "zhanji": True},
    {"yaobai": True, "benji": True, "xingqi": 3}, {"chuifeng": True, "gold_multiplier": 3},
    {"repao_mode": "plus_one", "dou_requires_tenpai": False},
    {"huangzhuang_dealer": "stay", "chicken_unit": 2}, {"qianhou": True}, {"gundong": True},
    {"mantang": True, "wugu_8p": True, "zhanji": True, "scale": "B", "danjiao": True,
     "tiandi_hu": True},
]


def outcome(settle, record, rules=None):
    """Everything a settlement answers, or the refusal (its type and message)."""
    try:
        s = settle(record, rules)
    except MahjongError as exc:
        return ("refused", type(exc).__name__, str(exc))
    return (s.deltas, [p.to_dict() for p in s.payments], s.next_dealer,
            {k: v.to_dict() for k, v in s.wins.items()}, s.notes)


GOLDEN_OUTCOMES = Golden("guiyang_settle_golden", "Guiyang settlements (tests/test_guiyang_settle_fast.py)")


def same(key, record, rules=None):
    """The settlement of case ``key`` is the golden one."""
    return GOLDEN_OUTCOMES.check(key, outcome(guiyang.settle, record, rules), record)


def _id(options):
    return json.dumps(options, sort_keys=True)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_records_settle_as_before(options):
    for seed in range(150):
        for exhausted in (None, True):
            rec = build_record(seed, options, exhausted=exhausted)
            key = f"random/{_id(options)}/{seed}/{exhausted}"
            want = same(key, rec)
            assert outcome(guiyang.settle, json.dumps(rec, ensure_ascii=False)) == want


@pytest.mark.parametrize("options", OPTION_SETS)
def test_golden_records_settle_as_before(options):
    for k, rec in enumerate(GOLDEN):
        same(f"golden/{_id(options)}/{k}", rec, options)


def _quads(seed):
    """A record whose hands hold many four-of-a-kinds (concealed quads, kongs)."""
    rng = random.Random(seed)
    rec = build_record(seed, {"mantang": rng.random() < 0.5, "zhanji": True})
    rec = copy.deepcopy(rec)
    for fh in rec["final"].values():
        hand = fh["hand"]
        if rng.random() < 0.6 and not fh.get("melds"):
            # four 1s and the rest as dealt (a 站鸡-rich hand; refused when it holds five)
            fh["hand"] = "1111s" + hand[4:]
    return rec


def test_four_of_a_kind_rich_records_settle_as_before():
    results = [same(f"quads/{seed}", _quads(seed)) for seed in range(300)]
    assert any(r[0] != "refused" for r in results)


def _broken(rec, rng):
    rec = copy.deepcopy(rec)
    events = rec.get("events", [])
    what = rng.randrange(7)
    if what == 0 and rec.get("final"):
        rec["final"].pop(rng.choice(sorted(rec["final"])))
    elif what == 1 and events:
        events.insert(rng.randrange(len(events) + 1), {"type": "ready", "seat": rng.randrange(4)})
    elif what == 2 and events:
        events.insert(rng.randrange(len(events) + 1), {"type": "flip", "tile": "3m"})
    elif what == 3 and events:
        events.insert(rng.randrange(len(events) + 1),
                      {"type": "kong", "seat": rng.randrange(4), "kind": "concealed",
                       "tile": rng.choice(["1s", "8p", "5m", "9p"])})
    elif what == 4 and events:
        events.insert(rng.randrange(len(events) + 1),
                      {"type": "discard", "seat": rng.randrange(4), "tile": "1s"})
    elif what == 5 and events:
        events.pop(rng.randrange(len(events)))
    else:
        rec.setdefault("options", {})["mantang"] = True
    return rec


def test_broken_records_are_refused_as_before():
    rng = random.Random(7)
    refused = 0
    for seed in range(400):
        base = GOLDEN[seed % len(GOLDEN)] if seed % 2 else build_record(seed)
        refused += same(f"broken/{seed}", _broken(base, rng))[0] == "refused"
    assert refused > 20
