"""``mahjong score --rules two_player|tongcheng`` and ``mahjong settle`` of their records."""
import json

import pytest

from mahjong.cli import main


def test_score_two_player_with_ready_and_flowers(capsys):
    assert main(["score", "--rules", "two_player", "[555m]777p999s11z222z", "--win", "2z",
                 "--ready", "--flower-indicators", "1m1p1s7z", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fan"] == 5 and [i["key"] for i in out["items"]] == ["hupai", "baoting",
                                                                   "pengpenghu"]


def test_score_two_player_flowers_count(capsys):
    assert main(["score", "--rules", "two_player", "123m456m789m111z55z", "--win", "5z",
                 "--self-drawn", "--flower-indicators", "5z"]) == 0
    text = capsys.readouterr().out
    assert "花牌" in text and "total 8番" in text


def test_score_tongcheng_with_options(capsys):
    assert main(["score", "--rules", "tongcheng", "[777z][666z]55z123m456m", "--win", "5z",
                 "--option", "tail_values=0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fan"] == 23 and out["notes"] == []
    assert main(["score", "--rules", "tongcheng", "123m456p789s55p", "--meld", "chow:234s",
                 "--win", "5p", "--kouting"]) == 0
    assert "扣听" in capsys.readouterr().out


@pytest.mark.parametrize("argv,words", [
    (["score", "--rules", "tongcheng", "123m456p789s234s55p", "--win", "5p", "--ready"],
     "--ready does not apply to rules tongcheng"),
    (["score", "--rules", "two_player", "123m456p789s234s55p", "--win", "5p", "--kouting"],
     "--kouting does not apply to rules two_player"),
    (["score", "--rules", "sichuan", "123m456p789p234p55p", "--win", "5p",
      "--flower-indicators", "1z"], "--flower-indicators does not apply"),
    (["score", "--rules", "two_player", "123m456p789s234s55p", "--win", "5p", "--option",
      "fan_table=x"], "fan_table"),
])
def test_flags_a_rule_set_has_no_use_for(capsys, argv, words):
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_settle_records(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"rules": "tongcheng", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": "123s456s789s111s55s", "win_tile": "5s",
         "from": 3}]}), encoding="utf-8")
    assert main(["settle", str(path), "--json", "--option", "tail_values=0"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == [0, 23, 0, -23] and out["next_dealer"] == 1
    path.write_text(json.dumps({"rules": "two_player", "seats": 2, "dealer": 0,
                                "flower_indicators": [], "options": {"flower_indicators": 0},
                                "events": [{"type": "win", "seat": 1, "hand":
                                            "234m456p678s111z88m", "win_tile": "8m",
                                            "from": 0}]}), encoding="utf-8")
    assert main(["settle", str(path)]) == 0
    assert "deltas: E(0) -2, S(1) +2" in capsys.readouterr().out
