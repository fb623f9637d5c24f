"""The reader's checks of full game logs give the same answers as before they were made
faster: every case of the differential fuzz (tests/check_mutations.py: engine logs of every
rule set, edited once) is accepted or refused, with the same error and message, as by main at
4dc5878, whose answers tests/data/logcheck_golden.jsonl holds (read as JSON text with and
without the replay, and as a mapping). Likewise the checks of hand-written records
(tests/check_hand_records.py: those cases without their wall and draws) as by main at bd457a5,
before the checks became one pass over the packed events for every record
(tests/data/handcheck_golden.jsonl). One wording was changed by hand in the golden files
since ("discards or konges" became "discards or kongs", commit 5bd2a0c); every other
message is those commits' own."""
import json
import os
from collections import defaultdict

import check_hand_records
import check_mutations
import pytest

from mahjong.ruleset import available_rulesets


def _golden(name):
    rows = defaultdict(list)
    with open(os.path.join(os.path.dirname(__file__), "data", name), encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            rows[row["rules"]].append(row)
    return rows


_ROWS = _golden("logcheck_golden.jsonl")
_HAND_ROWS = _golden("handcheck_golden.jsonl")


def _same_answers(want, have, form):
    assert [r["sha"] for r in have] == [r["sha"] for r in want]     # the same cases
    wrong = [(w, h) for w, h in zip(want, have) if w != h]
    assert not wrong, wrong[:3]
    refused = sum(r[form] != "ok" for r in want)
    assert 0 < refused < len(want)      # (both answers are among the cases)


@pytest.mark.parametrize("rules", available_rulesets())
def test_the_same_logs_are_accepted_and_refused_with_the_same_messages(rules):
    _same_answers(_ROWS[rules], list(check_mutations.answers(rules)), "text")


@pytest.mark.parametrize("rules", available_rulesets())
def test_the_same_hand_written_records_are_accepted_and_refused_with_the_same_messages(rules):
    _same_answers(_HAND_ROWS[rules], list(check_hand_records.answers(rules)), "dict")
