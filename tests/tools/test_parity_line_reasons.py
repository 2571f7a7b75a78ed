"""The line reason table of ``yomi parity lines``: anchors, stale entries, the cache, and the shipped table."""
from __future__ import annotations

import json

import pytest

from integration.tools.cli import main as yomi_main
from integration.tools.parity import coverage, data, lines, linereasons
from integration.tools.parity.common import ParityInputError
from support.data import REPO

MODULE = '''\
X = 1


def f(a):
    if a:
        return 2
    return 3


class C:
    def g(self, b):
        if b < 0:
            raise ValueError("negative")
        b += 1
        b += 2
        return b
'''


def _entry(**kw) -> dict:
    return {"file": "m.py", "evidence": "why", "reason": "game_never", **kw}


def _missed(root) -> set[int]:
    return {n for n in linereasons.Source.read(root, "m.py").executable}


@pytest.fixture
def root(tmp_path):
    (tmp_path / "m.py").write_text(MODULE)
    return tmp_path


def test_anchors_resolve_by_scope_and_text(root):
    # f never runs; in C.g only the raise and the last three lines never run
    missed = {"m.py": {5, 6, 7, 13, 14, 15, 16}}
    entries = [_entry(scope="f"), _entry(scope="C.g", **{"from": "raise"}),
               _entry(scope="C.g", **{"from": "b += 1", "to": "return b"})]
    result = linereasons.explain(missed, entries, root, {})
    assert [sorted(e.lines) for e in result.by_entry] == [[5, 6, 7], [13], [14, 15, 16]]
    assert not result.stale and result.unexplained_count == 0
    assert result.count("game_never") == 7


def test_lines_without_an_entry_are_unexplained(root):
    result = linereasons.explain({"m.py": {5, 6, 7, 13}}, [_entry(scope="f")], root, {})
    assert result.unexplained == {"m.py": [13]}
    assert "unexplained: 1 lines" in "\n".join(linereasons.report_lines(result))


@pytest.mark.parametrize("entry, problem", [
    (_entry(scope="C.g"), "executed by the traces: 12, 15, 16"),                 # the whole method: some lines run
    (_entry(scope="h"), "no def or class 'h'"),
    (_entry(scope="C.g", **{"from": "b +="}), "2 lines of C.g begin 'b +='"),
    (_entry(scope="C.g", **{"from": "raise", "to": "nothing"}), "no line from 'raise' on begins 'nothing'"),
    (_entry(file="gone.py", scope=""), "gone.py: no such engine file"),
    (_entry(scope="f", reason="untrusted_input", test="tests/nowhere.py::test_x"), "does not exist"),
    (_entry(scope="f", reason="coverage_table", table=["Ninja state Nothing"]), "no entry 'Ninja state Nothing'"),
    (_entry(scope="f", reason="being_recorded", target=["Ninja state Jump"]), "'Ninja state Jump' is reached"),
])
def test_a_stale_entry_is_reported(root, entry, problem):
    missed = {"m.py": {5, 6, 7, 13, 14}}
    result = linereasons.explain(missed, [entry], root, {}, {"Ninja state ThrowTech"})
    assert len(result.stale) == 1
    assert problem in "; ".join(result.stale[0].problems)


def test_a_line_explained_twice_is_reported(root):
    result = linereasons.explain({"m.py": {5, 6, 7}}, [_entry(scope="f"), _entry(scope="f", **{"from": "return 3"})],
                                 root, {})
    assert "line 7 is explained by entry 0 too" in result.stale[0].problems + result.stale[-1].problems


def test_references_to_the_coverage_table_and_to_tests(root):
    table = coverage.load_reasons(data.SHIPPED / coverage.REASONS_FILE)
    entries = [_entry(scope="f", reason="coverage_table", table=["Ninja state ParryLow"]),
               _entry(scope="C.g", reason="other_caller", test="tests/tools/test_parity_line_reasons.py::"
                      "test_references_to_the_coverage_table_and_to_tests", **{"from": "raise"})]
    result = linereasons.explain({"m.py": {5, 6, 7, 13}}, entries, REPO, table, set(),
                                 {"m.py": linereasons.Source.read(root, "m.py")})
    assert not result.stale, [e.problems for e in result.stale]


def test_a_malformed_table_is_refused(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": linereasons.REASONS_FORMAT, "entries": [_entry(scope="f", reason="nope")]}))
    with pytest.raises(ParityInputError, match="reason must be one of"):
        linereasons.load_reasons(path)
    path.write_text(json.dumps({"format": linereasons.REASONS_FORMAT,
                                "entries": [_entry(scope="f", reason="untrusted_input")]}))
    with pytest.raises(ParityInputError, match="needs a test"):
        linereasons.load_reasons(path)


def test_the_cache_maps_onto_a_file_edited_elsewhere(root):
    figures = {"m.py": {"lines": 10, "hit": 7, "missed": [13, 14]}}
    linereasons.write_cache(root / "cache.json", root, figures, ["t.jsonl.gz"], {"Ninja state ThrowTech"})
    cached = linereasons.read_cache(root / "cache.json", root)
    assert cached.figures["m.py"]["missed"] == [13, 14] and not cached.moved
    assert cached.not_yet == {"Ninja state ThrowTech"}
    # two lines inserted above C, and one of the never executed lines rewritten
    (root / "m.py").write_text(MODULE.replace("class C:", "Y = 2\nZ = 3\n\n\nclass C:")
                               .replace("b += 1", "b += 10"))
    cached = linereasons.read_cache(root / "cache.json", root)
    assert cached.moved == ["m.py"] and cached.figures["m.py"]["missed"] == [17]
    assert cached.lost == {"m.py": [["C.g", "b += 1", 0]]}


def test_the_shipped_reasons_explain_every_line_the_cached_coverage_misses(capsys):
    """The cached coverage of the shipped traces (refreshed by ``yomi parity lines --write-cache``,
    checked against a full replay by the slow test below) has no line without a reason, and no reason
    entry points at an executed or missing line."""
    code = yomi_main(["parity", "lines", "--cached", "--check"])
    out = capsys.readouterr().out
    assert "never executed: 0 unexplained, 0 stale reason entries" in out, out[-3000:]
    assert code == 0
    assert "edited since the cache was written" not in out, "refresh the cache: yomi parity lines --write-cache"


def test_check_fails_on_unexplained_lines_and_a_cache_of_other_traces(tmp_path, monkeypatch, capsys):
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"format": linereasons.REASONS_FORMAT, "entries": []}))
    assert yomi_main(["parity", "lines", "--cached", "--check", "--reasons", str(empty)]) == 1
    out = capsys.readouterr().out
    assert "never executed: 0 unexplained" not in out and "unexplained: " in out
    # a reference-data folder with one trace fewer than the cache was written for
    folder = tmp_path / "data"
    (folder / "traces").mkdir(parents=True)
    for path in data.trace_paths()[1:]:
        (folder / "traces" / path.name).symlink_to(path)
    (folder / linereasons.CACHE_FILE).symlink_to(linereasons.cache_path())
    monkeypatch.setenv(data.ENV_VAR, str(folder))
    assert yomi_main(["parity", "lines", "--cached"]) == 2
    assert "cached for other traces than the shipped ones" in capsys.readouterr().err


@pytest.mark.slow
def test_the_cache_is_the_coverage_of_the_shipped_traces():
    figures, diverged = lines.measure(data.trace_paths())
    assert diverged == 0
    cached = linereasons.read_cache(linereasons.cache_path(), REPO)
    assert cached.traces == linereasons.trace_names(data.trace_paths())
    assert {n: f["missed"] for n, f in figures.items()} == {n: f["missed"] for n, f in cached.figures.items()}
    table = coverage.load_reasons(data.data_dir() / coverage.REASONS_FILE)
    assert cached.not_yet == linereasons.not_yet_reached(data.trace_paths(), table)
