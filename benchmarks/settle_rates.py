"""Records settled per second from JSON text, per rule set, and where the time goes.

Run from a source checkout: ``PYTHONPATH=. python benchmarks/settle_rates.py``. For each of
Guiyang, Huanggang, two-player and 通称 it times, on the records of that rule set's
benchmark (the test suite's generators), the best of 5 passes of: ``settle(text)``,
``HandRecord.from_json(text)`` alone, ``settle(record)`` of records already read, and
``json.loads(text)`` alone; records/s and microseconds per record.
"""
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks")]

import bench_huanggang  # noqa: E402  (its record set)
import bench_two_player  # noqa: E402
from guiyang_records import build_record  # noqa: E402

from mahjong import guiyang, huanggang, tongcheng, two_player  # noqa: E402
from mahjong.record import HandRecord  # noqa: E402


def record_sets():
    return {
        "guiyang": (guiyang, [json.dumps(build_record(seed), ensure_ascii=False)
                              for seed in range(2000)]),
        "huanggang": (huanggang, bench_huanggang._records()),
        "two_player": (two_player, bench_two_player.build_records("two_player")),
        "tongcheng": (tongcheng, bench_two_player.build_records("tongcheng")),
    }


def best_of(run, passes=5) -> float:
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    for name, (room, texts) in record_sets().items():
        reads = [HandRecord.from_json(t) for t in texts]
        n = len(texts)
        full = best_of(lambda: [room.settle(t) for t in texts])
        read = best_of(lambda: [HandRecord.from_json(t) for t in texts])
        settle = best_of(lambda: [room.settle(r) for r in reads])
        loads = best_of(lambda: [json.loads(t) for t in texts])
        print(f"{name:11s} {n:5d} records: from JSON {n / full:8,.0f}/s ({full / n * 1e6:5.1f} us)"
              f" = reader {read / n * 1e6:5.1f} us (json.loads {loads / n * 1e6:4.1f})"
              f" + settling a read record {settle / n * 1e6:5.1f} us")


if __name__ == "__main__":
    main()
