"""The results of settling a hand record: :class:`Payment` and :class:`Settlement`
(re-exported by :mod:`mahjong.ruleset`, where they are documented for users), and the
settlement of a list of booked payment rows that the compiled rooms share.

Compiled by Cython (the augmenting ``_ledger.pxd`` makes both classes extension types with
C fields); the same source runs uncompiled. Both classes behave as the frozen dataclasses
they were: the same fields, ``==``, ``hash``, ``repr``, and ``dataclasses.fields`` /
``asdict`` / ``replace`` work on them (they carry the dataclass field table of a twin
dataclass below).

Why extension types: rooms settle records by the thousand and callers keep the results
(``[room.settle(t) for t in texts]``). A dataclass instance is two objects the garbage
collector tracks (the instance and its ``__dict__``); a settlement here is one object, its
``payments`` are built only when asked for, and a :class:`Payment` of plain ints and a
string is not tracked at all (it cannot be part of a reference cycle).
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ._compat import JsonText

__all__ = ["Payment", "Settlement", "Ledger", "PaymentRow", "settlement_of_rows",
           "rows_deltas", "SEAT_NAMES"]

_COMPILED = not __file__.endswith(".py")  # built by setup.py (_ledger.pxd applies)

#: the seat winds as settlements label seats, East first (``W(0)``: seat 0 sits West);
#: re-exported by :mod:`mahjong.ruleset`
SEAT_NAMES = ("E", "S", "W", "N")

#: a booked payment as a plain row: (from_seat, to_seat, amount, reason, event)
PaymentRow = Tuple[int, int, int, str, Optional[int]]

# The dataclass field tables of Payment and Settlement: twins declared as dataclasses, whose
# ``__dataclass_fields__`` the classes below carry (what the dataclasses module reads).


@dataclass(frozen=True)
class _PaymentFields:
    from_seat: int
    to_seat: int
    amount: int
    reason: str
    event: Optional[int] = None


@dataclass(frozen=True)
class _SettlementFields:
    rules: str
    deltas: Tuple[int, ...]
    payments: Tuple[Any, ...]
    next_dealer: Optional[int]
    wins: Dict[int, Any] = field(default_factory=dict)
    notes: Tuple[str, ...] = ()


_PAYMENT_FIELDS = ("from_seat", "to_seat", "amount", "reason", "event")
_SETTLEMENT_FIELDS = ("rules", "deltas", "payments", "next_dealer", "wins", "notes")


def _frozen(self, name):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


class _Compared:
    """Base of Payment and Settlement: compared and hashed by ``_values()`` (the fields in
    order), as the frozen dataclasses they replace were."""

    def _values(self) -> tuple:
        raise NotImplementedError

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() != other._values()

    def __hash__(self):
        return hash(self._values())


class Payment(_Compared):
    """One transfer: seat ``from_seat`` pays ``amount`` to ``to_seat`` because of event
    number ``event`` of the record (None for end-of-hand steps without an event)."""

    __dataclass_fields__ = _PaymentFields.__dataclass_fields__
    __dataclass_params__ = _PaymentFields.__dataclass_params__
    __match_args__ = _PAYMENT_FIELDS

    def __init__(self, from_seat: int, to_seat: int, amount: int, reason: str,
                 event: Optional[int] = None):
        self.from_seat = from_seat
        self.to_seat = to_seat
        self.amount = amount
        self.reason = reason
        self.event = event
        if _COMPILED and _atomic(from_seat) and _atomic(to_seat) and _atomic(amount) and \
                _atomic(reason) and _atomic(event):
            # made of ints, strings and None only, it cannot be part of a reference cycle:
            # the garbage collector need not look at it (as CPython does for such tuples)
            PyObject_GC_UnTrack(self)  # noqa: F821  (declared in _ledger.pxd)

    def _values(self) -> tuple:
        return (self.from_seat, self.to_seat, self.amount, self.reason, self.event)

    def __repr__(self):
        return (f"{type(self).__qualname__}(from_seat={self.from_seat!r}, "
                f"to_seat={self.to_seat!r}, amount={self.amount!r}, reason={self.reason!r}, "
                f"event={self.event!r})")

    def __reduce__(self):
        return (Payment, self._values())

    def __setattr__(self, name, value):
        # compiled, the constructor writes the C fields directly and never comes here
        if _COMPILED or name in self.__dict__ or name not in _PAYMENT_FIELDS:
            _frozen(self, name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def to_dict(self) -> Dict[str, Any]:
        return {"from": self.from_seat, "to": self.to_seat, "amount": self.amount,
                "reason": self.reason, "event": self.event}

    def to_json(self, **kwargs) -> str:
        """:meth:`to_dict` as a JSON string (``kwargs`` go to :func:`json.dumps`)."""
        return JsonText.of(self.to_dict(), **kwargs)


def _atomic(value) -> bool:
    """An int, a string or None (exactly): a value that holds no references."""
    kind = type(value)
    return kind is int or kind is str or value is None


def _payment_of_row(row) -> Payment:
    from_seat, to_seat, amount, reason, event = row
    return Payment(from_seat, to_seat, amount, reason, event)


class Settlement(_Compared):
    """The result of settling a hand record: per-seat ``deltas`` (sum 0), the itemised
    ``payments``, ``next_dealer`` (None where the rules leave it to the dice), the score of
    each win (``wins``: event index -> :class:`ScoreResult`) and ``notes``."""

    __dataclass_fields__ = _SettlementFields.__dataclass_fields__
    __dataclass_params__ = _SettlementFields.__dataclass_params__
    __match_args__ = _SETTLEMENT_FIELDS

    def __init__(self, rules: str, deltas: Tuple[int, ...], payments: Sequence[Payment],
                 next_dealer: Optional[int], wins: Optional[Dict[int, Any]] = None,
                 notes: Tuple[str, ...] = ()):
        self.rules = rules
        self.deltas = deltas
        self._payments = tuple(payments)
        self._rows = None
        self.next_dealer = next_dealer
        self.wins = {} if wins is None else wins
        self.notes = notes
        self._dealer = None

    @classmethod
    def from_ledger(cls, rules: str, ledger, next_dealer: Optional[int],
                    wins: Optional[Dict[int, Any]] = None,
                    notes: Tuple[str, ...] = ()) -> "Settlement":
        """The settlement of the payments booked in ``ledger`` (its ``rows`` and
        ``deltas()``). Its :class:`Payment` objects are built on first access of
        ``payments`` (many callers want only the deltas; a settled record books about a
        dozen payments)."""
        return _settlement(rules, tuple(ledger.deltas()), tuple(ledger.rows), next_dealer,
                           {} if wins is None else wins, notes)

    @property
    def payments(self) -> Tuple[Payment, ...]:
        """The payments, in the order they were booked (built once, on first access, from
        the booked rows)."""
        payments = self._payments
        if payments is None:
            payments = self._payments = tuple([_payment_of_row(row) for row in self._rows])
            self._rows = None
        return payments

    def _values(self) -> tuple:
        return (self.rules, self.deltas, self.payments, self.next_dealer, self.wins,
                self.notes)

    def __repr__(self):
        return (f"{type(self).__qualname__}(rules={self.rules!r}, deltas={self.deltas!r}, "
                f"payments={self.payments!r}, next_dealer={self.next_dealer!r}, "
                f"wins={self.wins!r}, notes={self.notes!r})")

    def __reduce__(self):
        return (_restore_settlement, (self.rules, self.deltas, self.payments,
                                      self.next_dealer, self.wins, self.notes, self._dealer))

    def __setattr__(self, name, value):
        # ``_dealer`` (the record's dealer, read by ``format``) is set once, by
        # mahjong.ruleset.settle; every other field is set by the constructors only
        if _COMPILED:
            # (compiled, the constructors write the C fields directly, never through here)
            if name == "_dealer" and self._dealer is None:
                _set_dealer(self, value)
                return
            _frozen(self, name)
        fields = self.__dict__
        if name == "_payments" or name == "_rows" or \
                (name == "_dealer" and fields.get("_dealer") is None) or \
                (name not in fields and name in _SETTLEMENT_FIELDS):
            object.__setattr__(self, name, value)
            return
        _frozen(self, name)

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def to_dict(self) -> Dict[str, Any]:
        return {"rules": self.rules, "deltas": list(self.deltas),
                "payments": [p.to_dict() for p in self.payments],
                "next_dealer": self.next_dealer,
                "wins": {str(k): v.to_dict() for k, v in sorted(self.wins.items())},
                "notes": list(self.notes)}

    def to_json(self, **kwargs) -> str:
        """:meth:`to_dict` as a JSON string (``kwargs`` go to :func:`json.dumps`)."""
        return JsonText.of(self.to_dict(), **kwargs)

    def payments_for_event(self, event: Optional[int]) -> List[Payment]:
        return [p for p in self.payments if p.event == event]

    def deltas_for_event(self, event: Optional[int], n_seats: int = 4) -> List[int]:
        """Net per-seat effect of the payments booked on one event."""
        out = [0] * n_seats
        for p in self.payments_for_event(event):
            out[p.from_seat] -= p.amount
            out[p.to_seat] += p.amount
        return out

    def __str__(self) -> str:
        return self.format()

    def format(self, dealer: Optional[int] = None, style: str = "tenhou") -> str:
        """The payments, deltas and next dealer as text. Seats are labelled by their seat
        wind, the dealer East (``W(0)``: seat 0 sits West); without ``dealer`` (the
        settlement's own when it knows it, else seat 0) seat 0 is taken as the dealer.
        The tiles of the reasons and notes are written in ``style`` (``tenhou`` 1m,
        ``reference`` W1, ``unicode`` 🀇 or ``chinese`` 一万)."""
        if dealer is None:
            dealer = self._dealer or 0
        n = len(self.deltas)

        def label(seat: int) -> str:
            return f"{SEAT_NAMES[(seat - dealer) % n % 4]}({seat})"

        lines = []
        for p in self.payments:
            where = "" if p.event is None else f"[event {p.event}] "
            lines.append(f"{where}{label(p.from_seat)} -> {label(p.to_seat)}: {p.amount}  "
                         f"{p.reason}")
        lines.append("deltas: " + ", ".join(f"{label(s)} {d:+d}"
                                            for s, d in enumerate(self.deltas)))
        lines.append("next dealer: " + ("dice" if self.next_dealer is None else
                                        label(self.next_dealer)))
        lines += [f"note: {n}" for n in self.notes]
        if style != "tenhou":
            from .tiles import restyle

            return restyle("\n".join(lines), style)
        return "\n".join(lines)


def _set_dealer(s: Settlement, dealer) -> None:
    s._dealer = dealer


def _settlement(rules: str, deltas: tuple, rows: tuple, next_dealer, wins: dict,
                notes: tuple) -> Settlement:
    """A settlement whose payments are built from ``rows`` on first access."""
    out = Settlement.__new__(Settlement)
    out.rules = rules
    out.deltas = deltas
    out._payments = None
    out._rows = rows
    out.next_dealer = next_dealer
    out.wins = wins
    out.notes = notes
    out._dealer = None
    return out


def _restore_settlement(rules, deltas, payments, next_dealer, wins, notes, dealer):
    """Unpickle a settlement (``__reduce__``)."""
    out = Settlement(rules, deltas, payments, next_dealer, wins, notes)
    out._dealer = dealer
    return out


def rows_deltas(rows: list, n_seats: int = 4) -> list:
    """The per-seat net of booked payment rows ``(from, to, amount, ...)``: each payer
    loses the amount, each payee gains it, so the deltas sum to zero."""
    if n_seats == 4:
        # (compiled: a C array; the rooms' amounts are far below 2**62)
        a0 = a1 = a2 = a3 = 0
        for row in rows:
            payer = row[0]
            payee = row[1]
            amount = row[2]
            if payer == 0:
                a0 -= amount
            elif payer == 1:
                a1 -= amount
            elif payer == 2:
                a2 -= amount
            else:
                a3 -= amount
            if payee == 0:
                a0 += amount
            elif payee == 1:
                a1 += amount
            elif payee == 2:
                a2 += amount
            else:
                a3 += amount
        return [a0, a1, a2, a3]
    out = [0] * n_seats
    for row in rows:
        out[row[0]] -= row[2]
        out[row[1]] += row[2]
    return out


def settlement_of_rows(rules: str, rows: list, next_dealer, wins: dict,
                       notes: tuple) -> Settlement:
    """The settlement of a four-seat room's booked rows ``(from, to, amount, reason,
    event)``: every row a transfer between two different seats of a positive amount (the
    room books them so by construction), the deltas their per-seat net, the payments
    built from the rows on first access."""
    return _settlement(rules, tuple(rows_deltas(rows, 4)), tuple(rows), next_dealer, wins,
                       notes)


class Ledger:
    """Accumulates payments; deltas sum to zero because every entry is a transfer
    (re-exported by :mod:`mahjong.ruleset`; compiled, an extension type whose methods are C
    code: rooms book a dozen payments a record).

    Payments are kept as plain :data:`PaymentRow` tuples (``rows``); :meth:`pay` returns
    the booked :class:`Payment`, :meth:`book` the row (rule sets book many)."""

    def __init__(self, n_seats: int = 4):
        self.n_seats = n_seats
        self.rows: List[PaymentRow] = []

    def book(self, from_seat: int, to_seat: int, amount: int, reason: str,
             event: Optional[int] = None) -> Optional[PaymentRow]:
        """Book a transfer and return its row (zero amounts are skipped and give None; a
        negative amount or a seat paying itself is a bug)."""
        if amount <= 0 or from_seat == to_seat:
            if amount < 0:
                raise AssertionError(f"negative payment {amount} ({reason})")
            if from_seat == to_seat:
                raise AssertionError(f"seat {from_seat} paying itself ({reason})")
            return None
        if type(from_seat) is not int or type(to_seat) is not int or type(amount) is not int:
            from_seat, to_seat, amount = int(from_seat), int(to_seat), int(amount)
        row = (from_seat, to_seat, amount, reason, event)
        self.rows.append(row)
        return row

    def book_from_others(self, seats: Sequence[int], to_seat: int, amount: int, reason: str,
                         event: Optional[int] = None) -> List[PaymentRow]:
        """Book ``amount`` from every seat of ``seats`` (ints) but ``to_seat`` itself (all
        still in pay a kong or a self-draw); returns the rows, none for a zero amount."""
        if amount <= 0:
            if amount < 0:
                raise AssertionError(f"negative payment {amount} ({reason})")
            return []
        if type(to_seat) is not int or type(amount) is not int:
            to_seat, amount = int(to_seat), int(amount)
        rows = [(s, to_seat, amount, reason, event) for s in seats if s != to_seat]
        self.rows += rows
        return rows

    def pay(self, from_seat: int, to_seat: int, amount: int, reason: str,
            event: Optional[int] = None) -> Optional[Payment]:
        """Book a transfer (see :meth:`book`) and return it as a :class:`Payment`."""
        row = self.book(from_seat, to_seat, amount, reason, event)
        return None if row is None else Payment(*row)

    @property
    def payments(self) -> List[Payment]:
        """The booked payments, in order."""
        return [Payment(*row) for row in self.rows]

    def deltas(self) -> List[int]:
        out = [0] * self.n_seats
        for from_seat, to_seat, amount, _, _ in self.rows:
            out[from_seat] -= amount
            out[to_seat] += amount
        return out
