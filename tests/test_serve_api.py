"""``bpn serve``'s JSON API and its guard, through a real uvicorn on a free port of
127.0.0.1: who may come in, what may be written, and two phones writing one file."""

from __future__ import annotations

import http.client
import json
import shutil
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from serve_helpers import TOKEN, Running  # noqa: E402

from bismarck_pbn.check.validate import validate_file  # noqa: E402
from bismarck_pbn.convert.jsonio import dumps  # noqa: E402
from bismarck_pbn.format.reader import parse  # noqa: E402
from bismarck_pbn.format.writer import write_deal  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
CLUB = SAMPLES / "club-night.bpn"


def deals_of(path: Path) -> list:
    return [d for d in parse(path.read_text(encoding="utf-8")) if d.tags]


def deal_text(n: int) -> str:
    """Deal n (from 1) of the club-night sample, as the writer writes it."""
    return write_deal(deals_of(CLUB)[n - 1])


def first_deals(n: int) -> str:
    return "% BPN 1.0\n" + "\n".join(deal_text(i) for i in range(1, n + 1))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module, over a directory: each test adds files of its own."""
    root = tmp_path_factory.mktemp("serve")
    (root / "files").mkdir()
    with Running([root / "files"], root / "drafts") as running:
        running.root = root / "files"
        yield running


class Files:
    """This test's own files in the module's server: ``three`` (the first three deals of
    the club-night sample), ``club`` (all of it) and ``new`` (empty)."""

    def __init__(self, server: Running, stem: str) -> None:
        self.server, self.stem = server, stem
        (self.path("three")).write_text(first_deals(3), encoding="utf-8")
        shutil.copy(CLUB, self.path("club"))
        self.path("new").write_text("", encoding="utf-8")

    def id(self, name: str) -> str:
        return f"{self.stem}-{name}"

    def path(self, name: str) -> Path:
        return self.server.root / f"{self.stem}-{name}.bpn"

    def api(self, name: str, rest: str = "") -> str:
        return f"/api/files/{self.id(name)}{rest}"


@pytest.fixture()
def files(server, request):
    return Files(server, request.node.name.removeprefix("test_").split("[")[0][:30].replace("_", "-"))


@pytest.fixture()
def served(server):
    return server


def origin(server: Running) -> dict[str, str]:
    return {"Origin": server.url}


def test_without_the_token_nothing_is_served(served, files):
    for method, path in [("GET", "/"), ("GET", "/api/files"), ("GET", files.api("club")),
                         ("POST", files.api("club", "/deals")), ("GET", "/static/serve.js"), ("GET", "/nowhere")]:
        status, headers, _ = served.call(method, path, "x" if method == "POST" else None, auth=False)
        assert status == 401, (method, path)
        assert headers["www-authenticate"].startswith("Bearer")
    assert served.call("GET", "/api/files", auth=False, headers={"Authorization": "Bearer wrong"})[0] == 401
    assert served.call("GET", "/api/files?token=wrong", auth=False)[0] == 401
    assert served.call("GET", "/api/files", auth=False, headers={"Cookie": "bpn_token=wrong"})[0] == 401


def test_the_token_in_the_address_becomes_a_strict_httponly_cookie(served, files):
    page = f"/files/{files.id('club')}"
    status, headers, _ = served.call("GET", f"{page}?token={TOKEN}&x=1", auth=False)
    assert status == 303 and headers["location"] == f"{page}?x=1"
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"bpn_token={TOKEN};") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    status, _, body = served.call("GET", page, auth=False, headers={"Cookie": f"bpn_token={TOKEN}"})
    assert status == 200 and b"board 12" in body


def test_the_files_are_listed_by_id_and_given_as_bpn_convert_writes_json(served, files):
    status, listing = served.json("GET", "/api/files")
    assert status == 200
    ours = [f for f in listing if f["id"].startswith(files.stem + "-")]
    assert sorted(ours, key=lambda f: f["id"]) == [
        {"id": files.id("club"), "name": files.path("club").name, "deals": 12},
        {"id": files.id("new"), "name": files.path("new").name, "deals": 0},
        {"id": files.id("three"), "name": files.path("three").name, "deals": 3}]
    status, headers, body = served.call("GET", files.api("club"))
    assert status == 200 and headers["etag"].startswith('"')
    assert json.loads(body) == json.loads(dumps(deals_of(CLUB)))
    assert served.call("GET", files.api("club"), headers={"If-None-Match": headers["etag"]})[0] == 304


@pytest.mark.parametrize("path", ["/api/files/..", "/api/files/../../etc/passwd", "/api/files/..%2F..%2Fetc%2Fpasswd",
                                  "/api/files/%2e%2e", "/static/../app.py", "/static/..%2Fapp.py", "/files/../etc",
                                  "/api/files/club.bpn"])
def test_paths_from_the_client_are_never_files(served, path):
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    try:  # sent as is: http.client does not normalise the path
        conn.request("GET", path, headers={"Authorization": f"Bearer {TOKEN}"})
        assert conn.getresponse().status == 404
    finally:
        conn.close()


def test_unreadable_files_are_422_unknown_ones_404_to_the_reader_and_the_recorder(served, files):
    files.path("binary").write_bytes(b"\x00\x01\x02 not text\n")
    for method, rest in [("GET", ""), ("POST", "/drafts")]:
        status, body = served.json(method, files.api("binary", rest), headers=origin(served))
        assert status == 422 and "BPN003" in body["error"], (method, rest)
        status, body = served.json(method, files.api("nowhere", rest), headers=origin(served))
        assert status == 404 and body == {"error": "no such file"}, (method, rest)


def test_an_unknown_draft_is_404_before_its_answer_is_read_and_a_bad_answer_400(served, files):
    status, view = served.json("POST", files.api("three", "/drafts"), headers=origin(served))
    assert status == 201
    bad = {"answer": "two\nlines"}
    for method, rest, body in [("GET", "", None), ("POST", "/answer", bad), ("POST", "/answer", b"not json"),
                               ("POST", "/back", None)]:
        status, found = served.json(method, f"/api/drafts/nowhere{rest}", body, headers=origin(served))
        assert status == 404 and found == {"error": "no such draft"}, (method, rest, body)
    for body in [bad, b"not json", {"answer": 3}, {}]:
        status, found = served.json("POST", f"/api/drafts/{view['id']}/answer", body, headers=origin(served))
        assert status == 400 and found == {"error": 'send {"answer": "one line of text"}'}, body
    status, again = served.json("GET", f"/api/drafts/{view['id']}")
    assert status == 200 and again == view  # a refused answer moves nothing
    status, back = served.json("POST", f"/api/drafts/{view['id']}/back", headers=origin(served))
    assert status == 200 and back["id"] == view["id"] and back["file"] == files.id("three")


def test_a_deal_that_validates_is_appended_and_the_next_is_numbered(served, files):
    path = files.path("three")
    etag = served.call("GET", files.api("three"))[1]["etag"]
    status, headers, body = served.call("POST", files.api("three", "/deals"), deal_text(4),
                                        headers={"If-Match": etag, **origin(served)})
    assert status == 201, body
    assert json.loads(body)["board"] == 4 and headers["etag"] != etag
    assert len(deals_of(path)) == 4 and [d for d in validate_file(path) if d.is_error] == []
    assert path.read_text(encoding="utf-8") == first_deals(4)
    assert files.path("club").read_bytes() == CLUB.read_bytes()


def test_a_deal_with_an_error_is_refused_with_the_validators_diagnostics(served, files):
    path = files.path("three")
    before = path.read_bytes()
    wrong = deal_text(4).replace("C2 C6 CQ", "C2 C6 CQ", 1)
    play = wrong.index('[Play "')
    lines = wrong[play:].splitlines()
    lines[1], lines[2] = lines[2], lines[1]  # the first two tricks swapped: the wrong seat leads
    wrong = wrong[:play] + "\n".join(lines) + "\n"
    status, body = served.json("POST", files.api("three", "/deals"), wrong, headers=origin(served))
    assert status == 422
    found = body["diagnostics"]
    assert found and all(d["severity"] == "error" and d["code"].startswith("BPN") for d in found)
    assert all(1 <= d["line"] <= body["deal"].count("\n") and d["column"] >= 1 for d in found)
    assert path.read_bytes() == before
    status, body = served.json("POST", files.api("three", "/deals"), "[Board \"4\"\n", headers=origin(served))
    assert status == 422 and body["diagnostics"][0]["line"] == 1
    assert path.read_bytes() == before


def test_a_stale_if_match_is_409_and_writes_nothing(served, files):
    path = files.path("three")
    etag = served.call("GET", files.api("three"))[1]["etag"]
    # an outside edit while serving (as bpn fmt -i or an editor would make)
    path.write_text(path.read_text(encoding="utf-8").replace("{the monthly", "{THE monthly"), encoding="utf-8")
    edited = path.read_bytes()
    status, body = served.json("POST", files.api("three", "/deals"), deal_text(4),
                               headers={"If-Match": etag, **origin(served)})
    assert status == 409 and "changed" in body["error"]
    assert path.read_bytes() == edited
    assert served.call("GET", files.api("three"))[1]["etag"] != etag


@pytest.mark.slow  # ~1.5 s on a loaded two-core machine
def test_twenty_concurrent_posts_for_twenty_sessions_are_all_written(served, files):
    one = deal_text(1)
    results: list[int] = []

    def post(k: int) -> None:
        text = one.replace('[Event "Club night"]', f'[Event "Table {k}"]')
        results.append(served.call("POST", files.api("new", "/deals"), text, headers=origin(served))[0])
    threads = [threading.Thread(target=post, args=(k,)) for k in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == [201] * 20
    path = files.path("new")
    written = deals_of(path)
    assert sorted(d.headers["Event"] for d in written) == sorted(f"Table {k}" for k in range(20))
    assert [d for d in validate_file(path) if d.is_error] == []


def test_two_phones_posting_the_same_next_board_one_wins(served, files):
    results: list[int] = []
    barrier = threading.Barrier(2)

    def post() -> None:
        barrier.wait(10)
        results.append(served.call("POST", files.api("three", "/deals"), deal_text(4), headers=origin(served))[0])
    threads = [threading.Thread(target=post) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results)[0] == 201 and sorted(results)[1] in (409, 422)
    path = files.path("three")
    assert [d.board for d in deals_of(path)] == [1, 2, 3, 4]
    assert [d for d in validate_file(path) if d.is_error] == []


def test_a_body_over_one_megabyte_is_413(served, files):
    big = "{" + "x" * (2 * 1024 * 1024) + "}"
    status, _, _ = served.call("POST", files.api("three", "/deals"), big, headers=origin(served))
    assert status == 413
    # without a Content-Length: counted as it streams in
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    try:
        conn.request("POST", files.api("three", "/deals"), body=iter([b"x" * 65536] * 32), encode_chunked=True,
                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain",
                              "Transfer-Encoding": "chunked", **origin(served)})
        assert conn.getresponse().status == 413
    finally:
        conn.close()
    assert len(deals_of(files.path("three"))) == 3


def test_writes_from_another_origin_or_host_are_refused(served, files):
    status, _, _ = served.call("POST", files.api("three", "/deals"), deal_text(4), headers={"Origin": "http://evil.example"})
    assert status == 403
    cookie = {"Cookie": f"bpn_token={TOKEN}"}
    assert served.call("POST", files.api("three", "/deals"), deal_text(4), auth=False, headers=cookie)[0] == 403
    assert served.call("GET", "/api/files", headers={"Host": "evil.example"})[0] == 421


def test_the_body_must_be_bpn_text(served, files):
    status, _, _ = served.call("POST", files.api("three", "/deals"), b"{}", headers={"Content-Type": "application/json",
                                                                                  **origin(served)})
    assert status == 415
    status, body = served.json("POST", files.api("three", "/deals"), deal_text(4) + deal_text(5), headers=origin(served))
    assert status == 422 and "exactly one deal" in body["error"]


def test_an_annotation_changes_only_its_card(served, files):
    path = files.path("club")
    before = path.read_text(encoding="utf-8")
    etag = served.call("GET", files.api("club"))[1]["etag"]
    status, body = served.json("POST", files.api("club", "/annotate"), {"deal": 1, "trick": 1, "card": 1, "nag": 3},
                               headers={"If-Match": etag, **origin(served)})
    assert status == 200 and "C2" in body["annotated"]
    assert path.read_text(encoding="utf-8") == before.replace("\nC2 C6 CQ", "\nC2 $3 C6 CQ", 1)
    status, body = served.json("POST", files.api("club", "/annotate"), {"deal": 1, "trick": 1, "card": 1, "nag": 1},
                               headers={"If-Match": etag, **origin(served)})
    assert status == 409
    status, body = served.json("POST", files.api("club", "/annotate"), {"deal": 1, "trick": 99, "card": 1, "nag": 1},
                               headers=origin(served))
    assert status == 422


@pytest.mark.slow
def test_a_draft_survives_a_restart_of_the_server(tmp_path):
    target = tmp_path / "table.bpn"
    with Running([target], tmp_path / "drafts") as server:
        status, view = server.json("POST", "/api/files/table/drafts", headers=origin(server))
        assert status == 201 and view["question"]["prompt"].startswith("Board")
        draft = view["id"]
        for answer in ["", "Restart night"]:
            status, view = server.json("POST", f"/api/drafts/{draft}/answer", {"answer": answer}, headers=origin(server))
        asked = view["question"]["prompt"]
    with Running([target], tmp_path / "drafts") as server:
        status, again = server.json("GET", f"/api/drafts/{draft}")
        assert status == 200 and again["question"]["prompt"] == asked == "Site"
        status, back = server.json("POST", f"/api/drafts/{draft}/back", headers=origin(server))
        assert back["question"]["prompt"] == "Event"


@pytest.mark.slow  # two deals recorded answer by answer: ~3.5 s on a loaded two-core machine
def test_a_finished_draft_is_written_only_onto_the_version_it_was_started_on(served, files):
    """Board 4 recorded through the API, answer by answer as the page sends them: a
    change to the file meanwhile makes the write 409 and loses nothing; checked against
    the file as it is now it is written, or refused when another phone wrote board 4."""
    from bismarck_pbn.model.cards import holding_text

    board4 = deals_of(CLUB)[3]
    seats = [board4.forehand, board4.forehand % 3 + 1, (board4.forehand + 1) % 3 + 1]
    given = ["", "", *(holding_text(board4.hands[s - 1]) for s in seats), "", board4.contract,
             holding_text(board4.discard), *(c.card for c in board4.play.cards), ""]

    def record() -> str:
        status, view = served.json("POST", files.api("three", "/drafts"), headers=origin(served))
        assert status == 201
        for answer in given:
            status, view = served.json("POST", f"/api/drafts/{view['id']}/answer", {"answer": answer},
                                       headers=origin(served))
            assert status == 200 and view["state"] in ("asking", "complete"), view
        assert view["state"] == "complete"
        return view["id"]

    first, second = record(), record()
    status, _ = served.json("POST", files.api("three", "/annotate"), {"deal": 1, "comment": "a note"},
                            headers=origin(served))
    assert status == 200  # the file changed, its deals did not
    status, body = served.json("POST", f"/api/drafts/{first}/write", headers=origin(served))
    assert status == 409 and len(deals_of(files.path("three"))) == 3
    status, body = served.json("POST", f"/api/drafts/{first}/write?check=now", headers=origin(served))
    assert status == 201 and body["board"] == 4, body
    status, body = served.json("POST", f"/api/drafts/{second}/write?check=now", headers=origin(served))
    assert status == 422 and body["deal"].startswith("[Event")  # board 4 twice: refused, the deal given back
    written = deals_of(files.path("three"))
    assert [d.board for d in written] == [1, 2, 3, 4]
    assert [c.card for c in written[3].play.cards] == [c.card for c in board4.play.cards]
    assert [d for d in validate_file(files.path("three")) if d.is_error] == []
    assert served.json("GET", f"/api/drafts/{first}")[0] == 404  # written: the draft is gone
    assert served.json("GET", f"/api/drafts/{second}")[0] == 200  # refused: kept
