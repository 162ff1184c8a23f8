"""What a file's bytes are, told from its first few kilobytes: every command asks here.

BPN files are UTF-8 (spec §2). Two other kinds of input reach the tools all the same:

* UTF-16 and UTF-32 with a byte-order mark (Windows Notepad's "Unicode" is UTF-16 LE):
  read in that encoding, with a BPN004 warning that names the fix;
* files that are not text at all (a picture, a zip, a spreadsheet): one BPN003
  error, "not a text file", at 1:1, instead of a diagnostic for every bad byte.

:func:`sniff` decides from the first :data:`SNIFF` bytes after the byte-order mark;
the line decoder (``split.decode_lines``), the whole-file reader (``sources``) and
:func:`~bismarck_pbn.format.reader.parse` all go through it, so every command agrees.
A file is "not text" when that window holds a NUL byte (as git decides) or when more
than a quarter of its characters are undecodable bytes or control characters.
Cost: O(:data:`SNIFF`) per file.
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple

from bismarck_pbn.diagnostics import Diagnostic, diag

SNIFF = 8192
"""How many bytes after the byte-order mark decide whether a file is text."""

NOT_TEXT = "not a text file"
"""How the one BPN003 diagnostic of a binary file begins."""

# Longest first: a UTF-32 LE mark begins with the UTF-16 LE one.
_BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
         (b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
_WIDE = ("utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f\ufffd]")


class Sniffed(NamedTuple):
    """How to read a file: the codec for the bytes after the byte-order mark."""

    encoding: str
    """A codec name as :func:`codecs.lookup` gives it (``utf-8``, ``utf-16-le``, …)."""
    bom: int
    """Length in bytes of the byte-order mark that starts the file (0 if none)."""
    problem: Diagnostic | None
    """BPN004 (warning: read as UTF-16/32) or BPN003 (not a text file), at 1:1."""

    @property
    def is_text(self) -> bool:
        return self.problem is None or self.problem.code != "BPN003"

    @property
    def wide(self) -> bool:
        """UTF-16 or UTF-32: bytes cannot be split into lines at b"\\n"."""
        return self.encoding in _WIDE


# Names Python knows whose codec cannot read a file: it refuses the "replace" error
# handler (idna), fails on ordinary text (punycode) or on anything (undefined).
_NOT_FOR_FILES = ("idna", "punycode", "undefined")


def codec_name(encoding: str) -> str:
    """The canonical name of an encoding; raises LookupError for an unknown one, and for
    a codec that is not a text encoding (rot13, base64, zlib) or cannot read a file."""
    info = codecs.lookup(encoding)
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_FOR_FILES:
        raise LookupError(f"{encoding!r} is not a text encoding for files")
    return info.name


def sniff(head: bytes, encoding: str = "utf-8") -> Sniffed:
    """How to read a file that starts with ``head`` (at least ``SNIFF + 4`` bytes of it,
    or all of it), asked to be read as ``encoding``. Raises LookupError for an unknown
    encoding. A UTF-16/32 byte-order mark wins over the encoding asked for; without
    one, ``utf-16`` and ``utf-32`` are read little-endian (Windows' order; Python's
    incremental decoder refuses them with no mark)."""
    codec = codec_name(encoding)
    for mark, found in _BOMS:
        if not head.startswith(mark):
            continue
        if found == "utf-8":
            if codec in ("utf-8", "utf-8-sig"):
                return Sniffed("utf-8", 3, _binary(head[3 : 3 + SNIFF], "utf-8"))
            break  # read as asked: the three bytes are text in that encoding
        family = found[:6]  # utf-16 / utf-32
        asked = codec in (found, family)
        warning = None if asked else diag(
            "BPN004", f"the file is {found[:6].upper()} ({'little' if found.endswith('le') else 'big'}-endian, "
            "with a byte-order mark), not UTF-8: it is read as such; BPN files are UTF-8, and "
            "bpn fmt --in-place FILE rewrites it so", 1, 1)
        return Sniffed(found, len(mark), warning)
    if codec in _WIDE:  # asked for by name, no mark: trust it, little-endian when the order is not named
        return Sniffed(codec + "-le" if codec in ("utf-16", "utf-32") else codec, 0, None)
    return Sniffed(codec, 0, _binary(head[:SNIFF], codec))


def sniff_text(text: str) -> Diagnostic | None:
    """For text already decoded from UTF-8 (its byte-order mark dropped): the BPN003
    diagnostic when the bytes it came from are not text, as :func:`sniff` judges them."""
    return _binary(text[:SNIFF].encode("utf-8", "surrogatepass")[:SNIFF], "utf-8")


def _binary(window: bytes, codec: str) -> Diagnostic | None:
    """BPN003 "not a text file" when ``window`` does not look like text, else None."""
    nul = window.find(b"\x00")
    if nul >= 0:
        half = len(window) // 2  # UTF-16 text without a mark: every other byte is 0
        hint = ""
        if half and window[1 : 2 * half : 2].count(0) * 10 >= half * 9:
            hint = "; if it is UTF-16 without a byte-order mark, give --encoding utf-16-le"
        elif half and window[0 : 2 * half : 2].count(0) * 10 >= half * 9:
            hint = "; if it is UTF-16 without a byte-order mark, give --encoding utf-16-be"
        return _not_text(f"a NUL byte at byte offset {nul}{hint}")
    if len(window) < 16:
        return None
    chars = window.decode(codec, "replace")
    bad = len(_CONTROL.findall(chars))
    if bad * 4 > len(chars):
        return _not_text(f"{bad * 100 // len(chars)}% of its first {len(window)} bytes are not "
                         f"{codec.upper()} text")
    return None


def _not_text(why: str) -> Diagnostic:
    return diag("BPN003", f"{NOT_TEXT} ({why}): BPN hand records are UTF-8 text", 1, 1)


def is_not_text(problem: Diagnostic) -> bool:
    """Whether ``problem`` is the one diagnostic of a file that is not text."""
    return problem.code == "BPN003" and problem.message.startswith(NOT_TEXT)


def byte_place(data: bytes, offset: int, encoding: str = "utf-8") -> tuple[int, int]:
    """The line and column (from 1, in characters, a byte-order mark not counted) of the
    byte at ``offset`` of ``data`` read in ``encoding``: where BPN003 places a byte that
    does not decode, in a BPN file or a JSON one alike. O(offset)."""
    before = data[:offset].decode(encoding, "replace").removeprefix("\ufeff")
    return before.count("\n") + 1, len(before) - before.rfind("\n")
