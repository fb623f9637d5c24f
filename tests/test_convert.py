"""The botzone-text format and ``mahjong convert`` (issue 25): the 16 real Botzone games
convert, replay and settle to their recorded scores and fans (and to the official judge's,
in the judge logs of the same games); text -> record -> text is the same text; the engine's
own duplicate-wall games go to the text and back unchanged; hostile games are refused naming
the game and the line while the rest of the file converts; the command line (``--check``,
``--out``, standard input, ``--to botzone-text``), ``mahjong.dask.convert`` equal to the
serial run, and constant memory."""
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong.cli import main
from mahjong.errors import MahjongError
from mahjong.formats import botzone_text, read, write
from mahjong.formats._common import check
from mahjong.game import Game
from mahjong.record import HandRecord
from mahjong.ruleset import settle

from child_env import CHILD_CWD, child_env

DATA = Path(__file__).resolve().parent / "data"
SAMPLE = DATA / "botzone" / "ijcai_sample.txt"       # 16 real games (see its README)
JUDGE = DATA / "botzone_games.json"                   # the same games as the judge played them


def sample_text():
    return SAMPLE.read_text(encoding="utf-8")


def games_of(text):
    """The sample's games, each a list of its lines."""
    return [g.split("\n") for g in text.split("\n\n") if g.strip()]


def joined(games):
    return "".join("\n".join(g) + "\n\n" for g in games)


def read_text(text, name="t.txt"):
    return list(read("botzone-text", io.StringIO(text), name=name))


# --- the 16 real games ---------------------------------------------------------------------

def test_the_samples_replay_and_settle_to_their_recorded_scores_and_fans():
    games = read_text(sample_text())
    assert len(games) == 16
    for g in games:
        assert g.ok, g.error
        rec = g.record
        assert rec.rules == "guobiao" and rec.options["duplicate_walls"] is True
        result = settle(rec)
        assert list(result.deltas) == g.note["score"], g.name
        if "fan" in g.note:
            assert sum(w.total for w in result.wins.values()) == g.note["fan"], g.name
        assert check(g) is None, g.name
    assert sum(1 for g in games if g.record.has_events("exhausted")) == 2


def test_the_samples_settle_to_the_judges_scores_from_the_judges_walls():
    """The same games as the official judge played them: its scores; and each seat's part
    of our wall holds the tiles the judge's wall gives that seat, in the order they are
    dealt and drawn (the judge deals a part from its end)."""
    games = {g.note["match"]: g for g in read_text(sample_text())}
    judged = json.loads(JUDGE.read_text(encoding="utf-8"))
    assert sorted(games) == sorted(j["match"] for j in judged)
    for j in judged:
        g = games[j["match"]]
        assert g.record.round_wind == j["quan"]
        assert list(settle(g.record).deltas) == j["scores"], j["match"]
        wall = j["walltiles"].split()
        ours = [botzone_text.REFERENCE_NAMES[t] for t in g.record.wall]
        for s in range(4):
            taken = 13 + (s == 0) + sum(1 for e in g.record.events
                                        if e.type == "draw" and e.seat == s)
            part = wall[34 * s:34 * s + 34][::-1]
            assert ours[34 * s:34 * s + taken] == part[:taken], (j["match"], s)


def test_text_to_record_to_text_is_the_same_text():
    text = sample_text()
    out = io.StringIO()
    assert write("botzone-text", read_text(text), out) == 16
    assert out.getvalue() == text


def test_crlf_and_any_capitalisation_read_as_the_plain_text():
    text = sample_text()
    odd = []
    for i, line in enumerate(text.split("\n")):
        words = line.split(" ")
        if words[0] in ("Player", "Match", "Wind", "Fan", "Score", "Huang"):
            words[0] = words[0].upper() if i % 2 else words[0].lower()
        if len(words) > 2 and words[0].lower() == "player":
            words[2] = words[2].upper() if i % 3 else words[2].lower()
        odd.append(" ".join(words))
    games = read_text("\r\n".join(odd))
    plain = read_text(text)
    assert [g.ok for g in games] == [True] * 16
    assert [g.record for g in games] == [g.record for g in plain]
    out = io.StringIO()
    write("botzone-text", games, out)
    assert out.getvalue() == text


def test_binary_streams_paths_and_text_streams_read_alike():
    by_path = list(read("botzone-text", str(SAMPLE)))
    with open(SAMPLE, "rb") as f:
        by_bytes = list(read("botzone-text", f))
    by_text = read_text(sample_text())
    assert [g.record for g in by_path] == [g.record for g in by_bytes] == \
        [g.record for g in by_text]
    assert str(SAMPLE) in by_path[0].name and "Match 61602cb45ddc087351c04358" in \
        by_path[0].name
    assert [g.line for g in by_path][:3] == [1, 107, 203]


def test_games_cut_by_the_blocks_read_read_the_same(monkeypatch):
    """The source is read in blocks: games (and CRLF line ends) cut at any byte read the
    same."""
    text = joined(games_of(sample_text())[:3])
    want = read_text(text)
    for size in (1, 7, 64, 1000):
        monkeypatch.setattr(botzone_text, "BLOCK", size)
        got = list(read("botzone-text", io.BytesIO(text.replace("\n", "\r\n").encode())))
        assert [g.record for g in got] == [g.record for g in want]
        assert [g.line for g in got] == [g.line for g in want]


def test_a_game_without_end_is_dropped_in_constant_memory(monkeypatch):
    """Text that never ends a game (no 'Score', no next 'Match') is refused once it is
    longer than any game, and not held; the games after it read."""
    monkeypatch.setattr(botzone_text, "BLOCK", 512)
    monkeypatch.setattr(botzone_text, "MAX_GAME", 4096)
    games = games_of(sample_text())
    endless = games[0][:60] + ["Player 1 Draw T2"] * 2000
    got = read_text(joined([endless]) + joined(games[1:3]))
    assert [g.ok for g in got][-2:] == [True, True]
    assert not any(g.ok for g in got[:-2])
    assert "more than 4,096 bytes without the game's end" in str(got[0].error)
    assert [g.line for g in got[-2:]] == [len(endless) + 2, len(endless) + len(games[1]) + 3]


def test_the_json_line_is_the_records_json_with_the_note():
    """The fast path (record JSON written from the table) equals Imported.to_json()."""
    lines = list(botzone_text.read_lines(io.StringIO(sample_text())))
    games = read_text(sample_text())
    for (name, line, text), g in zip(lines, games):
        data = json.loads(text)
        want = json.loads(json.dumps(g.to_json(), ensure_ascii=False))
        assert {k: data[k] for k in want} == want     # (to_json leaves defaults out)
        assert data["note"] == g.note
        assert HandRecord.from_json(text) == g.record


def _through_the_text(seed):
    g = Game("guobiao", options={"duplicate_walls": True}, seed=seed, agents=["greedy"] * 4)
    g.play()
    rec = g.hand_record()
    text = botzone_text.game_text(rec)
    back = read_text(text)
    assert len(back) == 1 and back[0].ok, back[0].error
    assert back[0].record.events == rec.events
    assert settle(back[0].record).deltas == g.settlement.deltas
    assert botzone_text.game_text(back[0].record) == text
    return rec, text


@pytest.mark.parametrize("seed", range(0, 160, 4))
def test_the_engines_duplicate_wall_games_go_to_the_text_and_back(seed):
    """Greedy games (concealed and added kongs, self-drawn, last-tile and drawn games among
    them): the text reads back to the same events, and writes the same text again."""
    for k in range(4):
        _through_the_text([seed, k])


@pytest.mark.parametrize("flag", ["robbing_kong", "replacement"])
def test_robbed_kongs_and_replacement_wins_go_to_the_text_and_back(flag):
    """The first two greedy games (of the first 1,000 seeds) won by robbing a kong, or on a
    kong's replacement draw."""
    found = 0
    for seed in range(1000):
        g = Game("guobiao", options={"duplicate_walls": True}, seed=seed,
                 agents=["greedy"] * 4)
        g.play()
        wins = g.hand_record().events_of("win")
        if not wins or not getattr(wins[0][1], flag):
            continue
        rec, text = _through_the_text(seed)
        win = rec.events_of("win")[0][1]
        lines = text.splitlines()
        hu = next(i for i, line in enumerate(lines) if " Hu " in line)
        if flag == "robbing_kong":      # the added kong's line, then the robber's Hu
            assert lines[hu - 1] == f"Player {win.from_seat} BuGang " \
                                    f"{botzone_text.REFERENCE_NAMES[win.win_tile]}"
        else:                           # the kong, its replacement draw, the Hu
            assert "Gang" in lines[hu - 2] and " Draw " in lines[hu - 1]
        found += 1
        if found == 2:
            return
    pytest.fail(f"fewer than two {flag} wins in 1,000 greedy games")


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_a_game_dealt_by_another_seat_is_written_with_the_dealer_as_player_0(dealer):
    """Seats are renumbered (player p = seat dealer + p): each keeps its wind and its
    score, and the game reads back as the same play."""
    from mahjong.game import stack_wall
    wall = stack_wall("guobiao", {}, {}, dealer=dealer, options={"duplicate_walls": True},
                      seed=dealer)
    g = Game("guobiao", options={"duplicate_walls": True}, seed=dealer, wall=wall,
             dealer=dealer, agents=["greedy"] * 4)
    log = g.play()
    text = botzone_text.game_text(g.hand_record())
    back, = read_text(text)
    assert back.ok, back.error
    rec = back.record
    assert rec.dealer == 0 and len(rec.events) == len(log["events"])
    assert [(e.type, e.seat) for e in rec.events if hasattr(e, "seat")] == \
        [(e["type"], (e["seat"] - dealer) % 4) for e in log["events"] if "seat" in e]
    deltas = settle(rec).deltas
    assert [deltas[(s - dealer) % 4] for s in range(4)] == list(g.settlement.deltas)


def test_the_writer_refuses_what_the_text_cannot_hold():
    plain = Game("guobiao", seed=1)
    plain.play()
    with pytest.raises(MahjongError, match="duplicate_walls"):
        write("botzone-text", [plain.hand_record()], io.StringIO())
    sichuan = Game("sichuan", seed=1)
    sichuan.play()
    with pytest.raises(MahjongError, match="record 1"):
        write("botzone-text", [sichuan.log()], io.StringIO())


def test_check_names_what_differs_and_takes_any_note():
    game = read_text(sample_text())[0]
    assert check(game) is None
    for note, words in [({"score": [-8, 33, -9, -16]}, "recorded -8 33 -9 -16"),
                        ({"fan": 10}, "fan total 9, recorded 10"),
                        ({"fans": [["混一色", 1]]}, "recorded 混一色*1"),
                        ({"fans": "junk", "score": {"a": 1}}, "recorded 'junk'"),
                        ({"fans": [[None, 1], ["x"]]}, "recorded [[None, 1], ['x']]")]:
        game.note = note
        assert words in check(game), (note, check(game))


# --- hostile games -------------------------------------------------------------------------

def _mutate(kind):
    """Game 1 of the sample spoilt one way, and (line, words of the reason)."""
    g = games_of(sample_text())[0]
    if kind == "truncated":
        return g[:50], 52, "truncated"   # (named at the next game's Match line)
    if kind == "truncated at the end":
        return g[:50], None, "truncated"
    if kind == "W0":
        return g[:2] + [g[2].replace("T8", "W0")] + g[3:], 3, "'W0' is not a tile"
    if kind == "X5":
        return g[:14] + [g[14].replace("Draw T9", "Draw X5")] + g[15:], 15, "'X5' is not a tile"
    if kind == "claim out of turn":
        # player 3 pungs player 0's T6 though it holds none: not its legal action
        return g[:8] + ["Player 3 Peng T6"] + g[8:], 9, "may not pung"
    if kind == "chow from across":
        i = g.index("Player 0 Chi B8")           # player 3 discarded B9: player 1 is across
        return g[:i] + ["Player 1 Chi B8"] + g[i + 1:], i + 1, "may not"
    if kind == "claim with no discard":
        return g[:9] + ["Player 2 Peng T2"] + g[9:], 10, "claim out of turn"
    if kind == "sixth copy":
        # W9 is dealt twice to player 0; three more in player 1's deal
        deal = g[3].split()
        deal[4:7] = ["W9", "W9", "W9"]
        return g[:3] + [" ".join(deal)] + g[4:], 4, "fifth copy of W9"
    if kind == "a Hu that is no win":
        i = g.index("Player 1 Hu B7")
        return g[:i] + ["Player 3 Hu B7"] + g[i + 1:], i + 1, "a win that is not one"
    if kind == "bad Match":
        return ["Match"] + g[1:], 1, "is not 'Match <id>'"
    if kind == "bad Wind":
        return [g[0], "Wind 4"] + g[2:], 2, "wind '4' is out of range"
    if kind == "draw out of turn":
        return g[:8] + ["Player 2 Draw T2"] + g[9:], 9, "is not the play"
    if kind == "no Score":
        return g[:-1], None, "truncated"
    if kind == "bad Ignore":
        i = g.index("Player 0 Peng W9 Ignore Player 3 Chi W8")
        return g[:i] + ["Player 0 Peng W9 Ignore Player 7 Chi W8"] + g[i + 1:], i + 1, \
            "'7' is not a player"
    if kind == "too many Ignores":
        i = g.index("Player 0 Peng W9 Ignore Player 3 Chi W8")
        return g[:i] + [g[i] + " Ignore Player 3 Chi W8" * 6] + g[i + 1:], i + 1, \
            "more than 24 words"
    if kind == "unknown verb":
        return g[:6] + ["Player 0 Steal J3"] + g[7:], 7, "'Steal' is not an action"
    raise AssertionError(kind)


HOSTILE = ["truncated", "W0", "X5", "claim out of turn", "chow from across",
           "claim with no discard", "sixth copy", "a Hu that is no win", "bad Match",
           "bad Wind", "draw out of turn", "bad Ignore", "too many Ignores", "unknown verb"]


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_game_is_refused_naming_game_and_line_and_the_rest_converts(kind):
    games = games_of(sample_text())
    bad, line, why = _mutate(kind)
    text = joined(games[1:3]) + joined([bad]) + joined(games[3:5])
    start = 1 + sum(len(g) + 1 for g in games[1:3])
    got = read_text(text, name="hostile.txt")
    assert len(got) == 5
    assert [g.ok for g in got] == [True, True, False, True, True]
    message = str(got[2].error)
    assert isinstance(got[2].error, MahjongError)
    assert message.startswith("hostile.txt: game 3")
    assert f"line {start + line - 1}:" in message, message
    assert why in message, message
    assert [g.record for g in got[:2] + got[3:]] == \
        [g.record for g in read_text(joined(games[1:3] + games[3:5]))]


@pytest.mark.parametrize("seed", range(6))
def test_random_damage_is_refused_as_a_mahjong_error_never_a_crash(seed):
    """Lines dropped, doubled, swapped, cut or with a word changed, and random bytes: each
    game reads or is refused with a MahjongError naming it; the reader never raises."""
    import random
    rng = random.Random(seed)
    games = games_of(sample_text())
    words = ["W0", "X5", "J4", "F5", "B9", "Player", "9", "-1", "Hu", "Gang", "Ignore",
             "Match", "Score", "Fan", "Huang", "*", "+", "\"", "\\", "\x00", "é"]
    for _ in range(40):
        lines = [line for g in rng.sample(games, 3) for line in g + [""]]
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(lines))
            kind = rng.randrange(5)
            if kind == 0:
                del lines[i]
            elif kind == 1:
                lines.insert(i, lines[i])
            elif kind == 2:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            elif kind == 3:
                lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
            else:
                w = lines[i].split(" ")
                w[rng.randrange(len(w))] = rng.choice(words)
                lines[i] = " ".join(w)
        text = "\n".join(lines)
        if rng.random() < 0.2:
            data = bytearray(text.encode())
            data[rng.randrange(len(data))] = rng.randrange(256)
            got = list(read("botzone-text", io.BytesIO(bytes(data)), name="d.txt"))
        else:
            got = read_text(text, name="d.txt")
        assert got
        for g in got:
            assert (g.record is None) == (g.error is not None)
            if g.error is not None:
                assert isinstance(g.error, MahjongError)
                assert str(g.error).startswith("d.txt: game ") and ": line " in str(g.error)


def test_a_game_truncated_by_the_end_of_the_source_is_refused_at_its_last_line():
    games = games_of(sample_text())
    bad, _, why = _mutate("no Score")
    got = read_text(joined(games[1:3]) + "\n".join(bad) + "\n")
    assert [g.ok for g in got] == [True, True, False]
    assert why in str(got[2].error)


def test_text_outside_a_game_is_refused_and_the_games_after_it_read():
    games = games_of(sample_text())
    got = read_text("garbage here\nmore\n\n" + joined(games[:2]))
    assert [g.ok for g in got] == [False, True, True]
    assert "line 1: 'garbage here' is outside a game" in str(got[0].error)


# --- the command line ----------------------------------------------------------------------

def test_convert_check_out_and_back_to_the_same_text(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert main(["convert", "--from", "botzone-text", str(SAMPLE), "--out", str(out),
                 "--check"]) == 0
    err = capsys.readouterr().err
    assert "16 games: 16 converted, 0 refused, 0 differ" in err
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 16
    assert json.loads(lines[0])["note"]["match"] == "61602cb45ddc087351c04358"
    back = tmp_path / "back.txt"
    assert main(["convert", "--from", "jsonl", str(out), "--to", "botzone-text",
                 "--out", str(back)]) == 0
    assert back.read_text(encoding="utf-8") == sample_text()


def test_convert_reports_refused_and_differing_games_and_exits_1(tmp_path, capsys):
    games = games_of(sample_text())
    bad, line, why = _mutate("a Hu that is no win")
    tampered = list(games[1])
    tampered[-1] = "Score -8 33 -9 -16"
    src = tmp_path / "mixed.txt"
    src.write_text(joined([games[0], bad, tampered]), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["convert", "--from", "botzone-text", str(src), "--out", str(out),
                 "--check"]) == 1
    err = capsys.readouterr().err.splitlines()
    refused = [e for e in err if "refused" in e and "game 2" in e]
    assert len(refused) == 1 and why in refused[0]
    assert f"line {len(games[0]) + 1 + line}:" in refused[0]
    differs = [e for e in err if "differs" in e]
    assert len(differs) == 1 and "game 3" in differs[0] and "-8 33 -9 -16" in differs[0]
    assert "3 games: 2 converted, 1 refused, 1 differ" in err[-1]
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    assert main(["convert", "--from", "botzone-text", str(src), "--out", str(out),
                 "--json"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert json.loads(err[-1]) == {"games": 3, "converted": 2, "refused": 1}
    assert "game 2" in json.loads(err[0])["refused"]


def test_convert_refuses_the_logs_the_text_cannot_hold_and_writes_the_rest(tmp_path, capsys):
    logs = tmp_path / "logs.jsonl"
    with open(logs, "w", encoding="utf-8") as f:
        for seed, options in ((1, None), (2, {"duplicate_walls": True}), (3, None)):
            g = Game("guobiao", seed=seed, options=options, agents=["greedy"] * 4)
            g.play()
            f.write(g.log_json() + "\n")
    out = tmp_path / "out.txt"
    assert main(["convert", "--from", "jsonl", str(logs), "--to", "botzone-text",
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert [e.split(": ")[3] for e in err[:2]] == ["line 1", "line 3"]
    assert "cannot be written as botzone-text" in err[0]
    assert "3 games: 1 converted, 2 refused" in err[-1]
    assert [g.ok for g in read("botzone-text", str(out))] == [True]


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_progress_bar_with_a_total_on_a_terminal_only(tmp_path, capsys, monkeypatch):
    pytest.importorskip("tqdm")
    argv = ["convert", "--from", "botzone-text", str(SAMPLE), "--out", str(tmp_path / "o")]
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(argv) == 0
    shown = terminal.getvalue()
    assert "100%" in shown and "16 games" in shown, shown
    monkeypatch.undo()
    assert main(argv) == 0                      # (stderr not a terminal: no bar)
    assert "%" not in capsys.readouterr().err


def test_convert_reads_standard_input_in_a_child_process():
    r = subprocess.run([sys.executable, "-m", "mahjong", "convert", "--from", "botzone-text",
                        "-"], input=SAMPLE.read_bytes(), capture_output=True, cwd=CHILD_CWD,
                       env=child_env(), timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.decode().splitlines()
    assert len(lines) == 16
    assert [json.loads(x)["note"]["score"] for x in lines][:2] == [[-8, 33, -17, -8]] * 2
    assert b"16 games: 16 converted, 0 refused" in r.stderr


def test_convert_refuses_an_unreadable_file_and_a_format_without_writer(tmp_path, capsys):
    assert main(["convert", "--from", "botzone-text", str(tmp_path / "none.txt")]) == 2
    assert "none.txt" in capsys.readouterr().err


def test_convert_of_many_games_keeps_its_memory_constant(tmp_path):
    """A 9.7 MB text (4,800 games) is never held: the peak of Python allocations stays
    well below the input's size (about 1 MB: the blocks read, whatever the size)."""
    big = tmp_path / "big.txt"
    text = SAMPLE.read_bytes()
    big.write_bytes(text * 300)
    small = tmp_path / "small.txt"
    small.write_bytes(text)
    code = (
        "import json, sys, tracemalloc\n"
        "from mahjong.cli import main\n"
        "argv, warm = json.loads(sys.argv[1]), json.loads(sys.argv[2])\n"
        "main(warm)\n"
        "tracemalloc.start()\n"
        "main(argv)\n"
        "sys.stderr.write(str(tracemalloc.get_traced_memory()[1]))\n")
    argv = ["convert", "--from", "botzone-text", str(big), "--out", "/dev/null"]
    warm = ["convert", "--from", "botzone-text", str(small), "--out", "/dev/null"]
    r = subprocess.run([sys.executable, "-c", code, json.dumps(argv), json.dumps(warm)],
                       capture_output=True, text=True, cwd=CHILD_CWD, env=child_env(),
                       timeout=300)
    assert r.returncode == 0, r.stderr
    peak = int(r.stderr.strip().splitlines()[-1])
    assert peak < 0.2 * len(text) * 300, peak


# --- dask ----------------------------------------------------------------------------------

def test_dask_convert_equals_the_serial_run(tmp_path, compute):
    pytest.importorskip("distributed")
    from mahjong import dask as mjd

    games = games_of(sample_text())
    bad, _, _ = _mutate("W0")
    files = []
    for k in range(3):
        f = tmp_path / f"in{k}.txt"
        f.write_text(joined(games[k:k + 5] + ([bad] if k == 1 else [])), encoding="utf-8")
        files.append(str(f))
    rows, = compute(mjd.convert(files, "botzone-text", str(tmp_path / "out")))
    assert [r["source"] for r in rows] == files
    assert [(r["games"], r["converted"], r["refused"]) for r in rows] == \
        [(5, 5, 0), (6, 5, 1), (5, 5, 0)]
    assert "W0" in rows[1]["errors"][0]
    for r, f in zip(rows, files):
        serial = tmp_path / "serial.jsonl"
        main(["convert", "--from", "botzone-text", f, "--out", str(serial)])
        assert Path(r["out"]).read_bytes() == serial.read_bytes()
    back, = compute(mjd.convert([r["out"] for r in rows], "jsonl", str(tmp_path / "back"),
                                to="botzone-text", check=True))
    assert [(r["games"], r["converted"], r["differ"]) for r in back] == \
        [(5, 5, 0), (5, 5, 0), (5, 5, 0)]
    assert [Path(r["out"]).read_text(encoding="utf-8") for r in back] == \
        [joined(games[k:k + 5]) for k in range(3)]
