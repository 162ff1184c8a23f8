"""The recorder's drafts in process: what the page is told about a question, and the
journal a draft is kept in."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")

from bismarck_pbn.serve.drafts import Drafts, WebRecorder  # noqa: E402
from bismarck_pbn.session.learn import Session  # noqa: E402


def no_answer(prompt: str) -> str:
    raise EOFError


@pytest.mark.parametrize("prompt, size", [
    ("Frisch 2: the 3 cards seat 4 (Di) passed to the left (? if not recorded)", 3),
    ("Discard: the 4 cards the forehand put away (SQ H9 D4 C9 or Q.9.4.9), - if the exchange was declined", 4),
    ("Discard: the 1 card put away, ? if not recorded", 1),
])
def test_a_grid_takes_the_number_of_cards_the_question_names(prompt, size):
    recorder = WebRecorder(no_answer, lambda *a: None, Session())
    recorder.kind, recorder.question = "cards", (prompt, None, ())
    assert recorder.view()["question"]["size"] == size


def test_the_journal_replays_answers_and_take_backs_and_survives_a_torn_last_line(tmp_path):
    drafts = Drafts(tmp_path)
    draft = drafts.new("/somewhere/night.bpn", '"abc"')
    session = Session
    draft.give("", session)
    draft.give("Night", session)
    draft.back(session)
    draft.give("Club night", session)
    draft.close()
    with draft.path.open("a", encoding="utf-8") as fp:
        fp.write('{"answer": "Stock')  # a crash in the middle of a write
    again = Drafts(tmp_path).get(draft.id)
    assert again is not None and again.answers == ["", "Club night"]
    assert again.file == "/somewhere/night.bpn" and again.etag == '"abc"'
    assert json.loads(draft.path.read_text(encoding="utf-8").splitlines()[0]) == {
        "file": "/somewhere/night.bpn", "etag": '"abc"'}
    assert again.open(session).last["question"]["prompt"] == "Site"
    again.close()


def test_a_fault_behind_the_guard_is_a_500_and_one_line_never_a_traceback(capsys):
    import asyncio

    from bismarck_pbn.serve.guard import Guard

    async def broken(scope, receive, send):
        raise RuntimeError("a fault on purpose")

    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/x", "query_string": b"",
             "headers": [(b"host", b"h:1"), (b"authorization", b"Bearer t")]}
    asyncio.run(Guard(broken, "t", {"h:1"})(scope, receive, send))
    assert sent[0]["status"] == 500 and b"a fault on purpose" in sent[1]["body"]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error on GET /x: RuntimeError" in err and "Traceback" not in err
