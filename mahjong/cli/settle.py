"""``mahjong settle RECORDS``: itemised payments and per-seat deltas of hand records.

RECORDS is a file (``-`` reads standard input) holding one record (JSON, see
:mod:`mahjong.record`), a JSON list of records, or one record per line (JSON lines). One
record prints its settlement; several print one result each (``--json``: one JSON object
per line, ``{"error": "record N: ..."}`` for a record that cannot be settled, the exit
status then 1). The text labels each seat by its seat wind beside its number (``E(2)``:
seat 2 is East, the dealer); ``--json`` rows give seats by number, with a ``seats`` table of
their winds beside (``{"seat": 2, "wind": "E", "delta": 6}``) and the ``dealer``. Records
are read and answered one at a time (constant memory, each answer flushed as soon as
standard input has nothing more ready: usable as a pipe). ``--style``
prints the tiles of the reasons and notes as ``reference`` (W1), ``unicode`` (🀇) or
``chinese`` (一万) names instead of tenhou (1m).
"""
from __future__ import annotations


from ..errors import MahjongError
from ._items import add_style, styled


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "settle", help="settle hand records (payments, deltas, next dealer)",
        description="Settle hand records (JSON, see mahjong.record) with the rule set each "
                    "names: one record, a JSON list of records, or one record per line.")
    p.add_argument("record", metavar="RECORDS",
                   help="a record file (one record, a JSON list, or JSON lines), or - for "
                        "stdin")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="override a rule-set option of the record (repeatable)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    add_style(p)
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (shown for many records on a terminal with tqdm)")
    p.set_defaults(func=run)


def settle_one(data, options):
    """The settlement of one record (bytes, text or a decoded mapping) and its dealer."""
    from ..record import HandRecord
    from ..rooms import find_room
    from ..ruleset import settle as settle_record
    from .score import parse_option

    record = HandRecord.from_json(data)
    rules = None
    if options:
        merged = dict(record.options)
        merged.update(dict(parse_option(o) for o in options))
        rules = find_room(record.rules).Rules.from_mapping(merged)
    return settle_record(record, rules), record.dealer


def settlement_row(result, dealer, style: str = "tenhou") -> dict:
    """The ``--json`` row of a settlement: :meth:`Settlement.to_dict` (seats are numbers:
    ``deltas`` by seat, ``from``/``to`` of each payment), with the record's ``dealer`` and a
    ``seats`` table giving each seat's wind beside its number (winds move with the
    dealer; seat numbers do not)."""
    from ..ruleset import SEAT_NAMES

    row = styled(result.to_dict(), style)
    n = len(result.deltas)
    dealer = dealer or 0
    row["dealer"] = dealer
    row["seats"] = [{"seat": seat, "wind": SEAT_NAMES[(seat - dealer) % n % 4],
                     "delta": delta} for seat, delta in enumerate(result.deltas)]
    return row


def run(args) -> int:
    import json

    from ._items import LineReader, read_items

    reader = LineReader(args.record)
    try:
        # each line's text goes to the record reader (it reads JSON text straight into
        # its events, faster than json.loads and a dict)
        several, items = read_items(reader, as_text=True)
        if not several:
            result, dealer = settle_one(next(items)[1], args.option)
            print(json.dumps(settlement_row(result, dealer, args.style), ensure_ascii=False)
                  if args.json else result.format(dealer, args.style))
            return 0
        return _settle_many(args, reader, items)
    finally:
        reader.close()


def _settle_many(args, reader, items) -> int:
    import json

    from ._items import IDLE, Answers

    failed = False
    answers = Answers(args, reader, "records")
    as_json, style, options = args.json, args.style, args.option
    try:
        for item in items:
            if item is IDLE:  # nothing more ready: what is answered goes out now
                answers.flush()
                continue
            number, value = item
            try:
                if isinstance(value, Exception):
                    raise value
                result, dealer = settle_one(value, options)
                if as_json:
                    text = json.dumps(settlement_row(result, dealer, style),
                                      ensure_ascii=False)
                else:
                    text = f"--- {number}\n" + result.format(dealer, style)
            except (MahjongError, ValueError, TypeError, RecursionError) as exc:
                failed = True
                text = (json.dumps({"error": f"record {number}: {exc}"}, ensure_ascii=False)
                        if as_json else f"--- {number}\nerror: record {number}: {exc}")
            answers.write(text)
            answers.done()
    finally:
        answers.close()
    return 1 if failed else 0
