"""One vocabulary for a winning hand in every room's ``score``: 14 tiles with the winning
tile among them, or the 13 tiles before the win plus ``win_tile`` (the same hand)."""
import pytest

from mahjong import (InvalidHandError, guiyang, huanggang, sichuan, tongcheng, two_player,
                     yunnan)
from mahjong.tiles import parse_tile, to_tile_ids

# (room score, 14 tiles with the win, melds, win tile, other keywords)
CASES = {
    "sichuan": (sichuan.score, "111p123p456p789p99p", (), "9p", {}),
    "sichuan melds": (sichuan.score, "123p456p99p", [("pung", "111s"), ("kong", "2222s")],
                      "9p", {"self_drawn": True}),
    "yunnan": (yunnan.score, "111p123p456p789p99p", (), "9p", {}),
    "guiyang": (guiyang.score, "111s222p333m444s55m", (), "5m", {}),
    "guiyang pinghu": (guiyang.score, "111s234p567p789m55m", (), "5m", {"self_drawn": True}),
    "tongcheng": (tongcheng.score, "123s456s789s111s55s", (), "5s", {}),
    "two_player": (two_player.score, "123m456m789m111z55z", (), "5z", {"self_drawn": True}),
    "huanggang": (huanggang.score, "234s567s55m", [("chow", "345m"), ("pung", "888p")], "7s",
                  {"indicator": "3p", "self_drawn": True}),
}


def _without_one(tiles, win):
    ids = to_tile_ids(tiles)
    ids.remove(parse_tile(win))
    return ids


def _same(a, b):
    assert type(a) is type(b)
    assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_13_tiles_plus_win_tile_is_the_same_hand(case):
    score, tiles, melds, win, kw = case
    full = score(tiles, melds, win_tile=win, **kw)
    ids13 = _without_one(tiles, win)
    _same(score(ids13, melds, win_tile=win, **kw), full)
    text13 = "".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in ids13)
    _same(score(text13, melds, win_tile=win, **kw), full)
    _same(score(ids13, melds, win_tile=parse_tile(win), **kw), full)


# 13 tiles holding four copies of the winning tile: the win would be a fifth copy
FIFTH = {
    "sichuan": (sichuan.score, "1111p123p456p789p", "1p", {}),
    "yunnan": (yunnan.score, "1111p123p456p789p", "1p", {}),
    "guiyang": (guiyang.score, "1111p123p456p789p", "1p", {}),
    "tongcheng": (tongcheng.score, "1111p123p456p789p", "1p", {}),
    "two_player": (two_player.score, "1111p123p456p789p", "1p", {}),
    "huanggang": (huanggang.score, "1111p123p456p789p", "1p", {"indicator": "3s"}),
}


@pytest.mark.parametrize("case", list(FIFTH.values()), ids=list(FIFTH))
def test_a_fifth_copy_through_the_win_tile_is_refused(case):
    score, tiles, win, kw = case
    assert len(to_tile_ids(tiles)) == 13
    with pytest.raises(InvalidHandError, match="1p"):
        score(tiles, win_tile=win, **kw)


@pytest.mark.parametrize("room", [sichuan, yunnan, guiyang], ids=["sichuan", "yunnan",
                                                                  "guiyang"])
def test_an_honour_win_tile_is_refused_by_the_suit_rooms(room):
    with pytest.raises(InvalidHandError, match="honour"):
        room.score("123p456p789p11s23s", win_tile="1z")


@pytest.mark.parametrize("room", [sichuan, yunnan], ids=["sichuan", "yunnan"])
def test_12_or_15_tiles_are_still_refused(room):
    with pytest.raises(InvalidHandError, match="14"):
        room.score("123p456p789p11s2s", win_tile="3s")
    with pytest.raises(InvalidHandError, match="14"):
        room.score("123p456p789p11s2345s", win_tile="3s")


# Guobiao's score takes the standing 13 (- 3 per meld) tiles; records give a win's hand with
# the winning tile among them: both forms give the same result, on random winning hands.
WALL = [t for t in range(34) for _ in range(4)]


@pytest.mark.parametrize("seed", range(40))
def test_guobiao_score_takes_14_tiles_with_the_winning_tile(seed):
    import random

    import mahjong
    from mahjong import guobiao
    from mahjong.errors import InvalidHandError

    rng = random.Random(seed)
    while True:  # a random ready 13-tile hand and one of its waits
        tiles = sorted(rng.sample(WALL, 13))
        # one random hand in about 20,000 is ready: the fast shanten (every Guobiao form)
        # skips the others before the slower wait_values (the same hands, 10x sooner)
        if mahjong.shanten(tiles, forms=mahjong.FORMS) != 0:
            continue
        waits = [w.tile for w in guobiao.wait_values(tiles) if w.meets_minimum]
        if waits:
            break
    win = rng.choice(waits)
    for self_drawn in (False, True):
        thirteen = guobiao.score(tiles, win_tile=win, self_drawn=self_drawn)
        fourteen = guobiao.score(sorted(tiles + [win]), win_tile=win, self_drawn=self_drawn)
        assert fourteen == thirteen
        lz = guobiao.score(tiles + [win], win_tile=win, self_drawn=self_drawn,
                           rules="lianzhong")
        assert lz == guobiao.score(tiles, win_tile=win, self_drawn=self_drawn,
                                   rules="lianzhong")
    # 14 tiles without the winning tile are refused, naming win_tile
    others = [t for t in tiles if t != win]
    spare = next(t for t in range(34) if t not in tiles and t != win)
    fourteen = others + [spare] * (14 - len(others))
    if max(fourteen.count(t) for t in fourteen) <= 4:
        with pytest.raises(InvalidHandError, match="win_tile"):
            guobiao.score(sorted(fourteen), win_tile=win)
