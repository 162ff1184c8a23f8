"""The interactive replay of ``bpn replay`` (Textual).

A keyboard-driven step-through of a file's deals, card by card: the hands still held,
the trick on the table, the tricks won against the quotas, and at each card its
suffix, NAGs and comments and any illegal play in the record (in red). ``c`` and ``$``
add a comment or a NAG to the card shown, written into the file by
:func:`bismarck_pbn.format.edit.annotate_file` (atomically, every other byte unchanged);
the file is then read again and the view stays at the same card.

Only ``bpn replay`` imports this module, and only when it runs on a terminal.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, Static

from bismarck_pbn.format import edit as annotate
from bismarck_pbn.model.cards import SUITS
from bismarck_pbn.sources import ReadFailure, Source
from bismarck_pbn.views.replay import DealView, ReplayInput, load, trick_and_card
from bismarck_pbn.model.nags import NAG_MEANINGS
from bismarck_pbn.format.writer import comment_text
from bismarck_pbn.diagnostics import ERROR, WARNING, Diagnostic
from bismarck_pbn.views.position import Position
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SEVERITY_STYLE = {ERROR: "bold red", WARNING: "yellow"}
FAULT_STYLE = "bold red"


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


class Notes(VerticalScroll, can_focus=False):
    """The scrolling view (drawing and notes); it never takes focus, so the arrow keys
    stay with the replay."""


def _render_position(pos: Position) -> tuple[RenderableType, list[Diagnostic]] | None:
    """The drawing from :mod:`bismarck_pbn.views.render` (which shows the card's notes and
    faults itself) and the faults it shows, when that module is there and works."""
    try:
        from bismarck_pbn.views.render import fault_diagnostics, render_position
    except ImportError:
        return None
    try:
        return render_position(pos), list(fault_diagnostics(pos))
    except Exception:  # a drawing that fails must not take the replay down
        return None


class ReplayApp(App[None]):
    """Step through the deals of one file. ``start_deal`` counts deals from 1."""

    TITLE = "bpn replay"
    CSS = """
    #title { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    #view { height: 1fr; padding: 0 1; }
    #board { height: auto; }
    #notes { height: auto; }
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        # The footer shows one entry per pair of keys; the hidden twins do the other half.
        Binding("right", "card(1)", "card", key_display="←→"),
        Binding("left", "card(-1)", "card back", show=False),
        Binding("down,n", "trick(1)", "trick", key_display="↑↓"),
        Binding("up,p", "trick(-1)", "trick back", show=False),
        Binding("g", "jump", "go to"),
        Binding("home", "first", "start", show=False),
        Binding("end", "last", "start/end", key_display="Home/End"),
        Binding("pagedown,right_square_bracket", "switch_deal(1)", "deal", key_display="PgUp/Dn"),
        Binding("pageup,left_square_bracket", "switch_deal(-1)", "deal back", show=False),
        Binding("c", "comment", "comment"),
        Binding("dollar_sign", "nag", "NAG", key_display="$"),
        Binding("r", "reload", "read again", show=False),
        Binding("shift+down", "scroll_notes(1)", "scroll down", show=False),
        Binding("shift+up", "scroll_notes(-1)", "scroll up", show=False),
        Binding("q", "quit", "quit"),
        *(Binding(str(d), f"jump('{d}')", f"trick {d}", show=False) for d in range(10)),
    ]

    def __init__(self, path: str | Path, *, start_deal: int = 1, loaded: ReplayInput | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.source = Source(str(path), self.path)
        if loaded is None:
            loaded = load(self.source)  # ReadFailure for the caller
        self._use(loaded)
        self.deal_index = min(max(start_deal, 1), max(len(self.deals), 1)) - 1
        self.index = 0
        """The position shown: the number of cards played."""

    # -- the file -----------------------------------------------------------------------

    def _use(self, loaded: ReplayInput) -> None:
        self.loaded = loaded
        self.deals = loaded.deals
        self._views: dict[int, DealView] = {}
        try:
            self.fingerprint: Fingerprint | None = Fingerprint.of_bytes(self.path, loaded.data)
        except OSError:
            self.fingerprint = None

    @property
    def view(self) -> DealView:
        view = self._views.get(self.deal_index)
        if view is None:
            view = self._views[self.deal_index] = DealView(self.deals[self.deal_index])
        return view

    @property
    def position(self) -> Position | None:
        view = self.view
        return view.positions[self.index] if view.positions else None

    def reload(self) -> bool:
        """Read the file again; stay at the same deal and card where they still exist."""
        try:
            loaded = load(self.source)
        except ReadFailure as exc:
            self.notify(str(exc), title="cannot read the file again", severity="error", markup=False)
            return False
        if not loaded.deals:
            self.notify("the file holds no deals any more", severity="error")
            return False
        self._use(loaded)
        self.deal_index = min(self.deal_index, len(self.deals) - 1)
        self.index = min(self.index, self.view.last)
        self.show()
        return True

    # -- drawing ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Notes(id="view"):
            yield Static(id="board")
            yield Static(id="notes")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Redraw everything for the current deal and position; a failure to draw is
        reported in a notification, never as a crash."""
        try:
            self._show()
        except Exception as exc:
            self.notify(f"{type(exc).__name__}: {exc}", title="cannot draw this position (internal error)",
                        severity="error", markup=False)

    def _show(self) -> None:
        view = self.view
        title = Text(f"{self.path.name}  ·  ", style="bold")
        title.append(view.title(of=len(self.deals)))
        self.query_one("#title", Static).update(title)
        pos = self.position
        shown: list[Diagnostic] | None = None
        if pos is None:
            board: RenderableType = Text(view.error or "nothing to replay", style=FAULT_STYLE)
        else:
            drawn = _render_position(pos)
            if drawn is not None:
                board, shown = drawn
            else:
                board = self.draw(view, pos)
        self.query_one("#board", Static).update(board)
        self.query_one("#notes", Static).update(self.notes(view, pos, shown))
        self.query_one("#view", Notes).scroll_home(animate=False)

    def draw(self, view: DealView, pos: Position) -> RenderableType:
        """A plain drawing of the table: each seat's cards, its card in the trick, its tricks."""
        deal = view.deal
        status = Text()
        if pos.played == 0:
            status.append("before the first lead")
        else:
            status.append(f"trick {pos.trick} of 16", style="bold")
            status.append(f"  ·  card {pos.played} of {len(view.cards)}")
        if pos.trump:
            status.append(f"  ·  {deal.contract or '?'}, trump {pos.trump}")
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim", expand=False)
        table.add_column("")
        table.add_column("seat")
        table.add_column("cards held")
        table.add_column("trick", justify="center")
        table.add_column("won", justify="right")
        on_table = dict(pos.table)
        for seat in (1, 2, 3):
            name = view.seat_name(seat) + (" forehand" if seat == deal.forehand else "")
            hand = pos.hands[seat - 1]
            held = Text("(not recorded)", style="dim") if hand is None else self.hand_text(hand)
            card = on_table.get(seat)
            played = Text(card or "", style="bold green" if card and seat == pos.table_winner else "bold")
            won = f"{pos.won[seat - 1]}" + (f"/{pos.quotas[seat - 1]}" if pos.quotas else "")
            marker = Text("▶", style="bold cyan") if seat == pos.to_play else Text("")
            table.add_row(marker, name, held, played, won)
        return Group(status, table)

    @staticmethod
    def hand_text(hand) -> Text:
        out = Text()
        for i, suit in enumerate(SUITS):
            ranks = "".join(c[1] for c in hand if c[0] == suit) or "—"
            if i:
                out.append("  ")
            out.append(SUIT_SYMBOLS[suit] + " ", style="red" if suit in "HD" else "")
            out.append(ranks)
        return out

    def notes(self, view: DealView, pos: Position | None, shown: list[Diagnostic] | None = None) -> Text:
        """What is written at this point of the record, and what is wrong there. With
        ``shown`` (the drawing is :func:`render.render_position`, which already shows the
        card, its notes, these faults and the closing comments) only what it leaves out."""
        drawn = shown is not None
        out = Text()
        deal = view.deal

        def line(text: str = "", style: str = "") -> None:
            out.append(text + "\n", style=style)

        def problem(d: Diagnostic, style: str | None = None) -> None:
            line(f"{d.code} {d.severity}: {d.message}", style or SEVERITY_STYLE.get(d.severity, "cyan"))

        if pos is None:
            line(view.error or "", FAULT_STYLE)
            for d in view.diagnostics:
                line(f"line {d.line}, column {d.column}: {d.code} {d.severity}: {d.message}", FAULT_STYLE)
            return out
        if pos.played == 0:
            if view.cards:
                line(f"Before the first lead: {view.seat_name(pos.to_play)} leads.", "bold")
            else:
                line("No play is recorded for this deal.", "bold")
            for d in view.deal_diagnostics:
                problem(d)
            for c in deal.comments:
                line(comment_text(c), "italic")
            for tag in deal.tags:
                for c in tag.comments:
                    if tag.name != "Play":
                        line(f"[{tag.name} \"{tag.value}\"] {comment_text(c)}", "italic")
            if deal.play is not None and not drawn:
                for c in deal.play.comments:
                    line(comment_text(c), "italic")
        elif drawn:
            covered = {(d.code, d.message) for d in shown or ()}
            for d in view.faults_at(pos.played - 1):
                if (d.code, d.message) not in covered:
                    problem(d, FAULT_STYLE)
        else:
            i = pos.played - 1
            trick, nth = trick_and_card(i)
            card = pos.card
            seat = pos.table[-1][0]
            head = Text(f"Trick {trick}, card {nth}: {view.seat_name(seat)} plays ", style="bold")
            head.append(card.card, style="bold reverse")
            for mark in view.marks(card):
                head.append("  " + mark, style="bold magenta")
                if mark.startswith("$") and int(mark[1:]) in NAG_MEANINGS:
                    head.append(f" ({NAG_MEANINGS[int(mark[1:])]})", style="magenta")
            out.append_text(head)
            out.append("\n")
            for c in card.comments:
                line(comment_text(c), "italic")
            for d in view.faults_at(i):
                problem(d, FAULT_STYLE)
            if pos.table_winner is not None:
                line(f"{view.seat_name(pos.table_winner)} wins trick {trick}.")
        if pos.played == view.last and view.cards:
            if out:
                line()
            line("End of the replay.", "bold")
            for i in view.unreplayed:
                trick, nth = trick_and_card(i)
                c = view.cards[i]
                line(f"Trick {trick}, card {nth}: {c.card} is in the record but not replayed "
                     f"({view.unreplayed_reason(i)}).", FAULT_STYLE)
                for d in view.faults_at(i):
                    problem(d, FAULT_STYLE)
            if deal.play is not None and not (drawn and pos.played):
                for c in deal.play.trailing:
                    line(comment_text(c), "italic")
        if pos.played == view.last:
            for text in view.summary():
                line(text)
        return out

    # -- moving -------------------------------------------------------------------------

    def go(self, index: int) -> None:
        view = self.view
        if not view.positions:
            self.bell()
            return
        index = max(0, min(index, view.last))
        if index == self.index:
            self.bell()
            return
        self.index = index
        self.show()

    def action_card(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_trick(self, delta: int) -> None:
        """To the end of the next trick, or of the one before (the start before trick 1)."""
        if delta > 0:
            self.go((self.index // 3 + 1) * 3)
        else:
            self.go(((self.index - 1) // 3) * 3 if self.index > 0 else 0)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(self.view.last)

    def action_switch_deal(self, delta: int) -> None:
        target = self.deal_index + delta
        if not 0 <= target < len(self.deals):
            self.bell()
            self.notify("this is the last deal of the file" if delta > 0 else "this is the first deal of the file")
            return
        self.deal_index = target
        self.index = 0
        self.show()

    def action_scroll_notes(self, delta: int) -> None:
        box = self.query_one("#view", Notes)
        box.scroll_relative(y=delta * 3, animate=False)

    def action_jump(self, first: str = "") -> None:
        view = self.view
        if not view.positions:
            self.bell()
            return
        tricks = (view.last + 2) // 3
        self.push_screen(Prompt(f"Go to trick (1–{tricks}, 0 for the start), then Enter:", first),
                         self._jump_to)

    def _jump_to(self, answer: str | None) -> None:
        if answer is None or not answer.strip():
            return
        try:
            trick = int(answer.strip())
        except ValueError:
            self.notify(f"{answer.strip()!r} is not a trick number", severity="error", markup=False)
            return
        if trick < 0:
            self.notify("tricks are numbered from 1", severity="error")
            return
        last = self.view.last
        if trick * 3 > last + 2:
            self.notify(f"the play has {(last + 2) // 3} tricks; showing the end", severity="warning")
        self.index = min(trick * 3, last)
        self.show()

    def action_reload(self) -> None:
        if self.reload():
            self.notify("read the file again")

    # -- annotating ---------------------------------------------------------------------

    def _card_target(self) -> tuple[annotate.Target, str] | None:
        view = self.view
        pos = self.position
        if pos is None or pos.played == 0 or pos.card is None:
            self.bell()
            self.notify("go to a card first (→): comments and NAGs are added to the card shown",
                        severity="warning")
            return None
        trick, nth = trick_and_card(pos.played - 1)
        target = annotate.Target(deal=view.deal.number, trick=trick, card=nth)
        return target, f"{pos.card.card} (trick {trick}, card {nth})"

    def action_comment(self) -> None:
        found = self._card_target()
        if found is not None:
            target, what = found
            self.push_screen(Prompt(f"Comment on {what}, then Enter (Escape: cancel):",
                                    placeholder="a comment"),
                             lambda text: self._comment(target, text))

    def action_nag(self) -> None:
        found = self._card_target()
        if found is not None:
            target, what = found
            self.push_screen(Prompt(f"NAG for {what}: a number 0–255 (1 good, 2 poor, 3 very good, "
                                    "4 very poor, 5 interesting, 6 dubious)", placeholder="$1"),
                             lambda text: self._nag(target, text))

    def _comment(self, target: annotate.Target, text: str | None) -> None:
        if text is None:
            return
        if not text.strip():
            self.notify("an empty comment: nothing was added", severity="warning")
            return
        self.save(target, comment=text)

    def _nag(self, target: annotate.Target, text: str | None) -> None:
        if text is None or not text.strip():
            return
        raw = text.strip().removeprefix("$").strip()
        if not raw.isdigit() or not 0 <= int(raw) <= 255:
            self.notify(f"{text.strip()!r} is not a NAG: give a number from 0 to 255", severity="error",
                        markup=False)
            return
        self.save(target, nag=int(raw))

    def save(self, target: annotate.Target, **edit) -> bool:
        """Write the edit into the file, read it again and stay at the same card.
        Every failure becomes a notification."""
        if self.fingerprint is None or not self.fingerprint.matches(self.path):
            self.notify(f"{self.path.name} changed on disk since it was read: nothing was written. "
                        "Press r to read it again.", title="not saved", severity="error", markup=False)
            return False
        try:
            annotate.annotate_file(self.path, target, **edit)
        except ChangedOnDisk as exc:
            self.notify(f"{exc}. Press r to read it again.", title="not saved", severity="error", markup=False)
            return False
        except annotate.AnnotateError as exc:
            self.notify(str(exc), title="not saved", severity="error", markup=False)
            return False
        except NotImplementedError:
            self.notify("adding comments is not available in this version", title="not saved",
                        severity="error")
            return False
        except OSError as exc:
            self.notify(f"cannot write {self.path.name}: {exc.strerror or exc}", title="not saved",
                        severity="error", markup=False)
            return False
        except Exception as exc:  # never a traceback in the middle of a replay
            self.notify(f"{type(exc).__name__}: {exc}", title="not saved (internal error)",
                        severity="error", markup=False)
            return False
        if self.reload():
            self.notify("saved", timeout=2)
        return True
