"""The rule-set framework (options, registry, ledger) and the score/settle CLI."""
import argparse
import json

import pytest

from mahjong import ruleset, sichuan, yunnan
from mahjong.cli import score as score_cli
from mahjong.cli import settle as settle_cli
from mahjong.errors import InvalidHandError, MahjongError
from mahjong.ruleset import Ledger, WinFlag, get_ruleset


def test_ledger_books_transfers_and_refuses_nonsense():
    ledger = Ledger(4)
    ledger.pay(1, 0, 3, "a", 0)
    assert ledger.pay(2, 0, 0, "nothing") is None
    ledger.pay(0, 3, 1, "b", 1)
    assert ledger.deltas() == [2, -3, 0, 1]
    with pytest.raises(AssertionError):
        ledger.pay(1, 1, 1, "self")
    with pytest.raises(AssertionError):
        ledger.pay(1, 2, -1, "negative")


def test_registry():
    assert {"sichuan", "yunnan"} <= set(ruleset.available_rulesets())
    assert get_ruleset("sichuan") is sichuan and get_ruleset("yunnan") is yunnan
    with pytest.raises(MahjongError, match="unknown rule set 'mars'"):
        get_ruleset("mars")


@pytest.mark.parametrize("module", [sichuan, yunnan])
def test_every_option_is_documented_and_validated(module):
    rows = module.Rules.describe()
    assert rows and all(r["doc"] and r["rule"] and "§" not in r["rule"] for r in rows)
    defaults = module.Rules().to_dict()
    assert module.Rules.from_mapping(defaults) == module.Rules()
    assert module.Rules().changed() == {}
    for row in rows:
        if row["choices"]:
            for value in row["choices"]:
                assert getattr(module.Rules(**{row["name"]: value}), row["name"]) == value
            with pytest.raises(MahjongError, match=row["name"]):
                module.Rules(**{row["name"]: "no-such-value"})


def test_win_flags_contradictions():
    assert ruleset.win_flags(self_drawn=True, replacement=True) == \
        WinFlag.SELF_DRAWN | WinFlag.REPLACEMENT
    with pytest.raises(ValueError, match="heavenly"):
        ruleset.win_flags(heavenly=True)
    with pytest.raises(ValueError, match="exclude"):
        ruleset.win_flags(self_drawn=True, heavenly=True, earthly=True)


def test_settle_dispatches_on_the_record_rules():
    rec = {"rules": "yunnan", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": "123m456m789m234p55p", "win_tile": "5p", "from": 2}]}
    s = ruleset.settle(rec)
    assert s.rules == "yunnan" and s.deltas == (0, 1, -1, 0)
    assert json.loads(s.to_json())["deltas"] == [0, 1, -1, 0] == s.to_dict()["deltas"]
    assert "deltas: E(0) +0, S(1) +1, W(2) -1, N(3) +0" in str(s)


def _run(argv, capsys):
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    score_cli.register(sub)
    settle_cli.register(sub)
    args = parser.parse_args(argv)
    code = args.func(args)
    return code, capsys.readouterr().out


def test_cli_score_text_and_json(capsys):
    code, out = _run(["score", "--rules", "sichuan", "333p777p99p [222p] [5555p]",
                      "--win", "9p", "--self-drawn", "--replacement"], capsys)
    assert code == 0 and "清对" in out and "杠上花" in out and "total 6番" in out
    code, out = _run(["score", "--rules", "yunnan", "333p777p99p", "--meld", "pung:222p",
                      "--meld", "kong:5555p", "--win", "9p", "--self-drawn", "--replacement",
                      "--json"], capsys)
    data = json.loads(out)
    assert data["fan"] == 7 and data["pattern"] == "qingdui"
    code, out = _run(["score", "--rules", "sichuan", "11m22m3333m55p66p77p", "--win", "7p",
                      "--option", "longqidui_fan=5", "--json"], capsys)
    assert json.loads(out)["fan"] == 5


def test_cli_score_errors(capsys):
    with pytest.raises(MahjongError, match="three suits"):
        _run(["score", "--rules", "sichuan", "123m456m789m123p5p5s", "--win", "5s"], capsys)
    with pytest.raises(InvalidHandError, match="KIND:TILES"):
        _run(["score", "--rules", "sichuan", "123m", "--meld", "pung", "--win", "1m"], capsys)
    with pytest.raises(InvalidHandError, match="unbalanced"):
        score_cli.split_hand("123m [222p")


def test_cli_settle(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"rules": "sichuan", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": "111p123p456p789p99p", "win_tile": "9p",
         "from": 2}]}), encoding="utf-8")
    code, out = _run(["settle", str(path)], capsys)
    assert code == 0 and "W(2) -> S(1): 8" in out and "deltas: E(0) +0, S(1) +8" in out
    code, out = _run(["settle", str(path), "--json", "--option", "max_fan=2"], capsys)
    assert json.loads(out)["deltas"] == [0, 2, -2, 0]
    with pytest.raises(MahjongError, match="cannot read"):
        _run(["settle", str(tmp_path / "missing.json")], capsys)


def test_settle_labels_seats_by_the_records_dealer():
    import json
    from pathlib import Path

    case = json.loads((Path(__file__).parent / "data" / "sichuan_worked_examples.json")
                      .read_text(encoding="utf-8"))[0]
    record = dict(case["record"], dealer=2)
    result = ruleset.settle(record)
    text = str(result)
    assert text == result.format(2) != result.format(0)
    assert "E(2)" in text and "W(0)" in text and "E(0)" not in text
    # the dealer is not a field: equal settlements stay equal
    assert result == ruleset.settle(record) and "dealer" not in result.to_dict()


def test_guobiao_exports_scored_decomposition():
    from mahjong import guobiao

    assert "ScoredDecomposition" in guobiao.__all__
    r = guobiao.score("111m234m567m789p1s", win_tile="1s", self_drawn=True)
    assert isinstance(r.decomposition, guobiao.ScoredDecomposition)
