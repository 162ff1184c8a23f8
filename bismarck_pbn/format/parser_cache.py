"""The parser's tables kept between runs, so that a program does not rebuild them.

Building the LALR parser from the grammar is about a third of what a program costs
before it reads its first deal: some 200 million instructions, where loading the same
tables as lark saves them (its ``cache`` option) takes about 20 million.
:func:`cached_lark` loads them from the user's cache directory when a file there was
made from the same grammar, options, lark version and Python version (all of them are
in the file's name), and otherwise builds the parser and saves it for next time.

The directory is ``$BPN_CACHE_DIR``, else ``$XDG_CACHE_HOME/bismarck-pbn``, else
``~/.cache/bismarck-pbn``; ``BPN_CACHE_DIR=""`` turns the cache off. It is created
private to the user (mode 0700), and used only while it is owned by the user and
writable by nobody else, since lark's saved tables are a pickle. A file that cannot be
read, written or loaded is never an error: the parser is built as it was without a
cache.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from lark import Lark

from bismarck_pbn.cachedir import cache_folder

__all__ = ["cache_dir", "cached_lark"]


def cache_dir() -> Path | None:
    """Where saved parsers are kept; None when the cache is off or the place is not
    safe (not the user's own, or writable by others). See :mod:`bismarck_pbn.cachedir`."""
    folder = cache_folder()
    return None if folder is None else Path(folder)


def _file_name(grammar: str, options: dict[str, Any]) -> str:
    import lark

    key = "\n".join([grammar, repr(sorted((k, repr(v)) for k, v in options.items())), lark.__version__,
                      "%d.%d" % sys.version_info[:2]])
    return f"parser-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}.lark"


def cached_lark(grammar: str, *, transformer: Any = None, **options: Any) -> Lark:
    """``Lark(grammar, transformer=transformer, **options)``, its tables loaded from the
    cache when it holds them, else built and saved there. Lark's own ``cache`` option
    does the loading and saving: it checks that the file was made from this grammar and
    these options (the file's name and path among them) and builds afresh from a file
    that is damaged or half written, so two runs saving at once cost a rebuild, never a
    wrong parser."""
    folder = cache_dir()
    if folder is None:
        return Lark(grammar, transformer=transformer, **options)
    return Lark(grammar, transformer=transformer, cache=str(folder / _file_name(grammar, options)), **options)
