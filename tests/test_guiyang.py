"""Guiyang 捉鸡 settlement: the worked examples of the rules seat by seat, the hand-checked
golden records of every rule, option and refusal (tests/data/guiyang_golden_records.json),
properties over random records, the registry and the command line."""
import json
import pytest
from hypothesis import assume, given, settings, strategies as st

from mahjong import guiyang
from mahjong.cli import main
from mahjong.errors import InvalidRecordError
from mahjong.record import HandRecord
from mahjong.ruleset import available_rulesets, get_ruleset, settle as settle_any

from guiyang_records import build_record, is_ready
from regional_helpers import DATA, data_cases

CASES = data_cases("guiyang_golden_records.json")


@pytest.mark.parametrize("case", CASES)
def test_golden_records(case):
    if "error" in case:
        with pytest.raises(InvalidRecordError) as exc:
            guiyang.settle(case["record"])
        assert case["error"] in str(exc.value), case["note"]
        return
    result = guiyang.settle(case["record"])
    want = case["expect"]
    assert list(result.deltas) == want["deltas"], case["note"]
    assert result.next_dealer == want["next_dealer"], case["note"]
    for frm, to, amount, reason in want.get("payments", []):
        assert any(p.from_seat == frm and p.to_seat == to and p.amount == amount and
                   p.reason.startswith(reason) for p in result.payments), \
            (case["note"], [frm, to, amount, reason], str(result))


def test_every_worked_example_is_a_golden_record():
    names = [c.values[0]["name"] for c in CASES]
    for n in range(1, 10):
        assert any(name.startswith(f"worked example {n}:") for name in names)


def test_payments_are_itemised_by_reason():
    s = guiyang.settle(next(c.values[0] for c in CASES
                            if c.values[0]["name"].startswith("worked example 9"))["record"])
    reasons = {p.reason.split()[0] for p in s.payments}
    assert {"自摸", "金鸡×3", "责任鸡"} <= reasons
    # each payment names the event that caused it
    assert all(p.event is not None for p in s.payments)
    assert s.wins and all(r.rules == "guiyang" for r in s.wins.values())


def test_registry_and_dispatch():
    assert "guiyang" in available_rulesets()
    assert get_ruleset("guiyang") is guiyang
    rec = CASES[0].values[0]["record"]
    assert settle_any(rec).deltas == guiyang.settle(rec).deltas
    assert settle_any(json.dumps(rec, ensure_ascii=False)).deltas == (120, -40, -40, -40)


def test_command_line(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(CASES[0].values[0]["record"], ensure_ascii=False),
                    encoding="utf-8")
    assert main(["settle", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == [120, -40, -40, -40] and out["rules"] == "guiyang"
    assert main(["settle", str(path), "--option", "scale=B"]) == 0
    assert "+12" in capsys.readouterr().out
    assert main(["score", "--rules", "guiyang", "11223344556677s", "--win", "7s",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pattern"] == "qingqidui"
    assert main(["score", "--rules", "guiyang", "234m567m789p456s55p", "--win", "5p",
                 "--ready"]) == 0
    assert "报听" in capsys.readouterr().out
    assert main(["score", "--rules", "guiyang", "234m567m789p456s55p", "--win", "5p"]) == 2
    assert "豆" in capsys.readouterr().err
    assert main(["score", "--rules", "sichuan", "234m567m789p456p55p", "--win", "5p",
                 "--ready"]) == 2


# ---------------------------------------------------------------- properties

OPTIONS = st.fixed_dictionaries({}, optional={
    "scale": st.sampled_from(["A", "B"]), "dou_requires_tenpai": st.booleans(),
    "repao_mode": st.sampled_from(["void_and_pay", "plus_one"]),
    "gold_multiplier": st.sampled_from([2, 3]), "mantang": st.booleans(),
    "wugu_8p": st.booleans(), "yaobai": st.booleans(), "benji": st.booleans(),
    "xingqi": st.integers(0, 7), "chuifeng": st.booleans(), "zhanji": st.booleans(),
    "huangzhuang_dealer": st.sampled_from(["textA", "stay"])})

_NOT_DRAW_MONEY = ("豆", "鸡", "热炮", "报听", "杀报", "自摸", "点炮", "抢杠")


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), OPTIONS)
def test_random_records_settle_to_zero_sum(seed, options):
    rec = build_record(seed, options)
    s = guiyang.settle(rec)
    assert sum(s.deltas) == 0
    assert all(p.amount > 0 and p.from_seat != p.to_seat for p in s.payments)
    assert sum(p.amount for p in s.payments if p.to_seat == 0) - \
        sum(p.amount for p in s.payments if p.from_seat == 0) == s.deltas[0]
    assert s.next_dealer in range(4)
    # the record read back from its own JSON settles the same
    again = guiyang.settle(HandRecord.from_json(json.dumps(rec, ensure_ascii=False)))
    assert again.deltas == s.deltas


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), OPTIONS)
def test_exhausted_wall_moves_no_dou_and_no_chicken_money(seed, options):
    rec = build_record(seed, options, exhausted=True)
    s = guiyang.settle(rec)
    assert not s.wins
    for p in s.payments:
        assert p.reason.startswith("黄庄查叫"), p.reason
        assert not any(word in p.reason for word in _NOT_DRAW_MONEY)
    ready = {int(k) for k, fh in rec["final"].items() if is_ready(fh)}
    # each player not ready pays each ready player, nobody else pays
    assert {p.from_seat for p in s.payments} <= set(range(4)) - ready
    assert {p.to_seat for p in s.payments} <= ready
    if not ready or len(ready) == 4:
        assert s.deltas == (0, 0, 0, 0)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), OPTIONS)
def test_nobody_ready_and_nobody_winning_moves_nothing(seed, options):
    rec = build_record(seed, options, exhausted=True, ready_rate=0.0)
    assume(not any(is_ready(fh) for fh in rec["final"].values()))
    s = guiyang.settle(rec)
    assert s.deltas == (0, 0, 0, 0) and not s.payments
    assert s.next_dealer == rec["dealer"]


def test_draw_events_change_nothing():
    # worked example 3 lists S's replacement draw; without it the record settles the same
    case = next(c.values[0] for c in CASES if c.values[0]["name"].startswith("worked example 3"))
    rec = case["record"]
    assert any(e["type"] == "draw" for e in rec["events"])
    bare = dict(rec, events=[e for e in rec["events"] if e["type"] != "draw"])
    assert guiyang.settle(bare).deltas == guiyang.settle(rec).deltas == (0, -70, 70, 0)


def test_refusals_name_what_is_missing():
    rec = json.loads(json.dumps(CASES[0].values[0]["record"]))
    del rec["final"]["1"]
    with pytest.raises(InvalidRecordError, match="closing hand of seat 1"):
        guiyang.settle(rec)
    rec = json.loads(json.dumps(CASES[0].values[0]["record"]))
    rec["rules"] = "sichuan"
    with pytest.raises(InvalidRecordError, match="guiyang"):
        guiyang.settle(HandRecord.from_json(rec))


def test_unfinished_hand_pays_nothing():
    s = guiyang.settle({"rules": "guiyang", "events": [
        {"type": "kong", "seat": 1, "kind": "concealed", "tile": "5m"}],
        "final": {"1": {"hand": "2468p2468s39p", "melds": [
            {"type": "concealed_kong", "tiles": "5555m"}]}}})
    assert s.deltas == (0, 0, 0, 0) and s.next_dealer is None and s.notes


def test_golden_file_notes_name_the_rule():
    for c in json.loads((DATA / "guiyang_golden_records.json").read_text(encoding="utf-8")):
        assert c["note"] and ("expect" in c) != ("error" in c)


def test_docs_examples_run_and_list_every_option():
    import doctest
    from pathlib import Path

    doc = Path(__file__).resolve().parent.parent / "docs" / "GUIYANG.md"
    result = doctest.testfile(str(doc), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
    text = doc.read_text(encoding="utf-8")
    for row in guiyang.Rules.describe():
        assert f"| `{row['name']}` |" in text, row["name"]
    assert "RULES.md" not in text
