"""Opening the files a user names: the one helper every reader and writer of the tools uses.

Contract:

* an input (a checkpoint, a settings file, a trace) is opened only if it is a regular file (a
  link to one is followed): a FIFO, a device (``/dev/zero``, ``/dev/urandom``), a socket or a
  folder is refused without blocking (the file is opened with ``O_NONBLOCK``, so a FIFO without
  a writer never hangs the open) and without reading a byte;
* an input is read only up to its cap: a file whose size is past the cap (a sparse file
  included) is refused from its size, before it is read, and one that grows while it is read
  stops at the cap;
* an output is written only to a new file or over a regular file: an existing FIFO, device or
  folder is refused before it is opened for writing (``--record FIFO``, ``--json /dev/full``);
* every refusal is a :class:`UnsafeFileError` (a ``ValueError``) of one line naming the file,
  what it was for and the limit.
"""
from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path

CHUNK = 1 << 20


class UnsafeFileError(ValueError):
    """A file that is not a regular file, or is larger than its cap: one line, nothing read."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _mb(n: int) -> str:
    return f"{n / 2**20:.4g} MB"


def open_input(path: str | Path, max_bytes: int, what: str = "file"):
    """A binary file object of `path`, a regular file of at most `max_bytes` (UnsafeFileError
    otherwise; FileNotFoundError / PermissionError as ``open`` raises them).  The caller reads it
    with its own bound, or through :func:`read_input`."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeFileError(f"{what} {path} is {_kind(st.st_mode)}, not a regular file: not read")
        if st.st_size > max_bytes:
            raise UnsafeFileError(f"{what} {path} is {_mb(st.st_size)}, larger than the limit of {_mb(max_bytes)}: "
                                  "not read")
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
        fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | Path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of `path`, a regular file of at most `max_bytes` (:func:`open_input`); a file
    that grows past the cap while it is read is refused too."""
    with open_input(path, max_bytes, what) as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise UnsafeFileError(f"{what} {path} grew past the limit of {_mb(max_bytes)} while read: not read")
    return data


def read_text_input(path: str | Path, max_bytes: int, what: str = "file") -> str:
    """:func:`read_input` decoded as UTF-8 (UnsafeFileError for other bytes)."""
    data = read_input(path, max_bytes, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnsafeFileError(f"{what} {path} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def check_output(path: str | Path, what: str = "output") -> None:
    """UnsafeFileError where `path` exists and is not a regular file (a FIFO, a device, a folder):
    an output is a new file or replaces a regular one."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UnsafeFileError(f"{what} {path} cannot be written ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeFileError(f"{what} {path} is {_kind(st.st_mode)}, not a regular file: not written")


def open_output(path: str | Path, mode: str = "w", what: str = "output", **kwargs):
    """``open(path, mode)`` for writing (``w``, ``wb``, ``a``, ``ab``; text modes take ``encoding``
    and ``newline``), refusing what is not a new or regular file (:func:`check_output`); the
    file is opened without blocking and checked again once open, so a FIFO put in its place
    between the check and the open is refused too."""
    check_output(path, what)
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    flags |= os.O_APPEND if mode.startswith("a") else os.O_TRUNC
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno == 6:  # ENXIO: a FIFO without a reader
            raise UnsafeFileError(f"{what} {path} is a FIFO, not a regular file: not written") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeFileError(f"{what} {path} is {_kind(st.st_mode)}, not a regular file: not written")
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        return os.fdopen(fd, mode, **kwargs)
    except BaseException:
        os.close(fd)
        raise


def write_output(path: str | Path, data: str | bytes, what: str = "output", encoding: str = "utf-8") -> None:
    """Write `data` to `path` through :func:`open_output`."""
    if isinstance(data, bytes):
        with open_output(path, "wb", what) as f:
            f.write(data)
    else:
        with open_output(path, "w", what, encoding=encoding) as f:
            f.write(data)
