"""The forward passes' precision on the CPU (config.py ``bf16``, Trainer.autocast): bfloat16
autocast for the rollouts and the update where the CPU multiplies bfloat16 natively, float32 for
evaluation (the figures of the saved policy as `yomi play` runs it)."""
from __future__ import annotations

from unittest import mock

import numpy as np
import pytest
import torch

from integration.train import config as config_module
from integration.train.trainer import Trainer
from support.training import check_resume_is_bit_exact, small

pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


@pytest.mark.parametrize("native", [True, False])
def test_auto_follows_the_cpu_and_stays_off_elsewhere(native):
    with mock.patch.object(config_module, "cpu_has_native_bf16", return_value=native):
        assert small().use_bf16() is native  # "auto", the default, on a CPU run
        assert small(cuda_rehearsal=True).use_bf16() is False  # the GPU path's default: off
        assert small(device="cuda").use_bf16() is False
        assert small(bf16=True).use_bf16() is True and small(bf16=False).use_bf16() is False


@pytest.mark.parametrize("value", ["yes", "bf16", 1])
def test_other_values_are_refused(value):
    with pytest.raises(ValueError, match="bf16"):
        small(bf16=value).validate()


def test_bf16_runs_the_rollouts_and_updates_under_autocast_and_evaluates_in_float32(tmp_path):
    trainer = Trainer(small(bf16=True, vec_workers=1, eval_interval=2), run_dir=tmp_path, display=False)
    seen = {"act": set(), "evaluate": set()}
    policy_cls = type(trainer.policy)
    act, evaluate = policy_cls.act, policy_cls.evaluate

    def spy(name, fn):
        def wrapped(self, *args, **kwargs):
            seen[name].add(torch.is_autocast_enabled("cpu"))
            return fn(self, *args, **kwargs)
        return wrapped

    original_evaluate = trainer.evaluate

    def evaluation(*args, **kwargs):
        seen["evaluation"].add(torch.is_autocast_enabled("cpu"))
        return original_evaluate(*args, **kwargs)

    seen["evaluation"] = set()
    trainer.evaluate = evaluation
    with mock.patch.object(policy_cls, "act", spy("act", act)), \
            mock.patch.object(policy_cls, "evaluate", spy("evaluate", evaluate)):
        summary = trainer.run(max_updates=2)
    assert summary["precision"] == "bfloat16"
    assert seen["evaluate"] == {True}  # the PPO update's forward passes
    assert True in seen["act"]  # the rollouts
    assert seen["evaluation"] == {False}  # the periodic and final evaluations: float32
    assert all(np.isfinite(r["loss/policy"]) for r in trainer.metrics.rows)


def test_bf16_changes_the_update_and_a_bf16_run_resumes_bit_exact(tmp_path):
    params = []
    for bf16 in (False, True):
        trainer = Trainer(small(bf16=bf16, vec_workers=1, seed=3), run_dir=tmp_path / str(bf16), display=False)
        trainer.run(max_updates=2)
        trainer.close()
        params.append([p.detach().clone() for p in trainer.policy.parameters()])
    assert any(not torch.equal(a, b) for a, b in zip(*params))  # the setting reaches the arithmetic
    for trainer in check_resume_is_bit_exact(tmp_path / "resume", small(bf16=True, vec_workers=1, seed=3), 3, 1):
        trainer.close()


def test_an_autocast_context_left_open_around_the_trainer_changes_nothing(tmp_path):
    """A caller's autocast context still open around training (PufferLib's PuffeRL enters one per
    minibatch and never leaves it) keeps autocast's weight-cast cache from being cleared; the
    trainer's bfloat16 autocast must not read weights cast before an optimizer step."""
    import warnings

    params = []
    for outer in (False, True):
        trainer = Trainer(small(bf16=True, vec_workers=1, seed=3), run_dir=tmp_path / str(outer), display=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # CPU autocast refuses float32 and says so
            context = torch.amp.autocast(device_type="cpu", dtype=torch.float32) if outer else None
            if context is not None:
                context.__enter__()
            try:
                trainer.run(max_updates=3)
            finally:
                if context is not None:
                    context.__exit__(None, None, None)
        trainer.close()
        params.append([p.detach().clone() for p in trainer.policy.parameters()])
    for a, b in zip(*params):
        assert torch.equal(a, b)
