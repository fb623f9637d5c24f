"""Guobiao hand records settled through the registry: the worked examples of the payment
rule (8 + F; the discarder pays 8 + F and the other two 8 each; a self-draw collects 8 + F
from each; flowers count in F but not toward the 8 minimum; a win below 8 is refused)."""
import pytest

from mahjong import guobiao
from mahjong.errors import InvalidRecordError
from mahjong.ruleset import settle


def rec(*events, dealer=0, round_wind=0, options=None, final=None):
    return {"rules": "guobiao", "dealer": dealer, "round_wind": round_wind,
            "options": options or {}, "events": list(events), "final": final or {}}


def win(seat, hand, win_tile, src=None, melds=(), **flags):
    e = {"type": "win", "seat": seat, "hand": hand, "win_tile": win_tile, "from": src,
         "melds": [{"type": k, "tiles": t} for k, t in melds]}
    e.update(flags)
    return e


# (name, record, deltas): seats in play order with the dealer at 0, so the seat winds are
# E, S, W, N for seats 0..3 as in the worked examples
CASES = [
    ("碰碰和 混一色 14 on W's discard: S +38, W -22, E -8, N -8",
     rec(win(1, "222m88m11z8m", "8m", 2, melds=[("pung", "777z"), ("pung", "555m")])),
     (-8, 38, -22, -8)),
    ("平和 断幺 不求人 连六 单钓 10 self-drawn: N +54, others -18",
     rec(win(3, "234m567m345p678s2s2s", "2s")), (-18, -18, -18, 54)),
    ("七对 断幺 26 on N's discard: W +50, N -34, E -8, S -8",
     rec(win(2, "22m33m44p55p66s77s8s8s", "8s", 3)), (-8, -8, 50, -34)),
    ("抢杠和 清龙 29 robbing E: S +53, E -37, W -8, N -8",
     rec(win(1, "123m456m789m35p99s4p", "4p", 0, robbing_kong=True),
         final={"0": {"hand": "1112223334m", "melds": [{"type": "pung", "tiles": "444p"}]}}),
     (-37, 53, -8, -8)),
    ("十三幺 88 on S's discard: E +112, S -96, W -8, N -8",
     rec(win(0, "19m19p19s1234567z7z", "7z", 1)), (112, -96, -8, -8)),
    ("十三幺 with 2 flowers: F = 90",
     rec(win(0, "19m19p19s1234567z7z", "7z", 1, flowers=2), options={"flowers": True}),
     (114, -98, -8, -8)),
    ("平和 ... with 联众: + 258将 -> 11: N +57, others -19",
     rec(win(3, "234m567m345p678s2s2s", "2s"), options={"lianzhong": True}),
     (-19, -19, -19, 57)),
    ("四方大发 (联众) 169 on E's discard: N +193, E -177, S -8, W -8",
     rec(win(3, "444z6z6z", "6z", 0, melds=[("pung", "111z"), ("pung", "222z"),
                                             ("pung", "333z")]),
         options={"lianzhong": True}), (-177, -8, -8, 193)),
    ("a drawn hand pays nothing", rec({"type": "exhausted"}), (0, 0, 0, 0)),
]


@pytest.mark.parametrize("record,deltas", [pytest.param(r, d, id=n) for n, r, d in CASES])
def test_worked_examples(record, deltas):
    s = settle(record)
    assert s.deltas == deltas
    assert s.next_dealer == 1
    assert sum(s.deltas) == 0


def test_seat_winds_follow_the_dealer():
    # the same hand won by seat 2 with dealer 2 is the dealer's (East) hand
    record = rec(win(2, "19m19p19s1234567z7z", "7z", 3), dealer=2)
    s = settle(record)
    assert s.deltas == (-8, -8, 112, -96) and s.next_dealer == 3
    assert s.wins[0].seat_wind == 0


def test_prevalent_wind_comes_from_the_record():
    # a pung of South is a 圈风刻 (2 fans) in the South round, else a 幺九刻 (1 fan)
    record = rec(win(0, "222m88m11z8m", "8m", 1, melds=[("pung", "777z"), ("pung", "222z")]))
    east, south = settle(record), settle(dict(record, round_wind=1))
    assert south.wins[0].total - east.wins[0].total == 1
    assert "圈风刻" in {f.name for f in south.wins[0].fans} - {f.name for f in east.wins[0].fans}
    assert "幺九刻" in {f.name for f in east.wins[0].fans}


def test_a_win_below_8_fans_is_refused_naming_the_event():
    record = rec(win(1, "678s5p5p", "5p", 2, melds=[("chow", "234m"), ("chow", "456p"),
                                                      ("pung", "222s")]))
    with pytest.raises(InvalidRecordError, match=r"event 0 \(win by seat 1\).*false win: 3 "
                                                 r"fans.*needs 8"):
        settle(record)


def test_flowers_do_not_count_toward_the_minimum_and_need_the_option():
    low = rec(win(1, "678s5p5p", "5p", 2, melds=[("chow", "234m"), ("chow", "456p"),
                                                   ("pung", "222s")], flowers=8),
              options={"flowers": True})
    with pytest.raises(InvalidRecordError, match="false win"):
        settle(low)
    with pytest.raises(InvalidRecordError, match="without flowers"):
        settle(rec(win(0, "19m19p19s1234567z7z", "7z", 1, flowers=1)))


def test_a_second_winner_on_one_discard_is_refused():
    record = rec(win(0, "19m19p19s1234567z7z", "7z", 1),
                 win(2, "19m19p19s123456z77z", "7z", 1))
    with pytest.raises(InvalidRecordError):
        settle(record)


def test_an_unfinished_hand_is_refused():
    with pytest.raises(InvalidRecordError, match="not over"):
        settle(rec({"type": "discard", "seat": 0, "tile": "1m"}))


def test_the_registry_and_the_room_give_the_same_settlement():
    record = CASES[0][1]
    assert guobiao.settle_record(record).to_json() == settle(record).to_json()
    assert guobiao.Rules.from_mapping({"lianzhong": True}).lianzhong


@pytest.mark.parametrize("record", [r for _, r, _ in CASES
                                    if not r["options"].get("lianzhong") and r["events"]
                                    [0]["type"] == "win"])
def test_a_recorded_win_is_scored_by_one_kernel_call(record, monkeypatch):
    # the win as read (tile ids, Meld objects, flags) goes to the kernel once, as the
    # public score() of the same hand scores it (no second parse, no retry)
    from mahjong.guobiao import scoring
    from mahjong.record import HandRecord

    read = HandRecord.from_json(record)
    want = settle(read)                      # (the caches learn the melds and fans)
    calls = []
    kernel = scoring._score_standard

    def counted(*args):
        calls.append(args[0])
        return kernel(*args)
    monkeypatch.setattr(scoring, "_score_standard", counted)
    got = settle(read)
    assert len(calls) == 1 and type(calls[0]) is list   # one call, with the ids as read
    assert got.deltas == want.deltas and got.wins == want.wins
    e = read.events[0]
    standing = list(e.hand)
    standing.remove(e.win_tile)
    public = guobiao.score(standing, e.melds, win_tile=e.win_tile,
                           self_drawn=e.from_seat is None, fourth_tile=e.fourth_tile,
                           robbing_kong=e.robbing_kong, flowers=e.flowers,
                           seat_wind=(e.seat - read.dealer) % 4, round_wind=read.round_wind)
    assert got.wins[0] == public


def test_a_recorded_win_the_kernel_refuses_names_it_as_score_does():
    # the record path raises what score() raises for the same hand, naming the event
    bad = rec(win(1, "123m456m789m35p99s4p", "4p", 0))   # 4p on a discard: 35p waits 4p,
    bad["events"][0]["hand"] = "123m456m789m13p99s4p"     # ... 13p does not
    with pytest.raises(InvalidRecordError, match=r"event 0 \(win by seat 1\): .*not a winning"):
        settle(bad)
