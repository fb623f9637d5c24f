"""How the game engine plays Yunnan 川麻: :func:`play_spec`.

The flow: 108 suit tiles, 缺一门 to win (at most two suits), no chow unless ``allow_chow``,
一炮多响 unless ``multi_ron=False`` (截和: the first claimant after the discarder wins
alone), an added kong may be robbed, 过水 as the option says. The first win ends the hand.
At an exhausted wall with two players ready and two not, 查叫 is a random draw: the
:func:`exhausted_data` hook draws it and the engine writes it on the ``exhausted`` event
under the rule set's name (``{"type": "exhausted", "yunnan": {"chajiao_pairs": ...}}``).

A win's value is ``番 × stake``, the ``value`` that settlement gives the win (查花, paid
per payer on a self-draw, is not part of it).

>>> spec = play_spec({"allow_chow": True, "multi_ron": False})
>>> spec.chow, spec.multi_ron, spec.void_suit_to_win, spec.options
(True, False, True, {'allow_chow': True, 'multi_ron': False})
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

from ..errors import InvalidRecordError
from ..playspec import PlaySpec
from ..ruleset import suited_hand_arrays
from . import _kernel
from .rules import RULES_NAME, Rules
from .scoring import scorer

__all__ = ["chajiao_draw", "play_spec", "ready_seats"]


def ready_seats(record: Mapping[str, Any], rules: Rules) -> List[int]:
    """The seats whose closing hand (``record["final"]``, all four needed) is ready, by
    the test 查叫 settles with (a wait of at least one 番 under Yunnan's win rules)."""
    final = record.get("final") or {}
    ready = []
    for s in range(4):
        fh = final.get(str(s), final.get(s))
        if fh is None:
            raise InvalidRecordError(f"final: the closing hand of seat {s} is needed for the "
                                     "查叫 draw (Yunnan's exhausted event)")
        melds = [(m["type"], m["tiles"]) for m in fh.get("melds") or ()]
        counts, rows, _ = suited_hand_arrays(fh["hand"], melds, size=13,
                                             allow_chow=rules.allow_chow, rule_name="Yunnan")
        fan, _ = scorer(rules).best_wait_one(counts, rows, rules.tenpai_ignores_own_4_copies)
        if fan > 0:
            ready.append(s)
    return ready


def chajiao_draw(ready: List[int], rules: Rules, rng) -> Optional[List[List[int]]]:
    """The random 查叫 draw of two ready and two not, as ``[[payer, payee], ...]``: one
    random payer pays one random ready player (``single_random_transfer``), or each
    player not ready pays a randomly paired ready one (``random_pairing``). None when the
    rules draw nothing (any other number of ready players)."""
    if len(ready) != 2:
        return None
    not_ready = [s for s in range(4) if s not in ready]
    if rules.chajiao_two_two == "single_random_transfer":
        return [[not_ready[int(rng.integers(2))], ready[int(rng.integers(2))]]]
    payees = [ready[int(i)] for i in rng.permutation(2)]
    return [[a, b] for a, b in zip(not_ready, payees)]


def _exhausted_data(rules: Rules, record: Mapping[str, Any], rng) -> Optional[Dict[str, Any]]:
    if any(e.get("type") == "win" for e in record.get("events", ())):
        return None     # the hand ended with a win: no 查叫
    pairs = chajiao_draw(ready_seats(record, rules), rules, rng)
    return None if pairs is None else {"chajiao_pairs": pairs}


def play_spec(rules: Optional[Rules | Mapping[str, Any]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of Yunnan under ``rules`` (None, a
    :class:`Rules` or a mapping of options, read as settlement reads them)."""
    rules = Rules.from_mapping(rules)

    def exhausted_data(record: Mapping[str, Any], rng) -> Optional[Dict[str, Any]]:
        return _exhausted_data(rules, record, rng)

    return PlaySpec(
        rules=RULES_NAME,
        options=rules.changed(),
        # the value settlement gives a win, by the kernel score() calls
        win_check=_kernel.win_check(rules.stack_heavenly, rules.allow_chow, rules.stake),
        honours=False,
        chow=rules.allow_chow,
        multi_ron=rules.multi_ron,
        robbing_kong=True,
        pass_lock=rules.pass_lock,
        void_suit_to_win=True,
        exhausted_data=exhausted_data,
    )
