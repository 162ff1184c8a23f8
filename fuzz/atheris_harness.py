#!/usr/bin/env python3
"""Coverage-guided fuzzing of the BPN reader, validator and writer (issue 5).

Each input (bytes) goes through ``read_deals`` + ``validate_deals``, the writer and the
JSON export of the deals that read cleanly, and, when the bytes decode and read cleanly,
the ``fmt`` round trip. The properties are those of ``tests/test_fuzz.py`` (imported
from there, so the test suite and the harness check the same things):

* nothing raises; every diagnostic has line >= 1, column >= 1 and a code of
  ``bismarck_pbn.diagnostics.CODES``;
* reading the bytes and reading the decoded text give the same diagnostics;
* the writer and the JSON export refuse a deal that cannot be written back without
  losing text with ValueError, and take every other;
* when the file reads cleanly, the canonical text reads cleanly, ``fmt`` is idempotent,
  BPN -> JSON -> BPN gives the same text, and the validator finds the same kinds of
  problems before and after.

Two ways to run it (see fuzz/README.md):

    python fuzz/atheris_harness.py [libFuzzer options] [CORPUS_DIR ...]
        with atheris (pip install atheris): coverage-guided, with a structure-aware
        mutator (cards swapped, lines dropped or duplicated, tags cut, braces left
        open, huge values, line-end mixes, BOMs, NULs) half of the time and libFuzzer's
        byte mutations the other half. Example: -runs=10000 -dict=fuzz/bpn.dict

    python fuzz/atheris_harness.py --plain N [--seed S] [--cli-every K]
        without atheris: N random inputs from a seeded generator (random bytes, token
        soup, mutated legal sessions), every K-th also through the CLI (validate, fmt,
        fmt --in-place, convert). Prints the count, the time and each crash; crashing
        inputs are saved under fuzz/crashes/. Exit status 1 if anything failed.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (os.path.join(ROOT, "tests"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

PLAIN = "--plain" in sys.argv

if not PLAIN:
    import atheris

    with atheris.instrument_imports(include=["bismarck_pbn", "lark"]):
        import bismarck_pbn  # noqa: F401
        import bismarck_pbn.cli  # noqa: F401
        import lark  # noqa: F401

import test_fuzz  # noqa: E402  (tests/test_fuzz.py: the properties and the mutations)
from test_fuzz import BASES, OPS, TOKENS, check_cli, check_library  # noqa: E402

_OP_NAMES = sorted(OPS)
_BYTE_PIECES = test_fuzz._BYTE_OPS


def TestOneInput(data: bytes) -> None:
    check_library(data)


# ---- structure-aware mutation (atheris's custom mutator, and the plain mode) ----------

def structured_mutation(rng: random.Random, data: bytes, max_size: int | None = None) -> bytes:
    """One to three of the mutations of tests/test_fuzz.py applied to ``data`` (taken as
    UTF-8, undecodable bytes kept), sometimes with a bad byte dropped in."""
    text = data.decode("utf-8", "surrogateescape")
    for _ in range(rng.randint(1, 3)):
        text = OPS[rng.choice(_OP_NAMES)](text, rng.randrange(10**6), rng.randrange(10**6)) or text
    out = text.encode("utf-8", "surrogateescape") if _encodable(text) else text.encode("utf-8", "replace")
    if rng.random() < 0.1:
        i = rng.randrange(len(out) + 1)
        out = out[:i] + rng.choice(_BYTE_PIECES) + out[i:]
    if max_size is not None and len(out) > max_size:
        out = out[:max_size]
    return out


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8", "surrogateescape")
        return True
    except UnicodeEncodeError:
        return False


def CustomMutator(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    if rng.random() < 0.5:
        return atheris.Mutate(data, max_size)
    if not data or rng.random() < 0.05:
        data = rng.choice(BASES).encode("utf-8")
    return structured_mutation(rng, data, max_size)


# ---- plain mode ------------------------------------------------------------------------

def random_input(rng: random.Random) -> bytes:
    kind = rng.randrange(10)
    if kind < 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(400)))
    if kind < 4:
        pieces = [rng.choice(TOKENS) if rng.random() < 0.8 else chr(rng.randrange(32, 0x3000))
                  for _ in range(rng.randrange(80))]
        return "".join(pieces).encode("utf-8", "surrogatepass")
    deals = rng.choice(BASES).split("\n\n")
    start = rng.randrange(len(deals))
    text = "\n\n".join(deals[start:start + rng.randint(1, 3)])
    return structured_mutation(rng, text.encode("utf-8"))


def plain(n: int, seed: int, cli_every: int) -> int:
    rng = random.Random(seed)
    crashes: dict[str, bytes] = {}
    t0 = time.perf_counter()
    cli_runs = 0
    for i in range(n):
        data = random_input(rng)
        checks = [check_library]
        if cli_every and i % cli_every == 0:
            checks.append(check_cli)
            cli_runs += 1
        for check in checks:
            try:
                check(data)
            except Exception as exc:  # noqa: BLE001 - every failure is a finding
                frames = traceback.extract_tb(exc.__traceback__)
                where = f"{type(exc).__name__} at {frames[-1].filename}:{frames[-1].lineno}" if frames else type(exc).__name__
                if where not in crashes:
                    crashes[where] = data
                    path = _save(data)
                    print(f"CRASH #{len(crashes)} in {check.__name__} ({where}), input {i}, saved to {path}:\n"
                          f"  {data[:300]!r}\n  {str(exc)[:500]}", flush=True)
        if (i + 1) % 5000 == 0:
            print(f"  {i + 1} inputs, {time.perf_counter() - t0:.1f} s", flush=True)
    elapsed = time.perf_counter() - t0
    print(f"plain mode: {n} inputs (seed {seed}; {cli_runs} also through the CLI) in {elapsed:.1f} s "
          f"({n / elapsed:.0f} inputs/s); {len(crashes)} distinct crash{'es' if len(crashes) != 1 else ''}")
    return 1 if crashes else 0


def _save(data: bytes) -> str:
    directory = os.path.join(HERE, "crashes")
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "crash-" + hashlib.sha1(data).hexdigest())
    with open(path, "wb") as fp:
        fp.write(data)
    return path


def main() -> int:
    if PLAIN:
        parser = argparse.ArgumentParser(description="Plain random fuzzing without atheris.")
        parser.add_argument("--plain", type=int, metavar="N", required=True, help="number of inputs")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--cli-every", type=int, default=0, metavar="K",
                            help="also run every K-th input through the CLI (0: never)")
        args = parser.parse_args()
        return plain(args.plain, args.seed, args.cli_every)
    atheris.Setup(sys.argv, TestOneInput, custom_mutator=CustomMutator)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main())
