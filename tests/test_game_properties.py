"""Properties of whole seeded hands of every rule set (and its play-changing options) with
random and greedy agents:

* the log settles, by the rule set's own settlement of the JSON text, to the log's
  ``result`` (deltas and next dealer), and the deltas sum to zero;
* the same seed gives byte-identical JSON logs, in this process and in another one;
* ``replay(log)`` gives the same events;
* stepped by hand, every decision is checked: the legal mask is never all-false in a live
  state and equals the legal actions; no tile is seen in a fifth copy (hands, melds,
  rivers, the 赖子皮 and the shown 花牌 of every seat's observation); every claim window is
  resolved only after every claimant was asked, by priority 胡 > 杠/碰 > 吃 and the rule
  set's 一炮多响 or 截和, and each seat is offered exactly the pungs, kongs and chows that a
  plain recomputation from the hands finds (``twin_claims``);
* Python agents that return the built-in agent's choice give the same log as the
  built-in agents;
* hypothesis over seeds.
"""
import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game_configs import CONFIG_IDS, CONFIGS, config_id, has_setup_phase, spec_or_skip
from mahjong.errors import MahjongError
from mahjong.game import (Game, GreedyAgent, RandomAgent, _table, action_name, replay,
                          stack_wall)
from mahjong.ruleset import available_rulesets, settle
from mahjong.tiles import TENHOU_NAMES, to_tile_ids
from child_env import child_env

HANDS = 24          # seeded hands per rule set, option set and agent kind
WATCHED = 16        # hands stepped by hand with every decision checked
SEED = 20261201
KINDS = {"random": _table.AGENT_RANDOM, "greedy": _table.AGENT_GREEDY}
SETUP_PHASES = (_table.PH_EXCHANGE, _table.PH_SWAP)



def play(rules, options, i, agents, seed=SEED):
    """Hand i of a run, as `mahjong simulate` deals it."""
    seats = spec_or_skip(rules, options).seats
    return Game(rules, seed=[seed, i], options=options, agents=agents,
                dealer=i % seats).play()


def dumps(log):
    return json.dumps(log, ensure_ascii=False, separators=(",", ":"))


# --- settlement, zero sum, determinism, replay ------------------------------------------

@pytest.mark.parametrize("agents", ["random", "greedy"])
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_logs_settle_to_their_result(config, agents):
    rules, options = config
    spec = spec_or_skip(rules, options)
    for i in range(HANDS):
        log = play(rules, options, i, agents)
        res = log["result"]
        assert len(res["deltas"]) == spec.seats
        assert sum(res["deltas"]) == 0, (i, res)
        s = settle(json.loads(json.dumps(log)))      # what `mahjong settle` reads
        assert list(s.deltas) == res["deltas"], (i, res, s)
        assert s.next_dealer == res["next_dealer"], i
        assert log["rules"] == rules
        assert (log.get("options") or {}) == dict(spec.options)
        wins = [e for e in log["events"] if e["type"] == "win"]
        assert len(res["win_values"]) == len(wins)
        assert all(type(v) is int and v > 0 for v in res["win_values"])


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_mahjong_settle_command_on_a_log(config, tmp_path, capsys):
    from mahjong.cli import main
    rules, options = config
    spec_or_skip(rules, options)
    for i in range(3):
        log = play(rules, options, i, "greedy")
        path = tmp_path / f"log{i}.json"
        path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
        assert main(["settle", str(path), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["deltas"] == log["result"]["deltas"]
        assert out["next_dealer"] == log["result"]["next_dealer"]


@pytest.mark.parametrize("agents", ["random", "greedy"])
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_same_seed_same_bytes_and_replay(config, agents):
    rules, options = config
    spec_or_skip(rules, options)
    for i in range(HANDS // 2):
        log = play(rules, options, i, agents)
        again = play(rules, options, i, agents)
        assert dumps(log) == dumps(again)
        back = replay(json.loads(json.dumps(log)))
        assert back["events"] == log["events"], i
        assert back["final"] == log["final"], i
        assert back["result"]["deltas"] == log["result"]["deltas"], i
    # another seed deals another hand
    assert dumps(play(rules, options, 0, agents)) != dumps(play(rules, options, 0, agents,
                                                                seed=SEED + 1))


CHILD = textwrap.dedent("""
    import json, sys
    from mahjong.game import Game, play_spec
    from mahjong.errors import MahjongError
    configs = json.loads(sys.argv[1])
    out = {}
    for rules, options in configs:
        try:
            seats = play_spec(rules, options).seats
        except MahjongError:
            continue
        for agents in ("random", "greedy"):
            logs = [Game(rules, seed=[%d, i], options=options, agents=agents,
                         dealer=i %% seats).play() for i in range(3)]
            out[json.dumps([rules, options, agents])] = [
                json.dumps(l, ensure_ascii=False, separators=(",", ":")) for l in logs]
    print(json.dumps(out))
""" % SEED)


def test_same_bytes_in_another_process(tmp_path):
    """Logs do not depend on the process (hash seeds, allocation, import order)."""
    proc = subprocess.run([sys.executable, "-c", CHILD, json.dumps(CONFIGS)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env=child_env(PYTHONHASHSEED="12345"))
    assert proc.returncode == 0, proc.stderr
    theirs = json.loads(proc.stdout)
    assert theirs, "no rule set could be played"
    for key, lines in theirs.items():
        rules, options, agents = json.loads(key)
        mine = [dumps(play(rules, options, i, agents)) for i in range(3)]
        assert mine == lines, key


# --- every decision checked -------------------------------------------------------------

def _never(observation, legal):       # the seat is driven by hand below
    raise AssertionError("not called")


def meld_tiles(meld):
    return list(to_tile_ids(meld["tiles"]))


def check_no_fifth_copy(observations, table, events=None, strict_multi_ron=False):
    """At most four copies of a tile in all the hands, melds and rivers, the 赖子皮 and the
    shown 花牌. The tile won on by several seats at once (一炮多响, 血战) is one tile: unless
    ``strict_multi_ron``, it is counted once (``events``: the record so far, needed once a
    seat has won), though each winner's hand holds it (see test_multi_ron_tile_held_once)."""
    seen = [0] * 34
    me = observations[0]
    if any(me.won) and not strict_multi_ron:
        prev = None
        for e in events:
            if e["type"] == "win":
                t = TENHOU_NAMES.index(e["win_tile"])
                same_discard = (prev is not None and prev["type"] == "win"
                                and prev["from"] is not None and prev["from"] == e["from"]
                                and prev["win_tile"] == e["win_tile"])
                if same_discard:
                    seen[t] -= 1
            prev = e
    for s, o in enumerate(observations):
        for t, n in enumerate(o.hand):
            seen[t] += n
        for t, n in enumerate(me.discards[s]):
            seen[t] += n
        for m in me.melds[s]:
            for t in meld_tiles(m):
                seen[t] += 1
    if table.indicator >= 0:
        seen[table.indicator] += 1
    for name in table.flower_indicator_tiles():
        seen[TENHOU_NAMES.index(name)] += 1
    over = {TENHOU_NAMES[t]: n for t, n in enumerate(seen) if n > 4}
    assert not over, f"more than four copies seen: {over}"
    # everyone sees the same melds and rivers
    for o in observations[1:]:
        assert o.melds == me.melds and o.discards == me.discards


def claimable(spec, obs, table, t):
    """May tile t join a claimed set of the observer (the rule text of claims)?"""
    if t in spec.single_kong_tiles:
        return False
    if (spec.extra.get("indicator_copies_single_kong") and t == table.indicator
            and table.indicator != table.wildcard):
        return False
    if obs.wildcard is not None and t == obs.wildcard and not spec.wildcard_claims:
        return False
    if spec.dingque and obs.void_suit is not None and t < 27 and t // 9 == obs.void_suit:
        return False
    return True


def twin_claims(spec, table, observations, discarder, x):
    """Seat -> the pungs, kongs and chows it may call on discard x, recomputed from the hands:
    not a seat that has won, none on the last tile, none after a hand-locking 报听; pung with
    two copies, kong with three, chow by the next seat only, of tiles that may be claimed."""
    seats = len(observations)
    out = {}
    for k in range(1, seats):
        o = (discarder + k) % seats
        ob = observations[o]
        names = set()
        if ob.won[o] or ob.wall_remaining == 0 or (ob.ready[o] and spec.ready_locks_hand):
            out[o] = names
            continue
        if not claimable(spec, ob, table, x):
            out[o] = names
            continue
        c = ob.hand
        if c[x] >= 2:
            names.add("pung")
        if c[x] == 3:
            names.add("exposed_kong")
        if spec.chow and x < 27 and o == (discarder + 1) % seats:
            r = x % 9
            for name, parts, ok in (("chow_low", (x + 1, x + 2), r <= 6),
                                    ("chow_mid", (x - 1, x + 1), 1 <= r <= 7),
                                    ("chow_high", (x - 2, x - 1), r >= 2)):
                if ok and all(c[p] and claimable(spec, ob, table, p) for p in parts):
                    names.add(name)
        out[o] = names
    return out


CLAIM_NAMES = {"pung", "exposed_kong", "chow_low", "chow_mid", "chow_high"}


class Window:
    """One claim window: a discard (or an added kong that may be robbed) and the answers."""

    def __init__(self, kind, seat, tile, ev_index, twin=None):
        self.kind, self.seat, self.tile, self.ev_index, self.twin = kind, seat, tile, ev_index, twin
        self.responses = []         # (seat, legal names, chosen name, events so far)
        self.remaining = None       # live tiles left after the discard


def play_watched(rules, options, i, kind, seed=SEED):
    """Hand i stepped by hand, each seat choosing what built-in agent ``kind`` would, with
    every decision checked. Returns the log and the claim windows."""
    spec = spec_or_skip(rules, options)
    seats = spec.seats
    g = Game(rules, seed=[seed, i], options=options, agents=[_never] * seats,
             dealer=i % seats)
    t = g._table
    windows = []
    cur = None
    steps = 0
    while not g.over:
        steps += 1
        assert steps < 5000
        seat = g.decider
        legal = g.legal_actions()
        assert legal, "no legal action in a live state"
        if t.phase in SETUP_PHASES:      # the built-in choice (a Python agent plays them too)
            a = g._table_choose(seat, KINDS[kind])
            assert a in legal
            g.step(a)
            continue
        observations = [g.observe(s) for s in range(seats)]
        obs = observations[seat]
        assert obs.mask.any(), "the legal mask is all-false in a live state"
        assert sorted(np.flatnonzero(obs.mask).tolist()) == sorted(int(a) for a in legal)
        for s in range(seats):
            if s != seat:
                assert not observations[s].mask.any(), "a seat that must not act has a mask"
        arr = obs.array()
        assert arr.shape == (_table.OBS_SIZE,) and np.isfinite(arr).all()
        check_no_fifth_copy(observations, t,
                            g.record_so_far()["events"] if any(obs.won) else None)
        a = g._table_choose(seat, KINDS[kind])
        assert a in legal, (action_name(a), legal)
        name = action_name(a)
        if t.phase == _table.PH_ACT:
            cur = None
            if name.startswith("discard "):
                x = a - _table.A_DISCARD
                cur = Window("discard", seat, x, t.n_ev,
                             twin_claims(spec, t, observations, seat, x))
                cur.remaining = obs.wall_remaining
                windows.append(cur)
            elif name.startswith("kong ") and spec.robbing_kong:
                x = a - _table.A_KONG
                added = obs.hand[x] == 1 and any(
                    m["type"] == "pung" and meld_tiles(m)[0] == x for m in obs.melds[seat])
                if added and x not in spec.single_kong_tiles:
                    cur = Window("rob", seat, x, t.n_ev)
                    windows.append(cur)
        elif t.phase in (_table.PH_CLAIM, _table.PH_ROB):
            assert cur is not None, "a claim decision without a discard or a kong"
            assert cur.kind == ("rob" if t.phase == _table.PH_ROB else "discard")
            assert obs.last_discard == cur.tile
            cur.responses.append((seat, {l.name for l in legal}, name, t.n_ev))
        else:
            cur = None
        g.step(a)
    return g.log(), windows


def check_window(spec, w, events):
    """The window's resolution follows from the answers, and came after all of them."""
    seats, d, x = spec.seats, w.seat, TENHOU_NAMES[w.tile]
    start = w.ev_index
    if w.kind == "discard":
        e = events[start]
        if e["type"] == "ready" and spec.ready_after_discard:
            start -= 1
            e = events[start]
        assert (e["type"], e["seat"], e["tile"]) == ("discard", d, x), e
        start += 1
    # asked in play order after the discarder, each once, and before anything was carried out
    asked = [r[0] for r in w.responses]
    assert asked == sorted(asked, key=lambda o: (o - d) % seats) and len(set(asked)) == len(asked)
    for seat, legal, choice, n_ev in w.responses:
        assert all(e["type"] == "ready" for e in events[start:n_ev]), \
            f"seat {seat} was asked after {events[start:n_ev]}"
        assert "pass" in legal or legal == {"ron"}
    if w.twin is not None:
        offered = {seat: legal & CLAIM_NAMES for seat, legal, _, _ in w.responses}
        for seat, legal, _, _ in w.responses:
            if legal == {"ron"}:       # a possible win must be taken near the wall's end
                assert spec.must_win_last and w.remaining < spec.must_win_last, \
                    f"seat {seat} may only win with {w.remaining} tiles left"
                del offered[seat]
                w.twin.pop(seat, None)
        for o, names in w.twin.items():
            assert offered.get(o, set()) == names, \
                f"seat {o} on {x} from {d}: offered {offered.get(o, set())}, twin {names}"
    k = start
    while k < len(events) and events[k]["type"] == "ready":
        k += 1
    rest = events[k:]
    choices = {seat: choice for seat, _, choice, _ in w.responses}
    rons = [seat for seat, _, choice, _ in w.responses if choice == "ron"]
    if rons:
        winners = rons if spec.multi_ron else rons[:1]
        got = rest[:len(winners)]
        assert [e["type"] for e in got] == ["win"] * len(winners), (winners, got)
        assert [e["seat"] for e in got] == winners
        for e in got:
            assert e["from"] == d and e["win_tile"] == x
            assert bool(e.get("robbing_kong")) == (w.kind == "rob")
        after = rest[len(winners)] if len(rest) > len(winners) else None
        assert after is None or after["type"] != "win" or after.get("from") != d or \
            after["win_tile"] != x, "a win beyond the rule set's 一炮多响 / 截和"
        return
    for seat, legal, choice, _ in w.responses:
        if "ron" in legal:
            assert choice != "ron"
    nxt = rest[0] if rest else None
    if w.kind == "rob":
        assert nxt is not None and (nxt["type"], nxt["seat"], nxt["tile"], nxt["kind"]) == \
            ("kong", d, x, "added"), nxt
        return
    pungs = [s for s, c in choices.items() if c in ("pung", "exposed_kong")]
    chows = [s for s, c in choices.items() if c.startswith("chow_")]
    assert len(pungs) <= 1 and len(chows) <= 1
    if pungs:
        o = pungs[0]
        if choices[o] == "pung":
            assert (nxt["type"], nxt["seat"], nxt["from"]) == ("pung", o, d), nxt
            assert nxt["tiles"] == x[0] * 3 + x[1]
        else:
            assert (nxt["type"], nxt["seat"], nxt["from"], nxt["kind"]) == \
                ("kong", o, d, "exposed"), nxt
        return
    if chows:
        o = chows[0]
        for seat, legal, choice, _ in w.responses:    # a pung or kong offered was declined
            assert not legal & {"pung", "exposed_kong"} or choice not in ("pung", "exposed_kong")
        low = w.tile - {"chow_low": 0, "chow_mid": 1, "chow_high": 2}[choices[o]]
        assert (nxt["type"], nxt["seat"], nxt["from"]) == ("chow", o, d), nxt
        assert nxt["tiles"] == "".join(TENHOU_NAMES[low + j][0] for j in range(3)) + x[1]
        return
    # nobody claimed: play goes on without a claim of this discard
    assert nxt is None or not (nxt["type"] in ("pung", "chow", "win", "kong")
                               and nxt.get("from") == d), nxt


def check_pass_lock(spec, windows, events):
    """过水: a seat that declined a discard win is offered none until its own next draw."""
    if not spec.pass_lock:
        return
    declined = {}
    for w in windows:
        for seat, legal, choice, n_ev in w.responses:
            if "ron" in legal and seat in declined:
                since = events[declined[seat]:n_ev]
                assert any(e["type"] == "draw" and e["seat"] == seat for e in since), \
                    f"seat {seat} offered a win at event {n_ev} while 过水-locked"
            if "ron" in legal and choice != "ron":
                declined[seat] = n_ev
            elif seat in declined and any(e["type"] == "draw" and e["seat"] == seat
                                          for e in events[declined[seat]:n_ev]):
                del declined[seat]


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_every_decision(config, kind):
    rules, options = config
    spec = spec_or_skip(rules, options)
    n_windows = n_claims = 0
    for i in range(WATCHED):
        log, windows = play_watched(rules, options, i, kind)
        for w in windows:
            check_window(spec, w, log["events"])
        check_pass_lock(spec, windows, log["events"])
        n_windows += len(windows)
        n_claims += sum(1 for w in windows for r in w.responses if r[2] != "pass")
        # the same hand played by built-in agents
        assert dumps(log) == dumps(play(rules, options, i, kind)), i
        assert sum(log["result"]["deltas"]) == 0
    assert n_windows > 0
    if kind == "random":
        assert n_claims > 0, "random agents never claimed: the claim checks saw nothing"


def _multi_ron_hand(rules, options, tries=300):
    """The first hand of the run in which two seats win on one discard and play goes on."""
    seats = spec_or_skip(rules, options).seats
    for i in range(tries):
        events = play(rules, options, i, "greedy")["events"]
        for k in range(1, len(events) - 1):
            a, b = events[k - 1], events[k]
            if a["type"] == b["type"] == "win" and a["from"] is not None and \
                    a["from"] == b["from"] and events[k + 1]["type"] == "draw":
                return i, seats
    pytest.fail(f"no 一炮多响 that play goes on after in {tries} hands of {rules}")


def test_multi_ron_tile_held_once():
    rules, options = "sichuan", None
    i, seats = _multi_ron_hand(rules, options)
    g = Game(rules, seed=[SEED, i], options=options, agents=[_never] * seats,
             dealer=i % seats)
    while not g.over:
        if g._table.phase not in SETUP_PHASES:
            check_no_fifth_copy([g.observe(s) for s in range(seats)], g._table,
                                strict_multi_ron=True)
        g.step(g._table_choose(g.decider, _table.AGENT_GREEDY))


def test_the_window_check_can_fail():
    """check_window rejects a log whose claim was carried out by the wrong seat, ahead of a
    win, or before a claimant was asked; twin_claims disagreeing with the offer is caught."""
    import copy
    rules = "guobiao"
    spec = spec_or_skip(rules)
    for i in range(WATCHED):
        log, windows = play_watched(rules, None, i, "random")
        claimed = [w for w in windows if any(r[2] in ("pung", "chow_low", "chow_mid",
                                                       "chow_high") for r in w.responses)]
        if claimed:
            break
    w = claimed[0]
    check_window(spec, w, log["events"])
    k = next(j for j in range(w.ev_index + 1, len(log["events"]))
             if log["events"][j]["type"] in ("pung", "chow"))
    bad = copy.deepcopy(log["events"])
    bad[k]["seat"] = (bad[k]["seat"] + 1) % 4
    with pytest.raises(AssertionError):
        check_window(spec, w, bad)
    asked_late = copy.copy(w)
    asked_late.responses = [(s, legal, c, n + 2) for s, legal, c, n in w.responses]
    with pytest.raises(AssertionError):
        check_window(spec, asked_late, log["events"])
    a_win = copy.copy(w)
    seat, legal, _, n = w.responses[0]
    a_win.responses = [(seat, legal | {"ron"}, "ron", n)] + w.responses[1:]
    with pytest.raises(AssertionError):
        check_window(spec, a_win, log["events"])
    other_twin = copy.copy(w)
    other_twin.twin = {o: names | {"pung"} for o, names in w.twin.items()}
    with pytest.raises(AssertionError):
        check_window(spec, other_twin, log["events"])


def _as_python(agent):
    return lambda obs, legal: agent(obs, legal)


def _mix_params():
    out = []
    for config, cid in zip(CONFIGS, CONFIG_IDS):
        marks = []
        out.append(pytest.param(config, id=cid, marks=marks))
    return out


@pytest.mark.parametrize("config", _mix_params())
def test_python_agents_give_the_builtin_log(config):
    """A Python agent returning GreedyAgent()(obs, legal) (or RandomAgent's) plays as the
    built-in agent: one seat, or every seat."""
    rules, options = config
    seats = spec_or_skip(rules, options).seats
    for i in range(6):
        greedy = dumps(play(rules, options, i, "greedy"))
        for s in range(seats):
            agents = ["greedy"] * seats
            agents[s] = _as_python(GreedyAgent())
            assert dumps(play(rules, options, i, agents)) == greedy, (i, s)
        mixed = ["random", "greedy"] * (seats // 2)
        want = dumps(play(rules, options, i, mixed))
        agents = [_as_python(RandomAgent()) if a == "random" else a for a in mixed]
        assert dumps(play(rules, options, i, agents)) == want, i
        agents = [_as_python(GreedyAgent()) if a == "greedy" else a for a in mixed]
        assert dumps(play(rules, options, i, agents)) == want, i


@pytest.mark.parametrize("config", [c for c in CONFIGS if has_setup_phase(*c)] or
                         [pytest.param(None, marks=pytest.mark.skip("no setup phase"))],
                         ids=config_id)
def test_python_agent_in_setup(config):
    """换三张 / 换牌: a Python agent is called (and observes) in the setup phase too."""
    rules, options = config
    seats = spec_or_skip(rules, options).seats
    phases = []

    def agent(obs, legal):
        phases.append(obs.phase)
        return GreedyAgent()(obs, legal)

    log = Game(rules, seed=[SEED, 0], options=options, agents=[agent] * seats).play()
    assert sum(log["result"]["deltas"]) == 0
    assert phases[0] not in ("turn", "claim", "rob")


def test_dealer_complete_after_huan_san_zhang():
    """The dealer's 14th tile is 8p; he gives 2p 5p 8p and whoever gives to him gives 789s:
    11123456789m789s is complete, a 天和 to be offered on a tile he holds (普通场: the hand
    ends at that win)."""
    options = {"huan_san_zhang": True, "xuezhan": False}
    spec_or_skip("sichuan", options)
    hands = {0: "11123456789m258p", 1: "789s1234m1234p", 2: "789s5678m5678p",
             3: "789s1199p12s345p"}
    g = Game("sichuan", wall=stack_wall("sichuan", hands, options=options, seed=1),
             options=options, agents=[_never] * 4)
    picks = {0: ["swap 2p", "swap 5p", "swap 8p"]}
    for s in (1, 2, 3):
        picks[s] = ["swap 7s", "swap 8s", "swap 9s"]
    while g._table.phase == _table.PH_EXCHANGE:
        g.step(picks[g.decider].pop(0))
    assert g.decider == 0
    assert "tsumo" in [a.name for a in g.legal_actions()]
    g.step("tsumo")
    log = g.log()
    (win,) = [e for e in log["events"] if e["type"] == "win"]
    assert win["seat"] == 0 and win.get("heavenly")
    assert win["win_tile"] in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
                               "7s", "8s", "9s")
    assert sum(log["result"]["deltas"]) == 0


# --- bad input ----------------------------------------------------------------------------

def test_bad_actions_raise_and_leave_the_state():
    rules = next(r for r in available_rulesets() if _playable(r))
    g = Game(rules, seed=[SEED, 0], agents="random")
    legal = set(int(a) for a in g.legal_actions())
    illegal = next(a for a in range(_table.N_ACTIONS) if a not in legal)
    before = (g.decider, g._table.n_ev, g.observe(g.decider).hand)
    with pytest.raises(MahjongError, match="not legal"):
        g.step(illegal)
    for bad in (-1, _table.N_ACTIONS, True, 1.5, "no such action"):
        with pytest.raises(MahjongError):
            g.step(bad)
    assert (g.decider, g._table.n_ev, g.observe(g.decider).hand) == before


def _playable(rules):
    try:
        spec_or_skip(rules)
        return True
    except pytest.skip.Exception:
        return False


# --- hypothesis over seeds ----------------------------------------------------------------

PLAYABLE = [c for c in CONFIGS if _playable(c[0])]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(PLAYABLE), seed=st.integers(0, 2**63 - 1),
       agents=st.sampled_from(["random", "greedy", "greedy,random,random,greedy"]),
       dealer=st.integers(0, 3))
def test_any_seed(config, seed, agents, dealer):
    rules, options = config
    seats = spec_or_skip(rules, options).seats
    if agents.count(",") + 1 not in (1, seats):
        agents = "random"
    log = Game(rules, seed=seed, options=options, agents=agents, dealer=dealer % seats).play()
    assert log["dealer"] == dealer % seats
    assert sum(log["result"]["deltas"]) == 0
    assert list(settle(json.loads(dumps(log))).deltas) == log["result"]["deltas"]
    assert replay(log)["events"] == log["events"]
    again = Game(rules, seed=seed, options=options, agents=agents,
                 dealer=dealer % seats).play()
    assert dumps(again) == dumps(log)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(PLAYABLE), seed=st.integers(0, 2**32 - 1),
       kind=st.sampled_from(["random", "greedy"]))
def test_any_seed_every_decision(config, seed, kind):
    rules, options = config
    spec = spec_or_skip(rules, options)
    log, windows = play_watched(rules, options, 0, kind, seed=seed)
    for w in windows:
        check_window(spec, w, log["events"])
    check_pass_lock(spec, windows, log["events"])


# --- the long run ---------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.nightly
def test_long_run_all_rule_sets():
    """20,000 random hands over all rule sets and option sets (``pytest -m nightly``)."""
    n = 20000 // len(PLAYABLE) + 1
    for rules, options in PLAYABLE:
        for i in range(n):
            log = play(rules, options, i, "random", seed=SEED + 7)
            assert sum(log["result"]["deltas"]) == 0, (rules, options, i)
            assert list(settle(json.loads(dumps(log))).deltas) == log["result"]["deltas"], \
                (rules, options, i)
            if i % 50 == 0:
                assert replay(log)["events"] == log["events"], (rules, options, i)
