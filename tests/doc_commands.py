"""The shell commands and JSON examples of a Markdown page, and a runner for them: every
``mahjong ...`` line of a ``bash``/``sh``/``console`` block runs (as ``python -m mahjong``,
from a scratch folder holding a copy of ``examples/``) and must succeed; every ``json`` block
must be what the page says it is (a hand record settles, a ``mahjong gb --jsonl`` line
scores without an error)."""
import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator, List, Tuple

from child_env import child_env

ROOT = Path(__file__).resolve().parent.parent
_FENCE = re.compile(r"^```(\w*)\s*$")


def blocks(page: Path) -> Iterator[Tuple[str, int, str]]:
    """``(language, first line number, text)`` of every fenced block."""
    lang, start, body = None, 0, []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        m = _FENCE.match(line)
        if m and lang is None:
            lang, start, body = m.group(1), number + 1, []
        elif line.startswith("```") and lang is not None:
            yield lang, start, "\n".join(body)
            lang = None
        elif lang is not None:
            body.append(line)


def commands(page: Path) -> List[Tuple[int, List[str]]]:
    """``(line number, argv after 'mahjong')`` of every mahjong command of the page; a
    ``> file`` redirection is dropped (the output is discarded anyway)."""
    out = []
    for lang, start, text in blocks(page):
        if lang not in ("bash", "sh", "console", "shell"):
            continue
        for offset, line in enumerate(text.splitlines()):
            for part in line.split("&&"):
                words = shlex.split(part.strip().removeprefix("$ "), comments=True)
                if words[:1] == ["mahjong"]:
                    if ">" in words:
                        words = words[:words.index(">")]
                    out.append((start + offset, words[1:]))
    return out


def json_examples(page: Path) -> List[Tuple[int, object]]:
    return [(start, json.loads(text)) for lang, start, text in blocks(page) if lang == "json"]


def run_command(argv: List[str], scratch: Path) -> subprocess.CompletedProcess:
    if not (scratch / "examples").exists():
        shutil.copytree(ROOT / "examples", scratch / "examples")
    return subprocess.run([sys.executable, "-m", "mahjong", *argv], capture_output=True,
                          text=True, cwd=scratch, timeout=300, env=child_env())


def check_json_example(obj, where: str) -> None:
    """A record settles; a gb JSON line scores; anything else is left alone."""
    if isinstance(obj, dict) and "events" in obj:
        from mahjong.ruleset import settle

        s = settle(obj)
        assert sum(s.deltas) == 0, where
    elif isinstance(obj, dict) and "hand" in obj and "win_tile" in obj:
        from mahjong.cli.gb import _line_kwargs
        from mahjong.guobiao import score

        kw = _line_kwargs(json.dumps(obj), "standard")
        score(kw.pop("tiles"), kw.pop("melds"), **kw)


def script_of(page: Path) -> str:
    """The page's Python examples (its ``>>>`` lines, in order) as one script, as a reader
    would paste them into a file: an example the page shows raising an exception is wrapped
    so the script goes on, as the doctest does."""
    import doctest
    import textwrap

    lines = []
    for example in doctest.DocTestParser().get_examples(page.read_text(encoding="utf-8")):
        source = example.source
        if example.exc_msg is not None:
            source = "try:\n" + textwrap.indent(source, "    ") + "except Exception:\n    pass\n"
        lines.append(source)
    return "".join(lines)


def run_script(page: Path, scratch: Path) -> subprocess.CompletedProcess:
    """Run :func:`script_of` the page as a script file from a scratch folder holding a copy
    of ``examples/`` (so worker processes started by the script re-import it as a module,
    as they would a user's)."""
    if not (scratch / "examples").exists():
        shutil.copytree(ROOT / "examples", scratch / "examples")
    path = scratch / f"{page.stem.lower()}_examples.py"
    path.write_text(script_of(page), encoding="utf-8")
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          cwd=scratch, timeout=600, env=child_env())
