"""Print our throughput beside the reference pymahjonggb's, measured in the same run.

    PYTHONPATH=. python benchmarks/compare_reference.py [--hands 1000000] [--repeat 3]

Each figure is the median of --repeat runs over the same random hands (13 tiles from a
shuffled wall). The reference is called once per hand from Python, as a user would; our
batch figures are per hand inside one batch call, our scalar figures per Python call.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


import mahjong  # noqa: E402
import mahjong_core  # noqa: E402
from mahjong import batch  # noqa: E402

from _hands import random_hands, reference_hands, tenhou_strings  # noqa: E402


def median_seconds(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def row(label, n, seconds, ref=None):
    per = seconds / n
    text = f"{label:<46}{per * 1e9:>10.1f} ns{n / seconds / 1e6:>10.2f} M/s"
    if ref is not None:
        text += f"{ref / per:>10.1f}x"
    print(text)
    return per


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--reference-hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    hands = random_hands(args.hands)
    sample = hands[:args.reference_hands]
    names = reference_hands(sample)
    strings = tenhou_strings(sample)
    print(f"{args.hands} random 13-tile hands; reference on {len(names)}; median of "
          f"{args.repeat}; OpenMP: {mahjong_core.openmp_enabled()}")
    print(f"{'':<46}{'per hand':>13}{'rate':>14}{'vs ref':>11}")

    try:
        import MahjongGB
    except ImportError:
        MahjongGB = None
    ref = {}
    if MahjongGB is not None:
        ref["all"] = row("reference MahjongShanten (all forms)", len(names), median_seconds(
            lambda: [MahjongGB.MahjongShanten(pack=(), hand=h) for h in names], args.repeat))
        ref["regular"] = row("reference RegularShanten (+ useful)", len(names), median_seconds(
            lambda: [MahjongGB.RegularShanten(h) for h in names], args.repeat))
    n = len(hands)
    for threads in (1, 2):
        row(f"batch.shanten regular, {threads} thread(s)", n, median_seconds(
            lambda: batch.shanten(hands, forms=["regular"], threads=threads), args.repeat),
            ref.get("regular"))
        row(f"batch.shanten all five forms, {threads} thread(s)", n, median_seconds(
            lambda: batch.shanten(hands, threads=threads), args.repeat), ref.get("all"))
        row(f"batch.useful_tiles regular, {threads} thread(s)", n, median_seconds(
            lambda: batch.useful_tiles(hands, forms=["regular"], threads=threads), args.repeat),
            ref.get("regular"))
        row(f"batch.useful_tiles all five forms, {threads} thread(s)", n, median_seconds(
            lambda: batch.useful_tiles(hands, threads=threads), args.repeat), ref.get("all"))
    row("mahjong.shanten(str), per call", len(strings), median_seconds(
        lambda: [mahjong.shanten(s) for s in strings], args.repeat), ref.get("all"))
    row("mahjong.useful_tiles(str, regular), per call", len(strings), median_seconds(
        lambda: [mahjong.useful_tiles(s, forms="regular") for s in strings], args.repeat),
        ref.get("regular"))


if __name__ == "__main__":
    main()
