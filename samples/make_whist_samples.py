"""Regenerate the Whist, Whisk and Ruff and Honours samples.

    python samples/make_whist_samples.py            # from the repository root

Deterministic: the deals come from ``tests/genwhist.py`` (the independent reference
generator) with fixed seeds, played as a club player would, with true notes on some
cards and a claim now and then. Each invalid sample plants one fault; its ``.expected``
file is worked out here from where the fault is planted (the ``[`` of the tag, the
option word in a Variant), never from what the validator says. This script does not
import ``bismarck_pbn``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import genwhist as g  # noqa: E402

INVALID = HERE / "invalid"

SESSIONS = {
    # path: (game, seed, deals, variant)
    "whist/friday-whist.bpn": ("Whist", 11, 12, "Standard"),
    "whist/long-whist.bpn": ("Whist", 12, 8, "Long"),
    "whisk/whisk-evening.bpn": ("Whisk", 21, 12, "Standard"),
    "ruff/ruff-and-honours.bpn": ("RuffAndHonours", 31, 12, "Standard"),
}


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def one_game(game: str, n: int, ends: int, start: int = 1) -> tuple[int, list[dict]]:
    """The first seed from ``start`` whose n-deal session ends exactly ``ends`` games,
    the last of them at its last deal when ``ends``, with no claims."""
    seed = start
    while True:
        deals = g.session(seed, game, n)
        over = [d["game_over"] for d in deals]
        if sum(over) == ends and (not ends or over[-1]):
            return seed, deals
        seed += 1


def invalid(name: str, deals: list[dict], k: int, key, code: str, severity: str = "error",
            column: int = 1) -> None:
    text, where = g.render(deals)
    write(INVALID / f"{name}.bpn", text)
    write(INVALID / f"{name}.expected", f"{where[(k, key)]}:{column} {code} {severity}\n")


def main() -> None:
    for path, (game, seed, n, variant) in SESSIONS.items():
        write(HERE / path, g.render(g.session(seed, game, n, variant, notes=True, claims=True))[0])

    # BPN105: an option Ruff and Honours does not have
    _, deals = one_game("RuffAndHonours", 1, 0)
    deals[0]["variant"] = "Long"
    invalid("BPN105-ruff-long", deals, 0, "Variant", "BPN105", column=len('[Variant "') + 1)

    # BPN204: a 2 dealt in Whisk
    _, deals = one_game("Whisk", 1, 0)
    g.two_in_whisk_deal(random.Random(4), deals)
    invalid("BPN204-whisk-two-dealt", deals, 0, "Deal", "BPN204")

    # BPN205: the turned card is not the dealer's; and a Ruff turned card not in the stock
    _, deals = one_game("Whist", 1, 0)
    g.misplaced_turned(random.Random(5), deals)
    invalid("BPN205-turned-not-dealers", deals, 0, "Turned", "BPN205")
    _, deals = one_game("RuffAndHonours", 1, 0)
    g.wrong_trump(random.Random(6), deals)
    invalid("BPN205-ruff-trump-disagrees", deals, 0, "Turned", "BPN205")

    # BPN303: the Declarer is not the seat that takes the stock
    _, deals = one_game("RuffAndHonours", 1, 0)
    g.wrong_declarer(random.Random(7), deals)
    invalid("BPN303-ruff-wrong-declarer", deals, 0, "Declarer", "BPN303")

    # BPN707: a game of Whist ends (info): nothing else is wrong
    _, deals = one_game("Whist", 3, 1)
    invalid("BPN707-whist-game-won", deals, len(deals) - 1, "Total", "BPN707", "info")


if __name__ == "__main__":
    main()
