"""The 2020 human-game text (human-2020) of an engine's Guobiao game with flowers: the test
helper that made the fixtures of tests/data/human2020 (``python tests/human2020_text.py``
writes them again) and that the tests use to turn many engine games into that text.

The engine's deck is its log's wall with the flowers put back at ``note.flower_positions``;
every draw takes the next tile, a flower on the way is set aside (补花) and replaced
(补花后摸牌); a deal's flowers are shown in the deal line and replaced at the start.
"""
import os
import zipfile

from mahjong.botzone import botzone_tile
from mahjong.game import Game
from mahjong.record import HandRecord
from mahjong.ruleset import settle
from mahjong.tiles import to_tile_ids
from mahjong_core._types import FIRST_FLOWER as FL


def name(t):
    return f"H{t - FL + 1}" if t >= FL else botzone_tile(t)


def lst(ts):
    return "[" + ",".join(f"'{name(t)}'" for t in ts) + "]"


def text_of(log, source):
    """The human-2020 text of an engine log of Guobiao with flowers."""
    wall = [to_tile_ids(x)[0] for x in log["wall"]]
    deck = list(wall)
    for k, p in enumerate(log["note"]["flower_positions"]):
        deck.insert(p, FL + k)
    pos = 0

    def take():         # the next tile, and the flowers on the way
        nonlocal pos
        fl = []
        while deck[pos] >= FL:
            fl.append(deck[pos])
            pos += 1
        pos += 1
        return fl, deck[pos - 1]

    dealer = log["dealer"]
    deal = {}
    for j in range(4):
        s = (dealer + j) % 4
        fl_all, plain = [], []
        for _ in range(13):
            fl, t = take()
            fl_all += fl
            plain.append(t)
        deal[s] = (fl_all, plain)
    fl14, t14 = take()
    deal[dealer][0].extend(fl14)
    deal[dealer][1].append(t14)
    body = []
    deal_lines = {}
    for s in range(4):
        fl, plain = deal[s]
        n = 14 if s == dealer else 13
        shown = fl + plain[:n - len(fl)]
        rest = plain[n - len(fl):]
        deal_lines[s] = f"{s}\t{lst(shown)}\t{len(fl)}"
        for f, t in zip(fl, rest):
            body.append(f"{s}\t补花\t{lst([f])}\t")
            body.append(f"{s}\t补花后摸牌\t{lst([t])}\t")
    ev = log["events"]
    last_disc = None
    after_kong = False
    for i, e in enumerate(ev):
        typ = e["type"]
        s = e.get("seat")
        if typ == "draw":
            fl, t = take()
            assert t == to_tile_ids(e["tile"])[0], (i, e)
            verb = "杠后摸牌" if after_kong else "摸牌"
            after_kong = False
            for f in fl:
                body.append(f"{s}\t{verb}\t{lst([f])}\t")
                body.append(f"{s}\t补花\t{lst([f])}\t")
                verb = "补花后摸牌"
            body.append(f"{s}\t{verb}\t{lst([t])}\t")
        elif typ == "discard":
            t = to_tile_ids(e["tile"])[0]
            body.append(f"{s}\t打牌\t{lst([t])}\t")
            last_disc = (t, s)
        elif typ in ("chow", "pung"):
            ts = to_tile_ids(e["tiles"])
            verb = "吃" if typ == "chow" else "碰"
            body.append(f"{s}\t{verb}\t{lst(ts)}\t{name(last_disc[0])}\t{e['from']}")
        elif typ == "kong":
            t = to_tile_ids(e["tile"])[0]
            verb = {"exposed": "明杠", "concealed": "暗杠", "added": "补杠"}[e["kind"]]
            tail = f"\t{name(t)}\t{e['from']}" if e["kind"] == "exposed" else f"\t{name(t)}\t{s}"
            body.append(f"{s}\t{verb}\t{lst([t] * 4)}{tail}")
            after_kong = True
        elif typ == "win":
            if e.get("robbing_kong"):
                t = to_tile_ids(e["win_tile"])[0]
                body.append(f"{e['from']}\t补杠\t{lst([t] * 4)}\t{name(t)}\t{e['from']}")
            body.append(f"{s}\t和牌\t{lst(to_tile_ids(e['hand']))}\t")
    winds = "东南西北"
    res = log["result"]
    if any(e["type"] == "win" for e in ev):
        w = [e for e in ev if e["type"] == "win"][0]
        outcome = "自摸" if w.get("from") is None else "点炮"
        (scored,) = settle(HandRecord.from_json(log)).wins.values()
        fans = "[" + ",".join(f"'{f.name}-{f.points * f.count}'" for f in scored.fans) + "]"
        score = res["win_values"][0]
    else:
        outcome, fans, score = "荒庄", "[]", 0
    head = f"{winds[log['round_wind']]}\t{score}\t{fans}\t\t{outcome}"
    return "\n".join([source, head] + [deal_lines[s] for s in range(4)] + body) + "\n"


def verbs(text):
    return {line.split("\t")[1] for line in text.splitlines()[6:]}


def kong_agent():
    """Greedy, but an exposed kong, a kong on one's own turn and a pung come first."""
    from mahjong.game import GreedyAgent, _table as T
    g = GreedyAgent()

    def agent(obs, legal):
        for pref in (lambda a: a == T.A_MINGKONG, lambda a: T.A_KONG <= a < T.A_KONG + 34,
                     lambda a: a == T.A_PUNG):
            for a in legal:
                if pref(a):
                    return a
        return g(obs, legal)
    return agent


def every_verb_game(lo=0, hi=2000):
    """(seed, text) of the first game of seeds lo..hi with the kong-loving agent that
    shows every verb."""
    want = {"摸牌", "补花后摸牌", "杠后摸牌", "打牌", "吃", "碰", "明杠", "暗杠", "补杠", "补花", "和牌"}
    for seed in range(lo, hi):
        ag = kong_agent()
        log = Game("guobiao", seed=seed, options={"flowers": True}, agents=[ag, ag, ag, ag]).play()
        t = text_of(log, f"./2020/seed-{seed}.txt")
        miss = want - verbs(t)
        if not miss:
            return seed, t
    return None


def engine_game(seed, kongs=False):
    """The log of the engine's Guobiao game with flowers of ``seed`` (greedy agents, or
    the kong-loving ones)."""
    agents = [kong_agent() for _ in range(4)] if kongs else "greedy"
    return Game("guobiao", seed=seed, options={"flowers": True}, agents=agents).play()


def write_fixtures(folder):
    """tests/data/human2020: every-verb.txt (seed 150, the kong-loving agents), selfdraw.txt
    (greedy seed 1) and games.zip (greedy seeds 0: a discard win, 10: a drawn game, 90: a
    robbed kong)."""
    seed, text = every_verb_game(150, 151)
    with open(os.path.join(folder, "every-verb.txt"), "w", encoding="utf-8") as f:
        f.write(text.replace("seed-150", "every-verb"))
    with open(os.path.join(folder, "selfdraw.txt"), "w", encoding="utf-8") as f:
        f.write(text_of(engine_game(1), "./2020/selfdraw.txt"))
    with zipfile.ZipFile(os.path.join(folder, "games.zip"), "w", zipfile.ZIP_DEFLATED) as z:
        for kind, seed in (("discard", 0), ("drawn", 10), ("robbing", 90)):
            z.writestr(f"2020/{kind}.txt", text_of(engine_game(seed), f"./2020/{kind}.txt"))


if __name__ == "__main__":
    write_fixtures(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                                "human2020"))
