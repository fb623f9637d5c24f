"""mahjong botzone: the Botzone bot program. Every answer of the bot to the 16 real Botzone
games (each seat's requests with the recorded answers as history, JSON and simple input) is
legal in the true state of the game (the judge's wall played by the engine, Guobiao with
duplicate walls), and the bot's own hand is the judge's; a game of four bots through a small
judge written with the engine; bad input."""
import io
import json
import os
import subprocess
import sys

import pytest

from child_env import CHILD_CWD, child_env
from mahjong.botzone import Bot, run, tile_of, botzone_tile, KEEP_RUNNING
from mahjong.errors import MahjongError
from mahjong.game import Game, _table

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _with_path(folder):
    """The child's environment (the mahjong under test first) with ``folder`` importable."""
    env = child_env()
    env["PYTHONPATH"] += os.pathsep + str(folder)
    return env
with open(os.path.join(ROOT, "tests", "data", "botzone_games.json"), encoding="utf-8") as fh:
    GAMES = json.load(fh)
OPTIONS = {"duplicate_walls": True}


def judge_deck(game):
    """The judge's wall as the engine's deck: seat i's 34-tile part is the i-th quarter of
    ``walltiles``, taken from its end."""
    w = [tile_of(x, "walltiles") for x in game["walltiles"].split()]
    return [t for i in range(4) for t in reversed(w[34 * i:34 * i + 34])]


class TrueHand(Bot):
    """The game itself from one seat's requests: the judge's real wall, not a made-up one."""

    def __init__(self, deck):
        super().__init__("random")
        self.deck = deck

    def _wall(self):
        self._hidden = {}
        return list(self.deck)

    def _kong_tile(self, g, e):
        if e.tile is not None:
            return e.tile
        hand = g._table.hand_of(e.seat)
        return next(t for t in range(34) if hand[t] == 4)


def seat_history(game, seat):
    return [c[seat] for c, _ in game["turns"]], [r[seat] for _, r in game["turns"]]


def assert_legal(true, answer):
    """``answer`` is a legal Botzone answer of ``true``'s seat to its last request, by the
    engine's rules in the true state of the game."""
    me = true.seat
    last = true.events[-1] if true.events else None
    words = answer.split()
    mine = last is not None and last.kind == "draw" and last.seat == me
    window = last is not None and last.seat != me and (
        last.kind == "play" or last.kind == "kong" and last.action == "added")
    if not (mine or window):
        assert answer == "PASS"
        return
    g = true._shadow()
    t = g._table
    if mine:
        assert t.phase == _table.PH_ACT and t.decider == me
        legal = set(t.legal_actions())
        if words[0] == "HU":
            assert words == ["HU"] and _table.A_TSUMO in legal
            return
        assert len(words) == 2, answer
        tile = tile_of(words[1], "answer")
        if words[0] == "PLAY":
            assert tile in legal, answer
        else:
            assert words[0] in ("GANG", "BUGANG") and _table.A_KONG + tile in legal, answer
            assert (t.hand_of(me)[tile] == 4) == (words[0] == "GANG"), answer
        return
    while not g.over and t.phase != _table.PH_ACT and t.decider != me:
        g.step(_table.A_PASS)
    if g.over or t.phase == _table.PH_ACT:
        assert answer == "PASS", answer       # the seat had no claim
        return
    legal = set(t.legal_actions())
    if words == ["PASS"]:
        return
    if words == ["HU"]:
        assert _table.A_RON in legal
        return
    if words == ["GANG"]:
        assert _table.A_MINGKONG in legal
        return
    disc = t.last_discard
    if words[0] == "PENG":
        assert len(words) == 2
        a = _table.A_PUNG
    else:
        assert words[0] == "CHI" and len(words) == 3, answer
        a = _table.A_CHOW_LOW + disc - (tile_of(words[1], "answer") - 1)
    assert a in legal, answer
    g.step(a)
    while t.phase != _table.PH_ACT:
        g.step(_table.A_PASS)
    assert t.decider == me
    assert tile_of(words[-1], "answer") in set(t.legal_actions()), answer


def json_answer(requests, responses, agent="greedy"):
    out = io.StringIO()
    run(agent, stdin=io.StringIO(json.dumps({"requests": requests, "responses": responses})
                                 + "\n"), stdout=out)
    return json.loads(out.getvalue())["response"]


def text_answer(requests, responses, agent="greedy"):
    lines = [str(len(requests))]
    for i, r in enumerate(requests):
        lines.append(r)
        if i < len(responses):
            lines.append(responses[i])
    out = io.StringIO()
    run(agent, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    return out.getvalue().rstrip("\n")


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_real_games_every_answer_legal_and_own_hand_the_judges(index):
    game = GAMES[index]
    deck = judge_deck(game)
    said = set()
    compared = 0
    for seat in range(4):
        requests, responses = seat_history(game, seat)
        true = TrueHand(deck)
        for k, req in enumerate(requests):
            true._read(req)
            answer = json_answer(requests[:k + 1], responses[:k])
            if k % 3 == 0 or answer != "PASS":       # the simple form: the same answer
                assert text_answer(requests[:k + 1], responses[:k]) == answer
            assert_legal(true, answer)
            assert_legal(true, responses[k])      # the real bots' answer: the engine agrees
            said.add(answer.split()[0])
            true.answers.append(responses[k])
            if k >= 2 and true.events:
                bot = Bot("greedy")
                for i in range(k + 1):
                    bot.feed(requests[i], responses[i])
                shadow = bot._shadow()._table
                real = true._shadow()._table
                last = true.events[-1]
                # (past the last request the tables draw by themselves: the shadow's tiles
                # there are made up; compared where nothing is made up)
                if last.kind == "draw" and last.seat == seat or \
                        shadow.phase != _table.PH_ACT and real.phase != _table.PH_ACT:
                    compared += 1
                    assert shadow.hand_of(seat) == real.hand_of(seat), (seat, k)
                    assert shadow.melds_of(seat) == real.melds_of(seat), (seat, k)
                    assert shadow.wall_remaining == real.wall_remaining
        if true.hand is not None:
            assert sorted(true.hand) == sorted(deck[34 * seat:34 * seat + 13])
    assert "PLAY" in said and compared > 20


def test_all_claim_kinds_answered_somewhere():
    """Across the 16 games the greedy bot is asked (and answers) claims, not only discards."""
    said = set()
    for game in GAMES[:6]:
        for seat in range(4):
            requests, responses = seat_history(game, seat)
            bot = Bot("greedy")
            for k, req in enumerate(requests):
                said.add(bot.answer(req).split()[0])
                bot.answers[-1] = responses[k]
    assert {"PLAY", "PASS"} <= said and said & {"PENG", "CHI", "GANG", "HU"}


# --- a small judge written with the engine ---------------------------------------------------

def judge(ask, seed):
    """Play one duplicate-wall game of four bots: ``ask(seat, request) -> answer``. Every
    answer is applied to the engine's own game and must be legal there (a refused answer
    fails the test). Returns the game log."""
    g = Game("guobiao", seed=seed, options=OPTIONS, agents="random", dealer=0,
             round_wind=seed % 4)
    t = g._table
    t.set_external()
    deck = t.deck_ids()
    claim_of = {"PASS": _table.A_PASS, "HU": _table.A_RON, "PENG": _table.A_PUNG,
                "GANG": _table.A_MINGKONG}

    def tell(requests, but=None):
        answers = [ask(s, requests[s]) for s in range(4)]
        for s, a in enumerate(answers):
            assert s == but or a == "PASS", (requests[s], a)
        return answers

    tell([f"0 {s} {seed % 4}" for s in range(4)])
    tell(["1 0 0 0 0 " + " ".join(botzone_tile(x) for x in deck[34 * s:34 * s + 13])
          for s in range(4)])
    while not g.over:
        d = t.decider
        assert t.phase == _table.PH_ACT
        drawn = t.last_drawn
        w = tell([f"2 {botzone_tile(drawn)}" if s == d else f"3 {d} DRAW"
                  for s in range(4)], but=d)[d].split()
        legal = set(t.legal_actions())
        if w == ["HU"]:
            assert _table.A_TSUMO in legal
            g.step(_table.A_TSUMO)
            break
        tile = tile_of(w[1], "answer")
        if w[0] == "PLAY":
            assert tile in legal, w
            g.step(tile)
        else:
            assert w[0] in ("GANG", "BUGANG") and _table.A_KONG + tile in legal, w
            assert (t.hand_of(d)[tile] == 4) == (w[0] == "GANG")
            g.step(_table.A_KONG + tile)
        shown = f"3 {d} " + (" ".join(w) if w[0] != "GANG" else "GANG")
        while not g.over:
            if t.phase == _table.PH_ACT:          # nobody may claim: all pass
                tell([shown] * 4)
                break
            answers = [ask(s, shown).split() for s in range(4)]
            asked = set()
            while t.phase != _table.PH_ACT and not g.over:
                s = t.decider
                asked.add(s)
                a = answers[s]
                act = claim_of.get(a[0])
                if a[0] == "CHI":
                    act = _table.A_CHOW_LOW + t.last_discard - (tile_of(a[1], "answer") - 1)
                assert act in set(t.legal_actions()), (shown, s, a)
                g.step(act)
            for s, a in enumerate(answers):       # a claim of a seat that had none
                assert a == ["PASS"] or s in asked, (shown, s, a)
            if g.over:
                break
            ev = t.events()
            if ev[-1]["type"] == "draw" and ev[-2]["type"] == "kong":   # an exposed kong
                shown = f"3 {ev[-2]['seat']} GANG"
                tell([shown] * 4)
                break
            if ev[-1]["type"] == "draw":
                break
            s = t.decider                         # a pung or a chow: its discard
            tile = tile_of(answers[s][-1], "answer")
            assert tile in set(t.legal_actions()), answers[s]
            g.step(tile)
            shown = f"3 {s} " + " ".join(answers[s])
    return g.log()


def in_process(form, agent="greedy"):
    """Bots answering the whole history each turn (a new program each time), in ``form``."""
    history = [([], []) for _ in range(4)]

    def ask(seat, request):
        requests, responses = history[seat]
        requests.append(request)
        answer = (json_answer if form == "json" else text_answer)(requests, responses, agent)
        responses.append(answer)
        return answer
    return ask


@pytest.mark.parametrize("form", ["json", "text"])
def test_four_bots_through_a_judge_both_forms(form):
    ends = set()
    for seed in range(3):
        log = judge(in_process(form), seed)
        ends.add(log["events"][-1]["type"])
        assert sum(log["result"]["deltas"]) == 0


def test_four_keep_running_programs_through_a_judge():
    """Four `mahjong botzone --agent greedy --keep-running` processes, JSON and simple."""
    env = child_env()
    for seed, form in ((5, "json"), (6, "text")):
        procs = [subprocess.Popen([sys.executable, "-m", "mahjong", "botzone", "--agent",
                                   "greedy", "--keep-running"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=env, cwd=CHILD_CWD) for _ in range(4)]
        first = [True] * 4

        def ask(seat, request):
            p = procs[seat]
            if first[seat]:
                first[seat] = False
                line = (json.dumps({"requests": [request], "responses": []}) if form == "json"
                        else f"1\n{request}")
            else:
                line = json.dumps(request) if form == "json" else request
            p.stdin.write(line + "\n")
            p.stdin.flush()
            out = p.stdout.readline().rstrip("\n")
            assert p.stdout.readline().rstrip("\n") == KEEP_RUNNING
            return json.loads(out)["response"] if form == "json" else out
        try:
            log = judge(ask, seed)
        finally:
            for p in procs:
                p.stdin.close()
                assert p.wait(timeout=30) == 0, p.stderr.read()
                p.stdout.close()
                p.stderr.close()
        assert sum(log["result"]["deltas"]) == 0


# --- bad input ---------------------------------------------------------------------------------

START = ["0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1"]


@pytest.mark.parametrize("requests, words", [
    (["0 5 0"], ["request 0"]),
    (["0 1 0", "1 0 0 0 0 W1 W2"], ["request 1"]),
    (["0 1 0", "1 0 0 1 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1 H1"], ["request 1", "'1'"]),
    (START + ["3 0 DRAW", "3 0 PLAY X9"], ["request 3", "'X9'"]),
    (START + ["3 0 DRAW", "3 0 BUHUA H1"], ["request 3", "'BUHUA'"]),
    (START + ["3 0 DRAW", "3 3 PENG W1"], ["request 3", "'PENG'"]),
    (START + ["3 0 DRAW", "3 0 PLAY W5", "3 2 CHI W5 W1"], ["request 4", "'W5'"]),
    (START + ["3 0 DRAW", "3 2 PLAY W5"], ["request 3", "'W5'", "seat 2"]),
    (START + ["3 0 DRAW", "3 0 PLAY J1", "3 2 PENG J1"], ["request 4", "fifth"]),
    (START + ["3 0 DRAW", "3 0 PLAY W7", "3 1 DRAW", "3 1 PLAY W7"], ["request"]),
])
def test_bad_requests_name_the_request_and_token(requests, words):
    with pytest.raises(MahjongError) as exc:
        json_answer(requests, ["PASS"] * (len(requests) - 1))
    for w in words:
        assert w in str(exc.value), (w, str(exc.value))


@pytest.mark.parametrize("stdin", [
    "{not json\n", "3\n0 1 0\nPASS\n", '{"requests": [], "responses": []}\n',
    '{"requests": ["0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 Q1"], '
    '"responses": ["PASS"]}\n',
])
def test_cli_bad_input_one_line_exit_2(stdin):
    r = subprocess.run([sys.executable, "-m", "mahjong", "botzone", "--agent", "greedy"],
                       input=stdin, capture_output=True, text=True, env=child_env(),
                       cwd=CHILD_CWD)
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("mahjong botzone: error: ")
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_cli_answers_and_callable_agent(tmp_path):
    """A MODULE:CALLABLE agent (the engine's interface) answers through the program."""
    (tmp_path / "mybot.py").write_text(
        "def agent(observation, legal_actions):\n"
        "    assert observation.hand[observation.seat * 0 + 0] >= 0\n"
        "    return max(legal_actions)\n")
    game = GAMES[0]
    requests, responses = seat_history(game, 0)
    k = 2    # seat 0's first draw
    data = json.dumps({"requests": requests[:k + 1], "responses": responses[:k]})
    r = subprocess.run([sys.executable, "-m", "mahjong", "botzone", "--agent", "mybot:agent"],
                       input=data + "\n", capture_output=True, text=True,
                       env=_with_path(tmp_path), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    true = TrueHand(judge_deck(game))
    for req in requests[:k + 1]:
        true._read(req)
    answer = json.loads(r.stdout)["response"]
    assert_legal(true, answer)
    g = true._shadow()
    assert answer == "PLAY " + botzone_tile(max(g.legal_actions()))


def test_cli_agent_class_from_the_current_folder(tmp_path):
    """MODULE:CLASS from the folder the program runs in (a class is made, then asked)."""
    (tmp_path / "classbot.py").write_text(
        "class Lowest:\n"
        "    def __call__(self, observation, legal_actions):\n"
        "        return min(legal_actions)\n")
    r = subprocess.run([sys.executable, "-m", "mahjong", "botzone", "--agent",
                        "classbot:Lowest"], cwd=tmp_path, capture_output=True, text=True,
                       input="3\n0 0 0\nPASS\n" + START[1] + "\nPASS\n2 B9\n",
                       env=child_env())
    assert r.returncode == 0 and r.stdout == "PLAY W1\n", r.stderr
    r = subprocess.run([sys.executable, "-m", "mahjong", "botzone", "--agent", "nobot:x"],
                       cwd=tmp_path, capture_output=True, text=True, input="1\n0 0 0\n",
                       env=child_env())
    assert r.returncode == 2 and "'nobot'" in r.stderr and "Traceback" not in r.stderr


def test_agent_answering_an_illegal_action_is_an_error():
    with pytest.raises(MahjongError, match="agent"):
        json_answer(["0 0 0", START[1], "2 W4"], ["PASS", "PASS"],
                    agent=lambda obs, legal: 200)


def test_docs_one_file_bot_runs(tmp_path):
    """docs/BOTZONE.md's main.py, as written, answers a history and keeps running."""
    page = open(os.path.join(ROOT, "docs", "BOTZONE.md"), encoding="utf-8").read()
    code = page.split("## Submitting", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    (tmp_path / "main.py").write_text(code)
    r = subprocess.run([sys.executable, str(tmp_path / "main.py")],
                       input="3\n0 0 0\nPASS\n1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1"
                             "\nPASS\n2 B9\n", capture_output=True, text=True,
                       env=child_env())
    assert r.returncode == 0, r.stderr
    answer, keep = r.stdout.splitlines()
    assert answer.startswith("PLAY ") and keep == KEEP_RUNNING


def test_many_games_of_kept_bots_every_answer_kind_accepted():
    """Bots kept between turns (as with --keep-running), random and greedy agents: the judge
    accepts every answer, and every kind of answer is given somewhere."""
    said = set()
    for seed, agent in [(s, "random") for s in range(40)] + [(s, "greedy") for s in range(20)]:
        bots = [Bot(agent, seed=seed) for _ in range(4)]

        def ask(seat, request):
            answer = bots[seat].answer(request)
            said.add(answer.split()[0])
            return answer
        judge(ask, seed)
    assert said == {"PASS", "PLAY", "CHI", "PENG", "GANG", "BUGANG", "HU"}
