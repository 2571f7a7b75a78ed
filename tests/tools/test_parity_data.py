"""The reference data ships with the repository and every parity entry point finds it by default.

Counts asserted here are those of the recorded files (tests/data/parity/README.md): 67 traces,
31,334 FixedMath calls, 16,300 physics-body calls.
"""
from __future__ import annotations

import gzip
import hashlib
import shutil

import pytest

from integration.tools.cli import main as yomi_main
from integration.tools.parity import data
from integration.tools.parity.common import ParityInputError, open_text, read_jsonl

# sha256 of each vector file as recorded (before `gzip -n -9`), from tests/data/parity/README.md
RECORDED_SHA256 = {
    data.FGOBJECT: "799cf1ed28ba257303ec3bc9cfa98c8a96f2d942cf8158360669b57128dd25e6",
    data.FIXEDMATH: "40ac5b7ac9d9dd08906d3c394ee4d72b4078ce328080f20e35a069537f8aaf85",
    data.RNG: "4fe2dde7891562b09173f0cc57dd70d42ff3a0a1b8ad57858b85f6ce5fac6b06",
}


def test_the_shipped_folder_holds_every_reference_file(monkeypatch):
    monkeypatch.delenv(data.ENV_VAR, raising=False)
    assert data.data_dir() == data.SHIPPED
    traces = data.trace_paths()
    assert len(traces) == 67
    assert len([p for p in traces if "_base_" in p.name]) == 10
    assert len([p for p in traces if "_directed_" in p.name]) == 32
    for name, digest in RECORDED_SHA256.items():
        path = data.vector_file(name)
        assert path.name == name + ".gz"
        assert hashlib.sha256(gzip.decompress(path.read_bytes())).hexdigest() == digest


def test_the_environment_variable_replaces_the_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(data.ENV_VAR, str(tmp_path))
    assert data.data_dir() == tmp_path.resolve()
    assert data.trace_paths() == []
    assert data.vector_file(data.FIXEDMATH) == tmp_path.resolve() / data.FIXEDMATH


def test_gzip_is_detected_by_content_not_by_name(tmp_path):
    packed = tmp_path / "vectors.jsonl"  # gzip content under a plain name
    packed.write_bytes(gzip.compress(b'{"op": "add", "args": ["1", "2"], "out": "3"}\n', mtime=0))
    plain = tmp_path / "plain.jsonl.gz"  # plain content under a .gz name
    plain.write_text('{"a": 1}\n')
    assert list(read_jsonl(packed)) == [(1, {"op": "add", "args": ["1", "2"], "out": "3"})]
    assert list(read_jsonl(plain)) == [(1, {"a": 1})]
    with open_text(packed) as handle:
        assert handle.readline().startswith('{"op"')


def test_a_truncated_gzip_file_is_one_clear_error(tmp_path):
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(gzip.compress(b'{"a": 1}\n' * 1000)[:40])
    # the traces' shared reader (integration.tracefile) names the file and the problem, on one line
    with pytest.raises(ParityInputError, match=r"broken\.jsonl\.gz:\d+: corrupt or truncated gzip data") as info:
        list(read_jsonl(broken))
    assert "\n" not in str(info.value)


def test_vector_checks_read_the_shipped_files_by_default(monkeypatch, capsys):
    monkeypatch.delenv(data.ENV_VAR, raising=False)
    assert yomi_main(["parity", "fixedmath", "--engine", "c"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "fixedmath: 31334/31334 match"
    assert yomi_main(["parity", "fgobject", "--engine", "c"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "fgobject: 16300/16300 calls match"


def test_trace_check_replays_the_data_folder_by_default(tmp_path, monkeypatch, capsys):
    # One short shipped trace in a folder of its own, so the default run stays quick.
    source = min(data.trace_paths("*_base_*"), key=lambda p: p.stat().st_size)
    (tmp_path / "traces").mkdir()
    shutil.copy(source, tmp_path / "traces" / source.name)
    monkeypatch.setenv(data.ENV_VAR, str(tmp_path))
    assert yomi_main(["parity", "trace", "--engine", "c"]) == 0
    out = capsys.readouterr().out
    assert f"{source.name}: identical" in out
    assert "parity: 1/1 traces identical" in out


def test_no_data_is_an_error_not_a_pass(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(data.ENV_VAR, str(tmp_path))
    assert yomi_main(["parity", "trace"]) == 2
    assert yomi_main(["parity", "fixedmath"]) == 2
    assert yomi_main(["parity", "fgobject"]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and str(tmp_path) in err
