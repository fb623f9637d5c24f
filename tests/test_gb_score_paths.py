"""The compiled argument path of guobiao.score (``_gb.score_standard``) gives exactly what
the Python path gives: the same result for every accepted input, the same exception and
message for every rejected one (it hands anything unusual back to the Python path)."""
import random

import numpy as np
import pytest

import gb_hand_gen as gen
from mahjong.guobiao import score, scoring

def _outcome(monkeypatch, compiled, tiles, melds, kw):
    if not compiled:
        monkeypatch.setattr(scoring, "_score_standard", lambda *args: None)
    try:
        r = score(tiles, melds, **kw)
        fields = {k: v for k, v in vars(r).items() if not k.startswith("_")}
        return "ok", repr(r), str(r.decomposition), fields
    except Exception as exc:  # the comparison is of the exception itself
        return "error", type(exc), str(exc)
    finally:
        monkeypatch.undo()


def _variants(hand, rng):
    for style in ("tenhou", "ids", "reference"):
        tiles, melds, kw = gen.api_args(hand, style)
        yield tiles, melds, kw
        if rng.random() < 0.3:  # one argument spoiled or given in another accepted form
            key = rng.choice(list(kw))
            bad = rng.choice([1, 0, 5, -1, "E", "x", None, 2.0, np.int64(1), np.bool_(True),
                              9, 3, 34])
            yield tiles, melds, dict(kw, **{key: bad})
        if style != "ids" and rng.random() < 0.2:
            yield tiles + rng.choice(["1m", "9z", "x", " 1m", "8z"]), melds, kw
        if style == "ids" and rng.random() < 0.2:
            spoiled = list(tiles)
            spoiled[rng.randrange(len(spoiled))] = rng.choice(
                [True, 34, -1, np.int64(3), "1m", 2 ** 70])
            yield spoiled, melds, kw


def test_compiled_and_python_paths_agree(monkeypatch):
    rng = random.Random(1)
    checked = 0
    for hand in gen.generate(800, seed=7):
        for tiles, melds, kw in _variants(hand, rng):
            assert (_outcome(monkeypatch, True, tiles, melds, kw)
                    == _outcome(monkeypatch, False, tiles, melds, kw)), (tiles, melds, kw)
            checked += 1
    assert checked > 2400


@pytest.mark.parametrize("tiles, melds, kw", [
    ("123m456p789s1122z", (), dict(win_tile="3z")),
    ("1111m456p789s112z", (), dict(win_tile="1m")),
    ("W1 W1 W1 W1 B4 B5 B6 T7 T8 T9 F1 F1 F2", (), dict(win_tile="F2")),
    ([0] * 34, (), dict(win_tile=0)),
    (list(range(14)), (), dict(win_tile=0)),
    ("", (), dict(win_tile=0)),
    ("123m456p789s11z", [("pung", "222p")], dict(win_tile="2z")),
    ("123m456p789s1122z", (), dict(win_tile="2z", robbing_kong=True)),
    ("123m456p789s11z", [("kong", "2222p")], dict(win_tile="1z", replacement=True,
                                                  self_drawn=True)),
    ("123m456p789s1122z", "x", dict(win_tile="2z")),
])
def test_error_cases_agree(monkeypatch, tiles, melds, kw):
    assert (_outcome(monkeypatch, True, tiles, melds, kw)
            == _outcome(monkeypatch, False, tiles, melds, kw))


@pytest.mark.parametrize("tiles", ["234m567m345p678s2s", "W2 W3 W4 W5 W6 W7 B3 B4 B5 T6 T7 T8 T2",
                                   [1, 2, 3, 4, 5, 6, 11, 12, 13, 23, 24, 25, 19]])
def test_common_forms_take_the_compiled_path(tiles):
    # Otherwise the agreement tests above would compare the Python path with itself.
    result = scoring._score_standard(tiles, (), "2s", True, False, False, False, False,
                                     3, 0, 0)
    assert type(result) is scoring.ScoreResult and result.total == 10
