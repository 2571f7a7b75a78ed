"""integration/safefile.py: inputs are regular files within a size cap, outputs never FIFOs or
devices; each refusal is one UnsafeFileError, without blocking and without reading a byte."""
from __future__ import annotations

import os

import pytest

from integration.safefile import UnsafeFileError, open_output, read_input, read_text_input, write_output


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def test_inputs_that_are_not_regular_files_are_refused_without_blocking(tmp_path, fifo):
    link = tmp_path / "zero.safetensors"
    link.symlink_to("/dev/zero")
    for path, kind in ((fifo, "a FIFO"), (link, "a character device"), ("/dev/urandom", "a character device"),
                       (tmp_path, "a folder")):
        with pytest.raises(UnsafeFileError, match=f"is {kind}, not a regular file"):
            read_input(path, 1 << 20, "checkpoint")


def test_an_input_past_its_cap_is_refused_from_its_size(tmp_path):
    sparse = tmp_path / "sparse.bin"
    with open(sparse, "wb") as f:
        f.truncate(6 << 30)  # 6 GB of holes: refused from its size, never read
    with pytest.raises(UnsafeFileError, match="6144 MB, larger than the limit of 1 MB"):
        read_input(sparse, 1 << 20, "checkpoint")
    small = tmp_path / "small.txt"
    small.write_text("héllo")
    assert read_text_input(small, 6, "settings file") == "héllo"
    small.write_bytes(b"\xff\xfe")
    with pytest.raises(UnsafeFileError, match="not UTF-8"):
        read_text_input(small, 100, "settings file")


def test_outputs_are_never_fifos_or_devices(tmp_path, fifo):
    for path in (fifo, "/dev/full", "/dev/null", tmp_path):
        with pytest.raises(UnsafeFileError, match="not a regular file: not written"):
            write_output(path, "x", "--json")
    out = tmp_path / "out.json"
    write_output(out, "one")
    with open_output(out, "a") as f:
        f.write(" two")
    assert out.read_text() == "one two"
