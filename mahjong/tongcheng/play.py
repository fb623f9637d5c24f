"""How the 通称 table is played, for the game engine: :func:`play_spec`.

Four players over the 136 tiles with chow, pung and kong, the fans added up with no
minimum and no cap. What differs from the engine's common model:

* 扣听: a player may declare ready on the dealer's first discard (the dealer with it, the
  others before their first draw); the hand is then locked, and the declaration is 25 番.
  The table has no later 报听;
* 地胡 is a win on the dealer's first discard (flag ``earthly``, ``from`` the dealer, no
  claim or kong before it), never a self-draw; 天胡 the dealer's win on his first 14;
* several players may win on one discard (option ``multi_ron``, on by default; off: only
  the first claimant in play order);
* an added kong may be robbed (a discard win of the robbed player's tile);
* the winning forms: four sets and a pair, seven pairs, thirteen orphans and 十三不靠.

A win's value is what each payer pays: the total × ``stake``.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Union

from mahjong_core._types import (FORM_HONORS_KNITTED, FORM_REGULAR, FORM_SEVEN_PAIRS,
                                 FORM_THIRTEEN_ORPHANS)

from ..playspec import PlaySpec
from . import _kernel
from .rules import RULES_NAME, Rules
from .scoring import _ENTRIES, _EXCLUDES

__all__ = ["play_spec"]

N_SEATS = 4
#: regular, seven pairs, thirteen orphans and the knitted-and-honours shape (十三不靠 is
#: one of its hands)
TONGCHENG_FORMS = (FORM_REGULAR | FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS
                   | FORM_HONORS_KNITTED)


def _options(rules: Rules) -> Dict[str, Any]:
    """The record's ``options``: those that differ from the defaults, JSON-ready."""
    options = rules.changed()
    for name in ("fan_table", "tail_values"):
        value = options.get(name)
        if isinstance(value, Mapping):
            options[name] = {k: value[k] for k in sorted(value.overridden)}
    return options


def play_spec(rules: Optional[Union[Rules, Mapping[str, Any]]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of the 通称 table with the options ``rules``
    (None, a :class:`~mahjong.tongcheng.Rules` or a mapping of options).

    >>> spec = play_spec({"multi_ron": False})
    >>> spec.multi_ron, spec.ready_at_start, spec.options
    (False, True, {'multi_ron': False})
    >>> from mahjong.playspec import WinQuery
    >>> record = {"rules": "tongcheng", "dealer": 0, "events": [
    ...     {"type": "discard", "seat": 0, "tile": "9m"}, {"type": "ready", "seat": 1},
    ...     {"type": "discard", "seat": 3, "tile": "5s"}]}
    >>> win = {"type": "win", "seat": 1, "hand": "123s456s789s111s55s", "win_tile": "5s",
    ...        "from": 3, "melds": []}
    >>> spec.win_value(WinQuery(record, win, ()))   # 28 with 扣听 25 in place of 门清 1
    52
    """
    rules = Rules.from_mapping(rules)

    return PlaySpec(
        rules=RULES_NAME,
        options=_options(rules),
        # the value settlement gives a win, by the kernel score() calls
        win_check=_kernel.win_check(rules.table.packed, _EXCLUDES, _ENTRIES, rules.stake),
        multi_ron=rules.multi_ron,
        robbing_kong=True,
        pass_lock=False,
        ready_at_start=True,          # 扣听, on the dealer's first discard
        ready_after_discard=True,     # the dealer declares right after that discard,
        ready_in_first_claim_window=True,   # the others before its claims are carried out
        ready_locks_hand=True,
        forms=TONGCHENG_FORMS,
        extra={"earthly": "dealer_first_discard"},
    )
