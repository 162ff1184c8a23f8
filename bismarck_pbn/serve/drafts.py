"""The recorder's drafts: ``bpn record``'s own dialogue
(:class:`~bismarck_pbn.session.recorder.Recorder`), run on the server, one per deal
being recorded, driven by the taps of a page instead of typed lines.

A draft is the list of answers given so far. Each answer is appended to the draft's
journal before it is given to the dialogue, so a reload, a lost connection or a restart of the server
loses nothing: a draft opened again replays its answers once. The dialogue runs in a
thread of its own that waits at each question (:class:`Runner`), so a tap costs one step
of the dialogue, not a replay. What the page shows is :meth:`WebRecorder.view`: the
question (its kind, its default, the answers it offers: legal cards, legal calls,
contracts left), what the dialogue said since the last answer, and the deal so far.
"""

from __future__ import annotations

import json
import os
import queue
import re
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bismarck_pbn.model.cards import sort_cards
from bismarck_pbn.safewrite import atomic_write
from bismarck_pbn.session.learn import Session
from bismarck_pbn.session.recorder import Aborted, Recorder

__all__ = ["Draft", "Drafts", "WebRecorder"]

STEP_SECONDS = 30.0
"""How long one step of the dialogue may take before the draft is given up as broken."""


class WebRecorder(Recorder):
    """The recorder with a page's view of it: which kind of question is asked (a hand, a
    kitty, cards put away, a turned card, a call, a card to play, the final tricks), so
    the page can offer a card grid or buttons instead of a text field."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.kind = "text"
        self.seated = self.asked = False
        """Whether the seat that deals, and the contract, have been asked yet."""
        self.question: tuple[str, str | None, tuple[str, ...]] = ("", None, ())
        super().__init__(*args, **kwargs)

    @contextmanager
    def _kind(self, kind: str) -> Iterator[None]:
        saved, self.kind = self.kind, kind
        try:
            yield
        finally:
            self.kind = saved

    def ask(self, prompt: str, default: str | None = None, options: Iterable[str] = ()) -> str:
        self.question = (prompt, default, tuple(options))
        return super().ask(prompt, default, self.question[2])

    def ask_contract_and_after(self) -> None:
        self.asked = True
        super().ask_contract_and_after()

    def ask_hands(self) -> None:
        self.seated = True
        with self._kind("hand"):
            super().ask_hands()

    def ask_kitty(self) -> None:
        with self._kind("kitty"):
            super().ask_kitty()

    def ask_turned(self) -> str:
        with self._kind("turned"):
            return super().ask_turned()

    def ask_cards(self, *args: Any, **kwargs: Any) -> Any:
        with self._kind("cards"):
            return super().ask_cards(*args, **kwargs)

    def play(self) -> None:
        with self._kind("play"):
            super().play()

    def _claim(self, given: str) -> None:
        with self._kind("tricks"):
            super()._claim(given)

    def confirm(self, prompt: str, default: bool = False) -> bool:
        with self._kind("text"):
            return super().confirm(prompt, default)

    def view(self) -> dict:
        """The question and the deal so far, as the page draws them (JSON)."""
        prompt, default, options = self.question
        rec, rules = self.rec, self.rules
        kind = self.kind
        if kind == "text" and prompt.endswith(" calls"):
            kind = "call"
        if prompt.startswith("All right?"):
            kind = "confirm"
        size = {"hand": rules.hand_size, "kitty": rules.kitty_size}.get(kind)
        if kind == "cards":  # "Discard: the 4 cards …", "Frisch 1: the 3 cards seat 2 passed …"
            found = re.search(r"\bthe (\d+) cards?\b", prompt)
            size = int(found.group(1)) if found else None
        out: dict[str, Any] = {
            "question": {"prompt": prompt, "default": default, "options": list(options), "kind": kind,
                         "size": size},
            "game": rules.name, "seats": rules.seats, "deck": list(rules.deck),
            "names": {str(s): rec.session_tags.get(f"Player{s}", "") for s in rules.seat_range()},
            "board": rec.board, "seat": rec.seat, "seated": self.seated, "asked": self.asked, "role": rules.rotating_tag(),
            "hands": [list(h) if h is not None else None for h in rec.hands],
            "kitty": list(rec.kitty) if rec.kitty is not None else None,
            "turned": rec.turned, "contract": rec.contract, "trump": rec.trump, "declarer": rec.declarer,
            "calls": list(rec.calls), "cards": list(rec.cards), "claimed": rec.claimed,
            "tricks": list(rec.tricks) if rec.tricks is not None else None,
            "score": list(rec.score) if rec.score is not None else None,
            "total": list(rec.total) if rec.total is not None else None,
        }
        state = getattr(self, "state", None)
        if kind in ("play", "tricks", "confirm") and state is not None:
            legal = state.legal_cards() if not state.finished else set()
            out["play"] = {
                "to_play": state.to_play, "leader": rec.leader, "trick": [[s, c] for s, c in state.trick],
                "won": list(state.won), "tricks_played": state.tricks_played, "finished": state.finished,
                "held": {str(s): (sort_cards(h) if (h := state.held(s)) is not None else None)
                         for s in rules.seat_range()},
                "legal": sort_cards(legal) if legal is not None else None,
            }
        return out


class _Stop(Exception):
    pass


class Runner:
    """The dialogue in its thread: :meth:`answer` gives it the next answer and waits for
    the next question (or the end). Only one answer at a time (the draft's lock)."""

    def __init__(self, session: Session) -> None:
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._views: queue.Queue[dict] = queue.Queue()
        self._said: list[dict] = []
        self.recorder = WebRecorder(self._ask, self._say, session)
        self.finished: dict | None = None
        self._thread = threading.Thread(target=self._run, daemon=True, name="bpn-serve-draft")
        self._thread.start()
        self.last = self._views.get(timeout=STEP_SECONDS)

    def _say(self, text: str, style: str | None = None) -> None:
        self._said.append({"text": text, "style": style})

    def _ask(self, shown: str) -> str:
        view = self.recorder.view()
        view["said"], self._said = self._said, []
        view["state"] = "asking"
        self._views.put(view)
        answer = self._answers.get()
        if answer is None:
            raise _Stop
        return answer

    def _run(self) -> None:
        view: dict[str, Any]
        try:
            rec = self.recorder.run()
        except _Stop:
            return
        except Aborted as exc:
            view = {"state": "abandoned", "reason": str(exc)}
        except Exception as exc:  # a fault of the dialogue: the draft says so, never hangs
            view = {"state": "broken", "reason": f"{type(exc).__name__}: {exc}"}
        else:
            try:
                view = {"state": "complete", "text": rec.text()}
            except ValueError as exc:
                view = {"state": "broken", "reason": str(exc)}
        view["said"], self._said = self._said, []
        self.finished = view
        self._views.put(view)

    def answer(self, text: str) -> dict:
        if self.finished is not None:
            return self.finished
        self._answers.put(text)
        try:
            self.last = self._views.get(timeout=STEP_SECONDS)
        except queue.Empty:
            self.last = self.finished = {"state": "broken", "reason": "the recorder did not answer", "said": []}
        return self.last

    def stop(self) -> None:
        if self.finished is None:
            self._answers.put(None)


class Draft:
    """One deal being recorded into one file: its answers, saved in ``path``."""

    def __init__(self, ident: str, file: str, path: Path, answers: list[str], etag: str) -> None:
        self.id = ident
        self.file = file
        """The served file's path (resolved): ids may change between runs, paths not."""
        self.path = path
        self.answers = answers
        self.etag = etag
        """The version of the file the deal was started on: writing it checks it is current."""
        self.lock = threading.Lock()
        self.runner: Runner | None = None

    def create(self) -> None:
        """The draft's journal: a first line naming the file and its version, then one
        line an answer (``{"answer": …}``) or a taking back (``{"back": true}``)."""
        atomic_write(self.path, json.dumps({"file": self.file, "etag": self.etag}, ensure_ascii=False) + "\n",
                     create=True)

    def _log(self, entry: dict) -> None:
        # One write a line, appended: the operating system has it at once, so a restart of
        # the server loses nothing; it is not forced to the disk (fsync costs more than
        # the rest of a tap), so only a power cut could lose the last taps, never the file.
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, (json.dumps(entry, ensure_ascii=False) + "\n").encode())
        finally:
            os.close(fd)

    def open(self, session: Callable[[], Session]) -> Runner:
        """The running dialogue, started (and the saved answers replayed) when needed."""
        if self.runner is None:
            runner = Runner(session())
            for answer in self.answers:
                runner.answer(answer)
            self.runner = runner
        return self.runner

    def back(self, session: Callable[[], Session]) -> dict:
        """Take back the last answer, whatever it was: the dialogue is replayed without it."""
        if self.answers:
            self.answers.pop()
            self._log({"back": True})
        self.close()
        return self.open(session).last

    def give(self, answer: str, session: Callable[[], Session]) -> dict:
        runner = self.open(session)
        if runner.finished is not None:
            return runner.finished
        self.answers.append(answer)
        self._log({"answer": answer})
        return runner.answer(answer)

    def close(self) -> None:
        if self.runner is not None:
            self.runner.stop()
            self.runner = None


def _read(path: Path) -> Draft:
    """A draft from its journal (a last line cut short by a crash is left out)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    answers: list[str] = []
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except ValueError:
            break
        if entry.get("back"):
            if answers:
                answers.pop()
        else:
            answers.append(str(entry["answer"]))
    return Draft(path.stem, str(head["file"]), path, answers, str(head["etag"]))


class Drafts:
    """The drafts of every served file, each a small journal in ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._by_id: dict[str, Draft] = {}
        self.lock = threading.Lock()
        directory.mkdir(parents=True, exist_ok=True)
        for path in sorted(directory.glob("*.draft")):
            try:
                draft = _read(path)
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                continue  # not a draft of ours: left alone
            self._by_id[draft.id] = draft

    def new(self, file: str, etag: str) -> Draft:
        with self.lock:
            ident = secrets.token_hex(6)
            draft = Draft(ident, file, self.directory / f"{ident}.draft", [], etag)
            draft.create()
            self._by_id[ident] = draft
            return draft

    def get(self, ident: str) -> Draft | None:
        return self._by_id.get(ident)

    def of_file(self, file: str) -> list[Draft]:
        return [d for d in self._by_id.values() if d.file == file]

    def discard(self, draft: Draft) -> None:
        with self.lock:
            draft.close()
            self._by_id.pop(draft.id, None)
            draft.path.unlink(missing_ok=True)

    def close(self) -> None:
        for draft in list(self._by_id.values()):
            draft.close()
