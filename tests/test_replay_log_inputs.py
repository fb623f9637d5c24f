"""``Table.replay_log`` reads its event, win and closing-hand codes from bytes as they are and
from a bytearray or any other contiguous buffer of bytes alike (the reader hands it a
bytearray, the log check bytes, the Botzone reader bytes), with the same answers."""
import json

import pytest

from mahjong.game import Game, _table, play_spec
from mahjong._reader import VOID_SUITS
from mahjong.game._logcheck import _deck_of_wall, _LogSource
from mahjong.record import HandRecord, log_codes


@pytest.mark.parametrize("rules", ["sichuan", "guobiao", "two_player"])
def test_bytes_bytearray_and_buffers_replay_alike(rules):
    log = Game(rules, seed=5, agents="greedy").play()
    rec = HandRecord.from_json(json.dumps(log, ensure_ascii=False))
    spec = play_spec(rec.rules, dict(rec.options) if rec.options else None)
    deck, flowers = _deck_of_wall(rec, spec, log.get("note"))
    voids = tuple(VOID_SUITS.index(v) for v in log["note"]["void_suits"]) \
        if spec.dingque else None
    codes, wins, finals = log_codes(rec.events, rec.final, spec.seats)
    n = len(rec.events)
    answers = {}
    for kind in (bytes, bytearray, memoryview):
        for cut in (0, 1):       # the whole log, and the log less its last event
            table = _table.Table(spec, rec.dealer, rec.round_wind, deck, [0] * spec.seats,
                                 [0] * spec.seats, False, True)
            got = table.replay_log(kind(codes[:5 * (n - cut)]), kind(wins), kind(finals), voids,
                                   flowers, _LogSource(rec))
            answers.setdefault(cut, set()).add(got)
    assert answers[0] == {None}
    (ends,) = answers[1]
    assert ends[:2] == (n - 1, "ends")


def test_codes_that_are_no_buffer_are_refused():
    spec = play_spec("sichuan")
    log = Game("sichuan", seed=5, agents="greedy").play()
    rec = HandRecord.from_json(json.dumps(log, ensure_ascii=False))
    deck, _ = _deck_of_wall(rec, spec, log.get("note"))
    table = _table.Table(spec, rec.dealer, rec.round_wind, deck, [0] * 4, [0] * 4, False, True)
    with pytest.raises(TypeError):
        table.replay_log([1, 2, 3, 4, 5], b"", bytes(35 * 4), None, False, _LogSource(rec))
