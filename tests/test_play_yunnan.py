"""mahjong.yunnan.play: the PlaySpec knobs, golden win values checked by hand against the
rules, the random 查叫 draw of the exhausted event, and seeded differential tests against
settlement (a win is offered iff the settled record accepts it, at the same value; every
drawn 查叫 is accepted by settlement)."""
import random

import numpy as np
import pytest

from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.playspec import PlaySpec, WinQuery
from mahjong.tiles import format_tiles
from mahjong.yunnan import Rules, settle
import mahjong.yunnan.play as room_play
from mahjong.yunnan.play import chajiao_draw, play_spec, ready_seats

from play_engine import play_hands
from play_hands import (CHOW, CONCEALED_KONG, counts_of, holding, junk, KONG, kong_event,
                        name, Pool, PUNG, query as room_query, settled_value, win_json)


def query(hand, win_tile, **kwargs):
    return room_query("yunnan", hand, win_tile, **kwargs)


def value(q, **options):
    return play_spec(options or None).win_value(q)


# ---------------------------------------------------------------- knobs ---------------

def test_default_spec():
    s = play_spec()
    assert isinstance(s, PlaySpec)
    assert s.rules == "yunnan" and s.options == {}
    assert (s.seats, s.honours, s.chow, s.multi_ron, s.robbing_kong) == (4, False, False,
                                                                          True, True)
    assert s.pass_lock and s.void_suit_to_win and not s.bloody
    assert not s.dingque and not s.exchange_three and s.must_win_last == 0
    assert s.exhausted_data is not None


@pytest.mark.parametrize("option, value, knob, expect", [
    ("allow_chow", True, "chow", True),
    ("multi_ron", False, "multi_ron", False),
    ("pass_lock", False, "pass_lock", False),
])
def test_option_changes_knob(option, value, knob, expect):
    s = play_spec({option: value})
    assert getattr(s, knob) == expect
    assert getattr(play_spec(), knob) != expect
    assert s.options == {option: value}


def test_rules_object_and_bad_option():
    assert play_spec(Rules(stake=2)).options == {"stake": 2}
    with pytest.raises(MahjongError, match="chajiao_mode"):
        play_spec({"chajiao_mode": "nope"})


# ---------------------------------------------------------------- golden values -------
# value = 番 × stake (RULES text: Yunnan fan tables; worked examples 1-5 and 7)

GOLDEN = [
    ("ex1 jibenhe discard", dict(hand="123m456m789m234p55p", win_tile="5p", src=2), {}, 1),
    ("ex1 stake 3", dict(hand="123m456m789m234p55p", win_tile="5p", src=2), {"stake": 3}, 3),
    # 查花 is per payer, not part of the win's value
    ("ex2 qingyise self-draw", dict(hand="111s234s456s789s99s", win_tile="9s"), {}, 3),
    # 清对 4 + 直杠 1 + 杠上花 2 = 7
    ("ex3 qingdui kong gangshanghua", dict(hand="333p777p99p", win_tile="9p",
                                           melds=[("pung", "222p"), ("kong", "5555p")],
                                           replacement=True), {}, 7),
    # 七对 3 + 带根 1 = 4
    ("ex4 qidui dai gen", dict(hand="11m22m33m44m5555p66p", win_tile="6p", src=1), {}, 4),
    # 基本和 1 + 抢杠 1 = 2
    ("ex5 robbing kong", dict(hand="123m456m789m789s55m", win_tile="8s", src=0, seat=3,
                              robbing_kong=True), {}, 2),
    # 天和 6, not stacked with the shape; stack_heavenly: 6 + 1
    ("ex7 tianhe", dict(hand="123m345m678m22p456p", win_tile="6p", heavenly=True), {}, 6),
    ("tianhe stacked", dict(hand="123m345m678m22p456p", win_tile="6p", heavenly=True),
     {"stack_heavenly": True}, 7),
    ("tianhe qingyise stacked", dict(hand="111s234s456s789s99s", win_tile="9s",
                                     heavenly=True), {"stack_heavenly": True}, 9),
    # 地和: a self-draw on the first draw (6); on a discard it is refused
    ("dihe self-draw", dict(hand="123m456m789m234p55p", win_tile="5p", seat=1, earthly=True),
     {}, 6),
    ("dihe on a discard", dict(hand="123m456m789m234p55p", win_tile="5p", seat=1, src=0,
                               earthly=True), {}, 0),
    # 人和: a discard win in the first go-around (6)
    ("renhe", dict(hand="123m456m789m234p55p", win_tile="5p", seat=1, src=0,
                   first_round=True), {}, 6),
    # 杠上炮 +1
    ("gangshangpao", dict(hand="123m456m789m234p55p", win_tile="5p", src=2, after_kong=True),
     {}, 2),
    # 对对和 2 + 暗杠 1 + 碰 0
    ("duiduihe concealed kong", dict(hand="222m999m55p", win_tile="5p", src=2,
                                     melds=[("concealed_kong", "7777p"), ("pung", "111m")]),
     {}, 3),
    # 缺一门 refused; no shape refused
    ("three suits", dict(hand="123m456p789s123m55m", win_tile="5m"), {}, 0),
    ("no shape", dict(hand="123m456m789m12p458p", win_tile="8p"), {}, 0),
    # chow meld: refused unless allow_chow
    ("chow refused", dict(hand="456m789m345p55p", win_tile="5p", src=1,
                          melds=[("chow", "123m")]), {}, 0),
    ("chow allowed", dict(hand="456m789m345p55p", win_tile="5p", src=1,
                          melds=[("chow", "123m")]), {"allow_chow": True}, 1),
]


@pytest.mark.parametrize("args, options, expect", [pytest.param(a, o, e, id=n)
                                                   for n, a, o, e in GOLDEN])
def test_golden_win_value(args, options, expect):
    assert value(query(**args), **options) == expect


# ---------------------------------------------------------------- 查叫 draw ------------

READY = "123m456m789m234p5p"       # waits on 5p: ready
NOT_READY = "1357m2468p1357s9s"


def exhausted_record(hands, options=None):
    rec = {"rules": "yunnan", "dealer": 0, "events": [],
           "final": {str(s): {"hand": h} for s, h in enumerate(hands)}}
    if options:
        rec["options"] = options
    return rec


@pytest.mark.parametrize("mode, n_pairs", [("single_random_transfer", 1),
                                           ("random_pairing", 2)])
def test_two_ready_two_not_draw_settles(mode, n_pairs):
    rec = exhausted_record([READY, NOT_READY, READY, NOT_READY], {"chajiao_two_two": mode})
    spec = play_spec(rec["options"])
    seen = set()
    for seed in range(40):
        data = spec.exhausted_data(rec, np.random.default_rng(seed))
        pairs = data["chajiao_pairs"]
        assert len(pairs) == n_pairs
        assert all(a in (1, 3) and b in (0, 2) for a, b in pairs)
        seen.add(tuple(map(tuple, pairs)))
        s = settle(dict(rec, events=[{"type": "exhausted", "yunnan": data}]))
        assert sum(s.deltas) == 0 and s.next_dealer == 0
        assert [p.amount for p in s.payments] == [1] * n_pairs
    # every outcome of the draw occurs: 4 single transfers, or 2 pairings
    assert len(seen) == (4 if n_pairs == 1 else 2)


def test_draw_is_seeded():
    rec = exhausted_record([READY, NOT_READY, READY, NOT_READY])
    spec = play_spec()
    a = [spec.exhausted_data(rec, np.random.default_rng(7)) for _ in range(3)]
    assert a[0] == a[1] == a[2]


@pytest.mark.parametrize("hands", [
    [READY, NOT_READY, NOT_READY, NOT_READY],
    [READY, READY, READY, NOT_READY],
    [NOT_READY] * 4,
])
def test_no_draw_unless_two_ready(hands):
    rec = exhausted_record(hands)
    assert play_spec().exhausted_data(rec, np.random.default_rng(0)) is None
    settle(dict(rec, events=[{"type": "exhausted"}]))   # accepted without a draw


def test_no_draw_after_a_win():
    rec = exhausted_record([READY, NOT_READY, READY, NOT_READY])
    rec["events"] = [{"type": "win", "seat": 0, "hand": "123m456m789m234p55p",
                      "win_tile": "5p", "from": 1}]
    assert play_spec().exhausted_data(rec, np.random.default_rng(0)) is None


def test_draw_needs_every_closing_hand():
    rec = exhausted_record([READY, NOT_READY, READY])
    with pytest.raises(InvalidRecordError, match="seat 3"):
        play_spec().exhausted_data(rec, np.random.default_rng(0))


def test_ready_uses_kongting_option():
    # a pung of 4p and a lone 4p: the only wait is a tile whose four copies the seat holds
    # (空听): not ready by default, ready with tenpai_ignores_own_4_copies=False
    no_4p = "1357m2568p1357s9s"
    rec = exhausted_record(["123s456s789s23m55m", no_4p, "666m888m999m4p", no_4p])
    rec["final"]["2"]["melds"] = [{"type": "pung", "tiles": "444p"}]
    assert ready_seats(rec, Rules()) == [0]
    off = {"tenpai_ignores_own_4_copies": False}
    assert ready_seats(rec, Rules(**off)) == [0, 2]
    assert play_spec().exhausted_data(rec, np.random.default_rng(0)) is None
    rec["options"] = off
    data = play_spec(off).exhausted_data(rec, np.random.default_rng(0))
    settle(dict(rec, events=[{"type": "exhausted", "yunnan": data}]))


def test_chajiao_draw_plain():
    rng = np.random.default_rng(3)
    assert chajiao_draw([0, 1, 2], Rules(), rng) is None
    (a, b), = chajiao_draw([1, 2], Rules(), rng)
    assert a in (0, 3) and b in (1, 2)


def random_finals(rng, pool, n_ready):
    hands = []
    for s in range(4):
        hand = None
        if s < n_ready:
            h = holding(pool, rng, rng.sample(range(3), 2), "regular")
            if h is not None:
                tiles = h[0]
                out = rng.choice(tiles)
                tiles.remove(out)
                pool.give_back([out])
                hand = tiles
        if hand is None:
            hand = junk(pool, rng, 13)
        hands.append(format_tiles(hand))
    rng.shuffle(hands)
    return hands


def test_random_exhausted_draws_settle():
    """Random closing hands: whatever the draw, settlement accepts the exhausted event
    (so the hook's ready test and the draw's shape are settlement's)."""
    rng = random.Random(99)
    draws = 0
    for k in range(400):
        pool = Pool(rng)
        options = rng.choice((None, {"chajiao_two_two": "random_pairing"},
                              {"chajiao_mode": "hand_value"}))
        rec = exhausted_record(random_finals(rng, pool, rng.randrange(5)), options)
        data = play_spec(options).exhausted_data(rec, np.random.default_rng(k))
        draws += data is not None
        event = {"type": "exhausted"} if data is None else {"type": "exhausted", "yunnan": data}
        s = settle(dict(rec, events=[event]))
        assert sum(s.deltas) == 0
    assert draws > 40


# ---------------------------------------------------------------- differential --------

CONTEXTS = ("self", "self", "discard", "discard", "replacement", "after_kong", "robbing",
            "last_self", "heavenly", "earthly_self", "earthly_discard", "first_round")
OPTIONS = (None, {"stake": 2}, {"stack_heavenly": True}, {"allow_chow": True},
           {"allow_chow": True, "stack_heavenly": True}, {"multi_ron": False})


def random_case(rng):
    """``(options, WinQuery, final)``: a random win in a record-valid context; ``final``
    the closing hands settlement needs (every payer's, for 查花 on a self-draw)."""
    pool = Pool(rng)
    options = rng.choice(OPTIONS)
    dealer = rng.randrange(4)
    ctx = rng.choice(CONTEXTS)
    seat = dealer if ctx == "heavenly" else rng.choice([s for s in range(4) if s != dealer])
    suits = rng.sample(range(3), rng.choice((1, 2, 2, 2, 3)))
    form = rng.choice(("regular",) * 6 + ("pairs", "pairs", "junk"))
    plain = ctx in ("heavenly", "earthly_self", "earthly_discard", "first_round")
    n_melds = 0 if plain else rng.choice((0, 0, 1, 2, 3, 4))
    kinds = (PUNG, KONG, CONCEALED_KONG, CHOW) if rng.random() < 0.3 else \
        (PUNG, KONG, CONCEALED_KONG)
    h = holding(pool, rng, suits, form, n_melds, kinds)
    if h is None:
        return None
    tiles, melds, win_tile = h
    others = [s for s in range(4) if s != seat]
    events = [kong_event(seat, kind, t, rng.choice(others)) for kind, t in melds
              if kind in (KONG, CONCEALED_KONG)]
    src = None
    flags = {}
    if ctx in ("discard", "after_kong", "robbing", "earthly_discard", "first_round"):
        src = rng.choice(others)
    if ctx == "replacement":
        if not events:
            return None
        flags["replacement"] = True
    if ctx == "after_kong":
        t = pool.pick(range(3), 4)
        if t is None:
            return None
        events.append({"type": "kong", "seat": src, "kind": "concealed", "tile": name(t)})
        flags["after_kong"] = True
    flags["robbing_kong"] = ctx == "robbing"
    flags["last_tile"] = ctx == "last_self"
    flags["heavenly"] = ctx == "heavenly"
    flags["earthly"] = ctx.startswith("earthly")
    flags["first_round"] = ctx == "first_round"
    final = {}
    if src is None:
        for s in others:
            final[str(s)] = {"hand": format_tiles(junk(pool, rng, 13))}
    record = {"rules": "yunnan", "dealer": dealer, "events": events}
    if options:
        record["options"] = options
    win = win_json(seat, tiles, melds, win_tile, src, **flags)
    return options, WinQuery(record, win, counts_of(tiles)), final



def test_win_value_agrees_with_settlement():
    rng = random.Random(20261202)
    seen = {True: 0, False: 0}
    n = 0
    while n < 3000:
        case = random_case(rng)
        if case is None:
            continue
        options, q, final = case
        n += 1
        v = play_spec(options).win_value(q)
        assert v == settled_value(q, final), (options, q.win)
        seen[v > 0] += 1
    assert seen[True] > 800 and seen[False] > 300, seen


# ---------------------------------------------------------------- engine --------------

ENGINE_OPTIONS = [{}, {"allow_chow": True}, {"multi_ron": False},
                  {"chajiao_two_two": "random_pairing"}]


def test_engine_hands_settle(monkeypatch):
    """Hands played by the engine with this spec settle; the table's values are
    settlement's; no engine flag alone refuses a win."""
    stats = play_hands(room_play, "yunnan", ENGINE_OPTIONS, 400, monkeypatch)
    assert not [k for k in stats if k.startswith("error")], stats
    assert stats["values differ"] == 0 and stats["values checked"] > 20, stats
    assert stats["refused by a flag alone"] == 0, stats
    assert stats["wins"] > 100 and stats["exhausted"] > 50, stats
