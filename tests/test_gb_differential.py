"""Differential test of the Guobiao kernel against the reference calculator.

``MahjongGB.MahjongFanCalculator`` (pymahjonggb, a test extra) is the oracle: on tens of
thousands of generated winning hands (tests/gb_hand_gen.py: sets + pair and special forms,
biased to rare fans, with melds, kongs and every context flag) and on perturbed hands that
are mostly not winning, the total AND the exact fan list must agree. The generated set must
reach every one of the 82 fans and every flag, so a fan the generator never produces cannot
hide a disagreement.
"""
import random
from collections import Counter

import numpy as np
import pytest

from mahjong.guobiao.batch import NOT_WINNING, score_batch
from mahjong.guobiao.fans import FANS, N_FANS, FanId

import gb_hand_gen as gen

import MahjongGB  # noqa: F401  the reference calculator (test extra) must be there

N_WINNING = 40000
N_PERTURBED = 12000


def _describe(hand):
    kw = gen.reference_kwargs(hand)
    return f"{' '.join(kw['hand'])} + {kw['winTile']} packs={kw['pack']} flags={hand[3]} " \
           f"seat={hand[4]} round={hand[5]} flowers={hand[6]}"


def _compare(hands, totals, fans):
    """Mismatches as readable strings (empty when all agree)."""
    problems = []
    for i, hand in enumerate(hands):
        ref_total, ref = gen.reference_result(hand)
        if ref_total is None:
            if not (totals[i] == NOT_WINNING and "NOT_WIN" in ref):
                problems.append(f"ours {totals[i]} reference {ref}: {_describe(hand)}")
        elif totals[i] != ref_total or not np.array_equal(fans[i], ref):
            diff = {FANS[f].name: (int(fans[i][f]), int(ref[f]))
                    for f in np.nonzero(fans[i] != ref)[0]}
            problems.append(f"ours {totals[i]} reference {ref_total} {diff}: {_describe(hand)}")
        if len(problems) >= 20:
            break
    return problems


@pytest.fixture(scope="module")
def winning():
    hands = gen.generate(N_WINNING, seed=20240501)
    totals, fans = score_batch(*gen.to_arrays(hands), threads=2)
    return hands, totals, fans


def test_generated_hands_are_valid_wins(winning):
    _, totals, _ = winning
    assert (totals > 0).all(), Counter(totals[totals <= 0].tolist())


def test_winning_hands_agree_with_reference(winning):
    hands, totals, fans = winning
    problems = _compare(hands, totals, fans)
    assert not problems, "\n".join(problems)


def test_every_fan_and_flag_is_exercised(winning):
    hands, _, fans = winning
    seen = (fans > 0).sum(axis=0)
    missing = [FANS[f].name for f in range(N_FANS) if seen[f] == 0]
    assert not missing, f"fans never produced by the generator: {missing}"
    # rare fans at least a few times, so a wrong exclusion cannot pass by luck
    assert seen.min() >= 5, {FANS[f].name: int(seen[f]) for f in np.argsort(seen)[:5]}
    flags = np.array([h[3] for h in hands])
    for bit in (1, 2, 4, 8, 16):
        assert ((flags & bit) != 0).sum() >= 100, bit
    assert len({(h[4], h[5]) for h in hands}) == 16
    assert fans[:, FanId.FLOWER_TILES].max() == 8


def test_perturbed_hands_agree_with_reference():
    rng = random.Random(77)
    hands = [gen.perturbed_hand(rng) for _ in range(N_PERTURBED)]
    totals, fans = score_batch(*gen.to_arrays(hands))
    assert (totals == NOT_WINNING).sum() > N_PERTURBED // 2
    assert (totals > 0).sum() > 100
    problems = _compare(hands, totals, fans)
    assert not problems, "\n".join(problems)
