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
    game: Annotated[str, typer.Option(
        "--game", "-g", help="The game: Bismarck, Whist, Whisk, RuffAndHonours, GermanWhist, … (any case).")
    ] = "Bismarck",
    forehand: Annotated[int | None, typer.Option(
        "--forehand", "-F", min=1, max=3, show_default=False,
        help="Bismarck: the forehand's seat (default 1).")] = None,
    dealer: Annotated[int | None, typer.Option(
        "--dealer", "-d", min=1, max=4, show_default=False,
        help="The dealer's seat (default 1); in Bismarck the forehand deals.")] = None,
    board: Annotated[int, typer.Option("--board", "-b", min=1, help="The board number in the session.")] = 1,
    contract: Annotated[str | None, typer.Option(
        "--contract", "-c", show_default=False,
        help="The contract, if already known: Spel, Spader, Valfri or Pass (any case).")] = None,
) -> None:
    """Deal at random and print the deal as a BPN template: session tags with ?
    placeholders, Board, Forehand (Bismarck) or Dealer (the other games), Deal
    (from that seat's hand), Kitty where the game leaves cards over (German
    Whist's stock in order, top first), Turned where it turns a card for
    trump, and Contract when given. In Bismarck 16 cards go to each seat and 4
    to the kitty. What is decided at the table is left out, so bpn validate
    says what is missing.

    The same seed always gives the same deal. Without --seed one is chosen at
    random; either way it is written in the template's first comment.

    Exit status: 0 dealt, 2 wrong usage (an unknown contract, say).

    Examples:

      bpn deal

      bpn deal --seed 2026 --forehand 2 --board 4 >> night.bpn

      bpn deal --seed 7 --contract Spel | bpn show -

      bpn deal --game Whist --dealer 2 --board 2
    """
    from bismarck_pbn.session.dealgen import deal_template, game_rules, new_seed
    from bismarck_pbn.format.values import BadValue

    err = err_console()

    def usage(message: str) -> typer.Exit:
        err.print(f"bpn: {message}", style="red", highlight=False, markup=False)
        return typer.Exit(2)

    try:
        rules = game_rules(game)
    except BadValue as exc:
        raise usage(f"--game: {exc.message}") from None
    if rules.rotating_tag() == "Forehand":  # the forehand deals: --dealer names it too
        if forehand is not None and dealer is not None and forehand != dealer:
            raise usage(f"in {rules.name} the forehand deals: --forehand {forehand} and --dealer {dealer} disagree")
        seat = forehand or dealer or 1
    else:
        if forehand is not None:
            raise usage(f"{rules.name} has no forehand: give the dealer with --dealer")
        seat = dealer or 1
    if seat > rules.seats:
        raise usage(f"--dealer: {rules.name} has seats 1 to {rules.seats}, not {seat}")
    try:
        text = deal_template(seed if seed is not None else new_seed(), forehand=seat, board=board,
                             contract=contract, game=rules.name)
    except BadValue as exc:
        raise usage(f"--contract: {exc.message}") from None
    sys.stdout.write(text)
    sys.stdout.flush()
