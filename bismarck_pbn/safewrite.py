"""Writing files without ever losing the user's data.

Every command that writes goes through :func:`atomic_write`: the new content goes to a
temporary file in the same directory, is flushed and synced, takes the original's
permissions (and, where the user may give it, its owner and group), and is renamed over
the original in one step. A process killed at any
moment leaves either the old file or the new one, never a mix. With a
:class:`Fingerprint` taken when the file was read, a file changed on disk since then
is not overwritten.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


class ChangedOnDisk(OSError):
    """The file changed after it was read; the write was not done."""


@dataclass(frozen=True)
class Fingerprint:
    size: int
    mtime_ns: int
    sha256: str

    @classmethod
    def of_bytes(cls, path: str | Path, data: bytes) -> Fingerprint:
        st = os.stat(path)
        return cls(st.st_size, st.st_mtime_ns, hashlib.sha256(data).hexdigest())

    def matches(self, path: str | Path) -> bool:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return False
        if st.st_size != self.size:
            return False
        # Same size and even the same modification time can hide an edit made within one
        # tick of the clock: the content decides.
        return hashlib.sha256(Path(path).read_bytes()).hexdigest() == self.sha256


def atomic_write(path: str | Path, pieces: Iterable[str] | str, *, encoding: str = "utf-8",
                 expect: Fingerprint | None = None, create: bool = False) -> None:
    """Write ``pieces`` to ``path`` atomically (temporary file, fsync, rename), keeping
    the original's permissions. With ``expect``, refuse (:class:`ChangedOnDisk`) if the
    file no longer matches it; with ``create``, refuse if the file exists (the new file
    is linked into place, which fails rather than overwrite one made meanwhile).

    A path that names a named pipe or a character device (``-o /dev/null``, a FIFO) is
    written into directly: a rename would replace it with a regular file. A block
    device or a socket is refused (OSError), never replaced."""
    if isinstance(pieces, str):
        pieces = (pieces,)
    if not create and _is_stream(Path(path)):  # (/dev/stdout to a pipe has no real path)
        with open(path, "w", encoding=encoding, newline="") as fp:
            for piece in pieces:
                fp.write(piece)
        return
    path = Path(os.path.realpath(path))  # through a symlink to the file it names
    directory = path.parent
    tmp: str | None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fp:
            for piece in pieces:
                fp.write(piece)
            fp.flush()
            os.fsync(fp.fileno())
        try:
            before = os.stat(path)
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        else:
            mode = stat.S_IMODE(before.st_mode)
            if (before.st_uid, before.st_gid) != (os.stat(tmp).st_uid, os.stat(tmp).st_gid):
                with contextlib.suppress(OSError):  # root keeps a user's file theirs; others cannot
                    os.chown(tmp, before.st_uid, before.st_gid)
        os.chmod(tmp, mode)
        if expect is not None and not expect.matches(path):
            raise ChangedOnDisk(f"{path} changed on disk since it was read; not overwritten")
        if create:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise ChangedOnDisk(f"{path} was created by someone else meanwhile; not overwritten") from None
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
        tmp = None
        try:
            dir_fd = os.open(directory, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        except OSError:
            pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _is_stream(path: Path) -> bool:
    """Whether ``path`` is a named pipe or a character device, to be written into; raises
    OSError for a block device or a socket, which are neither written nor replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    if stat.S_ISBLK(mode) or stat.S_ISSOCK(mode):
        raise OSError(errno.EINVAL, "not a regular file, a pipe or a character device", str(path))
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)
