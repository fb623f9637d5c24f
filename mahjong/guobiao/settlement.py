"""Guobiao competition scoring: who pays what for one hand, and a 16-hand match record.

Rules (the competition rules' 「国标麻将计分方式」 and the 16-hand match):

* F = the winner's fans, flowers included; the hand must reach 8 fans *without* flowers.
* Self-drawn (自摸): each of the three others pays ``8 + F``.
* On a discard (点和): the discarder pays ``8 + F``, each other player pays ``8``.
  Robbing a kong (抢杠和) settles like a discard win with the robbed player as discarder.
* A drawn hand (荒庄) pays nothing. No kong money, no cap, no 连庄 bonus, no multiple
  winners (截和: only the first claimant in play order wins).
* A match is four rounds (East, South, West, North) of four hands, 16 hands in all, with
  no dealer repeat. Before the West round East swaps seats with South and West with North;
  the former South then deals first.

A hand below 8 fans is not a win. This package has no false-win (错和) penalty (the
match-level penalty is out of scope), so settling one raises :class:`NotWinningError`
and records nothing: the caller sees the error.

Everything here is data in, data out: no I/O, no global state. Seats are the seat winds of
the hand being settled (0..3 = East, South, West, North, also "E", "南", ...); the match
maps them to players, who keep their identity when they change seats.

>>> settle("S", 14, discarder="W").payments
(-8, 38, -22, -8)
>>> settle("N", 10).payments
(-18, -18, -18, 54)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ..errors import InvalidRecordError, NotWinningError
from .._ledger import SEAT_NAMES
from ..rooms import MatchSeating
from ..validate import show
from .fans import MIN_FANS  # fans a hand needs, flowers not counted (国标麻将8番起胡)
from .winds import WIND_NAMES, parse_wind

BASE_PAYMENT = 8
#: what an offender pays each other player for a penalty (Botzone's duplicate-wall game:
#: an illegal move or a false win costs 30, each other seat gets 10)
PENALTY_PAYMENT = 10
"""What every loser pays on top of the winner's fans (the 8 of ``8 + F``)."""
HANDS_PER_ROUND = 4
ROUNDS = 4
HANDS_PER_MATCH = HANDS_PER_ROUND * ROUNDS

SeatInput = Union[int, str]


@dataclass(frozen=True)
class HandSettlement:
    """Payments of one hand, by seat wind (index 0..3 = East, South, West, North).

    ``winner`` and ``discarder`` are seat winds (``discarder`` is None for a self-drawn
    win, both are None for a drawn hand); ``fans`` is F, flowers included.
    """

    winner: Optional[int]
    discarder: Optional[int]
    fans: int
    payments: Tuple[int, int, int, int]

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def self_drawn(self) -> bool:
        return self.winner is not None and self.discarder is None

    def __str__(self) -> str:
        return ", ".join(f"{SEAT_NAMES[s]} {p:+d}" for s, p in enumerate(self.payments))


def _seat(value: SeatInput, field: str) -> int:
    try:
        return parse_wind(value, field)
    except ValueError as exc:
        raise InvalidRecordError(str(exc)) from None


def _fans_of(fans: Any, flowers: int) -> Tuple[int, int, Optional[bool]]:
    """(F, fans without flowers, self_drawn-or-None) from an int or a score result."""
    if hasattr(fans, "total") and hasattr(fans, "base_total"):
        return int(fans.total), int(fans.base_total), getattr(fans, "self_drawn", None)
    if isinstance(fans, bool) or not isinstance(fans, int):
        raise InvalidRecordError(
            f"fans must be an int or a guobiao score result, got {type(fans).__name__}")
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 8:
        raise InvalidRecordError(f"flowers must be an int 0..8, got {flowers!r}")
    return fans, fans - flowers, None


def settle(winner: SeatInput, fans: Any, *, discarder: Optional[SeatInput] = None,
           flowers: int = 0) -> HandSettlement:
    """Payments of a won hand.

    Parameters
    ----------
    winner : int or str
        The winner's seat wind (0..3, or "E", "south", "西", "4z", ...).
    fans : int or ScoreResult
        F, the winner's fans with flowers; or a result of :func:`mahjong.guobiao.score`
        (then its ``total``/``base_total`` are used, and its self-drawn flag and seat wind
        are checked against ``discarder`` and ``winner``).
    discarder : int or str, optional
        Seat wind of the player who discarded the winning tile (for 抢杠和: the player
        whose kong was robbed). None means self-drawn.
    flowers : int
        Flowers included in an integer ``fans`` (they do not count toward the 8 minimum).

    Returns
    -------
    HandSettlement
        ``payments`` by seat wind; they sum to zero.

    Raises
    ------
    NotWinningError
        The hand has fewer than 8 fans without flowers (a false win).
    InvalidRecordError
        Seats out of range, discarder = winner, a discarder given for a result scored as
        self-drawn (or none given for a discard win), or a result scored with another
        seat wind than the winner's.

    Examples
    --------
    >>> settle(0, 88, discarder=1).payments   # 十三幺 on South's discard
    (112, -96, -8, -8)
    """
    win_seat = _seat(winner, "winner")
    total, base, result_self_drawn = _fans_of(fans, flowers)
    scored_seat = getattr(fans, "seat_wind", None)
    if scored_seat is not None and scored_seat != win_seat:
        raise InvalidRecordError(
            f"winner {SEAT_NAMES[win_seat]} but the hand was scored with seat_wind "
            f"{SEAT_NAMES[scored_seat]}")
    if result_self_drawn is not None:
        if result_self_drawn and discarder is not None:
            raise InvalidRecordError(
                "discarder given for a hand scored as self-drawn (self_drawn=True)")
        if not result_self_drawn and discarder is None:
            raise InvalidRecordError(
                "a hand scored as won on a discard needs the discarder's seat")
    if base < MIN_FANS:
        raise NotWinningError(
            f"false win: {base} fans without flowers, a Guobiao win needs {MIN_FANS}")
    payments = [0, 0, 0, 0]
    if discarder is None:
        for seat in range(4):
            if seat != win_seat:
                payments[seat] = -(BASE_PAYMENT + total)
        payments[win_seat] = 3 * (BASE_PAYMENT + total)
        return HandSettlement(win_seat, None, total, tuple(payments))
    loser = _seat(discarder, "discarder")
    if loser == win_seat:
        raise InvalidRecordError(
            f"discarder {SEAT_NAMES[loser]} is the winner: a player cannot win on his own "
            "discard")
    for seat in range(4):
        if seat != win_seat:
            payments[seat] = -BASE_PAYMENT
    payments[loser] = -(BASE_PAYMENT + total)
    payments[win_seat] = 3 * BASE_PAYMENT + total
    return HandSettlement(win_seat, loser, total, tuple(payments))


def settle_draw() -> HandSettlement:
    """A drawn hand (荒庄): nobody pays (Guobiao has no 查叫).

    >>> settle_draw().payments
    (0, 0, 0, 0)
    """
    return HandSettlement(None, None, 0, (0, 0, 0, 0))


# --- the match --------------------------------------------------------------------------

_SWAPPED = (1, 0, 3, 2)  # before the West round: E<->S, W<->N


@dataclass(frozen=True)
class HandInfo:
    """Who sits where in one hand of a match.

    ``number`` is 1..16, ``round_wind`` 0..3 (the prevalent wind 圈风), ``hand_in_round``
    0..3. ``seat_winds[p]`` is player p's seat wind (门风) and ``players[s]`` the player
    with seat wind s; ``dealer`` is the player with seat wind East.
    """

    number: int
    round_wind: int
    hand_in_round: int
    seat_winds: Tuple[int, int, int, int]
    players: Tuple[int, int, int, int]

    @property
    def dealer(self) -> int:
        return self.players[0]


def hand_info(number: int) -> HandInfo:
    """The seating of hand ``number`` (1..16) of a match.

    Players 0..3 start at table positions East, South, West, North (in play order). In
    hand k (0..3) of a round the player at position k deals (seat wind East) and the seat
    winds follow in play order. From the West round on, positions 0/1 and 2/3 hold the
    swapped players, so the former South deals the first West-round hand.

    >>> hand_info(1).players, hand_info(2).players
    ((0, 1, 2, 3), (1, 2, 3, 0))
    >>> hand_info(9).players   # West round, first hand: the former South deals
    (1, 0, 3, 2)
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 16:
        raise InvalidRecordError(f"hand number must be 1..16, got {number!r}")
    round_wind, k = divmod(number - 1, HANDS_PER_ROUND)
    at_position = _SWAPPED if round_wind >= 2 else (0, 1, 2, 3)
    players = tuple(at_position[(k + wind) % 4] for wind in range(4))
    seat_winds = [0, 0, 0, 0]
    for wind, player in enumerate(players):
        seat_winds[player] = wind
    return HandInfo(number, round_wind, k, tuple(seat_winds), players)



def match_seating(hand: int, seats: int = 4) -> MatchSeating:
    """Hand ``hand`` (0-based) of a match as the engine's :class:`~mahjong.rooms.Match`
    plays it (the room's match-schedule hook): the player at each seat (table position) by
    :func:`hand_info`, its round wind and dealer (no 连庄: the schedule names every dealer).

    >>> match_seating(8).players, match_seating(8).round_wind, match_seating(8).dealer
    ((1, 0, 3, 2), 2, 0)
    """
    info = hand_info(hand + 1)
    at = [0] * seats
    for wind, player in enumerate(info.players):
        at[(info.hand_in_round + wind) % seats] = player
    return MatchSeating(tuple(at), info.round_wind, info.hand_in_round)

@dataclass(frozen=True)
class MatchHand:
    """One recorded hand: its seating, its settlement (by seat) and the score change of
    every player (``deltas[p]`` for player p)."""

    info: HandInfo
    settlement: HandSettlement
    deltas: Tuple[int, int, int, int]


@dataclass(frozen=True)
class Standing:
    """A player's place in the match table (equal scores share a rank)."""

    rank: int
    player: int
    name: str
    score: int


class Match:
    """A Guobiao match record: 16 hands, no dealer repeat, seat swap before the West round.

    Record hands in order with :meth:`record_win` / :meth:`record_draw`; winner and
    discarder are the seat winds *of the current hand* (``match.current``). Scores are
    kept per player. An invalid record (a false win, a seat out of range, a 17th hand)
    raises and leaves the match unchanged.

    >>> m = Match(["Ann", "Bo", "Cy", "Di"])
    >>> _ = m.record_win("S", 14, discarder="W")   # Bo wins on Cy's discard
    >>> m.scores
    (-8, 38, -22, -8)
    >>> m.current.dealer   # no dealer repeat: Bo deals hand 2
    1
    """

    def __init__(self, players: Optional[Sequence[str]] = None):
        if players is None:
            players = ("P1", "P2", "P3", "P4")
        try:
            if isinstance(players, (str, bytes)):
                raise TypeError
            names = tuple(str(p) for p in players)
        except TypeError:  # not a sequence of names (a string would be one per letter)
            raise InvalidRecordError(f"players: expected 4 names, got {show(players)}") from None
        if len(names) != 4:
            raise InvalidRecordError(f"a match has 4 players, got {len(names)}")
        self.players: Tuple[str, ...] = names
        self._hands: List[MatchHand] = []

    @property
    def hands(self) -> Tuple[MatchHand, ...]:
        return tuple(self._hands)

    @property
    def finished(self) -> bool:
        return len(self._hands) == HANDS_PER_MATCH

    @property
    def current(self) -> Optional[HandInfo]:
        """Seating of the next hand to record (None when all 16 are recorded)."""
        return None if self.finished else hand_info(len(self._hands) + 1)

    def _append(self, settlement: HandSettlement) -> MatchHand:
        info = self.current
        deltas = tuple(settlement.payments[info.seat_winds[p]] for p in range(4))
        hand = MatchHand(info, settlement, deltas)
        self._hands.append(hand)
        return hand

    def _check_open(self) -> None:
        if self.finished:
            raise InvalidRecordError(f"the match is over: all {HANDS_PER_MATCH} hands are "
                                     "recorded")

    def record_win(self, winner: SeatInput, fans: Any, *,
                   discarder: Optional[SeatInput] = None, flowers: int = 0) -> MatchHand:
        """Record a won hand (arguments as :func:`settle`, seats of the current hand). A
        score result must have been scored with this hand's round wind."""
        self._check_open()
        scored_round = getattr(fans, "round_wind", None)
        if scored_round is not None and scored_round != self.current.round_wind:
            raise InvalidRecordError(
                f"hand {self.current.number} is in the {WIND_NAMES[self.current.round_wind]} "
                f"round but was scored with round_wind {SEAT_NAMES[scored_round]}")
        return self._append(settle(winner, fans, discarder=discarder, flowers=flowers))

    def record_draw(self) -> MatchHand:
        """Record a drawn hand (荒庄)."""
        self._check_open()
        return self._append(settle_draw())

    @property
    def scores(self) -> Tuple[int, int, int, int]:
        """Total score of each player (by player index)."""
        totals = [0, 0, 0, 0]
        for hand in self._hands:
            for p in range(4):
                totals[p] += hand.deltas[p]
        return tuple(totals)

    def standings(self) -> List[Standing]:
        """Players from the highest score down; equal scores share the better rank."""
        scores = self.scores
        order = sorted(range(4), key=lambda p: (-scores[p], p))
        out = []
        for i, p in enumerate(order):
            rank = out[-1].rank if out and scores[p] == out[-1].score else i + 1
            out.append(Standing(rank, p, self.players[p], scores[p]))
        return out

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]],
                     players: Optional[Sequence[str]] = None) -> "Match":
        """Build a match from hand records, in order. Each record is a mapping:
        ``{"draw": true}`` or ``{"winner": "S", "fans": 14, "discarder": "W",
        "flowers": 0}`` (no discarder = self-drawn). An error names the record (1-based).

        >>> Match.from_records([{"winner": "S", "fans": 14, "discarder": "W"},
        ...                     {"draw": True}]).scores
        (-8, 38, -22, -8)
        >>> Match.from_records([{"winner": "E", "fans": 5}])
        Traceback (most recent call last):
        ...
        mahjong.errors.NotWinningError: hand record 1: false win: 5 fans without flowers, a Guobiao win needs 8
        """
        match = cls(players)
        if isinstance(records, (str, bytes, Mapping)) or not hasattr(records, "__iter__"):
            raise InvalidRecordError("records: expected an iterable of hand records, got "
                                     f"{type(records).__name__}")
        for i, record in enumerate(records, 1):
            try:
                if not isinstance(record, Mapping):
                    raise InvalidRecordError(f"expected an object, got {type(record).__name__}")
                unknown = set(record) - {"draw", "winner", "fans", "discarder", "flowers"}
                if unknown:
                    raise InvalidRecordError(f"unknown field(s) {sorted(unknown)}")
                if record.get("draw"):
                    if set(record) - {"draw"}:
                        raise InvalidRecordError("a drawn hand has no winner, fans or discarder")
                    match.record_draw()
                    continue
                if "winner" not in record or "fans" not in record:
                    raise InvalidRecordError("a won hand needs 'winner' and 'fans'")
                match.record_win(record["winner"], record["fans"],
                                 discarder=record.get("discarder"),
                                 flowers=record.get("flowers", 0))
            except (InvalidRecordError, NotWinningError) as exc:
                raise type(exc)(f"hand record {i}: {exc}") from None
        return match


__all__ = ["MIN_FANS", "BASE_PAYMENT", "PENALTY_PAYMENT", "HANDS_PER_MATCH", "HandSettlement", "settle",
           "settle_draw", "HandInfo", "hand_info", "MatchHand", "Standing", "Match"]
