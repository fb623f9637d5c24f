"""`mahjong score` asks the room what applies: the keywords of its ``score_text`` (else its
``score``) are the flags it takes, a keyword-only one without a default is required, and
any other flag given is refused with the rule set's name."""
import dataclasses

import pytest

from mahjong.cli.score import score_hand
from mahjong.errors import MahjongError
from mahjong.rooms import find_room, register_room, unregister_room


@pytest.fixture
def recorded_room():
    """A copy of Sichuan's room under another name whose score_text records its call."""
    calls = []

    def score_text(hand, melds, *, win_tile, rules, colour, self_drawn=False):
        calls.append((hand, tuple(melds), win_tile, rules.name, colour, self_drawn))
        return calls[-1]

    base = find_room("sichuan")
    room = dataclasses.replace(base, name="recorded_sichuan", aliases=(),
                               score_text=score_text)
    register_room(room)
    yield calls
    unregister_room("recorded_sichuan")


def test_score_text_gets_what_the_user_gave(recorded_room):
    out = score_hand("Recorded_Sichuan", "111p123p456p789p9p [222s]", "9p",
                     flags={"self_drawn": True, "last_tile": False, "colour": "red"})
    assert out is recorded_room[-1]
    assert out == ("111p123p456p789p9p", (("pung", "222s"),), "9p", "sichuan", "red", True)


def test_score_text_required_keyword(recorded_room):
    with pytest.raises(MahjongError, match="--colour is required with --rules recorded_sichuan"):
        score_hand("recorded_sichuan", "111p123p456p789p9p", "9p", flags={"self_drawn": True})
    assert recorded_room == []


def test_a_flag_the_scorer_does_not_name_is_refused(recorded_room):
    with pytest.raises(MahjongError, match=r"--last-tile does not apply to rules "
                                           r"recorded_sichuan \(it applies to "):
        score_hand("recorded_sichuan", "111p123p456p789p9p", "9p",
                   flags={"last_tile": True, "colour": "x"})
    assert recorded_room == []


def test_a_required_keyword_must_be_given():
    with pytest.raises(MahjongError, match="--indicator is required with --rules huanggang"):
        score_hand("huanggang", "{345m}[888p]234s567s55m", "7s", flags={"self_drawn": True})
    r = score_hand("huanggang", "{345m}[888p]234s567s55m", "7s", flags={"self_drawn": True},
                   indicator="3p")
    assert r.value > 0


def test_flags_of_other_rule_sets_name_their_owners():
    with pytest.raises(MahjongError, match=r"--kouting does not apply to rules sichuan "
                                           r"\(it applies to tongcheng\)"):
        score_hand("sichuan", "111p123p456p789p99p", "9p", flags={"kouting": True})
    with pytest.raises(MahjongError, match=r"--dealer does not apply to rules guobiao "
                                           r"\(it applies to huanggang\)"):
        score_hand("guobiao", "234m567m345p678s2s", "2s", dealer=True)
