"""``mahjong settle RECORDS``: itemised payments and per-seat deltas of hand records.

RECORDS is a file (``-`` reads standard input) holding one record (JSON, see
:mod:`mahjong.record`), a JSON list of records, or one record per line (JSON lines). One
record prints its settlement; several print one result each (``--json``: one JSON object
per line, ``{"error": "record N: ..."}`` for a record that cannot be settled, the exit
status then 1). Seats are labelled by their seat wind (the dealer is East). ``--style``
prints the tiles of the reasons and notes as ``reference`` (W1), ``unicode`` (🀇) or
``chinese`` (一万) names instead of tenhou (1m).
"""
from __future__ import annotations


from ..errors import MahjongError
from ._items import add_style


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
    from ..ruleset import get_ruleset, settle as settle_record
    from .score import parse_option

    record = HandRecord.from_json(data)
    module = get_ruleset(record.rules)
    rules = None
    if options:
        merged = dict(record.options)
        merged.update(dict(parse_option(o) for o in options))
        rules = module.Rules.from_mapping(merged)
    return settle_record(record, rules), record.dealer


def run(args) -> int:
    from ._items import read_bytes, read_items, styled, write_row
    from .gb import _progress

    several, items = read_items(read_bytes(args.record))
    if not several:
        result, dealer = settle_one(items[0][1], args.option)
        write_row(styled(result.to_dict(), args.style) if args.json else
                  result.format(dealer, args.style), args.json, 1, False)
        return 0
    failed = False
    bar = _progress(args) if len(items) > 100 else None
    try:
        for number, item in items:
            try:
                if isinstance(item, Exception):
                    raise item
                result, dealer = settle_one(item, args.option)
                row = (styled(result.to_dict(), args.style) if args.json else
                       result.format(dealer, args.style))
            except (MahjongError, ValueError, TypeError, RecursionError) as exc:
                failed = True
                row = {"error": f"record {number}: {exc}"}
                if not args.json:
                    row = f"error: record {number}: {exc}"
            write_row(row, args.json, number, True)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return 1 if failed else 0
