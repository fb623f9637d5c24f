"""The reader's checks make one pass over the events, packed as log_codes packs them, for
every record: read from JSON text or from a mapping, a full game log is packed once and the
replay gets that packing; the checks that need the closing hands (a robbing-the-kong win)
are made in the same pass, at their event, in both forms."""
import json

import pytest

import mahjong.game  # noqa: F401  (registers the replay of full game logs)
from mahjong import record
from mahjong.errors import InvalidRecordError
from mahjong.game import Game
from mahjong.record import HandRecord, log_codes


@pytest.fixture
def replays():
    """The ``packed`` argument of each replay of a full game log while the test runs."""
    seen = []
    check = record._full_log_check[0]

    def spy(rec, note, packed):
        seen.append(packed)
        return check(rec, note, packed)

    record.register_full_log_check(spy)
    try:
        yield seen
    finally:
        record.register_full_log_check(check)


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "huanggang"])
def test_a_full_log_read_in_either_form_hands_its_packed_events_to_the_replay(rules, replays):
    log = Game(rules, seed=5, agents="random").play()
    for given in (log, json.dumps(log, ensure_ascii=False)):
        rec = HandRecord.from_json(given)
        assert replays[-1] is not None      # (a mapping's events were packed again there)
        assert tuple(replays[-1]) == log_codes(rec.events, rec.final, rec.seats)[:2]
    assert len(replays) == 2


def _robbed(final_melds, later=()):
    """A hand-written record: seat 0 robs seat 1's kong of 5p (event 0), then ``later``."""
    win = {"type": "win", "seat": 0, "hand": "123456789m11456p", "win_tile": "5p",
           "from": 1, "robbing_kong": True}
    return {"rules": "guobiao", "dealer": 0, "events": [win, *later],
            "final": {"1": {"hand": "1234567899s", "melds": final_melds}}}


def _answers(data):
    out = []
    for given in (data, json.dumps(data, ensure_ascii=False)):
        try:
            HandRecord.from_json(given)
            out.append("ok")
        except InvalidRecordError as exc:
            out.append(str(exc))
    return out


def test_a_robbed_seat_that_shows_no_pung_is_refused_at_the_robbing_win():
    second = {"type": "win", "seat": 0, "hand": "123456789m11456p", "win_tile": "5p"}
    want = "event 0 (win by seat 0): robbing_kong: the robbed seat 1 shows no pung of 5p in " \
           "its final melds"
    assert _answers(_robbed([])) == [want, want]
    assert _answers(_robbed([], [second])) == [want, want]   # before the later failure
    other = [{"type": "pung", "tiles": "555m"}]     # a pung, of another tile
    assert _answers(_robbed(other)) == [want, want]


def test_a_robbed_seat_that_shows_the_pung_passes_and_the_pass_goes_on():
    pung = [{"type": "pung", "tiles": "555p"}]
    second = {"type": "win", "seat": 0, "hand": "123456789m11456p", "win_tile": "5p"}
    assert _answers(_robbed(pung)) == ["ok", "ok"]
    assert _answers(_robbed(pung, [second])) == [
        "event 1 (win by seat 0): a second win by seat 0 (it won at event 0)"] * 2
