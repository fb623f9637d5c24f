"""mahjong.guiyang.play: the PlaySpec knobs (报听 at the start and its locks, the flip
after the win, 过水, 地龙's extra candidate), golden win values checked by hand against
the rules (the 豆 licence of a 平胡 on a discard with its four exceptions, 热炮, 抢杠,
报听 and 杀报, every hand type and the options that change them), and a seeded
differential test against settlement (a win is offered iff the settled record accepts it,
at the same value)."""
import random

import pytest

from mahjong.errors import MahjongError
from mahjong.playspec import PlaySpec, WinQuery
from mahjong.guiyang import Rules, settle, tenpai_value
import mahjong.guiyang.play as room_play
from mahjong.guiyang.play import play_spec
from mahjong.tiles import format_tiles

from play_engine import play_hands
from play_hands import (CONCEALED_KONG, counts_of, holding, junk, KONG, kong_event,
                        meld_json, name, Pool, PUNG, query as room_query, settled_value,
                        win_json)


def query(hand, win_tile, **kwargs):
    return room_query("guiyang", hand, win_tile, **kwargs)


def value(q, **options):
    return play_spec(options or None).win_value(q)


def ready(seat):
    return {"type": "ready", "seat": seat}


# ---------------------------------------------------------------- knobs ---------------

def test_default_spec():
    s = play_spec()
    assert isinstance(s, PlaySpec)
    assert s.rules == "guiyang" and s.options == {}
    assert (s.seats, s.honours, s.chow, s.multi_ron, s.robbing_kong) == (4, False, False,
                                                                          True, True)
    assert s.ready_at_start and s.ready_locks_hand and s.flip_after_win
    assert not s.ready_any_time and not s.void_suit_to_win and not s.bloody
    assert s.pass_lock and s.exhausted_data is None and s.must_win_last == 0
    assert s.extra["lone_pung_fourth_tile"] is True


def test_options_that_change_knobs():
    assert play_spec({"pass_lock": False}).pass_lock is False
    s = play_spec({"di_long": False})
    assert s.extra["lone_pung_fourth_tile"] is False and s.options == {"di_long": False}
    assert play_spec(Rules(scale="B", danjiao=True)).options == {"scale": "B",
                                                                  "danjiao": True}
    with pytest.raises(MahjongError, match="scale"):
        play_spec({"scale": "C"})


@pytest.mark.parametrize("option", ["qianhou", "gundong"])
def test_chickens_of_tiles_turned_during_play_are_refused(option):
    with pytest.raises(MahjongError, match=option):
        play_spec({option: True})


# ---------------------------------------------------------------- golden values -------
# the hand's value per payer, 报听 bonus included (RULES text: Guiyang hand types,
# additive items, 报听; worked examples 1-4, 7 and 8 on scale A)

PINGHU = "234p567p789m55m111s"          # 平胡 (no 清一色: two suits... and 1s)
GOLDEN = [
    ("ex1 pinghu self-draw", dict(hand="111s234p567p789m55m", win_tile="5m"), {}, 10),
    ("scale B pinghu", dict(hand="111s234p567p789m55m", win_tile="5m"), {"scale": "B"}, 1),
    # 大对子 wins on any discard without a 豆
    ("ex2 daduizi discard", dict(hand="777p99m88p9m", win_tile="9m", seat=1, src=2,
                                 melds=[("pung", "222m"), ("pung", "555s")]), {}, 30),
    # 平胡 on a discard: only with a 豆, or 热炮 / 抢杠 / a 报听 discarder / a 报听 winner
    ("pinghu discard no licence", dict(hand=PINGHU, win_tile="5m", src=2), {}, 0),
    ("ex3 repao licence", dict(hand=PINGHU, win_tile="5m", src=2, after_kong=True), {}, 10),
    ("repao plus_one", dict(hand=PINGHU, win_tile="5m", src=2, after_kong=True),
     {"repao_mode": "plus_one"}, 10),
    ("own kong licence", dict(hand="234p567p789m55m", win_tile="5m", src=2,
                              melds=[("kong", "3333s")]), {}, 10),
    ("own concealed kong licence", dict(hand="234p567p789m55m", win_tile="5m", src=2,
                                        melds=[("concealed_kong", "3333s")]), {}, 10),
    ("pung is no licence", dict(hand="234p567p789m55m", win_tile="5m", src=2,
                                melds=[("pung", "333s")]), {}, 0),
    ("ex8 shabao: discarder declared", dict(hand=PINGHU, win_tile="5m", seat=2, src=1,
                                            events=[ready(1)]), {}, 10),
    # 报听 winner: the licence, and the 清一色 value more from each payer
    ("baoting winner discard", dict(hand=PINGHU, win_tile="5m", src=2, events=[ready(0)]),
     {}, 60),
    ("ex7 baoting self-draw", dict(hand=PINGHU, win_tile="5m", events=[ready(0)]), {}, 60),
    ("ex7 scale B", dict(hand=PINGHU, win_tile="5m", events=[ready(0)]), {"scale": "B"},
     11),
    ("another seat's 报听 is no licence", dict(hand=PINGHU, win_tile="5m", src=2,
                                             events=[ready(3)]), {}, 0),
    # 抢杠 of a 转弯豆: scored as a self-draw (the robbed player pays three shares apart)
    ("ex4 robbing kong qingyise", dict(hand="123p456p222p678p99p", win_tile="7p", src=3,
                                       robbing_kong=True), {}, 50),
    ("robbing kong pinghu licence", dict(hand=PINGHU, win_tile="5m", src=3,
                                         robbing_kong=True), {}, 10),
    ("robbed seat had declared", dict(hand=PINGHU, win_tile="5m", src=3, robbing_kong=True,
                                      events=[ready(3)]), {}, 0),
    # 杠上胡 +10 on a replacement self-draw
    ("gangshanghu", dict(hand="234p567p789m55m", win_tile="5m", melds=[("kong", "3333s")],
                         replacement=True), {}, 20),
    ("gangshanghu scale B", dict(hand="234p567p789m55m", win_tile="5m",
                                 melds=[("kong", "3333s")], replacement=True),
     {"scale": "B"}, 2),
    # the hand types
    ("qidui", dict(hand="11m22m33m44m55p66p77p", win_tile="7p", src=1), {}, 40),
    ("longqidui", dict(hand="11m22m3333m55p66p77p", win_tile="7p", src=1), {}, 50),
    ("qingyise", dict(hand="123m456m789m234m55m", win_tile="5m", src=1), {}, 50),
    ("qingdadui", dict(hand="111m333m555m777m99m", win_tile="9m", src=1), {}, 80),
    ("qingqidui", dict(hand="11m22m33m44m55m66m77m", win_tile="7m", src=1), {}, 90),
    ("qingqidui 80", dict(hand="11m22m33m44m55m66m77m", win_tile="7m", src=1),
     {"qingqidui_A": 80}, 80),
    ("qinglongbei", dict(hand="11m22m3333m55m66m77m", win_tile="7m", src=1), {}, 100),
    # 地龙: a lone pung and five pairs, won on the pung's fourth tile; off -> no hand
    ("dilong", dict(hand="11m22m33m44p55p7p", win_tile="7p", src=1,
                    melds=[("pung", "777p")]), {}, 40),
    ("dilong off", dict(hand="11m22m33m44p55p7p", win_tile="7p", src=1,
                        melds=[("pung", "777p")]), {"di_long": False}, 0),
    ("qingdilong", dict(hand="11p22p33p44p55p7p", win_tile="7p", src=1,
                        melds=[("pung", "777p")]), {}, 100),
    ("dilong not on the fourth tile", dict(hand="11m22m33m44p77p5p", win_tile="7p", src=1,
                                           melds=[("pung", "555p")]), {}, 0),
    # 金钩钓 / 清金钩 (option): otherwise 大对子 / 清大对
    ("jingoudiao off", dict(hand="55p", win_tile="5p", src=1,
                            melds=[("pung", "222m"), ("pung", "444m"), ("pung", "777p"),
                                   ("pung", "999p")]), {}, 30),
    ("jingoudiao on", dict(hand="55p", win_tile="5p", src=1,
                           melds=[("pung", "222m"), ("pung", "444m"), ("pung", "777p"),
                                  ("pung", "999p")]), {"danjiao": True}, 40),
    ("qingjingou on", dict(hand="55p", win_tile="5p", src=1,
                           melds=[("pung", "222p"), ("pung", "444p"), ("pung", "777p"),
                                  ("pung", "999p")]), {"danjiao": True}, 90),
    # 天胡 / 地胡 add the 清一色 value with tiandi_hu
    ("tianhu off", dict(hand="111s234p567p789m55m", win_tile="5m", heavenly=True), {}, 10),
    ("tianhu on", dict(hand="111s234p567p789m55m", win_tile="5m", heavenly=True),
     {"tiandi_hu": True}, 60),
    ("dihu on", dict(hand="111s234p567p789m55m", win_tile="5m", seat=1, earthly=True),
     {"tiandi_hu": True}, 60),
    # three suits are fine in Guiyang; a non-shape is not
    ("three suits", dict(hand="123m456p789s123m55m", win_tile="5m"), {}, 10),
    ("no shape", dict(hand="123m456m789m12p458p", win_tile="8p"), {}, 0),
]


@pytest.mark.parametrize("args, options, expect", [pytest.param(a, o, e, id=n)
                                                   for n, a, o, e in GOLDEN])
def test_golden_win_value(args, options, expect):
    assert value(query(**args), **options) == expect


# ---------------------------------------------------------------- differential --------

CONTEXTS = ("self", "self", "discard", "discard", "discard", "replacement", "after_kong",
            "robbing", "heavenly", "earthly", "ready_winner", "ready_discarder",
            "dilong", "dilong")
OPTIONS = (None, {"scale": "B"}, {"di_long": False}, {"danjiao": True},
           {"tiandi_hu": True}, {"qingqidui_A": 80, "repao_mode": "plus_one"},
           {"tenpai_ignores_own_4_copies": False})
FORBID = (18, 16)     # claimed 1s / 8p need their listed discard (冲锋鸡): kept out of melds


def ready_hand(pool, rng, rules):
    """A ready 13-tile concealed hand (a complete hand less one tile), or None."""
    h = holding(pool, rng, rng.sample(range(3), rng.choice((1, 2, 3))), "regular")
    if h is None:
        return None
    tiles = h[0]
    out = rng.choice(tiles)
    tiles.remove(out)
    pool.give_back([out])
    return tiles if tenpai_value(format_tiles(tiles), rules=rules) is not None else None


def random_case(rng):
    """``(options, WinQuery, final)``: a random Guiyang win in a record-valid context;
    ``final`` the closing hands of the three other seats."""
    pool = Pool(rng)
    options = rng.choice(OPTIONS)
    rules = Rules.from_mapping(options)
    dealer = rng.randrange(4)
    ctx = rng.choice(CONTEXTS)
    seat = dealer if ctx == "heavenly" else rng.choice([s for s in range(4) if s != dealer])
    others = [s for s in range(4) if s != seat]
    suits = rng.sample(range(3), rng.choice((1, 2, 2, 3)))
    form = "dilong" if ctx == "dilong" else \
        rng.choice(("regular",) * 6 + ("pairs", "pairs", "junk"))
    bare = ctx in ("heavenly", "earthly", "ready_winner")
    n_melds = 0 if bare else rng.choice((0, 0, 1, 1, 2, 4))
    h = holding(pool, rng, suits, form, n_melds, forbid=FORBID)
    if h is None:
        return None
    tiles, melds, win_tile = h
    events = [kong_event(seat, kind, t, rng.choice(others)) for kind, t in melds
              if kind in (KONG, CONCEALED_KONG)]
    src = None
    flags = {}
    final = {}
    declared = set()
    if ctx in ("discard", "after_kong", "robbing", "ready_winner", "ready_discarder") or \
            (ctx == "dilong" and rng.random() < 0.6):
        src = rng.choice(others)
    if ctx == "replacement":
        if not events:
            return None
        flags["replacement"] = True
    if ctx == "after_kong":
        t = pool.pick(range(3), 4, FORBID)
        if t is None:
            return None
        events.append({"type": "kong", "seat": src, "kind": "concealed", "tile": name(t)})
        final[str(src)] = {"hand": format_tiles(junk(pool, rng, 10)),
                           "melds": [meld_json(CONCEALED_KONG, t)]}
        flags["after_kong"] = True
    if ctx == "robbing":
        if win_tile in FORBID or not pool.take(win_tile, 3):
            return None
        final[str(src)] = {"hand": format_tiles(junk(pool, rng, 10)),
                           "melds": [meld_json(PUNG, win_tile)]}
        flags["robbing_kong"] = True
    if ctx == "ready_winner":
        declared.add(seat)
    if ctx == "ready_discarder":
        declared.add(src)
    if ctx != "heavenly" and rng.random() < 0.2:
        declared.add(rng.choice([s for s in others if str(s) not in final]))
    flags["heavenly"] = ctx == "heavenly"
    flags["earthly"] = ctx == "earthly"
    for s in sorted(declared):
        if s != seat:
            hand = ready_hand(pool, rng, rules)
            if hand is None:
                return None
            final[str(s)] = {"hand": format_tiles(hand)}
    for s in others:
        if str(s) not in final:
            final[str(s)] = {"hand": format_tiles(junk(pool, rng, 13))}
    events = [ready(s) for s in sorted(declared)] + events
    record = {"rules": "guiyang", "dealer": dealer, "events": events}
    if options:
        record["options"] = options
    win = win_json(seat, tiles, melds, win_tile, src, **flags)
    return options, WinQuery(record, win, counts_of(tiles)), final



def test_win_value_agrees_with_settlement():
    rng = random.Random(20261203)
    seen = {True: 0, False: 0}
    n = 0
    while n < 3000:
        case = random_case(rng)
        if case is None:
            continue
        options, q, final = case
        n += 1
        v = play_spec(options).win_value(q)
        assert v == settled_value(q, final), (options, q.record["events"], q.win, final)
        seen[v > 0] += 1
    assert seen[True] > 800 and seen[False] > 300, seen


def test_flip_after_the_win_settles():
    """The record the engine writes after a win (the win, then the turned-up tile) settles;
    a 9s turned up makes every 幺鸡 a 金鸡 (example 9 of the rules, 责任鸡 included)."""
    events = [{"type": "discard", "seat": 2, "tile": "1s"},
              {"type": "pung", "seat": 0, "tiles": "111s", "from": 2}]
    q = query("234p567p789m55m", "5m", melds=[("pung", "111s")], events=events)
    assert play_spec().win_value(q) == 10
    final = {"1": {"hand": "2468m2468p2468s9m"}, "2": {"hand": "3579m3579p3579s2m"},
             "3": {"hand": "2357m2468p2579s8m"}}
    rec = dict(q.record, events=events + [dict(q.win), {"type": "flip", "tile": "9s"}],
               final=final)
    assert settle(rec).deltas == (230, -70, -90, -70)


# ---------------------------------------------------------------- scenarios -----------
# records shaped like the engine's log: the events, the win, the turned-up tile, the
# closing hands of the others (nobody but the named players holds a chicken or is ready)

JUNK = "2468m2468p2468s9m"      # not ready, no chicken under the flips used below


def test_repao_example_record():
    """Example 3: S makes a 闷豆, discards, W wins a 平胡 with no 豆 of his own (热炮 is
    the licence); the 闷豆 is void and S pays 10 + 60."""
    events = [{"type": "kong", "seat": 1, "kind": "concealed", "tile": "1m"},
              {"type": "discard", "seat": 1, "tile": "9s"}]
    q = query("234m567m234p678p99s", "9s", seat=2, src=1, after_kong=True, events=events)
    assert play_spec().win_value(q) == 10
    final = {"0": {"hand": "2579m2579p2579s8m"}, "3": {"hand": "2579m2579p2579s8m"},
             "1": {"hand": "2579m2579p36s", "melds": [{"type": "concealed_kong",
                                                       "tiles": "1111m"}]}}
    rec = dict(q.record, events=events + [dict(q.win), {"type": "flip", "tile": "7s"}],
               final=final)
    assert settle(rec).deltas == (0, -70, 70, 0)
    without = query("234m567m234p678p99s", "9s", seat=2, src=1, events=events)
    assert play_spec().win_value(without) == 0       # no 热炮, no 豆: no licence


def test_shabao_example_record():
    """Example 8: S declared 报听 at the start and discards into W's 平胡 (allowed without
    a 豆): S pays 10 + 50 (杀报)."""
    events = [{"type": "ready", "seat": 1}, {"type": "discard", "seat": 1, "tile": "4s"}]
    q = query("345s234p567p789p55s", "4s", seat=2, src=1, events=events)
    assert play_spec().win_value(q) == 10
    final = {"0": {"hand": JUNK}, "3": {"hand": JUNK}, "1": {"hand": "123m456m789m23s55p"}}
    rec = dict(q.record, events=events + [dict(q.win), {"type": "flip", "tile": "8s"}],
               final=final)
    assert settle(rec).deltas == (0, -60, 60, 0)


# ---------------------------------------------------------------- engine --------------

ENGINE_OPTIONS = [{}, {"scale": "B"}, {"danjiao": True, "di_long": False},
                  {"wugu_8p": True, "mantang": True}]


def test_engine_hands_settle(monkeypatch):
    """Hands played by the engine with this spec settle; the table's values are
    settlement's; no engine flag alone refuses a win."""
    stats = play_hands(room_play, "guiyang", ENGINE_OPTIONS, 400, monkeypatch)
    assert not [k for k in stats if k.startswith("error")], stats
    assert stats["values differ"] == 0 and stats["values checked"] > 20, stats
    assert stats["refused by a flag alone"] == 0, stats
    assert stats["wins"] > 100 and stats["exhausted"] > 50, stats
