"""Discard tables: the batch ``mahjong.batch.discard_table`` and the per-call
``mahjong.discard_analysis``, beside xiangting's ``calculate_unnecessary_tiles`` and jansou's
``ShantenKernel.probe_shantens`` when those are installed.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_discard.py --benchmark-enable``
(add ``--benchmark-json=out.json`` to keep the figures). Every benchmark records
``extra_info["hands"]`` and ``extra_info["ns_per_hand"]``; all run on the same random
14-tile hands in one process. ``benchmarks/compare_libraries.py`` prints the same
comparison as one ratio table (the rows of ``benchmarks/compare_cases_discard.py``).

Targets (issue 15): the batch at least 4x faster per hand than xiangting and jansou, the
per-call ``discard_analysis`` at least 2x. The others return less: xiangting the discards
that keep the shanten, jansou the shanten after each discard; ours also the useful tiles
after each discard and their unseen copies (per call, as a sorted list of options,
whose useful tiles are kept as a mask until read).
"""
import sys
from pathlib import Path

import pytest

import mahjong
from mahjong import batch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hands import random_hands, tenhou_strings  # noqa: E402

N_BATCH = 100_000
N_CALLS = 2_000
RIICHI = ("regular", "seven_pairs", "thirteen_orphans")


@pytest.fixture(scope="module")
def hands():
    return random_hands(N_BATCH, n_tiles=14, seed=15)


@pytest.fixture(scope="module")
def lists(hands):
    return [row.tolist() for row in hands[:N_CALLS]]


def run(benchmark, fn, n_hands, rounds=5):
    benchmark.extra_info["hands"] = n_hands
    result = benchmark.pedantic(fn, rounds=rounds, warmup_rounds=1)
    if benchmark.stats is not None:
        benchmark.extra_info["ns_per_hand"] = round(
            benchmark.stats.stats.median / n_hands * 1e9, 1)
    return result


# --- the batch ------------------------------------------------------------------------------

@pytest.mark.benchmark(group="discard-batch")
@pytest.mark.parametrize("forms", [RIICHI, None], ids=["riichi-forms", "all-five"])
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_discard_table(benchmark, hands, forms, threads):
    shanten, unseen = run(benchmark, lambda: batch.discard_table(hands, forms=forms,
                                                                  threads=threads),
                          len(hands))
    assert shanten.shape == unseen.shape == (len(hands), 34)


@pytest.mark.benchmark(group="discard-batch")
def test_batch_discard_table_visible(benchmark, hands):
    visible = (hands[::-1] < 4).astype("uint8")    # one more copy of each kind seen
    visible[(hands + visible).max(axis=1) > 4] = 0
    run(benchmark, lambda: batch.discard_table(hands, forms=RIICHI, visible=visible),
        len(hands))


# --- one call per hand ----------------------------------------------------------------------

@pytest.mark.benchmark(group="discard-per-call")
@pytest.mark.parametrize("forms", [RIICHI, None], ids=["riichi-forms", "all-five"])
def test_discard_analysis_counts_lists(benchmark, lists, forms):
    fn = mahjong.discard_analysis

    def calls():
        for hand in lists:
            fn(hand, forms=forms)
    run(benchmark, calls, len(lists))


@pytest.mark.benchmark(group="discard-per-call")
def test_discard_analysis_reading_every_useful(benchmark, lists):
    # the options keep their useful tiles as a mask; this is the cost of reading them all
    fn = mahjong.discard_analysis

    def calls():
        for hand in lists:
            for option in fn(hand, forms=RIICHI):
                option.useful
    run(benchmark, calls, len(lists))


@pytest.mark.benchmark(group="discard-per-call")
def test_discard_analysis_strings(benchmark, hands):
    strings = tenhou_strings(hands[:N_CALLS])
    fn = mahjong.discard_analysis

    def calls():
        for text in strings:
            fn(text)
    run(benchmark, calls, len(strings))


@pytest.mark.benchmark(group="discard-per-call")
def test_xiangting_unnecessary_tiles(benchmark, lists):
    xiangting = pytest.importorskip("xiangting")
    fn, four = xiangting.calculate_unnecessary_tiles, xiangting.PlayerCount.FOUR

    def calls():
        for hand in lists:
            fn(hand, four)
    run(benchmark, calls, len(lists))


@pytest.mark.benchmark(group="discard-per-call")
def test_jansou_probe_shantens(benchmark, lists):
    native = pytest.importorskip("jansou.analysis._native")
    try:
        kernel, _ = native.build()
    except Exception as exc:          # its native part did not build here
        pytest.skip(f"jansou's native kernel: {exc}")
    probe = kernel.probe_shantens

    def calls():
        for hand in lists:
            probe(hand, 0, -1)
    run(benchmark, calls, len(lists))
