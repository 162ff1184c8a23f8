"""``bpn schema``: the JSON Schema of what ``bpn convert`` writes and reads (a module of
its own, so that printing it loads none of the conversion)."""

from __future__ import annotations

import sys


def schema_command() -> None:
    """Print the JSON Schema (draft 2020-12) of the JSON that **bpn convert** writes and reads."""
    from bismarck_pbn.resources import data_path

    sys.stdout.write(data_path("schemas", "bpn.schema.json").read_text(encoding="utf-8"))
