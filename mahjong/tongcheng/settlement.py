"""Settling a hand record on the 通称 table."""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

from ..additive import event_error, ready_events, settle_wins
from ..errors import InvalidRecordError, MahjongError
from ..record import ClaimEvent, DiscardEvent, DrawEvent, HandRecord, KongEvent
from ..ruleset import Settlement, recorded_win_error
from .rules import RULES_NAME, Rules
from .scoring import win_entry

N_SEATS = 4


def kouting_seats(record, ready_at: Dict[int, int]) -> Dict[int, bool]:
    """seat -> whether its ready event is 扣听: declared on the dealer's first discard.

    A ready event is 扣听 when no claim or kong came before it, the only discard before
    it (if any) is the dealer's, and (for a non-dealer) the dealer has discarded and the
    seat has not drawn yet. Telling this needs the discards: a record with a ready event
    and no discard at all is refused.
    """
    if not ready_at:
        return {}
    events = record.events
    # one pass up to the last ready event: what came before each ready event
    at_seat = {at: seat for seat, at in ready_at.items()}
    last = max(at_seat)
    out = {}
    dealer = record.dealer
    discards = 0            # discards so far, all the dealer's (dealer_only) or not
    dealer_only = True
    claimed = False         # a chow, pung or kong so far
    drew = set()            # seats that have drawn so far
    for i, e in enumerate(events):
        seat = at_seat.get(i, -1)
        if seat >= 0:
            early = not claimed and discards <= 1 and dealer_only
            if seat != dealer:
                early = early and discards == 1 and seat not in drew
            out[seat] = early
            if i == last:
                break
        kind = type(e)
        if kind is DiscardEvent:
            discards += 1
            dealer_only = dealer_only and e.seat == dealer
        elif kind is DrawEvent:
            drew.add(e.seat)
        elif kind is ClaimEvent or kind is KongEvent:
            claimed = True
    if not discards and not any(e.type == "discard" for e in events):
        seat, i = min(ready_at.items(), key=lambda kv: kv[1])
        raise event_error(i, events[i], "a ready event needs the record's discards to tell 扣听 "
                                        "(ready on the dealer's first discard) from a later "
                                        "declaration")
    return {seat: out[seat] for seat in ready_at}


def settle(record, rules: Optional[Rules | Mapping[str, Any]] = None) -> Settlement:
    """Settle a four-player hand record on the 通称 table.

    A discard win is paid by the discarder (each winner separately when several win on
    one discard), a self-draw by each of the three others, a robbed kong by the robbed
    player; each pays the total × stake, with no cap and no kong money. 流局 pays nothing
    and the dealer stays; the winner deals next (the discarder after several winners on
    one discard). 地胡 must be a win on the dealer's (first) discard; 扣听 is read from the
    winner's ``ready`` event (see :func:`kouting_seats`).

    Examples
    --------
    >>> s = settle({"rules": "tongcheng", "dealer": 0, "events": [{"type": "win",
    ...     "seat": 2, "hand": "234m456p67s99p8s", "melds": [{"type": "pung", "tiles":
    ...     "111z"}], "win_tile": "8s", "from": 3}]})
    >>> s.deltas, s.next_dealer
    ((0, 0, 7, -7), 2)
    """
    record = HandRecord.coerce(record)
    rules = Rules.for_record(record, rules)
    seats = record.seats
    if seats != N_SEATS:
        raise InvalidRecordError(f"record: seats is {seats}, but tongcheng is played by 4")
    ready_at = ready_events(record)
    kouting = kouting_seats(record, ready_at)
    return settle_wins(record, rules, n_seats=N_SEATS, score_win=_score_win,
                       context=(ready_at, kouting), multi_ron=rules.multi_ron,
                       rules_name=RULES_NAME)


def _score_win(record, i: int, e, rules: Rules, context):
    """The result entry of the win event ``e`` (index ``i``); ``context``: (seat -> index
    of its ready event, seat -> whether that was 扣听)."""
    ready_at, kouting = context
    if e.earthly:
        if e.from_seat != record.dealer:
            raise event_error(i, e, "earthly (地胡) on this table is a win on the dealer's "
                                    f"first discard; the dealer is seat {record.dealer}")
        discards = [x for x in record.events[:i] if x.type == "discard"]
        if len(discards) > 1:
            raise event_error(i, e, "earthly (地胡) is a win on the dealer's first discard, "
                                    f"but {len(discards)} discards came before it")
    early = kouting.get(e.seat, False) and ready_at[e.seat] < i
    try:
        return win_entry(e.hand, e.melds, e.win_tile, e.bits, early, rules)
    except MahjongError as exc:
        raise recorded_win_error(f"event {i} (win by seat {e.seat})", exc) from None
