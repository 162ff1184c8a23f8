"""``bpn deal``: deal at random and print the deal as a BPN template to fill in, or
append it to a session's file as its next board."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from bismarck_pbn.cli.common import err_console


def deal_command(
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", min=0, show_default=False, metavar="N",
        help="Deal from this seed: the same seed always gives the same deal. Without it a "
        "seed is chosen at random; either way it is written in the template's first comment.")] = None,
    game: Annotated[str | None, typer.Option(
        "--game", metavar="NAME", show_default=False,
        help="The game (any case): Bismarck (the default), Whist, Whisk, RuffAndHonours, GermanWhist, …")] = None,
    variant: Annotated[str | None, typer.Option(
        "--variant", metavar="NAME", show_default=False,
        help="The variant (any case), as the Variant tag writes it: Bismarck's Standard, Grand, Short, "
        "Estonian or Finnish with options such as FixedKitty; another game's options, such as Pagat in "
        "Turnover Bridge (12 piles and 2 cards in hand). Default Standard.")] = None,
    forehand: Annotated[int | None, typer.Option(
        "--forehand", min=1, max=3, metavar="SEAT", show_default=False,
        help="Bismarck: the forehand's seat, 1, 2 or 3 (default 1).")] = None,
    dealer: Annotated[int | None, typer.Option(
        "--dealer", min=1, max=4, metavar="SEAT", show_default=False,
        help="The dealer's seat (default 1); in Bismarck the forehand deals, so it is the forehand.")] = None,
    board: Annotated[int | None, typer.Option(
        "--board", "-b", min=1, metavar="N", show_default=False,
        help="The board number in the session (default 1).")] = None,
    contract: Annotated[str | None, typer.Option(
        "--contract", show_default=False, metavar="NAME",
        help="The contract, if already known: Spel, Spader, Valfri or Pass (any case).")] = None,
    append: Annotated[str | None, typer.Option(
        "--append", "-a", show_default=False, metavar="FILE",
        help="Add the deal to this session's file as its next board: the board number, "
        "forehand and session tags come from the file, and the contract is one the "
        "schedule still allows that forehand. The file is created if it does not exist.")] = None,
) -> None:
    """Deal at random and print the deal as a BPN template: session tags with ?
    placeholders, Board, Forehand (Bismarck) or Dealer (the other games), Deal (from that
    seat's hand), Kitty where the game leaves cards over (German Whist's stock in order,
    top first), Turned where it turns a card for trump, and Contract when given. In
    Bismarck 16 cards go to each seat and 4 to the kitty. What is decided at the table is
    left out, so bpn validate says what is missing.

    With --append FILE the deal is added to the file instead, as the next board of its
    last session (a new session when that one is over), after one empty line. The
    contract given with --contract must be one the variant's schedule still allows that
    forehand; without it the first such contract is written.

    Exit status: 0 dealt, 1 the contract asked for is not allowed at that board (or the
    file ends inside an unclosed comment, so no deal can follow), 2 wrong usage (an
    unknown contract, say) or a file that cannot be read or written.

    Examples:

        bpn deal
        bpn deal --seed 2026 --forehand 2 --board 4
        bpn deal --append night.bpn
        bpn deal --seed 7 --contract Spel | bpn show -
        bpn deal --game Whist --dealer 2 --board 2
        bpn deal --game TurnoverBridge --variant Pagat
    """
    from bismarck_pbn.format.values import BadValue
    from bismarck_pbn.session.dealgen import deal_template, game_rules, new_seed

    err = err_console()

    def usage(message: str) -> typer.Exit:
        err.print(f"bpn: {message}", style="red", highlight=False, markup=False)
        return typer.Exit(2)

    seed = seed if seed is not None else new_seed()
    if append is not None:
        if append == "-":
            raise usage("--append needs the session's file: standard output has no session to add to "
                        "(without --append the deal is printed there)")
        given = [o for o, v in (("--forehand", forehand), ("--dealer", dealer), ("--board", board),
                                ("--game", game), ("--variant", variant)) if v is not None]
        if given:
            raise usage(f"--append takes the game, the variant, the board and the forehand from the file; "
                        f"leave out {' and '.join(given)}")
        raise typer.Exit(_append(Path(append), seed, contract, err))
    try:
        rules = game_rules(game or "Bismarck")
    except BadValue as exc:
        raise usage(f"--game: {exc.message}") from None
    try:
        game_rules(rules.name, variant)
    except BadValue as exc:
        raise usage(f"--variant: {exc.message}") from None
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
        text = deal_template(seed, forehand=seat, board=board or 1, contract=contract, game=rules.name,
                             variant=variant)
    except BadValue as exc:
        raise usage(f"--contract: {exc.message}") from None
    sys.stdout.write(text)
    sys.stdout.flush()


def _append(path: Path, seed: int, contract: str | None, err) -> int:
    """Append the next deal to ``path`` atomically; the exit status."""
    from bismarck_pbn.format.values import BadValue
    from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write
    from bismarck_pbn.session.dealgen import NotAllowed, Unsupported, append_deal
    from bismarck_pbn.sources import ReadFailure, bpn_only, utf8_text

    def fail(message: str, code: int) -> int:
        err.print(f"bpn: {message}", style="red", highlight=False, markup=False)
        return code

    exists = path.exists()
    if exists and not path.is_file():
        return fail(f"{path}: not a regular file", 2)
    try:
        bpn_only(path)
    except ReadFailure as exc:
        return fail(str(exc), exc.code)
    data = b""
    if exists:
        try:
            data = path.read_bytes()
        except OSError as exc:
            return fail(f"{path}: cannot read: {exc.strerror or exc}", 2)
    try:
        text = utf8_text(data, str(path))
    except ReadFailure as exc:
        return fail(f"{exc}; a deal is appended only to a UTF-8 text file (bpn fmt --encoding latin-1 "
                    "FILE > NEW.bpn converts one in another encoding)", 2)
    try:
        new_text, deal = append_deal(text, seed, contract)
    except NotAllowed as exc:
        return fail(f"{path}: {exc}", 1)
    except BadValue as exc:
        return fail(f"--contract: {exc.message}", 2)
    except Unsupported as exc:
        return fail(f"{path}: {exc}", 2)
    try:
        atomic_write(path, new_text, expect=Fingerprint.of_bytes(path, data) if exists else None,
                     create=not exists)
    except ChangedOnDisk as exc:
        return fail(f"{exc}", 1)
    except OSError as exc:
        return fail(f"{path}: cannot write: {exc.strerror or exc}", 2)
    session = "a new session, " if deal.new_session and text.strip() else ""
    err.print(f"board {deal.board} ({session}seat {deal.forehand} forehand, {deal.contract}) "
              f"added to {path} (seed {seed})", highlight=False, markup=False)
    return 0
