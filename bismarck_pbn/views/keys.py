"""The help screen of the Textual replay: every key and what it does, built from the
app's own bindings so that the list cannot drift from them."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class Help(ModalScreen[None]):
    """The keys of the replay, from the app's own bindings (so the list cannot drift):
    ``?`` opens it; ``?``, Escape or q closes it."""

    DEFAULT_CSS = """
    Help { align: center middle; }
    Help > Vertical {
        width: 80; height: auto; padding: 0 1;
        border: round $accent; background: $surface;
    }
    """
    BINDINGS = [Binding("escape,question_mark,q", "close", "close")]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for keys, what in self.keys:
            table.add_row(keys, what)
        with Vertical():
            yield Label(Text("Keys of the replay", style="bold"))
            yield Static(table, id="help-keys")
            yield Label(Text("? or Escape closes this", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)


_KEY_NAMES = {"right": "→", "left": "←", "down": "↓", "up": "↑", "pagedown": "PgDn", "pageup": "PgUp",
              "right_square_bracket": "]", "left_square_bracket": "[", "dollar_sign": "$",
              "question_mark": "?", "home": "Home", "end": "End", "shift+down": "Shift+↓",
              "shift+up": "Shift+↑"}

# What each action does, in the help screen's words (the footer's labels are terse).
_HELP = {
    "card(1)": "next card", "card(-1)": "previous card", "trick(1)": "next trick",
    "trick(-1)": "previous trick", "jump": "go to a trick (type its number)", "first": "before the first lead",
    "last": "the end of the play", "switch_deal(1)": "next deal", "switch_deal(-1)": "previous deal",
    "comment": "add a comment to the card shown (saved in the file)",
    "nag": "add a NAG ($1 good … $6 dubious) to the card shown", "reload": "read the file again",
    "scroll_notes(1)": "scroll the notes down", "scroll_notes(-1)": "scroll the notes up",
    "dd": "show or hide each legal card's double-dummy value (tricks its side takes from this trick on)",
    "help": "this list of keys", "quit": "quit",
}


def key_help(bindings) -> list[tuple[str, str]]:
    """(keys, what they do) for each action of ``bindings``, in order; the digit keys
    that jump to a trick are one row."""
    rows: list[tuple[str, str]] = []
    for binding in bindings:
        if binding.action.startswith("jump('"):
            if not any(keys == "0 … 9" for keys, _ in rows):
                rows.append(("0 … 9", "go to a trick: type its number, then Enter (0: the start)"))
            continue
        keys = " or ".join(_KEY_NAMES.get(k.strip(), k.strip()) for k in binding.key.split(","))
        rows.append((keys, _HELP.get(binding.action, binding.description)))
    return rows
