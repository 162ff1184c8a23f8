"""The user's cache folder for bismarck-pbn: saved parser tables (format/parser_cache.py)
and rendered help (cli/helpcache.py). Standard library ``os`` only, so that a start
that only writes cached help imports nothing else.

The folder is ``$BPN_CACHE_DIR``, else ``$XDG_CACHE_HOME/bismarck-pbn``, else
``~/.cache/bismarck-pbn``; ``BPN_CACHE_DIR=""`` turns the cache off. Deleting it is
always safe: what is in it is made again when needed.
"""

from __future__ import annotations

import os
import stat


def cache_folder() -> str | None:
    """The cache folder, created private to the user (mode 0700) if missing; None when
    the cache is off or the place is not safe (not the user's own, or writable by others:
    the parser's saved tables are a pickle)."""
    configured = os.environ.get("BPN_CACHE_DIR")
    if configured is not None:
        if not configured:
            return None
        path = configured
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        path = os.path.join(base, "bismarck-pbn")
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        st = os.stat(path)
    except OSError:
        return None
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)):
        return None
    return path
