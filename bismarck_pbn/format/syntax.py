"""The syntax of a tag pair, written once: every other pattern is built from here.

A tag pair is ``[Name "value"]``: a name of letters, digits and ``_`` starting with a
letter, a value in double quotes in which ``\\"`` is a quote and ``\\\\`` a backslash,
and no line end inside the value. The grammar (``grammars/bpn.lark``) writes
``{TAG_NAME}`` and ``{TAG_STRING}`` where these go and :func:`grammar` fills them in;
the reader, the splitter and the parallel checker take their regular expressions from
this module.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

TAG_NAME = r"[A-Za-z][A-Za-z0-9_]*"
"""A tag's name."""

TAG_STRING = r'"(?:[^"\\\n]|\\.)*"'
"""A tag's value in its quotes, escapes included."""

_BLANK = r"[ \t]*"
_VALUE = TAG_STRING[1:-1]  # the value between the quotes

TAG_PAIR = re.compile(rf'\[{_BLANK}({TAG_NAME}){_BLANK}"({_VALUE})"{_BLANK}\]')
"""A whole tag pair; group 1 is the name, group 2 the value as written (escaped)."""

TAG_HEAD = re.compile(rf'\[{_BLANK}({TAG_NAME}){_BLANK}"({_VALUE})"')
"""A tag pair up to its closing quote (its ``]`` may follow after blanks)."""

TAG_START = re.compile(rf'\[{_BLANK}{TAG_NAME}{_BLANK}"')
"""The start of a tag pair, up to its opening quote."""

UNCLOSED_TAG = re.compile(rf'\[{_BLANK}{TAG_NAME}{_BLANK}"{_VALUE}\\?$')
"""A tag pair whose value runs to the end of the line without its closing quote."""

OPEN_STRING = TAG_STRING[:-1] + '"?'
"""A value string, closed or not (the line may end inside it)."""

STRING_OR_BRACE = re.compile(rf'{OPEN_STRING}|[{{}};]')
"""What changes whether a brace comment is open: a value string (skipped whole, closed
or not), a brace, or a ``;`` that starts a comment to the end of the line."""

_HEADER_TOKEN = re.compile(
    rf'\{{[^}}]*\}}|;[^\n]*|^%[^\n]*|(\[{_BLANK}({TAG_NAME}){_BLANK}"({_VALUE})"{_BLANK}\])', re.MULTILINE)

_UNESCAPE = re.compile(r'\\(["\\])')


def _group1(m: re.Match[str]) -> str:
    return m.group(1)


def unescape(value: str) -> str:
    """A value as written between the quotes, with ``\\"`` and ``\\\\`` read."""
    return _UNESCAPE.sub(_group1, value) if "\\" in value else value


def escape(value: str) -> str:
    """A value ready to go between the quotes: ``\\`` and ``"`` escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def session_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """Tag pairs whose name is one of ``names``; groups as in :data:`TAG_PAIR`."""
    alternatives = "|".join(re.escape(n) for n in names)
    return re.compile(rf'\[{_BLANK}({alternatives}){_BLANK}"({_VALUE})"{_BLANK}\]')


def header_tags(text: str, stop: str | None = "Play") -> Iterator[re.Match[str]]:
    """The tag pairs of a deal's text, outside comments and escape lines, up to (not
    including) the tag named ``stop``: a scan with one regular expression, no parser.
    Each match has the tag's name in group 2 and its escaped value in group 3. O(n)."""
    for m in _HEADER_TOKEN.finditer(text):
        if m.group(1) is None:
            continue
        if m.group(2) == stop:
            return
        yield m


def grammar(text: str) -> str:
    """The lark grammar with the tag syntax filled in."""
    return text.replace("{TAG_NAME}", TAG_NAME).replace("{TAG_STRING}", TAG_STRING)
