"""``bpn record``: type in a deal just played at the table, card by card, and append it
to the session's file. The dialogue is :mod:`bismarck_pbn.session.record`; this module only
connects it to the terminal (or to piped input) and to standard output."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.text import Text

from bismarck_pbn.cli.common import err_console


def _asker(console, completer):
    """Read answers: with line editing on a terminal (and Tab completing the words that
    fit, where readline is there); line by line from a pipe, the prompt and the answer
    echoed so that the output reads like the session."""
    if sys.stdin is not None and sys.stdin.isatty():
        from bismarck_pbn.session.completion import install

        install(completer)

        def ask(prompt: str) -> str:
            try:
                return console.input(Text(prompt, style="bold"))
            except EOFError:
                console.print()
                raise
        return ask

    def ask(prompt: str) -> str:
        console.print(Text(prompt, style="bold"), end="")
        line = sys.stdin.readline() if sys.stdin is not None else ""
        if not line:
            console.print()
            raise EOFError
        answer = line.rstrip("\r\n")
        console.print(Text(answer))
        return answer
    return ask


def record_command(
    path: Annotated[str | None, typer.Argument(
        help="The session's BPN file: the deal is appended to it (it is created if it does not "
        "exist). Without it the deal is printed to standard output.", metavar="FILE", show_default=False)] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", "-n", help="Ask everything and check the deal against the file, but print "
        "it instead of writing it.")] = False,
) -> None:
    """Type in a deal just played at the table, and append it to the session's file.

    The file, if there is one, gives the defaults: the session tags, the next board and
    forehand, the running total and the contracts this forehand has left. Then come the
    hands (- if not known), the kitty, the contract, the trump (Valfri) and the discard,
    and the play card by card: each card is checked as it is typed (held? follows
    suit?). **u** takes back the last card, **?** shows the hand and
    the legal cards, **claim** ends the play and asks for the final tricks.

    In the auction games (Solo, Bid, Israeli and Swedish Whist) the contract is the
    auction, taken call by call from the dealer's left and checked as each call is
    typed (**u** takes back the last call); the contract, declarer and trump follow
    from it, and only what it leaves open is asked (a trump named, the Direction, the
    cards passed in a Frisch, the contract bids); **u** or **undo** there takes
    back the last call and reopens the auction (**undo** alone at Bid Whist's
    Direction, where u is Uptown). A deal thrown in has no play. In a
    terminal, Tab completes the legal calls and cards.

    The new deal is checked by the validator in the context of the whole file before
    anything is written, and appended atomically; a file changed meanwhile is not
    overwritten. Prompts go to standard error; answers may be piped in, one a line.

    Exit status: 0 written (or printed), 1 abandoned (end of input, quit) or refused by
    the validator (the record is then printed, so nothing is lost), 2 the file cannot be
    read or used.

    Examples:

        bpn record club-night.bpn
        bpn record --dry-run club-night.bpn
        bpn record > one-deal.bpn
    """
    from bismarck_pbn.session.completion import Completer
    from bismarck_pbn.session.record import record

    console = err_console()
    if path == "-":
        console.print("bpn: record appends to the session's file, not to standard input; without FILE "
                      "the deal is printed to standard output", style="red", highlight=False, markup=False)
        raise typer.Exit(2)
    completer = Completer()

    def say(text: str, style: str | None = None) -> None:
        console.print(Text(text, style=style or ""))

    def emit(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    try:
        code = record(path, _asker(console, completer), say, emit=emit, dry_run=dry_run, completer=completer)
    except KeyboardInterrupt:
        console.print()
        say("interrupted: nothing written", "red")
        code = 1
    raise typer.Exit(code)
