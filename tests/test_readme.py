"""The README's examples run: its Python examples print what it shows, and every
``mahjong`` command it shows succeeds (on the files of ``examples/``)."""
import doctest
from pathlib import Path

import pytest

from doc_commands import commands, run_command, run_script

README = Path(__file__).resolve().parent.parent / "README.md"
COMMANDS = commands(README)


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, "the README shows no Python example"
    assert result.failed == 0, f"{result.failed} README example(s) failed"


def test_readme_examples_run_as_a_script(tmp_path):
    """The README's Python examples pasted into one script file run as they are (worker
    processes of a LocalCluster import the script again: its guard must be there)."""
    proc = run_script(README, tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr


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


def _quick_start_commands():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Quick start"):]
    section = section[:section.index("\n## ", 1)]
    return [line for line in section.splitlines() if line.startswith("pip install")]


def test_ci_runs_the_quick_start_commands():
    """CI runs exactly the README's install and test commands; the test command installs
    the test dependencies only (``-r``), never the package a second time (``.`` or ``.[``)."""
    quick = _quick_start_commands()
    assert quick[:2] == ["pip install . && mahjong analyze 1112345678999m5m",
                         "pip install -r requirements/test.txt && pytest"]
    ci = [line for line in (README.parent / ".ci" / "run").read_text().splitlines()
          if line.startswith("pip install")]
    assert ci == quick[:2]


def test_each_extra_is_read_from_its_requirements_file():
    """One list per extra: pyproject's extras are read from requirements/<extra>.txt (which
    `pip install -r` installs without a build), and the test list has pytest-xdist, which
    the pytest options (-n auto) need; tqdm is a runtime dependency."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "optional-dependencies" in project["project"]["dynamic"]
    extras = project["tool"]["setuptools"]["dynamic"]["optional-dependencies"]
    for name, source in extras.items():
        assert source == {"file": [f"requirements/{name}.txt"]}
        assert (README.parent / "requirements" / f"{name}.txt").is_file()
    assert set(extras) == {"test", "rl", "bench", "dask", "stats"}
    names = [line.split(">")[0].split("[")[0] for line in
             (README.parent / "requirements" / "test.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    assert "pytest-xdist" in names and "pytest" in names
    assert any(dep.startswith("tqdm") for dep in project["project"]["dependencies"])
