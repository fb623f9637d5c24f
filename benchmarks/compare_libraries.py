"""Per-call speed of mahjong-core beside the other mahjong libraries, on the same hands.

    PYTHONPATH=. python benchmarks/compare_libraries.py [--hands 20000] [--rounds 7]

Installs nothing: a library that is not importable (see the ``bench`` extra in
pyproject.toml) gets a "not installed" cell. Every library runs the same operation on the
same seeded random hands, converted to its own input format beforehand (not timed); each
cell is one Python call per hand, as a bot or a server would make it.

Rounds are interleaved (round r runs every cell once, then round r + 1), so a slow spell of
a busy machine falls on every library alike. Each cell prints the median time per hand
over the rounds and, in brackets, the fastest and slowest round; the ratio columns divide
each library's median by mahjong-core's (above 1 = mahjong-core is that many times faster).

Cases come from this file (shanten, useful tiles, Guobiao fans) and from every
``benchmarks/compare_cases_*.py`` module next to it. A case module defines
``cases(hands13, hands14)`` (uint8 arrays of shape (N, 34): concealed hands of 13 and 14
tiles without melds) returning a list of ``(row_name, {library_name: callable})``; each
callable takes no argument and runs the operation once over all N hands. Libraries are
named as on PyPI; ours is "mahjong-core".

What each row computes, so that like is compared with like:

- *shanten, riichi forms*: the best of the regular form, seven pairs and thirteen orphans
  (the forms every riichi library covers); mahjong-core is asked for exactly those forms.
  (Seven pairs differ in one rule: in Guobiao, which mahjong-core follows, a four of a kind
  counts as two pairs; the riichi libraries do not count it. The work is the same.)
- *shanten, all five GB forms*: mahjong-core alone (no other library has the Guobiao
  special forms in one call); shown for the cost of the two knitted forms.
- *useful tiles, riichi forms*: the tile kinds whose draw lowers that shanten. xiangting's
  ``calculate_necessary_tiles`` returns them as a bit mask with the replacement number;
  mahjong-core returns a sorted list of tile ids (more work: a list is built).
- *GB fans*: the reference pymahjonggb ``MahjongFanCalculator`` called positionally
  (its fastest call) against ``mahjong.guobiao.score`` with the context as keywords, on
  generated winning hands, from tile ids and from tenhou strings.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))  # the Guobiao winning-hand generator

import mahjong  # noqa: E402
from mahjong.guobiao import score  # noqa: E402

from _hands import random_hands  # noqa: E402

OURS = "mahjong-core"
RIICHI_FORMS = ["regular", "seven_pairs", "thirteen_orphans"]
Row = Tuple[str, Dict[str, Optional[Callable[[], object]]]]


def _optional(module: str):
    """The module, or None when it is not installed (or fails to import)."""
    try:
        return importlib.import_module(module)
    except Exception:  # an installed but broken library counts as not installed
        return None


def _ids(row) -> List[int]:
    return [t for t in range(34) for _ in range(int(row[t]))]


def _ids136(row) -> List[int]:
    return [4 * t + k for t in range(34) for k in range(int(row[t]))]


# --- the cases of this file -----------------------------------------------------------------

def shanten_cases(hands13: np.ndarray, hands14: np.ndarray) -> List[Row]:
    ids = [_ids(r) for r in hands13]
    counts = [[int(c) for c in r] for r in hands13]
    shanten, useful = mahjong.shanten, mahjong.useful_tiles
    forms, forms_tuple = RIICHI_FORMS, tuple(RIICHI_FORMS)

    def ours_list():
        return [shanten(h, forms=forms) for h in ids]

    def ours_tuple():
        return [shanten(h, forms=forms_tuple) for h in ids]

    def ours_counts():
        return [shanten(c, forms=forms) for c in counts]

    def ours_all():
        return [shanten(h) for h in ids]

    def ours_useful():
        return [useful(h, forms=forms) for h in ids]

    other: Dict[str, Optional[Callable[[], object]]] = {}
    useful_other: Dict[str, Optional[Callable[[], object]]] = {}

    riichienv = _optional("riichienv")
    if riichienv is not None:
        ids136 = [_ids136(r) for r in hands13]
        calc = riichienv.calculate_shanten
        other["riichienv"] = lambda: [calc(h) for h in ids136]
    else:
        other["riichienv"] = None

    st = _optional("shanten_tools")
    if st is not None:
        arrays = [np.ascontiguousarray(r, dtype=np.uint8) for r in hands13]
        st_shanten = st.shanten
        other["shanten-tools"] = lambda: [st_shanten(a) for a in arrays]
    else:
        other["shanten-tools"] = None

    native = _optional("jansou.analysis._native")
    kernel = native.build()[0] if native is not None else None
    if kernel is not None:
        counts_of = kernel.shanten_counts
        other["jansou-native"] = lambda: [counts_of(c, 0) for c in counts]
    else:
        other["jansou-native"] = None

    xiangting = _optional("xiangting")
    if xiangting is not None:
        four = xiangting.PlayerCount.FOUR
        replacement, necessary = (xiangting.calculate_replacement_number,
                                  xiangting.calculate_necessary_tiles)
        other["xiangting"] = lambda: [replacement(c, four) for c in counts]
        useful_other["xiangting"] = lambda: [necessary(c, four) for c in counts]
    else:
        other["xiangting"] = useful_other["xiangting"] = None

    return [
        ("shanten, riichi forms, ids + forms list", {OURS: ours_list, **other}),
        ("shanten, riichi forms, ids + forms tuple", {OURS: ours_tuple, **other}),
        ("shanten, riichi forms, 34 counts", {OURS: ours_counts, **other}),
        ("shanten, all five GB forms (forms=None)", {OURS: ours_all}),
        ("useful tiles, riichi forms", {OURS: ours_useful, **useful_other}),
    ]


def gb_cases(n_hands: int, seed: int = 2024) -> List[Row]:
    import gb_hand_gen as gen

    pool = gen.generate(n_hands, seed=seed)
    keys = ("win_tile", "self_drawn", "fourth_tile", "replacement", "robbing_kong",
            "last_tile", "seat_wind", "round_wind", "flowers")

    def ours(style):
        calls = []
        for hand in pool:
            tiles, melds, kw = gen.api_args(hand, style)
            calls.append((tiles, melds) + tuple(kw[k] for k in keys))

        def run():
            return [score(t, m, win_tile=w, self_drawn=sd, fourth_tile=ft, replacement=rp,
                          robbing_kong=rk, last_tile=lw, seat_wind=sw, round_wind=rw,
                          flowers=fl)
                    for t, m, w, sd, ft, rp, rk, lw, sw, rw, fl in calls]
        return run

    reference: Optional[Callable[[], object]] = None
    gb = _optional("MahjongGB")
    if gb is not None:
        ref_calls = [gen.reference_args(h) for h in pool]
        calc = gb.MahjongFanCalculator
        reference = lambda: [calc(*c) for c in ref_calls]  # noqa: E731
    return [
        ("GB fans, tile ids", {OURS: ours("ids"), "pymahjonggb": reference}),
        ("GB fans, tenhou strings", {OURS: ours("tenhou"), "pymahjonggb": reference}),
    ]


def case_modules() -> List[str]:
    return sorted(p.stem for p in HERE.glob("compare_cases_*.py"))


# --- timing ------------------------------------------------------------------------------

def measure(rows: List[Row], n_per_row: Dict[str, int], rounds: int
            ) -> Dict[Tuple[str, str], List[float]]:
    """ns per hand of every (row, library) cell, one figure per round, rounds interleaved."""
    times: Dict[Tuple[str, str], List[float]] = {}
    for row, libs in rows:          # warm up once (first-call caches, lazy imports)
        for fn in libs.values():
            if fn is not None:
                fn()
    for _ in range(rounds):
        for row, libs in rows:
            for lib, fn in libs.items():
                if fn is None:
                    continue
                gc.collect()
                gc.disable()
                start = time.perf_counter()
                fn()
                elapsed = time.perf_counter() - start
                gc.enable()
                times.setdefault((row, lib), []).append(elapsed / n_per_row[row] * 1e9)
    return times


def _cell(values: Optional[List[float]]) -> str:
    if not values:
        return "not installed"
    return f"{statistics.median(values):,.0f} [{min(values):,.0f}-{max(values):,.0f}]"


def report(rows: List[Row], times, out=None) -> None:
    out = out if out is not None else sys.stdout
    libraries: List[str] = [OURS]
    for _, libs in rows:
        libraries += [lib for lib in libs if lib not in libraries]
    print("ns per hand: median [fastest-slowest round]; ratio = library / mahjong-core "
          "(median)", file=out)
    for row, libs in rows:
        print(f"\n{row}", file=out)
        ours = times.get((row, OURS))
        for lib in libraries:
            if lib not in libs:
                continue
            values = times.get((row, lib))
            text = f"  {lib:<15}{_cell(values):>30}"
            if values and ours and lib != OURS:
                ratio = statistics.median(values) / statistics.median(ours)
                low = min(values) / min(ours)
                text += f"   {ratio:5.2f}x  (fastest rounds {low:4.2f}x)"
            print(text, file=out)


def main(argv=None) -> Dict[Tuple[str, str], List[float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000,
                        help="random hands per row (default 20000)")
    parser.add_argument("--gb-hands", type=int, default=None,
                        help="winning hands for the GB rows (default: --hands / 4)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    hands13 = random_hands(args.hands, 13, seed=args.seed)
    hands14 = random_hands(args.hands, 14, seed=args.seed + 1)
    n_gb = args.gb_hands if args.gb_hands is not None else max(1, args.hands // 4)
    rows = shanten_cases(hands13, hands14)
    n_per_row = {row: len(hands13) for row, _ in rows}
    for row, libs in gb_cases(n_gb):
        rows.append((row, libs))
        n_per_row[row] = n_gb
    for name in case_modules():
        module = importlib.import_module(name)
        for row, libs in module.cases(hands13, hands14):
            rows.append((row, libs))
            n_per_row[row] = len(hands13)
    print(f"{len(hands13)} random hands of 13 tiles (and of 14), {n_gb} Guobiao winning "
          f"hands; {args.rounds} interleaved rounds; one Python call per hand")
    # (run from a source checkout without PYTHONPATH=., Python finds an installed copy)
    print(f"mahjong-core {mahjong.__version__} from {Path(mahjong.__file__).parent}")
    times = measure(rows, n_per_row, args.rounds)
    report(rows, times)
    return times


if __name__ == "__main__":
    main()
