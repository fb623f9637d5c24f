"""Every example in docs/*.md runs: the Python examples print what the page shows, every
``mahjong`` command succeeds, every JSON record settles and every JSON hand line scores."""
import doctest
from pathlib import Path

import pytest

from doc_commands import (check_json_example, commands, json_examples, run_command, run_script,
                          script_of)

DOCS = sorted((Path(__file__).resolve().parent.parent / "docs").glob("*.md"))
COMMANDS = [(page, line, argv) for page in DOCS for line, argv in commands(page)]
JSON = [(page, line, obj) for page in DOCS for line, obj in json_examples(page)]


@pytest.mark.parametrize("page", DOCS, ids=[p.name for p in DOCS])
def test_doc_examples_run(page):
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} example(s) in {page.name} failed"


SCRIPTED = [page for page in DOCS if script_of(page).strip()]


@pytest.mark.parametrize("page", SCRIPTED, ids=[p.name for p in SCRIPTED])
def test_doc_examples_run_as_a_script(page, tmp_path):
    """A page's Python examples pasted into one script file run as they are."""
    proc = run_script(page, tmp_path)
    assert proc.returncode == 0, f"{page.name}\n{proc.stderr[-3000:]}"
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("page, line, argv", COMMANDS,
                         ids=[f"{p.name}:{n}" for p, n, _ in COMMANDS])
def test_doc_commands_run(page, line, argv, tmp_path):
    proc = run_command(argv, tmp_path)
    assert proc.returncode == 0, f"{page.name}:{line}: mahjong {' '.join(argv)}\n{proc.stderr}"
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("page, line, obj", JSON, ids=[f"{p.name}:{n}" for p, n, _ in JSON])
def test_doc_json_examples_are_valid(page, line, obj):
    check_json_example(obj, f"{page.name}:{line}")


def test_the_docs_show_commands():
    assert len(COMMANDS) >= 8 and len(JSON) >= 2
