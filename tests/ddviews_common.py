"""What the tests of the double-dummy views share: the club-night sample, its deals by
number, the ``bpn`` app (imported when a test runs it) and the data a page embeds."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bismarck_pbn.format.reader import parse

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
CLUB = SAMPLES / "club-night.bpn"
runner = CliRunner()


def app():
    from bismarck_pbn.cli import app

    return app


def club(number: int):
    """Deal ``number`` of the club-night sample."""
    return next(d for d in parse(CLUB.read_text(encoding="utf-8")) if d.number == number)


def page_data(html: str) -> dict:
    """The JSON a page of ``bpn html`` embeds."""
    start = html.index('id="bpn-data">') + len('id="bpn-data">')
    return json.loads(html[start:html.index("</script>", start)])
