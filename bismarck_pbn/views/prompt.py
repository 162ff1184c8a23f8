"""The replay's one-line question (a comment, a NAG, a place to jump to): a Textual
modal screen. Only :mod:`bismarck_pbn.views.tui` uses it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

__all__ = ["Prompt"]


class Prompt(ModalScreen[str | None]):
    """A one-line question: Enter gives the text, Escape gives None."""

    DEFAULT_CSS = """
    Prompt { align: center middle; }
    Prompt > Vertical {
        width: 76; height: auto; padding: 0 1;
        border: round $accent; background: $surface;
    }
    Prompt Label { width: 1fr; margin-bottom: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.question = question
        self.initial = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Input(value=self.initial, placeholder=self.placeholder, id="prompt-input")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.focus()
        field.cursor_position = len(field.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
