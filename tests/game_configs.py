"""The rule sets and option sets the engine tests play (tests only).

Every rule set of :func:`mahjong.ruleset.available_rulesets` with its default options, and
the options that change how a hand is played. A rule set whose room has no ``play.py`` yet
is skipped by :func:`spec_or_skip`, so the tests pick it up as soon as it lands.
"""
import pytest

from mahjong.errors import MahjongError
from mahjong.game import play_spec
from mahjong.ruleset import available_rulesets

#: (rules, options) pairs: the defaults of every rule set, then the play-changing options
OPTION_SETS = [
    ("sichuan", {"xuezhan": False}),
    ("sichuan", {"dingque": True}),
    ("sichuan", {"huan_san_zhang": True}),
    ("yunnan", {"allow_chow": True}),
    ("yunnan", {"multi_ron": False}),
    ("guobiao", {"flowers": True}),
    ("huanggang", {"laizipi_special": True}),
    ("tongcheng", {"multi_ron": False}),
    ("two_player", {"min_fan": 3}),
]
CONFIGS = [(r, None) for r in available_rulesets()] + OPTION_SETS


def config_id(config):
    rules, options = config
    if not options:
        return rules
    return rules + "[" + ",".join(f"{k}={v}" for k, v in sorted(options.items())) + "]"


CONFIG_IDS = [config_id(c) for c in CONFIGS]


def spec_or_skip(rules, options=None):
    """The PlaySpec, or skip the test when the room cannot be played by the engine yet."""
    try:
        return play_spec(rules, options)
    except MahjongError as exc:
        if "cannot be played by the engine yet" in str(exc):
            pytest.skip(str(exc))
        raise


def has_setup_phase(rules, options=None):
    """Does the hand start with 换三张 or 换牌 (phases a Python agent must go through)?"""
    try:
        spec = play_spec(rules, options)
    except MahjongError:
        return False
    return bool(spec.exchange_three or spec.swap_at_start)
