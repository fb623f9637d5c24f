"""Write tests/data/engine_golden.jsonl: seeded engine hands of every rule set, played by the
built-in agents, with their settlements, as the engine and the ledger gave them when the
file was made (tests/test_engine_golden.py holds the code to them).

Run from the repository root with the package built: ``PYTHONPATH=. python
tools/make_engine_golden.py``. Remake the file only for a change that is meant to alter
play or settlement, and say why in the commit.
"""
import json
import os

from mahjong import ruleset
from mahjong.game.simulate import play_hand

SEED = 2026
HANDS = {"random": 4, "greedy": 8}   # hands per agent kind (random play rarely wins)
OUT = os.path.join("tests", "data", "engine_golden.jsonl")


def main() -> None:
    with open(OUT, "w", encoding="utf-8") as f:
        for rules in ruleset.available_rulesets():
            for agents, hands in HANDS.items():
                for index in range(hands):
                    log = play_hand(rules, SEED, index, agents=agents)
                    row = {"rules": rules, "agents": agents, "seed": SEED, "index": index,
                           "log": log, "settlement": ruleset.settle(log).to_dict()}
                    f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
