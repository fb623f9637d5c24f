"""One name per concept (issue 14): the concealed tiles are ``hand`` in every analysis
function and in ``guobiao.wait_values``, as in records, JSON lines and the rule sets'
``score``; the last tile of the wall is ``last_tile``. The old keywords (``tiles=``,
``last_of_wall=``) still work for one release, each with a DeprecationWarning naming both
names; giving both is an error. The new and old spellings and the positional call agree on
random hands, four-of-a-kind-rich ones included."""
import inspect
import random
import warnings

import pytest

import mahjong
from mahjong import MahjongError, analysis, guobiao
from mahjong.tiles import format_tiles

# (function, extra keyword arguments) of every renamed function.
RENAMED = [
    (analysis.shanten, {}),
    (analysis.shanten_by_form, {}),
    (analysis.is_complete, {}),
    (analysis.useful_tiles, {}),
    (analysis.waits, {}),
    (analysis.decompositions, {}),
    (analysis.shanten, {"forms": ["regular"]}),
    (analysis.useful_tiles, {"wildcard": "5z"}),
    (analysis.shanten, {"melds": [("pung", "222s")]}),
]
READY = "1112345678999m"
COMPLETE = "11123455678999m"


def _random_hand(rng, size, rich):
    """``size`` tiles (no fifth copy); ``rich`` hands are built from fours and threes."""
    pool = [t for t in range(34) for _ in range(4)]
    if not rich:
        return sorted(rng.sample(pool, size))
    out = []
    while len(out) < size:
        t = rng.randrange(34)
        take = min(rng.choice((3, 4)), 4 - out.count(t), size - len(out))
        out += [t] * take
    return sorted(out)


def _hands(n=60):
    rng = random.Random(14)
    for i in range(n):
        size = 13 if i % 2 else 14
        yield _random_hand(rng, size, rich=i % 3 == 0)


def _plain_call(f, hand, kw):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new spelling never warns
        return f(hand, **kw), f(hand=hand, **kw)


@pytest.mark.parametrize("f,kw", RENAMED, ids=lambda v: getattr(v, "__name__", str(v)))
def test_hand_keyword_and_old_tiles_keyword_agree(f, kw):
    for ids in _hands():
        if kw.get("melds"):
            ids = [t for t in ids if t != 19][:len(ids) - 3]  # 10 or 11 beside the 222s
        if f is analysis.waits and len(ids) + 3 * len(kw.get("melds", ())) != 13:
            continue
        for hand in (ids, format_tiles(ids)):
            positional, keyword = _plain_call(f, hand, kw)
            with pytest.warns(DeprecationWarning,
                              match=rf"{f.__name__}\(\): the argument 'tiles' is now called "
                                    r"'hand'") as record:
                old = f(tiles=hand, **kw)
            assert positional == keyword == old
            # the warning points at the caller, not at mahjong's own code
            assert record[0].filename == __file__


@pytest.mark.parametrize("f", sorted({f for f, _ in RENAMED}, key=lambda f: f.__name__),
                         ids=lambda f: f.__name__)
def test_both_names_is_an_error(f):
    with pytest.raises(MahjongError, match="give 'hand' or its old name 'tiles', not both"):
        f(READY, tiles=READY)


@pytest.mark.parametrize("f", sorted({f for f, _ in RENAMED}, key=lambda f: f.__name__),
                         ids=lambda f: f.__name__)
def test_missing_hand_is_a_mahjong_error_naming_it(f):
    with pytest.raises(MahjongError, match="hand"):
        f()


def test_signatures_say_hand_first():
    for name in ("shanten", "shanten_by_form", "is_complete", "useful_tiles", "waits",
                 "decompositions"):
        params = inspect.signature(getattr(mahjong, name)).parameters
        names = list(params)
        assert names[0] == "hand", name
        # the old name, last of the parameters that may be given by position; only
        # keywords follow it (rules=, void_suit=, indicator=, tiles136=)
        after = names[names.index("tiles") + 1:]
        assert all(params[p].kind is inspect.Parameter.KEYWORD_ONLY for p in after), name
    params = inspect.signature(guobiao.wait_values).parameters
    assert list(params)[0] == "hand"


def test_rule_sets_say_hand_and_last_tile():
    """The rooms' score functions already use the record names; this keeps them so."""
    from mahjong import guiyang, huanggang, sichuan, tongcheng, two_player, yunnan

    for module in (sichuan, yunnan, guiyang, huanggang, two_player, tongcheng):
        params = inspect.signature(module.score).parameters
        assert list(params)[0] == "hand", module.__name__
        assert "win_tile" in params and "last_tile" in params, module.__name__
        assert "tiles" not in params and "last_of_wall" not in params, module.__name__


# --- guobiao.wait_values: hand and last_tile ------------------------------------------------

def _waits_summary(values):
    return [(w.tile, w.total, w.error) for w in values]


def test_wait_values_hand_and_tiles():
    new = _waits_summary(guobiao.wait_values(hand=READY))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _waits_summary(guobiao.wait_values(READY)) == new
    with pytest.warns(DeprecationWarning, match=r"wait_values\(\): the argument 'tiles'"):
        assert _waits_summary(guobiao.wait_values(tiles=READY)) == new
    with pytest.raises(MahjongError, match="not both"):
        guobiao.wait_values(READY, tiles=READY)


def test_wait_values_last_tile_and_last_of_wall():
    """last_tile scores 妙手回春 / 海底捞月 on every wait; last_of_wall is its old name."""
    hand = "123m456p789s1122z"
    plain = guobiao.wait_values(hand, self_drawn=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        last = guobiao.wait_values(hand, self_drawn=True, last_tile=True)
    assert [w.tile for w in last] == [w.tile for w in plain] == [27, 28]
    for a, b in zip(plain, last):
        names = {f.name for f in b.fans} - {f.name for f in a.fans}
        assert "妙手回春" in names
    with pytest.warns(DeprecationWarning, match="'last_of_wall' is now called 'last_tile'"):
        old = guobiao.wait_values(hand, self_drawn=True, last_of_wall=True)
    assert _waits_summary(old) == _waits_summary(last)
    with pytest.raises(MahjongError, match="not both"):
        guobiao.wait_values(hand, last_tile=True, last_of_wall=True)
    # the same as scoring each wait directly
    for w in last:
        assert w.total == guobiao.score(hand, win_tile=w.tile, self_drawn=True,
                                        last_tile=True).total


def test_gb_cli_last_tile_matches_python(capsys):
    from mahjong.cli import main

    assert main(["gb", "123m456p789s1122z", "--win-tile", "1z", "--self-drawn", "--last-tile",
                 "--json"]) == 0
    import json

    row = json.loads(capsys.readouterr().out)
    expected = guobiao.score("123m456p789s1122z", win_tile="1z", self_drawn=True,
                             last_tile=True)
    assert row["total"] == expected.total
    assert "妙手回春" in {f["name"] for f in row["fans"]}


# --- two_player.score: flower_indicators, as records and --flower-indicators say ------------

def test_two_player_flower_indicators_and_old_flower_tiles():
    from mahjong import two_player

    rng = random.Random(5)
    hands = [("123m456m789m111z55z", "5z"), ("11223344556677p", "7p"),
             ("123m456p789s234s55p", "5p")]
    for hand, win in hands:
        for _ in range(6):
            shown = rng.sample(["5z", "1p", "7p", "2p", "1z", "5p", "9s"], rng.randint(0, 4))
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                new = two_player.score(hand, win_tile=win, self_drawn=True,
                                       flower_indicators=shown)
            with pytest.warns(DeprecationWarning,
                              match="'flower_tiles' is now called 'flower_indicators'") as rec:
                old = two_player.score(hand, win_tile=win, self_drawn=True, flower_tiles=shown)
            assert rec[0].filename == __file__  # at the caller, compiled or not
            assert new == old
    with pytest.raises(MahjongError, match="not both"):
        two_player.score("123m456m789m111z55z", win_tile="5z", flower_indicators=["5z"],
                         flower_tiles=["5z"])


def test_two_player_cli_flower_indicators_match_python(capsys):
    from mahjong import two_player
    from mahjong.cli import main
    import json

    assert main(["score", "--rules", "two_player", "123m456m789m111z55z", "--win", "5z",
                 "--self-drawn", "--flower-indicators", "5z", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    expected = two_player.score("123m456m789m111z55z", win_tile="5z", self_drawn=True,
                                flower_indicators=["5z"])
    assert row == expected.to_dict()
