"""The one driver of the engine's table from outside (mahjong.game._drive.Drive): a hand
driven by it from a log's events is the engine's own hand again; each refusal names the
source's place (``where``) and says what is wrong; every caller that plays a source's actions
on the table (the botzone-json and human-2020 readers, the Botzone bot's shadow hand, replay,
the decisions stream and the viewer) goes through it; a trailing penalty is cut in one place."""
import json
import os

import pytest

from mahjong import viewer
from mahjong.botzone import Bot
from mahjong.errors import MahjongError
from mahjong.formats import botzone_json, decisions
from mahjong.formats.human2020 import read_game
from mahjong.game import Game, _table as T, deck_of_log, play_spec, replay
from mahjong.game._drive import Drive
from mahjong.game._logcheck import played_events
from mahjong.record import HandRecord
from mahjong.tiles import to_tile_ids

HERE = os.path.dirname(os.path.abspath(__file__))


def _tile(name: str) -> int:
    return to_tile_ids(name)[0]


def _logs(count: int, rules="guobiao", options=None):
    return [Game(rules, seed=s, options=options, agents="greedy").play() for s in range(count)]


def _dealt(log) -> Drive:
    spec = play_spec(log["rules"], log.get("options") or {})
    return Drive.deal(log["rules"], log.get("options") or None, deck_of_log(log, spec),
                      log["dealer"], log["round_wind"])


def _drive_events(d: Drive, events) -> None:
    """The log's events as a reader would give them, action by action."""
    for i, e in enumerate(events):
        where, typ, seat = f"event {i}", e["type"], e.get("seat")
        if typ == "draw":
            d.drawn(where, seat, _tile(e["tile"]))
        elif typ == "discard":
            d.act(where, seat, T.A_DISCARD + _tile(e["tile"]), f"discard {e['tile']}")
        elif typ in ("pung", "chow") or typ == "kong" and e["kind"] == "exposed":
            disc = d.on_offer()
            a = T.A_PUNG if typ == "pung" else T.A_MINGKONG if typ == "kong" else \
                T.A_CHOW_LOW + disc - min(to_tile_ids(e["tiles"]))
            d.claim(where, seat, a, typ)
        elif typ == "kong":
            d.act(where, seat, T.A_KONG + _tile(e["tile"]), f"{e['kind']} kong")
        elif typ == "win":
            if e.get("robbing_kong"):     # (the robbed kong is no event of its own)
                d.act(where, e["from"], T.A_KONG + _tile(e["win_tile"]), "the robbed kong")
            d.win(where, seat)
        elif typ == "exhausted":
            d.exhausted(where)
        else:
            raise AssertionError(f"no such event in a Guobiao log: {e}")


def test_a_hand_driven_from_its_log_is_the_engines_hand_again():
    kinds = set()
    for log in _logs(24):
        d = _dealt(log)
        _drive_events(d, log["events"])
        assert d.over
        again = d.game.log()
        assert again["events"] == log["events"] and again["final"] == log["final"]
        assert again["result"]["deltas"] == log["result"]["deltas"]
        kinds |= {e["type"] for e in log["events"]}
    assert {"pung", "chow", "kong", "win", "exhausted"} <= kinds   # every kind was driven


def _fresh():
    log = _logs(1)[0]
    return log, _dealt(log)


def test_refusals_name_the_place_and_what_is_wrong():
    log, d = _fresh()
    dealer = log["dealer"]
    other = (dealer + 1) % 4
    held = d.t.hand_of(dealer)
    absent = next(t for t in range(34) if not held[t])
    with pytest.raises(MahjongError, match=rf"^line 7: out of turn: seat {other} acts, but "
                                           rf"it is seat {dealer}'s turn$"):
        d.act("line 7", other, T.A_DISCARD + absent, "a discard")
    with pytest.raises(MahjongError, match=rf"^line 8: discard {T.action_name(absent)[8:]} by "
                                           rf"seat {dealer} is not legal here \(the legal "
                                           r"actions: discard "):
        d.act("line 8", dealer, T.A_DISCARD + absent, f"discard {T.action_name(absent)[8:]}")
    with pytest.raises(MahjongError, match=r"^line 9: PENG by seat 2: no tile is on offer to it"):
        d.claim("line 9", 2, T.A_PUNG, "PENG")
    with pytest.raises(MahjongError, match=rf"^line 10: the hand ends drawn, but seat {dealer} "
                                           "still has a tile to draw$"):
        d.exhausted("line 10")
    assert d.t.n_ev == 0 and d.t.decider == dealer      # a refusal changes nothing
    first = log["events"][0]
    assert first["type"] == "discard" and log["events"][1]["type"] == "draw"
    d.act("line 11", dealer, T.A_DISCARD + _tile(first["tile"]), "the first discard")
    drew = log["events"][1]
    wrong = next(t for t in range(34) if t != _tile(drew["tile"]))
    with pytest.raises(MahjongError, match=rf"^line 12: seat {drew['seat']} draws "
                                           rf"{T.action_name(wrong)[8:]}, but the play gives "
                                           rf"it {drew['tile']}$"):
        d.drawn("line 12", drew["seat"], wrong)
    d.drawn("line 13", drew["seat"], _tile(drew["tile"]))     # the claims passed, drawn


def test_a_win_that_is_not_legal_and_an_action_after_the_end_are_refused():
    log, d = _fresh()
    with pytest.raises(MahjongError, match=rf"^x: a self-drawn win by seat {log['dealer']} is "
                                           r"not legal here"):
        d.win("x", log["dealer"])
    _drive_events(d, log["events"])
    with pytest.raises(MahjongError, match=r"^y: seat 1 acts, but the hand is over"):
        d.act("y", 1, T.A_DISCARD, "a discard")


def test_the_step_is_the_tables_own_check_and_refuses_out_of_range_actions():
    _, d = _fresh()
    for bad in (-1, T.N_ACTIONS, T.A_PASS, 2**70, "pass"):
        with pytest.raises(MahjongError, match=r"^z: it by seat \d is not legal here"):
            d.step("z", d.t.decider, bad, "it")


def test_the_bots_shadow_hand_is_driven_by_the_driver_and_words_its_refusals_so():
    start = ["0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1"]
    bot = Bot("greedy")
    for r in start + ["3 0 DRAW"]:
        bot.feed(r, "PASS")
    with pytest.raises(MahjongError, match=r"^request 3: 'W5': out of turn: seat 2 acts, but "
                                           r"it is seat 0's turn$"):
        bot.answer("3 2 PLAY W5")
    bot = Bot("greedy")             # seat 1 pungs a W4 it may only chow
    for r in start + ["3 0 DRAW", "3 0 PLAY W4", "3 1 PENG W1", "3 2 DRAW"]:
        bot.feed(r, "PASS")
    with pytest.raises(MahjongError, match=r"^request 4: 'PENG': pung by seat 1 is not legal "
                                           r"here \(the legal actions: .*pass"):
        bot.answer("3 2 PLAY B1")


def _counting(monkeypatch):
    made = []
    init = Drive.__init__

    def counted(self, game, spell=None):
        made.append(game)
        init(self, game, spell)
    monkeypatch.setattr(Drive, "__init__", counted)
    return made


def test_every_caller_plays_through_the_one_driver(monkeypatch):
    made = _counting(monkeypatch)
    log = _logs(1)[0]
    assert replay(log)["events"] == log["events"] and len(made) == 1
    assert len(list(decisions(log))) > 0 and len(made) == 2
    assert len(viewer.steps(log)) == len(log["events"]) + 1 and len(made) == 3
    with open(os.path.join(HERE, "data", "human2020", "selfdraw.txt"), encoding="utf-8") as f:
        assert read_game(f.read()).ok and len(made) == 4
    bot = Bot("greedy")
    for r in ["0 0 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1"]:
        bot.feed(r, "PASS")
    assert bot.answer("2 J1").split()[0] in ("PLAY", "HU", "GANG") and len(made) == 5
    rec = HandRecord.from_json(Game("guobiao", seed=2, options={"duplicate_walls": True},
                                    agents="greedy").play())
    text = json.dumps(botzone_json.log_of_record(rec))
    assert botzone_json.read_log(text).record == rec and len(made) == 6


def test_a_trailing_penalty_is_cut_in_one_place():
    rec = HandRecord.from_json(Game("guobiao", seed=5, agents="greedy").play())
    assert played_events(rec.events) == len(rec.events)
    assert played_events(()) == 0
    cut = rec.to_json()
    cut["events"] = cut["events"][:12] + [{"type": "penalty", "seat": 1}]
    del cut["final"]
    pen = HandRecord.from_json(cut)          # the log check plays the 12 events, then stops
    assert played_events(pen.events) == 12 == len(pen.events) - 1
    got = list(decisions(pen))               # the decisions stream stops there too
    full = list(decisions(rec))
    assert 0 < len(got) < len(full)
    for a, b in zip(got, full):              # the same decisions as the whole log's, so far
        assert (a.seat, a.action) == (b.seat, b.action)
        assert (a.observation == b.observation).all() and (a.mask == b.mask).all()
