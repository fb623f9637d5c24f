"""Write the golden outcomes that stand in for the old implementations the tests kept as
oracles (tests/slow_record.py, tests/guiyang_settle_before.py, guiyang_chickens_before.py,
huanggang_settle_before.py, removed once these files were made):

* tests/data/record_reader_golden.jsonl: records (valid, damaged, kong-rich, with claims
  changed, meld spellings) -> their read form or the exact refusal (error type and message);
  the record value classes' fields, repr and JSON form.
* tests/data/guiyang_settle_golden.jsonl, tests/data/huanggang_settle_golden.jsonl:
  records under option sets -> deltas, payments, next dealer, win results and notes, or
  the exact refusal; Huanggang's win shares.

The cases are the tests' own (tests/test_record_reader.py, test_record_reader_text.py,
test_guiyang_settle_fast.py, test_huanggang_settle_fast.py), built from fixed seeds; this
script runs those tests in one process with ``MAHJONG_WRITE_GOLDEN=1``, which makes them
write what the package answers instead of checking it (tests/golden.py). The files were
first made at the commit that removed the oracles, when every one of those tests still held
the package to its oracle and passed: each answer is the one the old implementation gave.

Run from the repository root with the package built: ``PYTHONPATH=. python
tools/make_oracle_golden.py``. Remake the files only for a change that is meant to alter a
reading, a settlement or a message, and say why in the commit.

Entries checked by hand against the rules (/work/shared/rules/RULES.md, the worked
examples) when the files were made; tests/test_golden_files.py holds them to those values:

* guiyang_settle_golden.jsonl ``golden/null/0`` (Guiyang worked example 1: 平胡 self-draw,
  10 from each, three 幺鸡 at 1U = 10 a tile, 30 from each): deltas +120 / -40 / -40 / -40.
* huanggang_settle_golden.jsonl ``golden/null/35`` (Huanggang worked example 1, 屁胡
  self-draw: F(W) = 4, F(E) = 2, F(S) = 0, F(N) = 2): shares 64, 16, 64, deltas
  -64 / -16 / +144 / -64; ``golden/null/36`` (worked example 2, soft: 2^5 = 32 < 64):
  refused, the message naming the largest share 32; ``golden/null/37`` (the hard hand):
  W +64, N -64.
* record_reader_golden.jsonl ``two-digit-kong/kong`` ("11p" shown as a kong),
  ``meld-spelling/pung/1111s/claim`` (four tiles claimed as a pung) and
  ``meld-spelling/chow/123z/final`` (a chow of honours): refused (InvalidRecordError), the
  message naming the event or closing hand, the field and the meld.
"""
import os
import subprocess
import sys

FILES = ["tests/test_record_reader.py", "tests/test_record_reader_text.py",
         "tests/test_guiyang_settle_fast.py", "tests/test_huanggang_settle_fast.py"]


def main() -> int:
    env = dict(os.environ, MAHJONG_WRITE_GOLDEN="1", PYTHONPATH=os.environ.get("PYTHONPATH", "."))
    # one process, the tests in file order (the reader's valid records first), all of them
    return subprocess.call([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p",
                            "no:cacheprovider", "-m", "nightly or not nightly", *FILES], env=env)


if __name__ == "__main__":
    sys.exit(main())
