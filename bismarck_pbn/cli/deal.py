"""``bpn deal``: deal at random and print the deal as a BPN template to fill in."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from bismarck_pbn.cli.common import err_console


def deal_command(
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", min=0, show_default=False,
        help="Deal from this seed: the same seed always gives the same deal. Without it a "
        "seed is chosen at random; either way it is written in the template's first comment.")] = None,
    forehand: Annotated[int, typer.Option("--forehand", "-F", min=1, max=3,
                                          help="The forehand's seat.")] = 1,
    board: Annotated[int, typer.Option("--board", "-b", min=1, help="The board number in the session.")] = 1,
    contract: Annotated[str | None, typer.Option(
        "--contract", "-c", show_default=False,
        help="The contract, if already known: Spel, Spader, Valfri or Pass (any case).")] = None,
) -> None:
    """Deal 16 cards to each seat and 4 to the kitty, and print the deal as a
    BPN template: session tags with ? placeholders, Board, Forehand, Deal
    (from the forehand's hand), Kitty, and Contract when given. What is
    decided at the table is left out, so bpn validate says what is missing.

    The same seed always gives the same deal. Without --seed one is chosen at
    random; either way it is written in the template's first comment.

    Exit status: 0 dealt, 2 wrong usage (an unknown contract, say).

    Examples:

      bpn deal

      bpn deal --seed 2026 --forehand 2 --board 4 >> night.bpn

      bpn deal --seed 7 --contract Spel | bpn show -
    """
    from bismarck_pbn.session.dealgen import deal_template, new_seed
    from bismarck_pbn.format.values import BadValue

    try:
        text = deal_template(seed if seed is not None else new_seed(), forehand=forehand, board=board,
                             contract=contract)
    except BadValue as exc:
        err_console().print(f"bpn: --contract: {exc.message}", style="red", highlight=False)
        raise typer.Exit(2) from None
    sys.stdout.write(text)
    sys.stdout.flush()
