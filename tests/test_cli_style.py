"""``--style`` on ``mahjong score`` and ``mahjong settle`` (issue 14: tiles printed as users
read them), and :func:`mahjong.tiles.restyle`, which rewrites the tenhou tiles of a printed
result in another notation."""
import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from mahjong.cli import main
from mahjong.tiles import (CHINESE_NAMES, REFERENCE_NAMES, STYLES, UNICODE_NAMES,
                           format_tiles, parse_tiles, restyle)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HUANGGANG = ["score", "--rules", "huanggang", "{345m}[888p]234s567s55m", "--win-tile", "7s",
             "--indicator", "3p", "--self-drawn"]
NAMES = {"reference": REFERENCE_NAMES, "unicode": UNICODE_NAMES, "chinese": CHINESE_NAMES}


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# --- restyle: a slow twin builds the expected text piece by piece ------------------------

# Words around the tiles in real reasons and notes; none of them holds a tile.
FILLER = ["暗杠 (下雨) ", " x1.5 ", " E(0) -> S(1): 2 ", " 4 sets + a pair ", ", ", "番 ",
          "; reading: ", " seat 2's best wait ", " (赖子 as ", ") ", " 2番", " 1.5x ", " W2a "]


@st.composite
def texts(draw):
    """(text in tenhou notation, the tile groups it holds, the fillers between them)."""
    groups = draw(st.lists(st.lists(st.integers(0, 33), min_size=1, max_size=6),
                           min_size=0, max_size=5))
    fillers = draw(st.lists(st.sampled_from(FILLER), min_size=len(groups) + 1,
                            max_size=len(groups) + 1))
    return groups, fillers


@settings(max_examples=200, deadline=None)
@given(texts(), st.sampled_from(STYLES))
def test_restyle_matches_piecewise_formatting(case, style):
    groups, fillers = case
    text = fillers[0] + "".join(format_tiles(g) + f for g, f in zip(groups, fillers[1:]))
    expected = fillers[0] + "".join(format_tiles(g, style) + f
                                    for g, f in zip(groups, fillers[1:]))
    assert restyle(text, style) == expected


@pytest.mark.parametrize("text", ["x1.5", "E(0)", "4 sets", "seat 2", "W2a", "12mx", "a1m",
                                  "8z", "0m", "2番", "1.5p"])
def test_restyle_leaves_what_is_not_a_tile(text):
    for style in STYLES:
        assert restyle(text, style) == text


def test_restyle_unknown_style():
    from mahjong import MahjongError

    with pytest.raises(MahjongError, match="unknown style 'braille'"):
        restyle("1m", "braille")


# --- mahjong score --style ------------------------------------------------------------------

@pytest.mark.parametrize("style", ["reference", "unicode", "chinese"])
def test_score_style_text_and_json(style, capsys):
    code, plain, _ = run(HUANGGANG, capsys)
    assert code == 0 and "赖子 4p; reading: 234s 567s 55m" in plain
    code, out, _ = run(HUANGGANG + ["--style", style], capsys)
    names = NAMES[style]
    assert code == 0
    assert out == restyle(plain, style)
    assert f"赖子 {names[12]}" in out  # 4p, the 赖子 of indicator 3p
    assert "4p" not in out and "55m" not in out
    code, out, _ = run(HUANGGANG + ["--json", "--style", style], capsys)
    row = json.loads(out)
    assert row["laizi"] == names[12]
    assert row["reading"]["pair"] == names[4]  # 5m
    assert row["value"] == 16 and row["pattern"] == "pihu"  # numbers and keys unchanged


def test_score_jsonl_style(capsys, monkeypatch):
    line = json.dumps({"hand": "{345m}[888p]234s567s55m", "win_tile": "7s", "indicator": "3p",
                       "self_drawn": True, "rules": "huanggang"})
    code, out, _ = run(["score", "--jsonl", "-", "--style", "chinese"], capsys,
                       stdin=line + "\n" + line + "\n", monkeypatch=monkeypatch)
    rows = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(rows) == 2
    assert all(r["laizi"] == "四筒" for r in rows)


def test_score_style_refuses_unknown(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(HUANGGANG + ["--style", "braille"])
    assert exit_.value.code == 2
    assert "invalid choice: 'braille'" in capsys.readouterr().err


# --- mahjong settle --style -----------------------------------------------------------------

@pytest.mark.parametrize("style", ["reference", "unicode", "chinese"])
def test_settle_style(style, capsys):
    record = str(EXAMPLES / "record.json")
    code, plain, _ = run(["settle", record], capsys)
    assert code == 0 and "暗杠 (下雨) 7s" in plain
    code, out, _ = run(["settle", record, "--style", style], capsys)
    assert code == 0 and out == restyle(plain, style)
    assert f"暗杠 (下雨) {NAMES[style][24]}" in out and "7s" not in out
    code, out, _ = run(["settle", record, "--json", "--style", style], capsys)
    row = json.loads(out)
    assert row["payments"][0]["reason"] == f"暗杠 (下雨) {NAMES[style][24]}"
    assert row["deltas"] == [-2, 6, -1, -3]


def test_settle_many_records_style(capsys):
    records = str(EXAMPLES / "records.jsonl")
    code, plain, _ = run(["settle", records, "--json"], capsys)
    code2, out, _ = run(["settle", records, "--json", "--style", "unicode"], capsys)
    assert code == code2
    plain_rows = [json.loads(x) for x in plain.splitlines()]
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == len(plain_rows) > 1
    for a, b in zip(plain_rows, rows):
        assert a["deltas"] == b["deltas"]
        for p, q in zip(a["payments"], b["payments"]):
            assert q["reason"] == restyle(p["reason"], "unicode")


def test_restyled_tiles_read_back():
    """Every styled tile group of a real settlement parses back to the tiles it replaced."""
    from mahjong.record import HandRecord
    from mahjong.ruleset import settle
    from mahjong.tiles import _TENHOU_IN_TEXT

    text = settle(HandRecord.from_json((EXAMPLES / "record.json").read_text())).format()
    groups = _TENHOU_IN_TEXT.findall(text)
    assert groups
    for style in STYLES:
        for g in groups:
            assert parse_tiles(restyle(g, style)) == parse_tiles(g)


# --- HAND in several words (the shell split an unquoted "23m [222p]") ----------------------

@pytest.mark.parametrize("argv", [
    ["analyze", "23m456p789s11z", "[222p]", "--json"],
    ["gb", "222m88m11z", "[777z]", "[555m]", "--win", "8m", "--json"],
    ["score", "333p777p99p", "[222p]", "[5555p]", "--win", "9p", "--json"],
])
def test_hand_in_several_words_is_the_quoted_hand(argv, capsys):
    words = [a for a in argv[1:] if not a.startswith("--") and a not in ("8m", "9p")]
    rest = [a for a in argv[1:] if a not in words]
    code, split, _ = run([argv[0]] + words + rest, capsys)
    code2, quoted, _ = run([argv[0], " ".join(words)] + rest, capsys)
    assert code == code2 == 0
    assert json.loads(split) == json.loads(quoted)


def test_a_hand_swallowed_by_forms_is_still_found(capsys):
    code, out, _ = run(["analyze", "--forms", "regular", "1112345678999m", "--json"], capsys)
    assert code == 0 and json.loads(out)["shanten_by_form"] == {"regular": 0}


# --- the Python result objects print their tiles in any notation ------------------------------

@pytest.mark.parametrize("style", STYLES)
def test_settlement_and_score_result_format_take_a_style(style):
    from mahjong import huanggang, sichuan
    from mahjong.record import HandRecord
    from mahjong.ruleset import settle

    record = HandRecord.from_json((EXAMPLES / "record.json").read_text())
    s = settle(record)
    assert s.format(style=style) == restyle(s.format(), style)
    assert s.format(2, style) == restyle(s.format(2), style)
    r = huanggang.score("234s567s55m", [("chow", "345m"), ("pung", "888p")], win_tile="7s",
                        indicator="3p", self_drawn=True)
    assert r.format(style) == restyle(str(r), style)
    assert r.format() == str(r)
    q = sichuan.score("111p123p456p789p99p", win_tile="9p")
    assert q.format(style) == restyle(str(q), style)


def test_score_scores_guobiao_as_gb_does(capsys):
    """`score --rules guobiao` is the Guobiao scorer (issue 28), `gb` its short name."""
    argv = ["123m456p789s1122z", "--win", "1z", "--seat-wind", "E", "--json"]
    code, out, err = run(["score", "--rules", "guobiao"] + argv, capsys)
    code_gb, out_gb, _ = run(["gb"] + argv, capsys)
    assert code == code_gb == 0, err
    row, gb_row = json.loads(out), json.loads(out_gb)
    assert row.pop("rules") == "guobiao" and row == gb_row
