"""The ``mahjong gb`` command: one hand, a ready hand's waits, and JSON lines."""
import io
import json
import random
import subprocess
import sys

import pytest

from mahjong.cli import main
from mahjong.guobiao import score
from mahjong.tiles import format_tiles

import gb_hand_gen as gen
from child_env import child_env

KIND_NAMES = {gen.CHOW: "chow", gen.PUNG: "pung", gen.KONG: "kong",
              gen.CONCEALED_KONG: "concealed_kong"}


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_single_hand_table(capsys):
    code, out, err = run(["gb", "234m567m345p678s2s", "--win", "2s", "--self-drawn",
                          "--seat-wind", "N"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "hand:    234m567m345p678s2s +2s"
    assert lines[1] == "reading: regular: 234m 567m 345p 678s 22s"
    assert "Fully Concealed Hand" in lines[2] and "不求人" in lines[2]
    assert lines[-1].split()[:2] == ["10", "total"]


def test_single_hand_json_with_melds(capsys):
    code, out, _ = run(["gb", "222m88m11z", "--melds", "pung:777z, [555m]", "--win", "8m",
                        "--seat-wind", "S", "--json"], capsys)
    row = json.loads(out)
    assert code == 0 and row["total"] == 14 and row["meets_minimum"]
    assert [f["name"] for f in row["fans"]] == ["碰碰和", "混一色", "箭刻"]
    assert row["decomposition"] == "regular: 222m 888m 11z [777z] [555m]"


def test_meld_forms_and_flowers(capsys):
    code, out, _ = run(["gb", "23m55z", "--melds", "[777z]", "--melds", "kong:5555p (9999s)",
                        "--win", "1m", "--self-drawn", "--flowers", "1", "--json"], capsys)
    row = json.loads(out)
    assert code == 0 and (row["total"], row["base_total"]) == (10, 9)
    assert row["decomposition"] == "regular: 123m 55z [777z] [5555p] (9999s)"


def test_below_minimum_is_shown(capsys):
    code, out, _ = run(["gb", "678s5p", "--melds", "chow:234m chow:456p pung:222s",
                        "--win", "5p"], capsys)
    assert code == 0 and "below the 8-fan minimum" in out


def test_lianzhong(capsys):
    code, out, _ = run(["gb", "123m456p789s1122z", "--win", "2z", "--self-drawn",
                        "--rules", "lianzhong", "--heavenly", "--json"], capsys)
    row = json.loads(out)
    assert code == 0 and row["total"] == 177
    assert {f["name"] for f in row["fans"]} == {"天和", "花龙", "幺九刻"}
    code, _, err = run(["gb", "123m456p789s1122z", "--win", "2z", "--self-drawn",
                        "--heavenly"], capsys)
    assert code == 2 and "--rules lianzhong" in err


def test_waits(capsys):
    code, out, _ = run(["gb", "1111234567899m", "--waits"], capsys)
    assert code == 0
    assert [line.split(":")[0] for line in out.splitlines()] == ["3m", "6m", "9m"]
    assert out.splitlines()[2].startswith("9m: 45")
    code, out, _ = run(["gb", "1111234567899m", "--waits", "--json"], capsys)
    rows = json.loads(out)
    assert [(r["tile"], r["total"], r["copies_left"]) for r in rows] == [
        ("3m", 30, 3), ("6m", 30, 3), ("9m", 45, 2)]
    code, out, _ = run(["gb", "1357m2468p13579s"], capsys)
    assert code == 0 and out.startswith("not ready")


@pytest.mark.parametrize("argv, words", [
    (["gb", "123m456p789s1112z", "--win", "3z"], "not a winning hand"),
    (["gb", "123m456p789s111z", "--win", "2z"], "12 tiles; expected 13 (before the winning tile) or 14"),
    (["gb", "123m456p789s1112x", "--win", "2z"], "hand: unknown tile token"),
    (["gb", "456p789s1112z", "--melds", "pung:123m", "--win", "2z"], "not a pung"),
    (["gb", "456p789s1112z", "--melds", "22z", "--win", "2z"], "kind:tiles"),
    (["gb", "123m456p789s1112z", "--win", "2z", "--seat-wind", "Q"], "seat_wind"),
    (["gb", "123m456p789s1112z", "--win", "2z", "--flowers", "9"], "flowers"),
    (["gb", "123m456p789s1112z", "--win", "2z", "--robbing-kong"], "hold a copy"),
    (["gb"], "give a HAND"),
    (["gb", "123m", "--jsonl", "x.jsonl"], "not both"),
    (["gb", "1112345678999m", "--waits", "--win", "1m"], "do not give --win"),
    (["gb", "--jsonl", "/nonexistent/file.jsonl"], "cannot read"),
])
def test_errors_exit_2(argv, words, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("mahjong gb: error:") and words in err


LINES = [
    {"hand": "234m567m345p678s2s", "win_tile": "2s", "self_drawn": True, "seat_wind": 3},
    {"hand": "222m88m11z", "melds": [{"type": "pung", "tiles": "777z"},
                                     {"type": "pung", "tiles": "555m"}],
     "win_tile": "8m", "seat_wind": 1},
    "",
    {"hand": "123m456p789s1112z", "win_tile": "3z"},
    "not json",
    {"hand": "123m456p789s1112z", "win_tile": "2z", "robbing_kong": True},
    {"hand": "123m456p789s1112z", "win_tile": "2z", "colour": "red"},
    {"hand": "19m19p19s1234567z", "win_tile": "7z", "flowers": 2},
    [1, 2],
    {"hand": "444z6z", "melds": ["[111z]", ["pung", "222z"], {"type": "pung", "tiles": "333z"}],
     "win_tile": "6z"},
    {"hand": "123m456p789s1112z"},
    {"hand": "456p789s1112z", "melds": [{"type": "pung", "tiles": "123m"}], "win_tile": "2z"},
    {"hand": "123m456p789s1122z", "win_tile": "2z", "self_drawn": True, "heavenly": True},
]


def _jsonl_text(lines):
    return "\n".join(line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)
                     for line in lines) + "\n"


@pytest.mark.parametrize("extra", [[], ["--decomposition"]])
def test_jsonl_mixed_lines(tmp_path, capsys, extra):
    path = tmp_path / "in.jsonl"
    path.write_text(_jsonl_text(LINES), encoding="utf-8")
    code, out, err = run(["gb", "--jsonl", str(path)] + extra, capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and err == ""
    assert len(rows) == len(LINES) - 1  # the blank line is skipped
    assert rows[0]["total"] == 10 and rows[1]["total"] == 14
    assert rows[2]["error"].startswith("line 4: not a winning hand")
    assert rows[3]["error"].startswith("line 5: invalid JSON")
    assert rows[4]["error"].startswith("line 6: robbing_kong=True")
    assert "unknown field(s) ['colour']" in rows[5]["error"]
    assert (rows[6]["total"], rows[6]["base_total"]) == (90, 88)
    assert rows[7]["error"] == "line 9: expected a JSON object, got list"
    assert rows[8]["total"] == 153
    assert rows[9]["error"] == "line 11: missing field 'win_tile'"
    assert "line 12: melds[0]: " in rows[10]["error"] and "pung" in rows[10]["error"]
    assert "line 13:" in rows[11]["error"] and "lianzhong" in rows[11]["error"]
    assert ("decomposition" in rows[0]) == bool(extra)


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_jsonl_skips_a_byte_order_mark(tmp_path, capsys, monkeypatch, source):
    # files saved by Windows editors / PowerShell start with U+FEFF: line 1 is still a hand
    text = "\ufeff" + _jsonl_text([LINES[0], LINES[0]])
    if source == "file":
        path = tmp_path / "bom.jsonl"
        path.write_text(text, encoding="utf-8")
        code, out, err = run(["gb", "--jsonl", str(path)], capsys)
    else:
        code, out, err = run(["gb", "--jsonl", "-"], capsys, text, monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == ""
    assert [r["total"] for r in rows] == [10, 10]


def test_jsonl_stdin_and_lianzhong(capsys, monkeypatch):
    text = _jsonl_text([LINES[0], LINES[9], LINES[12]])
    code, out, _ = run(["gb", "--jsonl", "-", "--rules", "lianzhong"], capsys, text,
                       monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [r["total"] for r in rows] == [11, 169, 177]


def test_jsonl_batch_equals_scalar_api(tmp_path, capsys):
    """Generated hands: the batch path's rows equal score() of the same line."""
    rng = random.Random(3)
    hands = gen.generate(1500, seed=31)
    lines = []
    for h, win, melds, flags, seat, rnd, flowers in hands:
        ids = [t for t in range(34) for _ in range(int(h[t]))]
        lines.append({
            "hand": format_tiles(ids, rng.choice(("tenhou", "reference"))),
            "melds": [{"type": KIND_NAMES[k], "tiles": format_tiles(
                [t, t + 1, t + 2] if k == gen.CHOW else [t] * (3 if k == gen.PUNG else 4))}
                for k, t in melds],
            "win_tile": format_tiles([win]), "self_drawn": bool(flags & 1),
            "fourth_tile": bool(flags & 2), "replacement": bool(flags & 4),
            "robbing_kong": bool(flags & 8), "last_tile": bool(flags & 16),
            "seat_wind": seat, "round_wind": rnd, "flowers": flowers})
    path = tmp_path / "hands.jsonl"
    path.write_text(_jsonl_text(lines), encoding="utf-8")
    code, out, _ = run(["gb", "--jsonl", str(path)], capsys)
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == len(lines)
    for line, row in zip(lines, rows):
        kw = dict(line)
        r = score(kw.pop("hand"), [(m["type"], m["tiles"]) for m in kw.pop("melds")],
                  win_tile=kw.pop("win_tile"), last_tile=kw.pop("last_tile"), **kw)
        assert row == r.to_dict(decomposition=False)


def test_module_entry_point_subprocess(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text(_jsonl_text([LINES[0]]), encoding="utf-8")
    # the interpreter and the mahjong package this test run imports (installed or source)
    proc = subprocess.run([sys.executable, "-m", "mahjong", "gb", "--jsonl", str(path)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          env=child_env())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total"] == 10
