"""A differential fuzz of the reader's checks of full game logs (record._check_record and the
replay around it, mahjong/game/_logcheck.py): engine logs of every rule set, each edited once
(the edits of log_mutations.MUTATIONS, and edits of what the checks read beside the replay:
win flags, melds, closing hands, kong kinds, events moved, the note), read as JSON text (with
and without the replay) and as a mapping; the answer to each is "ok" or the error's class
and message.

tests/data/logcheck_golden.jsonl holds the answers of the code before the checks were made
faster (main at 4dc5878); tests/test_logcheck_differential.py asserts the same answers.
Run as a script to write the answers of the checkout on the path:
``PYTHONPATH=. python tests/check_mutations.py > tests/data/logcheck_golden.jsonl``.
"""
import copy
import hashlib
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from log_mutations import MUTATIONS, mutate  # noqa: E402

from mahjong.game import Game  # noqa: E402
from mahjong.record import WIN_FLAGS, HandRecord  # noqa: E402
from mahjong.ruleset import available_rulesets  # noqa: E402
from mahjong.tiles import TENHOU_NAMES  # noqa: E402

#: edits beside MUTATIONS: a win flag turned over, a win's 'from' changed, a meld of a win or
#: closing hand changed, dropped or added, a closing hand changed or dropped, a kong's kind
#: changed, an event moved elsewhere, an event ('exhausted', a copy of another) put in
#: somewhere, the note's void suits changed, a claim's tiles shifted by one (a meld still)
EDITS = ("flag", "win_from", "melds", "final", "kong_kind", "move", "insert", "note",
         "claim_shift")
#: edits per log of each class (the win flags and claims are where the checks beside the
#: replay look most)
_TRIES = {"flag": 20, "claim_shift": 10}

_KINDS = ("chow", "pung", "kong", "concealed_kong", "single_kong")
_SHAPE = {"chow": 3, "pung": 3, "kong": 4, "concealed_kong": 4, "single_kong": 1}


def _meld(pick):
    kind = _KINDS[pick(len(_KINDS))]
    if kind == "chow":
        r = pick(7) + 1
        return {"type": kind, "tiles": f"{r}{r + 1}{r + 2}{'mps'[pick(3)]}"}
    t = TENHOU_NAMES[pick(34)]
    return {"type": kind, "tiles": t[0] * _SHAPE[kind] + t[1]}


def edit(log, kind, pick):
    """A copy of ``log`` with one edit of class ``kind`` (EDITS), or None."""
    out = copy.deepcopy(log)
    events = out["events"]
    n = len(events)
    seats = out.get("seats", 4)
    wins = [e for e in events if e["type"] == "win"]
    if kind == "flag":
        if not wins:
            return None
        w = wins[pick(len(wins))]
        f = WIN_FLAGS[pick(len(WIN_FLAGS))]
        if w.get(f):
            del w[f]
        else:
            w[f] = True
    elif kind == "win_from":
        if not wins:
            return None
        w = wins[pick(len(wins))]
        w["from"] = None if w.get("from") is not None and pick(2) else pick(seats)
    elif kind == "melds":
        holders = wins + list(out.get("final", {}).values())
        if not holders:
            return None
        h = holders[pick(len(holders))]
        melds = h.setdefault("melds", [])
        how = pick(3)
        if how == 0 and melds:
            melds.pop(pick(len(melds)))
        elif how == 1 and melds:
            m = melds[pick(len(melds))]
            t = m["tiles"]
            kind2 = _KINDS[pick(len(_KINDS))]
            if kind2 == "chow" or m["type"] == "chow":
                return None
            m["type"] = kind2
            m["tiles"] = t[0] * _SHAPE[kind2] + t[-1]
        else:
            melds.append(_meld(pick))
    elif kind == "final":
        final = out.get("final") or {}
        if not final:
            return None
        key = sorted(final)[pick(len(final))]
        how = pick(3)
        if how == 0:
            del final[key]
        elif how == 1:
            hand = final[key]["hand"]
            final[key]["hand"] = hand[:-2] + TENHOU_NAMES[pick(34)] if len(hand) > 2 else hand
        else:
            other = sorted(final)[pick(len(final))]
            final[key], final[other] = final[other], final[key]
    elif kind == "kong_kind":
        kongs = [e for e in events if e["type"] == "kong"]
        if not kongs:
            return None
        k = kongs[pick(len(kongs))]
        k["kind"] = ("concealed", "exposed", "added", "single")[pick(4)]
        if k["kind"] == "exposed":
            k["from"] = pick(seats)
        else:
            k.pop("from", None)
    elif kind == "move":
        if n < 2:
            return None
        e = events.pop(pick(n))
        events.insert(pick(n), e)
    elif kind == "insert":
        e = {"type": "exhausted"} if pick(2) or not n else copy.deepcopy(events[pick(n)])
        events.insert(pick(n + 1), e)
    elif kind == "claim_shift":
        claims = [e for e in events if e["type"] in ("chow", "pung")]
        if not claims:
            return None
        c = claims[pick(len(claims))]
        t = c["tiles"]
        low = int(t[0]) + (1 if pick(2) else -1)
        if not 1 <= low <= (7 if c["type"] == "chow" else 9) or t[-1] == "z":
            return None
        c["tiles"] = "".join(str(low + (k if c["type"] == "chow" else 0))
                             for k in range(3)) + t[-1]
    elif kind == "note":
        if seats != 4:
            return None
        out["note"] = {"void_suits": ["mps"[pick(3)] for _ in range(seats)]}
    else:
        raise ValueError(kind)
    return out


def cases(rules):
    """The logs of the fuzz for ``rules``: engine logs as they are, and edited."""
    rng = random.Random(f"logcheck-{rules}")
    for seed in range(8):
        log = Game(rules, seed=seed, agents=["random", "greedy"][seed % 2]).play()
        yield log
        for kind in MUTATIONS + EDITS:
            for _ in range(_TRIES.get(kind, 5)):
                mut = mutate(log, kind, rng.randrange) if kind in MUTATIONS else \
                    edit(log, kind, rng.randrange)
                if mut is None:
                    continue
                if rng.randrange(4) == 0:
                    mut.pop("wall", None)       # (the deck its events imply)
                yield mut


def outcome(given, replay=True) -> str:
    try:
        HandRecord.from_json(given, replay=replay)
    except Exception as exc:   # (the class is part of the answer)
        return f"{type(exc).__name__}: {exc}"
    return "ok"


def answers(rules):
    """Per case of ``rules``: a digest of its text and the three answers."""
    for k, log in enumerate(cases(rules)):
        text = json.dumps(log, ensure_ascii=False)
        yield {"rules": rules, "case": k, "sha": hashlib.sha1(text.encode()).hexdigest()[:12],
               "text": outcome(text), "dict": outcome(log),
               "text_no_replay": outcome(text, False)}


if __name__ == "__main__":
    for rules in available_rulesets():
        for row in answers(rules):
            print(json.dumps(row, ensure_ascii=False))
