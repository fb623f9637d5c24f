"""Smoke test of benchmarks/compare_libraries.py: a tiny run of every row, with whichever
of the other libraries are installed (none is required). Timing figures come from running
the script itself (see its docstring)."""
import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare_libraries  # noqa: E402


def test_compare_libraries_runs():
    out = io.StringIO()
    with redirect_stdout(out):
        times = compare_libraries.main(["--hands", "40", "--gb-hands", "10", "--rounds", "1"])
    text = out.getvalue()
    assert ("shanten, riichi forms, ids + forms list", "mahjong-core") in times
    assert ("GB fans, tile ids", "mahjong-core") in times
    assert "useful tiles, riichi forms" in text
    for row, lib in times:
        assert times[(row, lib)] and all(t > 0 for t in times[(row, lib)])
