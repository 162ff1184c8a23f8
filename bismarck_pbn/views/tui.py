"""The interactive replay of ``bpn replay`` (Textual).

A keyboard-driven step-through of a file's deals, card by card, in any game: the hands
still held, the trick on the table, the tricks won (against the quotas where the game
has them), and at each card its
suffix, NAGs and comments and any illegal play in the record (in red). ``c`` and ``$``
add a comment or a NAG to the card shown, written into the file by
:func:`bismarck_pbn.format.edit.annotate_file` (atomically, every other byte unchanged);
the file is then read again and the view stays at the same card. What it draws is
:mod:`bismarck_pbn.views.panes`.

Only ``bpn replay`` imports this module, and only when it runs on a terminal.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.format import edit as annotate
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint
from bismarck_pbn.sources import ReadFailure, Source
from bismarck_pbn.views import panes
from bismarck_pbn.views.panes import FAULT_STYLE
from bismarck_pbn.views.panes import render_position as _render_position
from bismarck_pbn.views.keys import Help, key_help
from bismarck_pbn.check.position import Position
from bismarck_pbn.views.prompt import Prompt
from bismarck_pbn.session.settled import settled_score
from bismarck_pbn.views.replay import DealView, ReplayInput, load

if TYPE_CHECKING:  # the solver is loaded only when the d key is first pressed
    from bismarck_pbn.analysis.solver import Solver
    from bismarck_pbn.analysis.values import PositionValues


class Notes(VerticalScroll, can_focus=False):
    """The scrolling view (drawing and notes); it never takes focus, so the arrow keys
    stay with the replay."""


class ReplayApp(App[None]):
    """Step through the deals of one file. ``start_deal`` counts deals from 1."""

    TITLE = "bpn replay"
    CSS = """
    #title { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    #view { height: 1fr; padding: 0 1; }
    #board { height: auto; }
    #notes { height: auto; }
    #dd { height: auto; }
    """
    DD_LIMIT = 2_000_000
    """Search nodes the replay's double-dummy values may take per position (then "not
    solved"); they are computed off the UI thread, so the keys never wait."""
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
        Binding("d", "dd", "double dummy"),
        Binding("r", "reload", "read again", show=False),
        Binding("shift+down", "scroll_notes(1)", "scroll down", show=False),
        Binding("shift+up", "scroll_notes(-1)", "scroll up", show=False),
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q", "quit", "quit"),
        *(Binding(str(d), f"jump('{d}')", f"trick {d}", show=False) for d in range(10)),
    ]

    def __init__(self, path: str | Path, *, start_deal: int = 1, loaded: ReplayInput | None = None,
                 side: int | None = None) -> None:
        super().__init__()
        self.side = side
        """The seat whose side the ``d`` key's values are for (None: the game's own)."""
        self.path = Path(path)
        self.source = Source(str(path), self.path)
        if loaded is None:
            loaded = load(self.source)  # ReadFailure for the caller
        self._use(loaded)
        self.deal_index = min(max(start_deal, 1), max(len(self.deals), 1)) - 1
        self.index = 0
        """The position shown: the number of cards played."""
        self.dd_on = False
        """Whether the double-dummy values of the legal cards are shown (the d key)."""
        self._dd_cache: dict[tuple[int, int], PositionValues] = {}
        self._dd_lock = threading.Lock()
        self._dd_solver: Solver | None = None
        self._dd_generation = 0
        """Counts the file's reloads: values solved for an older reading are dropped."""

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
            deals, index = self.deals, self.deal_index
            view = self._views[index] = DealView(deals[index], lambda: settled_score(deals, index))
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
        self._dd_cache.clear()
        self._dd_generation += 1
        self.deal_index = min(self.deal_index, len(self.deals) - 1)
        self.index = min(self.index, self.view.last)
        self.show()
        return True

    # -- drawing ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Notes(id="view"):
            yield Static(id="board")
            yield Static(id="dd")
            yield Static(id="notes")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show()
        if self.loaded.warning is not None:  # e.g. BPN004: read as UTF-16
            self.notify(self.loaded.warning.message, title=self.loaded.warning.code, severity="warning",
                        markup=False)

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
            drawn = _render_position(pos, view.settled() if pos.finished else None)
            if drawn is not None:
                board, shown = drawn
            else:
                board = panes.draw(view, pos)
        self.query_one("#board", Static).update(board)
        self._show_dd()
        self.query_one("#notes", Static).update(panes.notes(view, pos, shown))
        self.query_one("#view", Notes).scroll_home(animate=False)

    # -- double dummy (the d key) ------------------------------------------------------------

    def action_dd(self) -> None:
        """Show or hide each legal card's double-dummy value at the current position."""
        self.dd_on = not self.dd_on
        self._show_dd()

    def _show_dd(self) -> None:
        box = self.query_one("#dd", Static)
        pos = self.position
        if not self.dd_on or pos is None:
            box.update("")
            return
        key = (self.deal_index, self.index)
        values = self._dd_cache.get(key)
        if values is None:
            box.update(Text("double dummy: solving…", style="dim"))
            self._solve_dd(key, pos, self._dd_generation)
            return
        from bismarck_pbn.views.analysis import values_line

        box.update(values_line(values))

    @work(thread=True, exclusive=True, group="dd")
    def _solve_dd(self, key: tuple[int, int], pos: Position, generation: int) -> None:
        """Solve ``pos`` off the UI thread (one solve at a time; each is bounded by
        :attr:`DD_LIMIT`), then show it if the view is still there."""
        from bismarck_pbn.analysis.values import make_solver, values_at

        with self._dd_lock:
            if key != (self.deal_index, self.index):
                return  # moved on meanwhile: solved again if the view comes back
            if self._dd_solver is None:
                self._dd_solver = make_solver(self.DD_LIMIT)
            values = values_at(pos, self._dd_solver, side_seat=self.side)
        self.call_from_thread(self._dd_solved, key, values, generation)

    def _dd_solved(self, key: tuple[int, int], values: PositionValues, generation: int) -> None:
        if generation != self._dd_generation:
            return  # solved from the file as it was before a reload
        self._dd_cache[key] = values
        if key == (self.deal_index, self.index):
            self._show_dd()

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
        n = self.view.seats
        if delta > 0:
            self.go((self.index // n + 1) * n)
        else:
            self.go(((self.index - 1) // n) * n if self.index > 0 else 0)

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
        n = view.seats
        tricks = (view.last + n - 1) // n
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
        last, n = self.view.last, self.view.seats
        if trick * n > last + n - 1:
            self.notify(f"the play has {(last + n - 1) // n} tricks; showing the end", severity="warning")
        self.index = min(trick * n, last)
        self.show()

    def action_help(self) -> None:
        if not isinstance(self.screen, Help):
            self.push_screen(Help(key_help(self.BINDINGS)))

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
        trick, nth = view.trick_and_card(pos.played - 1)
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
