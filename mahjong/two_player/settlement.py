"""Settling a two-player hand record."""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..additive import event_error, ready_events, settle_wins
from ..errors import InvalidRecordError, MahjongError
from ..record import HandRecord
from ..ruleset import Settlement, recorded_win_error
from .rules import RULES_NAME, Rules
from .scoring import win_entry


def settle(record, rules: Optional[Rules | Mapping[str, Any]] = None) -> Settlement:
    """Settle a two-player hand record: the opponent pays ``min(total, 13) × base`` for a
    win of any kind; 流局 pays nothing.

    The record needs ``seats: 2`` and, when the rules show 花牌 tiles (option
    ``flower_indicators``, 4 by default), exactly that many tiles in its top-level
    ``flower_indicators``. 报听 is read from the winner's ``ready`` event; a win with
    ``last_tile`` is 海底捞月 (a self-draw from the reserve) and must be the ready
    player's (the first to declare when both did). The winner deals next; after 流局 the
    dealer stays.

    Parameters
    ----------
    record : HandRecord, mapping or JSON text (``rules`` = ``"two_player"``)
    rules : Rules or mapping, optional
        Overrides the record's ``options``.

    Returns
    -------
    Settlement

    Examples
    --------
    >>> s = settle({"rules": "two_player", "seats": 2, "dealer": 0, "options":
    ...     {"flower_indicators": 0}, "events": [{"type": "win", "seat": 1,
    ...     "hand": "234m456p678s111z88m", "win_tile": "8m", "from": 0}]})
    >>> s.deltas, s.next_dealer
    ((-2, 2), 1)
    """
    record = HandRecord.coerce(record)
    rules = Rules.for_record(record, rules)
    seats = record.seats
    if seats != 2:
        raise InvalidRecordError(f"record: seats is {seats}, but two_player is played by 2")
    shown = record.flower_indicators
    if len(shown) != rules.flower_indicators:
        raise InvalidRecordError(
            f"record: flower_indicators lists {len(shown)} tile(s), but the rules show "
            f"{rules.flower_indicators} 花牌 tiles (option flower_indicators)")
    ready_at = ready_events(record)
    return settle_wins(record, rules, n_seats=2, score_win=_score_win, context=ready_at,
                       multi_ron=False, rules_name=RULES_NAME)


def _score_win(record, i: int, e, rules: Rules, ready_at):
    """The result entry of the win event ``e`` (index ``i``); ``ready_at``: seat -> index
    of its ready event."""
    if e.last_tile and ready_at:
        first = min(ready_at, key=ready_at.__getitem__)
        if first != e.seat:
            raise event_error(i, e, f"海底捞月 is drawn by the player ready first: seat "
                                    f"{first} declared ready at event {ready_at[first]}")
    ready = e.seat in ready_at and ready_at[e.seat] < i
    try:
        return win_entry(e.hand, e.melds, e.win_tile, e.bits, ready,
                         record.flower_indicators, rules)
    except MahjongError as exc:
        raise recorded_win_error(f"event {i} (win by seat {e.seat})", exc) from None
