"""Hostile inputs found by a review of mahjong.formats: each is refused with a MahjongError
(or read as it should be), never another exception or a silently wrong file."""
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from mahjong import formats
from mahjong.errors import MahjongError
from mahjong.game import Game
from child_env import CHILD_CWD, child_env

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "botzone" / "ijcai_sample.txt"


def _judge_log_with_penalty():
    rec = Game("guobiao", seed=3, options={"duplicate_walls": True}, agents="greedy").play()
    out = io.StringIO()
    formats.write("botzone-json", [rec], out)
    log = json.loads(out.getvalue())
    # cut the log after a request and end it with the judge's penalty of player 1 (WA)
    cut = next(i for i, e in enumerate(log["log"]) if i >= 20 and i % 2 == 0)
    log["log"] = log["log"][:cut + 1] + [{"0": {"response": "PASS"}, "1": {"response": "PASS"},
                                          "2": {"response": "PASS"}, "3": {"response": "PASS"}},
                                         {"output": {"command": "finish",
                                                     "content": {"0": 10, "1": -30, "2": 10,
                                                                 "3": 10},
                                                     "display": {"action": "WA", "player": 1}}}]
    return log


def test_a_penalty_game_gives_its_decisions_and_is_not_written_as_text():
    game, = formats.read("botzone-json", _judge_log_with_penalty())
    assert game.ok and game.record.events[-1].type == "penalty"
    plain = Game("guobiao", seed=4, options={"duplicate_walls": True}, agents="greedy").play()
    seen = {d.game for d in formats.decisions([game, plain])}
    assert seen == {0, 1}                      # the stream goes on past the penalty game
    with pytest.raises(MahjongError, match="penalty"):
        formats.write("botzone-text", [game], io.StringIO())


def test_deep_json_is_refused_not_a_recursion_error(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    games = list(formats.read("botzone-json", str(deep)))
    assert len(games) == 1 and isinstance(games[0].error, MahjongError)
    bad_init = {"initdata": "[" * 100000, "log": [{"output": {"command": "request"}}]}
    game, = formats.read("botzone-json", bad_init)
    assert isinstance(game.error, MahjongError)


def test_a_byte_order_mark_is_skipped():
    data = SAMPLE.read_bytes()
    plain = [g.record for g in formats.read("botzone-text", io.BytesIO(data))]
    marked = [g.record for g in formats.read("botzone-text", io.BytesIO(b"\xef\xbb\xbf" + data))]
    assert marked == plain and len(plain) == 16
    rec = Game("guobiao", seed=5, options={"duplicate_walls": True}, agents="greedy").play()
    out = io.StringIO()
    formats.write("botzone-json", rec, out)     # one record alone is written too
    game, = formats.read("botzone-json", io.BytesIO(b"\xef\xbb\xbf" + out.getvalue().encode()))
    assert game.ok


@pytest.mark.parametrize("note", [{"ignored": 5}, {"ignored": [[1]]}, {"ignored": [[1, 5]]},
                                  [1], {"match": "abc def"}, {"match": "a\nb"},
                                  {"ignored": [[3, "hello"]]}])
def test_the_text_writer_refuses_a_note_it_cannot_write(note):
    rec = Game("guobiao", seed=6, options={"duplicate_walls": True}, agents="greedy").play()
    with pytest.raises(MahjongError, match="note"):
        formats.write("botzone-text", [dict(rec, note=note)], io.StringIO())


@pytest.mark.parametrize("item", ["{", "[" * 100000, b"\xff"], ids=["cut", "deep", "not-utf8"])
def test_the_text_writer_refuses_bad_json_text(item):
    with pytest.raises(MahjongError, match="record 1"):
        formats.write("botzone-text", [item], io.StringIO())


def test_write_refuses_what_is_no_record():
    with pytest.raises(MahjongError, match="neither a record"):
        formats.write("botzone-text", None, io.StringIO())


def test_a_corrupt_zip_member_is_refused_and_the_others_read(tmp_path):
    good = (ROOT / "examples" / "human-2020.txt").read_bytes()
    path = tmp_path / "games.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.txt", good)
        z.writestr("b.txt", good)
    raw = bytearray(path.read_bytes())
    start = raw.index(b"PK\x03\x04", 10)           # b.txt's local header
    body = start + 30 + len("b.txt") + 5
    raw[body] ^= 0xFF                               # a flipped byte of b.txt's data
    path.write_bytes(bytes(raw))
    games = list(formats.read("human-2020", str(path)))
    assert [g.ok for g in games] == [True, False]
    assert "b.txt" in str(games[1].error)


def test_a_header_fan_total_that_is_no_number_is_not_kept(tmp_path):
    """(The header's numbers are kept leniently: their meaning in the archive is not certain;
    a total that is no decimal number is left out of the note, not an escaping ValueError.)"""
    text = (ROOT / "examples" / "human-2020.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    header = lines[1].split("\t")
    header[1] = "²"
    lines[1] = "\t".join(header)
    game, = formats.read("human-2020", io.BytesIO("\n".join(lines).encode()))
    assert game.ok and "fan" not in game.note and game.note["fans"]
    plain, = formats.read("human-2020", ROOT / "examples" / "human-2020.txt")
    assert plain.note["fan"] == 25 and game.record == plain.record


def test_convert_checks_every_file_before_writing(tmp_path):
    out = subprocess.run([sys.executable, "-m", "mahjong", "convert", "--from", "botzone-text",
                          str(SAMPLE), str(tmp_path / "nope.txt"), "--no-progress"],
                         capture_output=True, text=True, cwd=CHILD_CWD, env=child_env())
    assert out.returncode == 2 and out.stdout == ""
    assert "nope.txt" in out.stderr and "Traceback" not in out.stderr
