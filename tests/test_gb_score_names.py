"""guobiao.score and wait_values name the concealed tiles ``hand`` and the last-tile-of-the-
wall flag ``last_tile`` (as records, the CLI and the other rooms do); the old keywords
``tiles=`` and ``last_of_wall=`` still work for one release, with a DeprecationWarning."""
import warnings

import pytest

from mahjong.errors import MahjongError
from mahjong.guobiao import score, wait_values

HAND = "234m567m345p678s2s"


def _no_warning(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return call()


def test_new_names_work_without_a_warning():
    plain = _no_warning(lambda: score(HAND, win_tile="2s", self_drawn=True))
    last = _no_warning(lambda: score(hand=HAND, win_tile="2s", self_drawn=True,
                                     last_tile=True))
    assert "妙手回春" in last.fan_counts() and "妙手回春" not in plain.fan_counts()
    assert last.total == plain.total + 8
    waits = _no_warning(lambda: wait_values(hand=HAND, last_tile=True))
    assert "2s" in [w.name for w in waits]


@pytest.mark.parametrize("rules", ["standard", "lianzhong"])
def test_old_names_warn_and_give_the_same_result(rules):
    new = score(HAND, win_tile="2s", self_drawn=True, last_tile=True, rules=rules)
    with pytest.warns(DeprecationWarning, match="'tiles' is now called 'hand'"):
        old_tiles = score(tiles=HAND, win_tile="2s", self_drawn=True, last_tile=True,
                          rules=rules)
    with pytest.warns(DeprecationWarning, match="'last_of_wall' is now called 'last_tile'"):
        old_flag = score(HAND, win_tile="2s", self_drawn=True, last_of_wall=True, rules=rules)
    assert old_tiles == new and old_flag == new
    with pytest.warns(DeprecationWarning):
        old_false = score(HAND, win_tile="2s", self_drawn=True, last_of_wall=False,
                          rules=rules)
    assert old_false == score(HAND, win_tile="2s", self_drawn=True, rules=rules)


def test_old_and_new_name_together_are_an_error():
    with pytest.raises(MahjongError, match="not both"):
        score(HAND, tiles=HAND, win_tile="2s")
    with pytest.raises(MahjongError, match="not both"):
        score(HAND, win_tile="2s", self_drawn=True, last_tile=True, last_of_wall=True)
    with pytest.raises(MahjongError, match="not both"):
        wait_values("234m567m345p678s", tiles="234m567m345p678s")


def test_wait_values_old_names_warn():
    new = wait_values(HAND, self_drawn=True, last_tile=True)
    with pytest.warns(DeprecationWarning):
        old = wait_values(tiles=HAND, self_drawn=True, last_of_wall=True)
    assert [(w.tile, w.total) for w in old] == [(w.tile, w.total) for w in new]


def test_a_bad_last_tile_names_the_field():
    with pytest.raises(MahjongError, match="last_tile"):
        score(HAND, win_tile="2s", last_tile=2)
