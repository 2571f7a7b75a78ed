"""``yomi bench --builds`` (integration/tools/build_bench.py): builds of the extension timed side by side."""
from __future__ import annotations

import json
import shutil

import pytest

from integration.tools import bench
from yomi import _native


def test_two_copies_of_the_installed_build(tmp_path, capsys):
    """Two copies of one build load side by side, play the same matches to the same states (the
    benchmark checks it) and each figure gets a ratio to the first build."""
    a, b = tmp_path / "a.so", tmp_path / "b.so"
    shutil.copy(_native.__file__, a)
    shutil.copy(_native.__file__, b)
    out = tmp_path / "builds.json"
    assert bench.main(["--builds", str(a), str(b), "--rounds", "2", "--game-length", "300", "--steps", "3",
                       "--matches", "5", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["builds"] == [str(a), str(b)] and data["rounds"] == 2 and data["matches"] == 5
    for what in ("run_script ticks per CPU-s", "env agent steps per CPU-s"):
        first, second = data["figures"][what]
        assert "ratio" not in first and 0 < first["lowest"] <= first["median"] <= first["highest"]
        assert second["ratio_q1"] <= second["ratio"] <= second["ratio_q3"] and second["ratio"] > 0
    printed = capsys.readouterr().out
    assert printed.count(str(b)) == 2 and " x" in printed  # a ratio per figure for the second build


def test_one_build_is_refused():
    with pytest.raises(SystemExit):
        bench.main(["--builds", _native.__file__])


def test_an_env_of_no_matches_is_refused():
    with pytest.raises(SystemExit):
        bench.main(["--builds", _native.__file__, _native.__file__, "--matches", "0"])


def test_a_file_that_is_not_a_build(tmp_path, capsys):
    bad = tmp_path / "bad.so"
    bad.write_bytes(b"not a shared object")
    assert bench.main(["--builds", str(bad), str(bad)]) == 2
    assert "yomi bench --builds:" in capsys.readouterr().err
