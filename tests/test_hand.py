"""The hand model: melds in every input form, validation with named culprits,
immutability and the printed form."""
import dataclasses

import pytest

from mahjong import Hand, InvalidHandError, Meld, parse_meld
from mahjong.hand import parse_melds


@pytest.mark.parametrize("given", [
    Meld("pung", "222p"),
    ("pung", "222p"),
    ("PENG", [10, 10, 10]),
    {"type": "pung", "tiles": "222p"},
    {"type": "碰", "tiles": "B2 B2 B2"},
])
def test_meld_input_forms_agree(given):
    assert parse_meld(given) == Meld("pung", (10, 10, 10))


def test_meld_properties():
    chow = Meld("chow", "657s")
    assert chow.tiles == (22, 23, 24) and chow.tile == 22 and chow.type_code == 1
    ck = Meld("concealed_kong", "7777s")
    assert ck.is_kong and ck.is_concealed and str(ck) == "(7777s)"
    assert Meld("kong", "1111z").to_json() == {"type": "kong", "tiles": "1111z"}


@pytest.mark.parametrize("kind, tiles, message", [
    ("chow", "124m", "not a chow"),
    ("chow", "123z", "not a chow"),
    ("chow", "89m1p", "not a chow"),
    ("pung", "223p", "not a pung"),
    ("kong", "222p", "not a kong"),
    ("triple", "222p", "unknown meld kind 'triple'"),
])
def test_bad_melds_are_named(kind, tiles, message):
    with pytest.raises(InvalidHandError, match=message):
        Meld(kind, tiles)


def test_bad_meld_containers():
    with pytest.raises(InvalidHandError, match="list of melds"):
        parse_melds(("pung", "222p"))
    with pytest.raises(InvalidHandError, match="unknown field"):
        parse_meld({"type": "pung", "tiles": "222p", "colour": "red"})
    with pytest.raises(InvalidHandError, match="at most 4"):
        parse_melds([("pung", "111m")] * 5)


def test_hand_is_immutable_hashable_and_prints_in_tenhou():
    h = Hand.from_tiles("5z123m456p789s", melds=[("concealed_kong", "2222p")], win_tile="5z")
    assert str(h) == "123m456p789s5z (2222p) +5z"
    assert Hand.parse(str(h)) == h
    assert hash(h) == hash(Hand.from_tiles("123m456p789s5z", [("concealed_kong", "2222p")], 31))
    assert h.is_concealed and h.n_melds == 1
    assert h.counts.sum() == 10 and not h.counts.flags.writeable
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.win_tile = 0


@pytest.mark.parametrize("tiles, melds, win, message", [
    ("123m", [], None, "make 3 tiles"),
    ("123m456p789s11z", [("pung", "222p")], "1z", "before the winning tile"),
    ("1111m23456789p1z", [], "1m", "5 copies of 1m"),
    ("111m23456789p1z", [("kong", "1111m")], None, "hand has 13 or 14"),
    ("11m2345678p1z", [("kong", "1111m")], "1m", "7 copies of 1m"),
])
def test_impossible_hands_are_named(tiles, melds, win, message):
    with pytest.raises(InvalidHandError, match=message):
        Hand.from_tiles(tiles, melds, win)


# --- Hand.parse reads melds as split_melds does (the one meld syntax) ---------------------

@pytest.mark.parametrize("text,same_as", [
    ("123m456m789m5p [ 222p ]", "123m456m789m5p [222p]"),
    ("123m456m789m5p[222p]", "123m456m789m5p [222p]"),
    ("[222p] 123m456m789m5p", "123m456m789m5p [222p]"),
    ("123m456m789m 9s {345m} +9s", "123m456m789m9s [345m] +9s"),
    ("123m456m5p [222p] ( 7777s ) <7z> + 5p", "123m456m5p [222p] (7777s) <7z> +5p"),
    ("+5p 123m456m789m5p [222p]", "123m456m789m5p [222p] +5p"),
])
def test_hand_parse_takes_the_one_meld_syntax(text, same_as):
    from mahjong import Hand

    h = Hand.parse(text)
    assert h == Hand.parse(same_as)
    assert Hand.parse(str(h)) == h


def test_hand_parse_keeps_meld_kinds():
    from mahjong import Hand

    h = Hand.parse("123m5p [ 222p ] {345s} (7777s) +5p")
    assert [m.kind for m in h.melds] == ["pung", "chow", "concealed_kong"]


@pytest.mark.parametrize("text", ["123m456m789m5p [222p] +5p +6p", "123m456m789m5p [222p] +",
                                  "123m456m789m5p [222p", "123m456m789m5p 222p]"])
def test_hand_parse_refuses_broken_text(text):
    from mahjong import Hand, InvalidHandError

    with pytest.raises(InvalidHandError):
        Hand.parse(text)
