"""One result shape per kind (issue 14): :class:`mahjong.analysis.Decomposition` has a
readable ``str``, ``format(style)``, ``to_dict(style)`` and ``to_json()`` (a string), as
the Guobiao reading has. The printed reading is checked against the hand it splits: its
tiles, in every notation, are the hand's tiles."""
import json
import random
from collections import Counter

import pytest

from mahjong import decompositions
from mahjong.tiles import STYLES, TENHOU_NAMES, TERMINALS_AND_HONORS, parse_tiles


def _complete_hand(rng, four_rich: bool):
    """14 tiles of four sets and a pair, no fifth copy; ``four_rich`` favours pungs."""
    while True:
        counts = Counter()
        for _ in range(4):
            if four_rich or rng.random() < 0.4:
                t = rng.randrange(34)
                counts.update([t] * 3)
            else:
                suit, n = rng.randrange(3), rng.randrange(7)
                counts.update(suit * 9 + n + d for d in range(3))
        p = rng.randrange(34)
        counts.update([p, p])
        if max(counts.values()) <= 4:
            return sorted(counts.elements())


def _tiles_of(text: str):
    """The tile ids a printed reading shows (its form name and words dropped)."""
    body = text.split(": ", 1)[1].split(" (wildcards as")[0]
    return sorted(parse_tiles(body.replace("knitted ", "").replace(" + honours", "")))


HANDS = ([_complete_hand(random.Random(i), i % 3 == 0) for i in range(80)]
         + [parse_tiles("11223344556677m"), parse_tiles("19m19p19s12345677z"),
            parse_tiles("147m258p369s11123z"), parse_tiles("11112222333344m")])


@pytest.mark.parametrize("style", STYLES)
def test_printed_readings_show_the_hands_tiles(style):
    seen = Counter()
    for hand in HANDS:
        for d in decompositions(hand):
            seen[d.form] += 1
            text = d.format(style)
            assert text.startswith(f"{d.form}: ")
            if d.form == "honors_knitted":
                assert _tiles_of(text) == sorted(d.knitted)
            else:
                assert _tiles_of(text) == hand, (hand, text)
            if style == "tenhou":
                assert str(d) == text
    assert seen["regular"] > 50 and seen["seven_pairs"] and seen["thirteen_orphans"]


def test_to_dict_and_to_json():
    for hand in HANDS[:30]:
        for d in decompositions(hand):
            row = d.to_dict()
            assert d.to_json() == json.dumps(row, ensure_ascii=False)
            assert isinstance(d.to_json(), str)
            assert row["form"] == d.form and row["natural"] is d.natural
            assert [parse_tiles(s["tiles"]) for s in row["sets"]] == [
                [t, t, t] if kind == "pung" else [t, t + 1, t + 2] for kind, t in d.sets]
            assert row["pair"] == (None if d.pair is None else TENHOU_NAMES[d.pair])
            for style in STYLES:
                styled = d.to_dict(style)
                assert [parse_tiles(s["tiles"]) for s in styled["sets"]] == [
                    parse_tiles(s["tiles"]) for s in row["sets"]]


def test_wildcard_readings_say_what_the_wildcards_stand_for():
    (d,) = decompositions("123m456p789s1z5z", melds=[("pung", "222s")], wildcard="5z")
    assert str(d) == "regular: 123m 456p 789s 11z (wildcards as 1z)"
    assert d.to_dict("chinese")["wildcards"] == ["东"]


def test_thirteen_orphans_shows_the_thirteen_kinds_and_the_pair():
    (d,) = decompositions("19m19p19s12345677z")
    assert str(d) == "thirteen_orphans: 19m19p19s1234567z 7z"
    assert len(TERMINALS_AND_HONORS) == 13
