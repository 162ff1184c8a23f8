"""The words of a syntax error: what lark reports, said as a person would (BPN001, BPN002)."""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.format import syntax

_WORDS = {
    "TAGS": 'a tag pair [Name "value"]',
    "PLAY_TAG": 'a [Play "s"] tag',
    "AUCTION_TAG": 'an [Auction "s"] tag',
    "CARDS": "a card",
    "CALLS": "a call",
    "REVOKE": "^R",
    "SUFFIX": "a suffix (! ? !! ?? !? ?!)",
    "NAG": "a NAG ($0 to $255)",
    "STAR": "*",
    "BRACE_COMMENT": "a comment",
    "LINE_COMMENT": "a comment",
    "$END": "the end of the deal",
}


def syntax_problem(err: UnexpectedInput, text: str, line0: int) -> Diagnostic:
    line = err.line + line0
    column = err.column
    if isinstance(err, UnexpectedCharacters):
        at = err.pos_in_stream or 0
        char = text[at]
        rest_of_line = text[at:].split("\n", 1)[0].rstrip("\r")
        if char == "{":
            return diag("BPN002", "unterminated comment: this '{' has no closing '}'", line, column)
        if char == "[" and syntax.UNCLOSED_TAG.match(rest_of_line):
            return diag("BPN002", "unterminated string: the tag value has no closing '\"' on "
                        "this line", line, column)
        word = re.match(r"\S{1,20}", rest_of_line)
        shown = word.group() if word else repr(char)
        if char == "[":
            return diag("BPN001", f"malformed tag pair {rest_of_line[:40]!r}: expected "
                        '[Name "value"] with a name of letters, digits and _', line, column)
        if char == "}":
            return diag("BPN001", "a '}' with no '{' before it", line, column)
        expected = sorted({_WORDS.get(t, t) for t in err.allowed})
        return diag("BPN001", f"unexpected {shown!r}; expected {', '.join(expected)}", line, column)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        what = _WORDS.get(tok.type, tok.type)
        if tok.type in ("CARDS", "REVOKE"):
            msg = f"unexpected card {tok.value.split()[0]!r}: cards come after a [Play \"s\"] tag"
        elif tok.type in ("SUFFIX", "NAG"):
            msg = f"unexpected {tok.value!r}: a suffix or NAG stands after a card in the play section"
        elif tok.type == "STAR":
            msg = "unexpected '*': it ends a play section, and there is none open here"
        elif tok.type == "CALLS":
            # a word that is no card, outside an auction section: quote it as written
            expected = sorted({_WORDS.get(t, t) for t in err.expected})
            msg = f"unexpected {tok.value.split()[0][:20]!r}; expected {', '.join(expected)}"
        else:
            expected = sorted({_WORDS.get(t, t) for t in err.expected})
            msg = f"unexpected {what}; expected {', '.join(expected)}"
        return diag("BPN001", msg, line, column)
    return diag("BPN001", f"unexpected end of the deal: {err}", line, column)  # pragma: no cover
