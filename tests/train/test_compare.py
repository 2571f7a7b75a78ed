"""The comparison with PufferLib's own trainer (integration/train/compare.py) runs on any env
train-selfplay takes, the stand-in duel included, as docs/TRAINING.md gives the command."""
from __future__ import annotations

import pytest

from integration.train import compare
from support.training import TOY

pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


def test_compare_trains_both_on_the_stand_in(capsys):
    assert compare.main(["--env", TOY, "--steps", "1024", "--num-envs", "8", "--eval-matches", "4"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("ours ", "PuffeRL "))]
    assert len(rows) == 2 and all(" 1,024 " in row for row in rows), out


def test_an_unknown_env_is_one_line(capsys):
    with pytest.raises(SystemExit, match="unknown env 'nope'"):
        compare.main(["--env", "nope", "--steps", "64"])
