"""The golden outcome files (tests/golden.py, made by tools/make_oracle_golden.py): the entries
checked by hand against the rules hold those values, and a changed golden value, a changed
input or a missing case fails the check."""
import json

import pytest

import golden
from golden import Golden


def _row(name, key):
    return Golden(name).rows[key]


def test_hand_checked_settlements():
    # Guiyang worked example 1 (平胡 self-draw, three 幺鸡, 1U = 10): 10 + 30 from each
    assert _row("guiyang_settle_golden", "golden/null/0")["outcome"][0] == [120, -40, -40, -40]
    # Huanggang worked example 1 (屁胡 self-draw): F(W) 4; E 2, S 0, N 2 -> 64, 16, 64
    ex1 = _row("huanggang_settle_golden", "golden/null/35")["outcome"]
    assert ex1[0] == [-64, -16, 144, -64]
    assert [p["amount"] for p in ex1[1]] == [64, 16, 64]
    # worked example 2: the soft hand reaches 2^5 = 32 < 64 (refused); the hard one 64
    soft = _row("huanggang_settle_golden", "golden/null/36")["outcome"]
    assert soft[0] == "refused" and "the largest share is 32" in soft[2]
    assert _row("huanggang_settle_golden", "golden/null/37")["outcome"][0] == [0, 0, 64, -64]


def test_hand_checked_refusals():
    for key, words in [("two-digit-kong/kong", ["event 0 (win by seat 0)", "'melds'", "'11p'",
                                                "is not a kong"]),
                       ("meld-spelling/pung/1111s/claim", ["event 0 (pung by seat 1)",
                                                           "'tiles'", "'1111s' is not a pung"]),
                       ("meld-spelling/chow/123z/final", ["final hand of seat 0", "'melds'",
                                                          "'123z' is not a chow"])]:
        kind, error, message = _row("record_reader_golden", key)["outcome"]
        assert (kind, error) == ("refused", "InvalidRecordError")
        for w in words:
            assert w in message, (key, w)


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    monkeypatch.setattr(golden, "DATA", tmp_path)
    monkeypatch.setattr(golden, "WRITING", False)
    rows = [{"about": "test"},
            {"case": "a", "input": golden.digest({"x": 1}), "outcome": [[1, -1], "note"]},
            {"case": "b", "input": None,
             "outcome": [{"_digest": golden.hashlib.sha256(b'"' + b"x" * 500 + b'"')
                          .hexdigest()[:32], "_chars": 502}]}]
    (tmp_path / "tiny.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return Golden("tiny")


def test_a_golden_check_can_fail(tiny):
    assert tiny.check("a", ((1, -1), "note"), {"x": 1}) == ((1, -1), "note")
    tiny.check("b", ("x" * 500,))
    with pytest.raises(AssertionError, match="golden"):
        tiny.check("a", ((1, -2), "note"), {"x": 1})       # another answer
    with pytest.raises(AssertionError, match="golden"):
        tiny.check("b", ("x" * 499 + "y",))                # another answer held as a digest
    with pytest.raises(AssertionError, match="input"):
        tiny.check("a", ((1, -1), "note"), {"x": 2})       # another input
    with pytest.raises(AssertionError, match="no case"):
        tiny.check("c", ((1, -1), "note"))
