"""``mahjong settle RECORD.json``: itemised payments and per-seat deltas of a hand record
(``-`` reads standard input; ``--json`` for machine output)."""
from __future__ import annotations

import json
import sys

from ..errors import InvalidRecordError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "settle", help="settle a hand record (payments, deltas, next dealer)",
        description="Settle one hand record (JSON, see mahjong.record) with the rule set it "
                    "names.")
    p.add_argument("record", metavar="RECORD.json", help="a hand record file, or - for stdin")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="override a rule-set option of the record (repeatable)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..record import HandRecord
    from ..ruleset import get_ruleset, settle as settle_record
    from .score import parse_option

    if args.record == "-":
        text = sys.stdin.buffer.read()
    else:
        try:
            with open(args.record, "rb") as f:
                text = f.read()
        except OSError as exc:
            raise InvalidRecordError(f"cannot read {args.record}: {exc.strerror}") from None
    record = HandRecord.from_json(text)
    module = get_ruleset(record.rules)
    rules = None
    if args.option:
        options = dict(record.options)
        options.update(dict(parse_option(o) for o in args.option))
        rules = module.Rules.from_mapping(options)
    result = settle_record(record, rules)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(result)
    return 0
