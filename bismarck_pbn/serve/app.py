"""The web app of ``bpn serve``: a small Starlette application over the library.

The JSON API (documented in ``docs/serve.md``) is what the pages use themselves:

- ``GET /api/files``: the served files, ``[{"id", "name", "deals"}]``;
- ``GET /api/files/{id}``: the file's deals as ``bpn convert --to json`` writes them,
  with an ``ETag``;
- ``POST /api/files/{id}/deals``: one deal as BPN text, appended when the validator
  finds no error in it as the next deal of the file (201 ``{"board"}``; 422
  ``{"diagnostics"}``; 409 when ``If-Match`` names a version no longer current);
- ``POST /api/files/{id}/annotate``: a comment, NAG or suffix on a card, a call or a tag;
- ``/api/files/{id}/drafts`` and ``/api/drafts/{draft}…``: the recorder's drafts.

Every route runs its work off the event loop (the library is synchronous); writes to a
file are serialised by the file's lock (:mod:`bismarck_pbn.serve.files`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from bismarck_pbn.format.edit import SUFFIXES, Target
from bismarck_pbn.serve import pages
from bismarck_pbn.serve.drafts import Draft, Drafts
from bismarck_pbn.serve.files import Conflict, Library, Refused, Served, Snapshot
from bismarck_pbn.serve.guard import Guard
from bismarck_pbn.sources import ReadFailure

__all__ = ["create_app"]


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


class Api:
    def __init__(self, library: Library, drafts: Drafts) -> None:
        self.library = library
        self.drafts = drafts

    # -- helpers
    def served(self, request: Request) -> Served | None:
        return self.library.get(request.path_params["id"])

    def draft(self, request: Request) -> tuple[Draft, Served] | None:
        draft = self.drafts.get(request.path_params["draft"])
        if draft is None:
            return None
        served = next((f for f in self.library.files() if str(f.path) == draft.file), None)
        return (draft, served) if served is not None else None

    async def _snapshot(self, request: Request) -> tuple[Served, Snapshot] | Response:
        """The file the request names and its snapshot, or the answer when there is
        none: 404 for no such file, 422 for a file that cannot be read."""
        served = self.served(request)
        if served is None:
            return _error(404, "no such file")
        try:
            return served, await run_in_threadpool(served.snapshot)
        except ReadFailure as exc:
            return _error(422, str(exc))

    # -- files
    async def files(self, request: Request) -> Response:
        def listing() -> list[dict]:
            out = []
            for f in self.library.files():
                try:
                    deals = len(f.snapshot().real_deals)
                except ReadFailure:
                    deals = None
                out.append({"id": f.id, "name": f.name, "deals": deals})
            return out
        return JSONResponse(await run_in_threadpool(listing))

    async def file(self, request: Request) -> Response:
        found = await self._snapshot(request)
        if isinstance(found, Response):
            return found
        served, snap = found
        if request.headers.get("if-none-match") == snap.etag:
            return Response(status_code=304, headers={"ETag": snap.etag})
        data = await run_in_threadpool(served.json_deals, snap)
        return Response(data, media_type="application/json", headers={"ETag": snap.etag})

    async def post_deal(self, request: Request) -> Response:
        served = self.served(request)
        if served is None:
            return _error(404, "no such file")
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "text/plain":
            return _error(415, "send the deal as BPN text, Content-Type: text/plain")
        try:
            text = (await request.body()).decode("utf-8")
        except UnicodeDecodeError:
            return _error(422, "the body is not UTF-8 text", diagnostics=[])
        return await self._append(served, text, request.headers.get("if-match"))

    async def _append(self, served: Served, text: str, if_match: str | None) -> Response:
        try:
            board, written, etag = await run_in_threadpool(served.append, text, if_match)
        except Conflict as exc:
            return _error(409, str(exc))
        except Refused as exc:
            return _error(422, str(exc), diagnostics=exc.diagnostics, deal=exc.deal)
        except ReadFailure as exc:
            return _error(422, str(exc), diagnostics=[])
        except OSError as exc:
            return _error(500, f"{served.name}: cannot write: {exc.strerror or exc}")
        return JSONResponse({"board": board, "deal": written}, status_code=201, headers={"ETag": etag})

    async def annotate(self, request: Request) -> Response:
        served = self.served(request)
        if served is None:
            return _error(404, "no such file")
        try:
            body = json.loads(await request.body())
            target = Target(int(body["deal"]), body.get("tag"), _int(body.get("trick")), _int(body.get("card")),
                            _int(body.get("call")))
            change: dict[str, Any] = {}
            if body.get("comment"):
                change["comment"] = str(body["comment"])
            elif body.get("nag") not in (None, ""):
                change["nag"] = int(body["nag"])
            elif body.get("suffix"):
                if body["suffix"] not in SUFFIXES:
                    raise ValueError(f"a suffix is one of {' '.join(SUFFIXES)}")
                change["suffix"] = body["suffix"]
            elif body.get("clear"):
                change["clear"] = True
            else:
                raise ValueError("give a comment, a nag, a suffix or clear")
        except (ValueError, KeyError, TypeError) as exc:
            return _error(400, f"a bad annotation: {exc}")
        try:
            what, etag = await run_in_threadpool(lambda: served.annotate(target, request.headers.get("if-match"),
                                                                         **change))
        except Conflict as exc:
            return _error(409, str(exc))
        except Refused as exc:
            return _error(422, str(exc), diagnostics=[])
        except ReadFailure as exc:
            return _error(422, str(exc))
        return JSONResponse({"annotated": what}, headers={"ETag": etag})

    # -- drafts
    async def new_draft(self, request: Request) -> Response:
        found = await self._snapshot(request)
        if isinstance(found, Response):
            return found
        served, snap = found
        draft = await run_in_threadpool(self.drafts.new, str(served.path), snap.etag)
        view = await run_in_threadpool(self._step, draft, served, None)
        return JSONResponse({"id": draft.id, "file": served.id, **view}, status_code=201)

    def _step(self, draft: Draft, served: Served, answer: str | None, back: bool = False) -> dict:
        def session():
            return served.snapshot().session()
        with draft.lock:
            if back:
                return draft.back(session)
            if answer is None:
                return draft.open(session).last
            return draft.give(answer, session)

    async def _stepped(self, request: Request, read: Callable[[], Awaitable[str | Response]] | None = None,
                       back: bool = False) -> Response:
        """The draft the request names, taken a step (``read``: the answer from the
        request's body, read only once the draft is found, so that an unknown draft is
        404 whatever the body; ``back``: one answer taken back) and shown."""
        found = self.draft(request)
        if found is None:
            return _error(404, "no such draft")
        draft, served = found
        answer = await read() if read is not None else None
        if isinstance(answer, Response):
            return answer
        view = await run_in_threadpool(self._step, draft, served, answer, back)
        return JSONResponse({"id": draft.id, "file": served.id, **view})

    async def get_draft(self, request: Request) -> Response:
        return await self._stepped(request)

    async def answer(self, request: Request) -> Response:
        return await self._stepped(request, lambda: _answer(request))

    async def back(self, request: Request) -> Response:
        return await self._stepped(request, back=True)

    async def write_draft(self, request: Request) -> Response:
        """The finished deal appended to the file, if the file is still the version the
        deal was started on (409 otherwise; ``?check=now`` checks it against the file as
        it is now instead)."""
        found = self.draft(request)
        if found is None:
            return _error(404, "no such draft")
        draft, served = found
        view = await run_in_threadpool(self._step, draft, served, None)
        if view.get("state") != "complete":
            return _error(409, "the deal is not complete yet")
        if_match = None if request.query_params.get("check") == "now" else draft.etag
        response = await self._append(served, view["text"], if_match)
        if response.status_code == 201:
            await run_in_threadpool(self.drafts.discard, draft)
        return response

    async def delete_draft(self, request: Request) -> Response:
        found = self.draft(request)
        if found is None:
            return _error(404, "no such draft")
        await run_in_threadpool(self.drafts.discard, found[0])
        return Response(status_code=204)


async def _answer(request: Request) -> str | Response:
    """The answer in a request's body (``{"answer": "one line"}``), or the 400 when there is none."""
    try:
        answer = json.loads(await request.body())["answer"]
        if not isinstance(answer, str) or "\n" in answer:
            raise ValueError
    except (ValueError, KeyError, TypeError):
        return _error(400, 'send {"answer": "one line of text"}')
    return answer


def _int(value: Any) -> int | None:
    return None if value in (None, "") else int(value)


def create_app(paths: list[Path], token: str, drafts_dir: Path, hosts: set[str] | None = None) -> Guard:
    """The whole app, behind its :class:`~bismarck_pbn.serve.guard.Guard`."""
    library = Library(paths)
    drafts = Drafts(drafts_dir)
    api = Api(library, drafts)
    site = pages.Pages(library, drafts)
    ident = "{id:str}"
    routes = [
        Route("/", site.home),
        Route(f"/files/{ident}", site.file),
        Route(f"/files/{ident}/view", site.view),
        Route(f"/files/{ident}/record/{{draft:str}}", site.recorder),
        Route(f"/files/{ident}/annotate/{{deal:int}}", site.annotator),
        Route("/static/{name:str}", site.static),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/files", api.files),
        Route(f"/api/files/{ident}", api.file),
        Route(f"/api/files/{ident}/deals", api.post_deal, methods=["POST"]),
        Route(f"/api/files/{ident}/annotate", api.annotate, methods=["POST"]),
        Route(f"/api/files/{ident}/drafts", api.new_draft, methods=["POST"]),
        Route("/api/drafts/{draft:str}", api.get_draft),
        Route("/api/drafts/{draft:str}", api.delete_draft, methods=["DELETE"]),
        Route("/api/drafts/{draft:str}/answer", api.answer, methods=["POST"]),
        Route("/api/drafts/{draft:str}/back", api.back, methods=["POST"]),
        Route("/api/drafts/{draft:str}/write", api.write_draft, methods=["POST"]),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return _error(404, "not found")
        return HTMLResponse(pages.shell("Not found", "<p>There is nothing here. <a href=\"/\">The files</a></p>"),
                            status_code=404)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        drafts.close()

    app = Starlette(routes=routes, exception_handlers={404: not_found}, lifespan=lifespan)
    return Guard(app, token, hosts)
