"""``mahjong convert --from botzone-text``: games per second and peak memory.

The file is the 16 real sample games repeated to the size of the PKU data (98,000 games,
about 200 MB of text). Each game is scanned by the compiled reader (the deck and the packed
events), replayed on the engine's table (every draw the part's next tile, every action
legal, a win of 8 fans or more) and written as one JSON line straight from the table.

pytest-benchmark (per call: the 16 samples)::

    PYTHONPATH=. python -m pytest benchmarks/bench_convert.py --benchmark-enable

Script mode (games/s, CPU time beside wall time, and the peak RSS of a fresh
``python -m mahjong convert`` on the 98,000-game file)::

    PYTHONPATH=. python benchmarks/bench_convert.py [--games 98000]
"""
import argparse
import io
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "tests", "data", "botzone", "ijcai_sample.txt")
GAMES = 98_000


def sample_bytes() -> bytes:
    with open(SAMPLE, "rb") as f:
        return f.read()


def make_file(path: str, games: int) -> int:
    """The samples repeated to ``games`` games (rounded up to 16); returns the games."""
    text = sample_bytes()
    copies = -(-games // 16)
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(text)
    return 16 * copies


def test_read_lines_16_games(benchmark):
    """The reader alone, to JSON lines (the path of ``mahjong convert``)."""
    from mahjong.formats import botzone_text
    data = sample_bytes()

    def run():
        return sum(1 for _ in botzone_text.read_lines(io.BytesIO(data)))
    assert benchmark(run) == 16


def test_read_records_16_games(benchmark):
    """The reader to HandRecords (``mahjong.formats.read``)."""
    from mahjong.formats import read
    data = sample_bytes()

    def run():
        return sum(1 for g in read("botzone-text", io.BytesIO(data)) if g.ok)
    assert benchmark(run) == 16


def test_reference_our_own_json_of_the_16_games(benchmark):
    """Side by side: reading the same 16 games from our own JSON lines (the record reader,
    which replays a log with a wall the same way): what a reader that made JSON and handed
    it to ``HandRecord.from_json`` would cost at the least."""
    from mahjong.formats import botzone_text
    from mahjong.record import HandRecord
    lines = [x[2] for x in botzone_text.read_lines(io.BytesIO(sample_bytes()))]

    def run():
        return sum(1 for x in lines if HandRecord.from_json(x) is not None)
    assert benchmark(run) == 16


def test_write_text_16_games(benchmark):
    """The writer (each game settled by the Guobiao room for its Fan and Score lines)."""
    from mahjong.formats import read, write
    games = list(read("botzone-text", io.BytesIO(sample_bytes())))
    assert benchmark(lambda: write("botzone-text", games, io.StringIO())) == 16


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    args = parser.parse_args()
    from mahjong.formats import botzone_text

    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "games.txt")
    n = make_file(path, args.games)
    size = os.path.getsize(path)
    print(f"{n} games, {size / 2**20:.1f} MiB of text")
    # in process: the reader to JSON lines (not written)
    wall, cpu = time.perf_counter(), time.process_time()
    count = sum(1 for _ in botzone_text.read_lines(path))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert count == n
    print(f"read_lines:          {n / wall:9,.0f} games/s wall, {n / cpu:9,.0f} games/s CPU")
    # the command, in a fresh interpreter: writes the JSON lines; its peak RSS
    out = os.path.join(folder, "games.jsonl")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    code = ("import resource, sys, time\n"
            "from mahjong.cli import main\n"
            "w, c = time.perf_counter(), time.process_time()\n"
            "main(sys.argv[1:])\n"
            "w, c = time.perf_counter() - w, time.process_time() - c\n"
            "print(w, c, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    r = subprocess.run([sys.executable, "-c", code, "convert", "--from", "botzone-text", path,
                        "--out", out, "--no-progress"], capture_output=True, text=True,
                       env=env, cwd=folder)
    assert r.returncode == 0, r.stderr
    w, c, rss = r.stdout.split()
    w, c = float(w), float(c)
    print(f"mahjong convert:     {n / w:9,.0f} games/s wall, {n / c:9,.0f} games/s CPU, "
          f"peak RSS {int(rss) / 1024:.0f} MB (the whole interpreter)")
    print(f"output: {os.path.getsize(out) / 2**20:.0f} MiB of JSON lines")
    os.unlink(path)
    os.unlink(out)
    os.rmdir(folder)


if __name__ == "__main__":
    main()
