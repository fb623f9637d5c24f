"""Defects found reviewing the commands as a new user, each a test that failed before its
fix: hostile input is an error of the command naming the option, field or line (exit 2),
never a traceback or a silently wrong answer."""
import io
import sys

import pytest

from mahjong.cli import main

# a Botzone request history whose answer needs the shadow table (the made-up wall)
DRAW = "3\n0 0 0\nPASS\n1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1\nPASS\n2 J1\n"


@pytest.mark.parametrize("seed", ["-5", str(2**64)])
def test_botzone_seed_out_of_range_names_the_option(seed, monkeypatch, capsys):
    """Was an OverflowError traceback from the compiled shuffle."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(DRAW))
    assert main(["botzone", "--agent", "random", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mahjong botzone: error: --seed: {seed} ")
    assert "2**64" in err


def test_botzone_seed_in_range_answers(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(DRAW))
    assert main(["botzone", "--agent", "greedy", "--seed", str(2**64 - 1)]) == 0
    assert capsys.readouterr().out == "HU\n"
