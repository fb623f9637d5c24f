"""The README's examples run: its Python examples print what it shows, and every
``mahjong`` command it shows succeeds (on the files of ``examples/``)."""
import doctest
from pathlib import Path

import pytest

from doc_commands import commands, run_command

README = Path(__file__).resolve().parent.parent / "README.md"
COMMANDS = commands(README)


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, "the README shows no Python example"
    assert result.failed == 0, f"{result.failed} README example(s) failed"


@pytest.mark.parametrize("line, argv", COMMANDS, ids=[f"README.md:{n}" for n, _ in COMMANDS])
def test_readme_commands_run(line, argv, tmp_path):
    proc = run_command(argv, tmp_path)
    assert proc.returncode == 0, f"README.md:{line}: mahjong {' '.join(argv)}\n{proc.stderr}"
    assert "Traceback" not in proc.stderr


def test_readme_uses_the_example_files():
    used = " ".join(" ".join(argv) for _, argv in COMMANDS)
    for name in ("examples/gb_hands.jsonl", "examples/hands.jsonl", "examples/record.json",
                 "examples/records.jsonl"):
        assert name in used
