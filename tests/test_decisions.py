"""mahjong.formats.decisions: the training data of game records (observation, legal-action
mask, action taken) is exactly what the engine's agents and environment saw while the game
was played."""
import copy
import io
import json
import os

import numpy as np
import pytest

from game_configs import CONFIG_IDS, CONFIGS, spec_or_skip
from mahjong.errors import MahjongError
from mahjong.formats import Imported, decisions
from mahjong.formats.decisions import Batch, Decision
from mahjong.game import N_ACTIONS, OBS_SIZE, Game, _table, action_name
from mahjong.game._table import OBS_PLANES
from mahjong.record import HandRecord

GAME_CONFIGS = CONFIGS + [("guobiao", {"duplicate_walls": True}),
                          ("sichuan", {"duplicate_walls": True})]
GAME_IDS = CONFIG_IDS + ["guobiao[duplicate_walls]", "sichuan[duplicate_walls]"]
BOTZONE = "/work/shared/data/botzone/ijcai-text/sample.txt"


class Recorder:
    """An agent that plays like a built-in agent (greedy or random by seat) and records
    what the engine asked it: (seat, observation array, legal actions, action)."""

    def __init__(self):
        self.calls = []
        self.at = []        # the table's events so far at each call


    def __call__(self, observation, legal_actions):
        seat = observation.seat
        kind = _table.AGENT_GREEDY if seat % 2 == 0 else _table.AGENT_RANDOM
        a = observation.game._table_choose(seat, kind)
        if observation.phase not in ("exchange", "swap"):    # before the log's deal
            self.calls.append((seat, observation.array(), [int(x) for x in legal_actions],
                               int(a)))
            self.at.append(observation.game._table.n_ev)
        return a


def played(rules, options, seed, recorder=None):
    rec = recorder or Recorder()
    g = Game(rules, seed=seed, options=options, agents=[rec] * play_seats(rules, options))
    return g, g.play(), rec.calls


def play_seats(rules, options):
    return spec_or_skip(rules, options).seats


CLAIM_WINDOW = 34 * OBS_PLANES + 25      # the observation's scalar "claim window"
DRAWN = slice(34 * 9, 34 * 10)          # the plane of the tile on offer (2: one's draw)
CLAIMS = {_table.A_RON, _table.A_PUNG, _table.A_MINGKONG, _table.A_CHOW_LOW,
          _table.A_CHOW_LOW + 1, _table.A_CHOW_LOW + 2}


def assert_same(got, calls, log=None, game=0):
    """The decisions are the agent's calls: the same observations, legal actions and
    actions, but for what a log does not hold (module doc of mahjong.formats.decisions):
    a claim that another seat's claim or win beat is a pass in the log, and after 换三张 /
    换牌, or in a log without its wall, the dealer's first drawn tile is the 14th of the
    log's deal."""
    setup = log is not None and ("setup" in (log.get("note") or {}) or "wall" not in log)
    beaten = 0
    assert len(got) == len(calls)
    for k, (d, (seat, obs, legal, action)) in enumerate(zip(got, calls)):
        assert isinstance(d, Decision)
        assert (d.game, d.seat) == (game, seat), k
        assert d.observation.dtype == np.float32 and d.observation.shape == (OBS_SIZE,)
        assert d.mask.dtype == np.int8 and d.mask.shape == (N_ACTIONS,)
        assert np.flatnonzero(d.mask).tolist() == legal, k
        if d.action != action:
            assert d.action == _table.A_PASS and action in CLAIMS, k
            assert d.observation[CLAIM_WINDOW] == 1, k
            beaten += 1
        if setup and k == 0:
            rest = np.ones(OBS_SIZE, dtype=bool)
            rest[DRAWN] = False
            assert np.array_equal(d.observation[rest], obs[rest])
            for o in (d.observation, obs):       # one drawn tile, in the dealer's hand
                drawn = np.flatnonzero(o[DRAWN] == 2)
                assert drawn.size == 1 and o[drawn[0]] > 0
            continue
        assert np.array_equal(d.observation, obs), k
    assert beaten <= 2 + len(calls) // 10     # (a beaten claim is rare)
    return beaten


@pytest.mark.parametrize("config", GAME_CONFIGS, ids=GAME_IDS)
def test_the_decisions_of_a_game_are_the_agents_calls(config):
    rules, options = config
    spec_or_skip(rules, options)
    kinds = set()
    for seed in range(4):
        g, log, calls = played(rules, options, seed)
        assert calls
        assert_same(list(decisions(log)), calls, log)
        kinds.update(action_name(c[3]).split(" ")[0] for c in calls)
        # the JSON line of the log, and its typed record where the log needs no note
        assert_same(list(decisions(json.dumps(log))), calls, log)
        if "note" not in log:
            assert_same(list(decisions(g.hand_record())), calls, log)
    assert "discard" in kinds


def test_every_kind_of_decision_is_seen():
    """Claims, passes, kongs and wins (on a discard and on one's own draw) come out of the
    replay, not only discards."""
    kinds = set()
    for rules in ("guobiao", "sichuan", "yunnan"):
        for seed in range(12):
            _, log, calls = played(rules, None, seed)
            got = list(decisions(log))
            assert_same(got, calls, log)
            kinds.update(action_name(d.action).split(" ")[0] for d in got)
    assert {"discard", "pass", "pung", "kong", "ron", "tsumo"} <= kinds, kinds


def test_the_same_as_the_pettingzoo_env():
    """Each decision is env.observe(agent) at that point: observation and action_mask."""
    from mahjong.game.env import MahjongEnv
    for rules in ("guobiao", "sichuan", "huanggang"):
        env = MahjongEnv(rules)
        env.reset(seed=5)
        seen = []
        rng = np.random.default_rng(1)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                log = info["log"]
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            a = int(legal[-1] if rng.random() < 0.5 else rng.choice(legal))
            seen.append((int(agent[7:]), obs["observation"], obs["action_mask"], a))
            env.step(a)
        got = list(decisions(log))
        assert len(got) == len(seen)
        for d, (seat, obs, mask, a) in zip(got, seen):
            assert d.seat == seat and d.action == a
            assert np.array_equal(d.observation, obs) and d.observation.dtype == obs.dtype
            assert np.array_equal(d.mask, mask) and d.mask.dtype == mask.dtype


@pytest.mark.parametrize("options", [{"duplicate_walls": True}, None], ids=["parts", "plain"])
def test_a_log_without_its_wall(options):
    """A log without its wall (as an imported Botzone game may be) is dealt from the deck
    its events imply: the same decisions."""
    for seed in range(3):
        g, log, calls = played("guobiao", options, seed)
        bare = {k: v for k, v in log.items() if k != "wall"}
        assert_same(list(decisions(bare)), calls, bare)
        imported = Imported("bare", 1, HandRecord.from_json(bare))
        assert_same(list(decisions([imported])), calls, bare)


def some_logs(n=4, rules="guobiao", options=None):
    return [Game(rules, seed=s, options=options, agents="greedy,random,greedy,random").play()
            for s in range(n)]


def test_batches_stack_the_one_at_a_time_stream():
    logs = some_logs(5)
    one = list(decisions(logs))
    assert sorted({d.game for d in one}) == [0, 1, 2, 3, 4]
    for size in (1, 7, 64, 10_000):
        got = list(decisions(logs, batch=size))
        assert all(isinstance(b, Batch) for b in got)
        assert all(len(b) == size for b in got[:-1]) and 0 < len(got[-1]) <= size
        obs = np.concatenate([b.observation for b in got])
        assert obs.dtype == np.float32 and obs.shape == (len(one), OBS_SIZE)
        assert np.array_equal(obs, np.stack([d.observation for d in one]))
        assert np.array_equal(np.concatenate([b.mask for b in got]),
                              np.stack([d.mask for d in one]))
        assert np.concatenate([b.action for b in got]).tolist() == [d.action for d in one]
        assert np.concatenate([b.seat for b in got]).tolist() == [d.seat for d in one]
        assert np.concatenate([b.game for b in got]).tolist() == [d.game for d in one]


def test_seats_keeps_the_decisions_of_those_seats():
    logs = some_logs(2)
    every = list(decisions(logs))
    some = list(decisions(logs, seats=[1, 3]))
    assert some and all(d.seat in (1, 3) for d in some)
    assert [(d.game, d.action) for d in some] == \
        [(d.game, d.action) for d in every if d.seat in (1, 3)]
    assert list(decisions(logs, seats=())) == []
    b = list(decisions(logs, seats={2}, batch=1000))
    assert set(b[0].seat.tolist()) == {2} and len(b[0]) == sum(d.seat == 2 for d in every)


def test_a_stream_is_lazy_and_reads_json_lines():
    logs = some_logs(3)
    text = io.StringIO("".join(json.dumps(x) + "\n\n" for x in logs))
    got = list(decisions(text))
    want = list(decisions(logs))
    assert [(d.game, d.seat, d.action) for d in got] == \
        [(d.game * 2, d.seat, d.action) for d in want]      # (blank lines count as lines)

    def endless():
        while True:
            yield logs[0]
    first = next(decisions(endless(), batch=10))
    assert len(first) == 10


def test_a_refused_import_is_skipped_or_raised():
    logs = some_logs(2)
    bad = Imported("sample.txt game 2", 7, error=MahjongError("sample.txt game 2, line 9: "
                                                              "Player 5 is not a seat"))
    games = [Imported("a", 1, HandRecord.from_json(logs[0]), note=logs[0].get("note")), bad,
             logs[1]]
    got = list(decisions(games))
    assert sorted({d.game for d in got}) == [0, 2]
    assert [d.action for d in got if d.game == 2] == \
        [d.action for d in decisions(logs[1])]
    with pytest.raises(MahjongError, match="Player 5 is not a seat"):
        list(decisions(games, refused="raise"))


def test_records_that_are_not_full_logs_are_refused_naming_them():
    log = some_logs(1)[0]
    summary = {k: v for k, v in log.items() if k not in ("wall", "note")}
    summary["events"] = [e for e in log["events"] if e["type"] != "draw"]
    with pytest.raises(MahjongError, match=r"record 1: not a full game log"):
        list(decisions([log, summary]))
    as_bytes = list(decisions([json.dumps(log).encode()]))
    assert [d.action for d in as_bytes] == [d.action for d in decisions(log)]
    for bad, what in [(42, "record 0: 42 is not"), ("{", "record 0: "),
                      (b"\xff{}", "record 0: not UTF-8 text"),
                      ({"rules": "nope", "events": []}, "record 0: .*nope")]:
        with pytest.raises(MahjongError, match=what):
            list(decisions([bad]))
    with pytest.raises(MahjongError, match="batch: 0"):
        decisions([log], batch=0)
    with pytest.raises(MahjongError, match="seats: 4 is not a seat"):
        decisions([log], seats=[4])
    with pytest.raises(MahjongError, match="refused: 'drop'"):
        decisions([log], refused="drop")
    with pytest.raises(MahjongError, match="records: 3.5"):
        decisions(3.5)


def test_what_a_handrecord_does_not_keep_is_asked_for():
    """The void suits of a 定缺 game and the flowers' places are in the log's note only."""
    for rules, options, what in [("sichuan", {"dingque": True}, "void suit"),
                                 ("guobiao", {"flowers": True}, "flower_positions")]:
        spec_or_skip(rules, options)
        g = Game(rules, seed=1, options=options, agents="greedy")
        log = g.play()
        assert list(decisions(log))
        with pytest.raises(MahjongError, match=f"record 0: .*{what}"):
            list(decisions(g.hand_record()))


def first_discard(log, after=8):
    return next(i for i, e in enumerate(log["events"]) if e["type"] == "discard" and i > after)


def test_an_illegal_action_is_refused_naming_the_event():
    log = Game("guobiao", seed=3, agents="greedy").play()
    i = first_discard(log)
    seat = log["events"][i]["seat"]
    # a discard of a tile the seat does not hold
    held = set(e["tile"] for e in log["events"][:i] if e.get("seat") == seat)
    wrong = copy.deepcopy(log)
    wrong["events"][i]["tile"] = next(t for t in ("1z", "2z", "3z", "4z", "5z", "6z", "7z",
                                                  "9m", "9p", "9s") if t not in held)
    with pytest.raises(MahjongError, match=f"record 0: .*event {i}"):
        list(decisions(wrong))
    # the same record read without the reader's replay: the decisions' own replay refuses
    # it, after the decisions before it
    try:
        rec = HandRecord.from_json(wrong, replay=False)
    except MahjongError:
        rec = None
    if rec is not None:
        out = []
        with pytest.raises(MahjongError, match=f"record 0: replay: event {i} "):
            for d in decisions(rec):
                out.append(d)
        assert out
    # a seat acting out of turn
    turn = copy.deepcopy(log)
    turn["events"][i]["seat"] = (seat + 1) % 4
    with pytest.raises(MahjongError, match=f"record 0: .*event {i}"):
        list(decisions(turn))


def test_the_replay_refuses_events_after_the_end():
    log = Game("guobiao", seed=3, agents="greedy").play()
    longer = copy.deepcopy(log)
    longer["events"].append({"type": "discard", "seat": 0, "tile": "1m"})
    rec = HandRecord.from_json(longer, replay=False)
    n = len(log["events"])
    with pytest.raises(MahjongError, match=f"record 0: replay: event {n} .*hand is over"):
        list(decisions(rec))


@pytest.mark.skipif(not os.path.exists(BOTZONE), reason="no Botzone sample games here")
def test_the_botzone_sample_games():
    """The 16 real games of the IJCAI text (once its reader exists): every decision's action
    is legal where it was taken, and the actions other than pass are the games' plays and
    the claims their ``Ignore`` clauses name."""
    pytest.importorskip("mahjong.formats.botzone_text")
    from mahjong.formats import read
    games = list(read("botzone-text", BOTZONE))
    assert len(games) == 16 and all(g.ok for g in games)
    got = list(decisions(games))
    assert sorted({d.game for d in got}) == list(range(16))
    for d in got:
        assert d.mask[d.action] == 1
    plays = ("discard", "chow", "pung", "kong", "win", "ready")
    for n, imp in enumerate(games):
        acted = [d.action for d in got if d.game == n and d.action != _table.A_PASS]
        beaten = len(imp.note.get("ignored") or ())     # (the text's Ignore clauses)
        assert len(acted) == sum(e.type in plays for e in imp.record.events) + beaten, n
    batched = list(decisions(games, batch=256))
    assert np.array_equal(np.concatenate([b.observation for b in batched]),
                          np.stack([d.observation for d in got]))


def test_the_face_stays_callable_in_a_fresh_interpreter():
    """Importing the module ``mahjong.formats.decisions`` binds the package's name to it:
    ``mahjong.formats.decisions(...)`` still works, before and after."""
    import subprocess
    import sys
    from child_env import child_env
    code = ("import mahjong.formats as f\n"
            "from mahjong.game import Game\n"
            "log = Game('guobiao', seed=1, agents='greedy').play()\n"
            "a = len(list(f.decisions(log)))\n"
            "b = len(list(f.decisions(log)))\n"
            "from mahjong.formats.decisions import Batch\n"
            "c = sum(len(x) for x in f.decisions(log, batch=5))\n"
            "assert a == b == c > 0, (a, b, c)\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=root, env=child_env(), timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


VERBS = {_table.A_PUNG: "Peng", _table.A_MINGKONG: "Gang", _table.A_RON: "Hu"}


def beaten_claims(calls, at, got):
    """The note's ``ignored`` entries (as the botzone-text reader writes them) of the
    claims the record shows as passes."""
    from mahjong.botzone import botzone_tile
    out = []
    for k, (d, (seat, obs, legal, action)) in enumerate(zip(got, calls)):
        if d.action == action:
            continue
        disc = int(np.flatnonzero(obs[DRAWN] == 1)[0])
        if action in VERBS:
            text = f"{VERBS[action]} {botzone_tile(disc)}"
        else:
            low = disc - (action - _table.A_CHOW_LOW)
            text = f"Chi {botzone_tile(low + 1)}"
        out.append([at[k], f"Player {seat} {text}"])
    return out


def test_beaten_claims_of_the_note_are_the_actions_taken():
    """A claim that a claim of higher priority beat (the IJCAI text's ``Ignore`` lines, in
    the note's ``ignored``) is the seat's action, where it was legal."""
    options = {"duplicate_walls": True}
    seen = 0
    for seed in range(30, 60):
        rec = Recorder()
        g, log, calls = played("guobiao", options, seed, rec)
        got = list(decisions(log))
        ignored = beaten_claims(calls, rec.at, got)
        if not ignored:
            continue
        seen += len(ignored)
        imported = Imported("g", 1, HandRecord.from_json(log), note={"ignored": ignored})
        assert assert_same(list(decisions(imported)), calls, log) == 0
        assert assert_same(list(decisions(dict(log, note={"ignored": ignored}))), calls,
                           log) == 0
        # a claim the seat could not make there stays the pass the record shows
        index, text = ignored[0]
        seat = int(text.split()[1])
        other = [[index, f"Player {seat} Chi F1"]]
        assert [d.action for d in decisions(Imported("g", 1, g.hand_record(),
                                                     note={"ignored": other}))] == \
            [d.action for d in got]
        for bad, what in [([[index, "Player 9 Chi W1"]], "Player 9"),
                          ([[index, "Player 1 Eat W1"]], "Eat"),
                          ([[index, "Player 1 Chi X9"]], "X9"),
                          ("Player 1 Chi W1", "not a list"), ([["1", "Player 1 Chi W1"]], "'1'")]:
            with pytest.raises(MahjongError, match=f"record 0: note: ignored.*{what}"):
                list(decisions(Imported("g", 1, g.hand_record(), note={"ignored": bad})))
    assert seen >= 2
