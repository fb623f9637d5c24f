"""mahjong.dask on a cluster: shanten with 1 and 2 workers, settlement throughput per worker,
the scheduling overhead per chunk.

In the normal suite every benchmark runs once in smoke mode (small sizes, an in-process
cluster). The measured run uses real worker processes and the issue's sizes:

    MAHJONG_BENCH_DASK=large python -m pytest benchmarks/bench_dask.py --benchmark-enable
    MAHJONG_BENCH_DASK=large python benchmarks/bench_dask.py      # the same, as tables

``MAHJONG_BENCH_DASK_LOGS`` sets the number of logs settled (default 10^6 in the large
run; 10^5 takes about a minute a core). Targets (issue 13): 10^7 hands through
``mahjong.dask.shanten`` with 2 workers at least 1.6x one worker (on a machine whose two
cores are free: on a shared one, the figures show the other load, see docs/SCALING.md).

Hands are generated once on the client (random 13-tile hands from a pool of 65,536 drawn
from shuffled walls) and persisted on the workers before the clock starts, so that the
timings are the analysis, not the transfer of 340 MB of counts.
"""
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")
import dask  # noqa: E402
import dask.array as da  # noqa: E402

from mahjong import batch  # noqa: E402
from mahjong import dask as mjd  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hands import random_hands  # noqa: E402

LARGE = os.environ.get("MAHJONG_BENCH_DASK", "") == "large"
N_HANDS = 10 ** 7 if LARGE else 20_000
CHUNK_ROWS = mjd.DEFAULT_CHUNK_ROWS if LARGE else 5_000
N_LOGS = int(os.environ.get("MAHJONG_BENCH_DASK_LOGS", 10 ** 6 if LARGE else 200))
LOG_FILES = 16 if LARGE else 2
ROUNDS = 3 if LARGE else 1
# chunk sizes for the overhead fit, over OVERHEAD_HANDS hands
OVERHEAD_HANDS = 2_000_000 if LARGE else 4_000
OVERHEAD_CHUNKS = (1_000, 10_000, 100_000, 1_000_000) if LARGE else (500, 4_000)

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


# ------------------------------------------------------------------ inputs

def pooled_hands(n, seed=0):
    """(n, 34) uint8: n random 13-tile hands picked from a pool of 65,536 wall draws."""
    pool = random_hands(min(n, 65_536), n_tiles=13, seed=seed)
    if n <= len(pool):
        return pool
    pick = np.random.default_rng(seed + 1).integers(0, len(pool), n)
    return pool[pick]


def sample_records():
    """The Sichuan and Yunnan golden records, a Guobiao record, and 1 bad in 10."""
    records = []
    for name in ("sichuan_golden_records.json", "yunnan_golden_records.json"):
        records += [case["record"] for case in json.loads((DATA / name).read_text())]
    records.append({"rules": "guobiao", "dealer": 0, "events": [
        {"type": "discard", "seat": 2, "tile": "8m"},
        {"type": "win", "seat": 1, "hand": "222m88m11z8m", "win_tile": "8m", "from": 2,
         "melds": [{"type": "pung", "tiles": "777z"}, {"type": "pung", "tiles": "555m"}]}]})
    bad = [{"rules": "sichuan", "events": [{"type": "win", "seat": 9}]},
           {"rules": "unknown", "events": []}, {"rules": "sichuan", "dealer": 7, "events": []},
           {"rules": "yunnan", "events": "none"}]
    return records + bad


def write_logs(folder, n_logs, n_files):
    """n_logs JSONL lines cycling through sample_records, split over n_files files."""
    lines = [json.dumps(r) for r in sample_records()]
    paths = []
    per_file = -(-n_logs // n_files)
    written = 0
    for i in range(n_files):
        count = min(per_file, n_logs - written)
        path = Path(folder) / f"logs-{i:03d}.jsonl"
        with open(path, "w", encoding="utf-8") as f:
            for j in range(written, written + count):
                f.write(lines[j % len(lines)])
                f.write("\n")
        written += count
        paths.append(str(path))
    return paths


# ------------------------------------------------------------------ clusters

def start_client(n_workers):
    cluster = distributed.LocalCluster(n_workers=n_workers, threads_per_worker=1,
                                       processes=LARGE, dashboard_address=":0")
    return cluster, distributed.Client(cluster, set_as_default=False)


def worker_memory_mb(client):
    """Resident memory of each worker process (MB); the in-process smoke cluster shares
    the client's process."""
    return [round(v / 2 ** 20) for v in client.run(
        lambda: __import__("psutil").Process().memory_info().rss).values()]


# ------------------------------------------------------------------ measurements

def persisted(client, hands, chunk_rows):
    """The counts as a dask array held on the workers (the transfer is not timed)."""
    counts = client.persist(da.from_array(hands, chunks=(chunk_rows, 34)))
    with client.as_current():
        distributed.wait(counts)
    return counts


def worker_cpu_seconds(client):
    """CPU seconds (user + system) each worker process has used so far: unlike the wall
    clock, these do not grow when other programs take the cores."""
    def cpu():
        times = __import__("psutil").Process().cpu_times()
        return times.user + times.system
    return list(client.run(cpu).values())


def time_shanten(client, counts):
    """Seconds for one mahjong.dask.shanten over the persisted counts (summed on the
    workers, so only a number comes back)."""
    start = time.perf_counter()
    total = client.compute(mjd.shanten(counts).sum(), sync=True)
    elapsed = time.perf_counter() - start
    return elapsed, int(total)


def time_settle(client, paths):
    start = time.perf_counter()
    frame = mjd.settle(paths)
    summary = client.compute(frame.groupby("rules", dropna=False).size(), sync=True)
    elapsed = time.perf_counter() - start
    return elapsed, int(summary.sum())


def time_chunks(client, hands, chunk_rows):
    """(min wall seconds, chunks, CPU seconds per round of the workers and of this
    process, which runs the scheduler of a LocalCluster)."""
    counts = persisted(client, hands, chunk_rows)
    cpu_before = sum(worker_cpu_seconds(client)) + time.process_time()
    times = [time_shanten(client, counts)[0] for _ in range(ROUNDS)]
    cpu = (sum(worker_cpu_seconds(client)) + time.process_time() - cpu_before) / ROUNDS
    del counts
    return min(times), -(-len(hands) // chunk_rows), cpu


def overhead_fit(points, n_hands):
    """Least squares t = a * chunks + b over the chunk-size runs: a is the cost of one
    chunk beyond its hands (scheduling, task transfer, the Python call)."""
    chunks = np.array([c for _, c in points], float)
    times = np.array([t for t, _ in points], float)
    a, b = np.polyfit(chunks, times, 1)
    return a, b / n_hands


# ------------------------------------------------------------------ pytest-benchmark

@pytest.fixture(scope="module")
def hands():
    return pooled_hands(N_HANDS)


@pytest.fixture(scope="module", params=[1, 2], ids=["1-worker", "2-workers"])
def client(request):
    cluster, client = start_client(request.param)
    client.n_workers = request.param
    yield client
    client.close()
    cluster.close()


@pytest.fixture(scope="module")
def log_paths():
    with tempfile.TemporaryDirectory(prefix="mahjong-bench-logs-") as folder:
        yield write_logs(folder, N_LOGS, LOG_FILES)


@pytest.mark.benchmark(group="dask-shanten")
def test_shanten_workers(benchmark, client, hands):
    counts = persisted(client, hands, CHUNK_ROWS)
    elapsed, total = benchmark.pedantic(time_shanten, args=(client, counts), rounds=ROUNDS,
                                        iterations=1)
    assert total == int(batch.shanten(hands).sum(dtype=np.int64))
    benchmark.extra_info.update(workers=client.n_workers, hands=len(hands),
                                chunk_rows=CHUNK_ROWS)
    if benchmark.stats is not None:
        median = benchmark.stats.stats.median
        benchmark.extra_info["hands_per_s"] = round(len(hands) / median)


@pytest.mark.benchmark(group="dask-settle")
def test_settle_workers(benchmark, client, log_paths):
    elapsed, n = benchmark.pedantic(time_settle, args=(client, log_paths), rounds=1,
                                    iterations=1)
    assert n == N_LOGS
    benchmark.extra_info.update(workers=client.n_workers, logs=N_LOGS)
    if benchmark.stats is not None:
        per_worker = N_LOGS / benchmark.stats.stats.median / client.n_workers
        benchmark.extra_info["logs_per_s_per_worker"] = round(per_worker)


@pytest.mark.benchmark(group="dask-overhead")
@pytest.mark.parametrize("client", [2], ids=["2-workers"], indirect=True)
@pytest.mark.parametrize("chunk_rows", OVERHEAD_CHUNKS)
def test_overhead_per_chunk(benchmark, client, hands, chunk_rows):
    sub = hands[:OVERHEAD_HANDS]
    counts = persisted(client, sub, chunk_rows)
    benchmark.extra_info.update(chunk_rows=chunk_rows, chunks=-(-len(sub) // chunk_rows))
    benchmark.pedantic(time_shanten, args=(client, counts), rounds=ROUNDS, iterations=1)


# ------------------------------------------------------------------ tables

def overhead_only():
    hands = pooled_hands(OVERHEAD_HANDS)
    print(f"load average before: {os.getloadavg()}")
    cluster, client = start_client(2)
    try:
        for rows in OVERHEAD_CHUNKS:
            t, chunks, cpu = time_chunks(client, hands, rows)
            print(f"| {rows:,} | {chunks} | {t:.3f} | {cpu:.3f} |", flush=True)
    finally:
        client.close()
        cluster.close()
    print(f"load average after: {os.getloadavg()}")


def main():
    if "--overhead" in sys.argv:
        return overhead_only()
    hands = pooled_hands(N_HANDS)
    start = time.perf_counter()
    batch.shanten(hands, threads=1)
    numpy_s = time.perf_counter() - start
    print(f"{N_HANDS:,} hands, chunks of {CHUNK_ROWS:,} rows, {ROUNDS} rounds; "
          f"numpy path on one thread in this process: {numpy_s:.2f} s "
          f"({numpy_s / N_HANDS * 1e9:.0f} ns/hand)")
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="mahjong-bench-logs-") as folder:
        paths = write_logs(folder, N_LOGS, LOG_FILES)
        shanten_rows, settle_rows, fit_points = [], [], []
        for n_workers in (1, 2):
            cluster, client = start_client(n_workers)
            try:
                counts = persisted(client, hands, CHUNK_ROWS)
                memory = worker_memory_mb(client)
                cpu_before = worker_cpu_seconds(client)
                times = [time_shanten(client, counts)[0] for _ in range(ROUNDS)]
                cpu = [(b - a) / ROUNDS for a, b in zip(cpu_before,
                                                        worker_cpu_seconds(client))]
                del counts
                shanten_rows.append((n_workers, times, memory, cpu))
                print(f"shanten, {n_workers} worker(s): {[round(t, 2) for t in times]} s, "
                      f"worker CPU per round {[round(c, 2) for c in cpu]} s, "
                      f"worker RSS {memory} MB", flush=True)
                cpu_before = worker_cpu_seconds(client)
                elapsed, n = time_settle(client, paths)
                cpu = [b - a for a, b in zip(cpu_before, worker_cpu_seconds(client))]
                settle_rows.append((n_workers, elapsed, n, cpu))
                print(f"settle, {n_workers} worker(s): {n:,} logs in {elapsed:.1f} s, "
                      f"worker CPU {[round(c, 1) for c in cpu]} s", flush=True)
                if n_workers == 2:
                    for rows in OVERHEAD_CHUNKS:
                        t, chunks, cpu = time_chunks(client, hands[:OVERHEAD_HANDS], rows)
                        fit_points.append((t, chunks, cpu))
                        print(f"chunks of {rows:,}: {chunks} chunks, {t:.3f} s, "
                              f"CPU {cpu:.3f} s", flush=True)
            finally:
                client.close()
                cluster.close()
    print(f"load average after: {os.getloadavg()}")
    print()
    print("| workers | wall s: min / median / max | hands/s (median) | wall speed-up "
          "| worker CPU s per round | CPU speed-up (1-worker CPU / busiest worker) |")
    print("|---|---|---|---|---|---|")
    base = statistics.median(shanten_rows[0][1])
    base_cpu = sum(shanten_rows[0][3])
    for n_workers, times, _, cpu in shanten_rows:
        med = statistics.median(times)
        print(f"| {n_workers} | {min(times):.2f} / {med:.2f} / {max(times):.2f} | "
              f"{N_HANDS / med / 1e6:.1f} M | {base / med:.2f}x | "
              f"{' + '.join(f'{c:.2f}' for c in cpu)} | {base_cpu / max(cpu):.2f}x |")
    print()
    print("| workers | logs | wall s | logs/s | logs/s per worker | worker CPU s "
          "| logs per CPU-second |")
    print("|---|---|---|---|---|---|---|")
    for n_workers, elapsed, n, cpu in settle_rows:
        print(f"| {n_workers} | {n:,} | {elapsed:.1f} | {n / elapsed:,.0f} | "
              f"{n / elapsed / n_workers:,.0f} | {' + '.join(f'{c:.1f}' for c in cpu)} | "
              f"{n / sum(cpu):,.0f} |")
    print()
    print("| chunk rows | chunks | wall s (min of rounds) | CPU s (workers + scheduler) |")
    print("|---|---|---|---|")
    for rows, (t, chunks, cpu) in zip(OVERHEAD_CHUNKS, fit_points):
        print(f"| {rows:,} | {chunks} | {t:.3f} | {cpu:.3f} |")
    per_chunk, per_hand = overhead_fit([(t, c) for t, c, _ in fit_points], OVERHEAD_HANDS)
    cpu_chunk, cpu_hand = overhead_fit([(cpu, c) for _, c, cpu in fit_points],
                                       OVERHEAD_HANDS)
    print(f"\nfit t = a * chunks + b * hands on 2 workers: wall a = {per_chunk * 1e3:.2f} ms "
          f"per chunk, b = {per_hand * 1e9:.0f} ns per hand (cluster-wide); CPU "
          f"a = {cpu_chunk * 1e3:.2f} ms per chunk, b = {cpu_hand * 1e9:.0f} ns per hand")


if __name__ == "__main__":
    with dask.config.set({"distributed.worker.daemon": True}):
        main()
