"""Hostile tile ids reach every public entry point as the package's own ValueError
subclass, never as an OverflowError or a crash (the compiled fast paths included)."""
import pytest

import mahjong
from mahjong import TileParseError, guobiao, sichuan

HUGE = 2 ** 70


@pytest.mark.parametrize("bad", [HUGE, -HUGE, -1, 34])
@pytest.mark.parametrize("call", [
    lambda t: mahjong.shanten([t] + [0] * 12),
    lambda t: mahjong.useful_tiles([t] + [0] * 12),
    lambda t: guobiao.score([t] + [0] * 12, win_tile=0),
    lambda t: sichuan.score([t] + [1] * 13, win_tile=1),
], ids=["shanten", "useful_tiles", "guobiao.score", "sichuan.score"])
def test_out_of_range_tile_id_is_named(call, bad):
    with pytest.raises(TileParseError, match=f"tile id {bad} is out of range"):
        call(bad)
