"""The pieces of mahjong.ruleset the rule sets share: the ledger's payment rows, the lazily
built payments of a Settlement, options with a minimum, the options of a record and the
checks and labels common to Sichuan and Yunnan."""
import dataclasses
import pickle

import pytest

from mahjong import sichuan, yunnan
from mahjong.errors import InvalidContextError, InvalidRecordError, MahjongError
from mahjong.record import HandRecord
from mahjong.ruleset import Ledger, Payment, Settlement, WinFlag, check_kong_context
from mahjong.hand import parse_meld

from test_sichuan_properties import build_record


def test_ledger_rows_pay_and_book_from_others():
    ledger = Ledger(4)
    assert ledger.book(1, 0, 2, "a", 0) == (1, 0, 2, "a", 0)
    assert ledger.pay(2, 3, 1, "b") == Payment(2, 3, 1, "b", None)
    assert ledger.book_from_others([0, 1, 2, 3], 1, 4, "kong", 5) == [
        (0, 1, 4, "kong", 5), (2, 1, 4, "kong", 5), (3, 1, 4, "kong", 5)]
    assert ledger.book_from_others([0, 2], 1, 0, "nothing") == []
    with pytest.raises(AssertionError):
        ledger.book_from_others([0, 2], 1, -1, "negative")
    assert ledger.payments == [Payment(*row) for row in ledger.rows]
    assert len(ledger.rows) == 5
    assert ledger.deltas() == [-2, 10, -5, -3]
    assert sum(ledger.deltas()) == 0


def _settled(seed):
    raw = build_record(seed, exhausted=True)
    return sichuan.settle(raw), HandRecord.from_json(raw)


def test_settlement_payments_are_built_from_the_rows_on_first_access():
    n = 0
    for seed in range(60):
        s, _ = _settled(seed)
        payments = s.payments
        assert isinstance(payments, tuple) and all(type(p) is Payment for p in payments)
        assert s.payments is payments  # built once
        deltas = [0] * 4
        for p in payments:
            deltas[p.from_seat] -= p.amount
            deltas[p.to_seat] += p.amount
        assert tuple(deltas) == s.deltas
        n += len(payments)
        # the same settlement made the usual way, copied, pickled: equal
        direct = Settlement(s.rules, s.deltas, list(payments), s.next_dealer, s.wins, s.notes)
        assert direct == s and s == direct
        assert dataclasses.replace(s) == s
        fresh, _ = _settled(seed)  # payments not yet built on either side of ==
        assert pickle.loads(pickle.dumps(fresh)) == fresh
        assert dataclasses.asdict(fresh)["payments"] == tuple(dataclasses.asdict(p)
                                                              for p in payments)
    assert n > 300
    with pytest.raises(AttributeError):
        s.no_such_field


def test_option_minimum_is_checked_after_choices_and_types():
    with pytest.raises(MahjongError, match=r"^option base=0 must be at least 1$"):
        sichuan.Rules(base=0)
    with pytest.raises(MahjongError, match=r"^option stake=-2 must be at least 1$"):
        yunnan.Rules(stake=-2)
    with pytest.raises(MahjongError, match="option max_fan=99 is not allowed"):
        sichuan.Rules(base=0, max_fan=99)
    with pytest.raises(MahjongError, match="must be an integer"):
        sichuan.Rules(base="0")


def test_options_for_a_record():
    record = HandRecord.from_json({"rules": "yunnan", "dealer": 0, "events": [],
                                   "options": {"stake": 0}})
    with pytest.raises(InvalidRecordError, match=r"^record: rules is 'yunnan', not 'sichuan'$"):
        sichuan.Rules.for_record(record)
    with pytest.raises(InvalidRecordError,
                       match=r"^record: options: option stake=0 must be at least 1$"):
        yunnan.Rules.for_record(record)
    assert yunnan.Rules.for_record(record, {"stake": 3}).stake == 3


def test_shared_record_checks_name_the_rule_set():
    raw = {"rules": "yunnan", "dealer": 0, "events": [
        {"type": "kong", "seat": 1, "kind": "concealed", "tile": "5z"}]}
    with pytest.raises(InvalidRecordError,
                       match=r"^event 0 \(kong by seat 1\): 5z is not a Yunnan tile$"):
        yunnan.settle(raw)
    raw = {"rules": "yunnan", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": "123m456m789m234p56p", "win_tile": "6p",
         "from": 2}]}
    with pytest.raises(InvalidRecordError, match=r"^event 0 \(win by seat 1\): not a winning "
                                                 r"hand: not a Yunnan win"):
        yunnan.settle(raw)


def test_kong_context_checks():
    counts = [0] * 34
    counts[4] = 1
    kong = parse_meld(("kong", "7777s"))
    check_kong_context(counts, (kong,), WinFlag.REPLACEMENT | WinFlag.SELF_DRAWN, 4)
    with pytest.raises(InvalidContextError, match="needs a kong"):
        check_kong_context(counts, (), WinFlag.REPLACEMENT, 4)
    check_kong_context(counts, (), WinFlag.ROBBING_KONG, 4)
    counts[4] = 2
    with pytest.raises(InvalidContextError, match="holds exactly one, not 2"):
        check_kong_context(counts, (), WinFlag.ROBBING_KONG, 4)


def test_win_labels_list_items_with_counts():
    s = sichuan.settle({"rules": "sichuan", "dealer": 0, "events": [
        {"type": "win", "seat": 0, "hand": "111122223333p44p", "win_tile": "4p"}]})
    result = s.wins[0]
    # one-suit seven pairs holding three quads: 清龙七对 (6, one quad) + two more 根
    assert result.items_label() == "清龙七对+根×2" and result.fan == 8
    assert {p.reason for p in s.payments} == {"自摸 清龙七对+根×2 8番"}
