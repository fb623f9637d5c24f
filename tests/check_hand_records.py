"""A differential fuzz of the reader's checks of hand-written records (record._check_record's
pass over the events where the record is not a full game log): the cases of
tests/check_mutations.py (engine logs of every rule set, edited once) without their wall and
draws, some also without their discards or with an event copied elsewhere, read as a mapping
and as JSON text; the answer to each is "ok" or the error's class and message (one answer
where the two forms give the same).

tests/data/handcheck_golden.jsonl holds the answers of the code before the reader's checks
became one pass over the packed events for every record (main at bd457a5);
tests/test_logcheck_differential.py asserts the same answers. Run as a script to write the
answers of the checkout on the path:
``PYTHONPATH=. python tests/check_hand_records.py > tests/data/handcheck_golden.jsonl``.
"""
import copy
import hashlib
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_mutations import cases, outcome  # noqa: E402

from mahjong.ruleset import available_rulesets  # noqa: E402


def variants(log, rng):
    """Hand-written forms of ``log``: without the wall and the draws; some also without the
    discards, or with a copy of one of its events put in somewhere."""
    out = copy.deepcopy(log)
    out.pop("wall", None)
    out.pop("reserve", None)
    out["events"] = [e for e in out["events"] if e["type"] != "draw"]
    yield out
    if rng.randrange(2):
        bare = copy.deepcopy(out)
        bare["events"] = [e for e in bare["events"] if e["type"] != "discard"]
        yield bare
    events = out["events"]
    if events:
        more = copy.deepcopy(out)
        more["events"].insert(rng.randrange(len(events) + 1),
                              copy.deepcopy(events[rng.randrange(len(events))]))
        yield more


def answers(rules):
    """Per hand-written case of ``rules``: a digest of its text and the answer read as a
    mapping (and the answer read as text, where it differs)."""
    rng = random.Random(f"handcheck-{rules}")
    k = 0
    for log in cases(rules):
        for rec in variants(log, rng):
            text = json.dumps(rec, ensure_ascii=False)
            row = {"rules": rules, "case": k,
                   "sha": hashlib.sha1(text.encode()).hexdigest()[:12], "dict": outcome(rec)}
            as_text = outcome(text)
            if as_text != row["dict"]:
                row["text"] = as_text
            yield row
            k += 1


if __name__ == "__main__":
    for rules in available_rulesets():
        for row in answers(rules):
            print(json.dumps(row, ensure_ascii=False))
