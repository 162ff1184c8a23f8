"""The table of ``bpn``'s commands: a new command is one line here (docs/adding-a-command.md).

Read by the typer group (cli/root.py, cli/group.py) and by ``bpn --help``; it imports
nothing, so that listing the commands loads none of them.
"""

from __future__ import annotations

COMMANDS: dict[str, tuple[str, str]] = {
    # name: (its function, the first paragraph of its help as `bpn --help` lists it)
    # A new command is one line here; tests/test_startup.py checks the paragraph against the function's.
    "validate": ("bismarck_pbn.cli.validate:validate_command", "Check hand records: syntax, cards, exchange, contract, every card of the play, tricks, scores, and the session (rotation, boards, schedules, running totals)."),
    "fmt": ("bismarck_pbn.cli.fmt:fmt_command", "Print records in the canonical BPN form: tags in the spec's order with session tags repeated, one trick per line, holdings high to low, one empty line between deals. Every comment, NAG, suffix and ^R stays attached to what it belongs to."),
    "convert": ("bismarck_pbn.cli.convert:convert_command", "Convert between BPN, JSON (one document) and JSON Lines (one deal a line, for big archives; read and written as a stream)."),
    "schema": ("bismarck_pbn.cli.schema:schema_command", "Print the JSON Schema (draft 2020-12) of the JSON that **bpn convert** writes and reads."),
    "show": ("bismarck_pbn.cli.show:show_command", "Show a deal at one moment of its play, in any game: the hands still held around the table, the trick on the table and who led (and won) it, the contract or the turned card, the kitty or stock and the discard, the tricks taken (against each quota in Bismarck, by side in partnership games), the score at the end, and what the record says at that card (suffix, NAGs, ^R, comments), with any fault the validator finds there."),
    "replay": ("bismarck_pbn.cli.replay:replay_command", "Step through deals card by card: the hands, the trick on the table, each card's comments and NAGs, and any illegal play in the record, at its card."),
    "annotate": ("bismarck_pbn.cli.annotate:annotate_command", "Add or remove commentary at a deal, a tag or a card, changing nothing else in the file: every other byte (line ends, spacing, other comments) stays as it was."),
    "analyse": ("bismarck_pbn.cli.analyse:analyse_command", "For each card played: the tricks the player's side could still take before and after it, double dummy (every hand visible, best play by all). A card that cost one trick is marked ?, more ??, with the cards that would have kept them. Per deal: the contract's double-dummy result from the opening lead against what happened, and in Bismarck what each contract would have scored."),
    "record": ("bismarck_pbn.cli.record:record_command", "Type in a deal just played at the table, and append it to the session's file."),
    "deal": ("bismarck_pbn.cli.deal:deal_command", "Deal at random and print the deal as a BPN template: session tags with ? placeholders, Board, Forehand (Bismarck) or Dealer (the other games), Deal (from that seat's hand), Kitty where the game leaves cards over (German Whist's stock in order, top first), Turned where it turns a card for trump, and Contract when given. In Bismarck 16 cards go to each seat and 4 to the kitty. What is decided at the table is left out, so bpn validate says what is missing."),
    "standings": ("bismarck_pbn.cli.standings:standings_command", "Show the score sheet of each session: every board with its forehand, contract, tricks and score, the running totals, the contracts each player still has to play as forehand, who leads, and whether a tie-break is due. Each game's own ways show too: games won inside a session (Whist, Bid Whist), Swedish Whist's exits and each player's individual points per deal and per round, Solo Whist's payments checked to add up to 0 (BPN602 when they do not)."),
    "html": ("bismarck_pbn.cli.html:html_command", "Make one web page of a record that anyone can open in a browser: a score sheet of each session, then every deal with its hands around the table, the kitty, the discard, the contract and the tricks against each quota. The score sheet shows what bpn standings shows, for every game: each side's score and running total, individual points, exits and rounds (Swedish Whist), payments and the check that they balance (Solo Whist), the games won, and what each forehand still has to play (Bismarck). The play steps card by card and trick by trick (arrow keys, Home and End, or the buttons); comments, NAGs and suffixes appear at their card, and so do the faults bpn validate finds. The address points at the card shown (page.html#deal-3/trick-5/card-2), so a link can open a moment of the play."),
    "serve": ("bismarck_pbn.cli.serve:serve_command", "Serve BPN files to a browser: the files and their standings, each deal stepped through, a recorder that takes the next deal of a session by taps (hands in a card grid, the auction call by call, the play with only the legal cards offered) and appends it to the file, and annotation of any card or call with a comment, a NAG or a suffix, written with every other byte of the file unchanged."),
}
"""Every ``bpn`` command, in the order ``bpn --help`` lists them. A command's module is
imported only when the command is called (see cli/group.py): keep it that way by
importing nothing here."""
