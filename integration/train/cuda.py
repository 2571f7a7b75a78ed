"""Everything CUDA-specific, used only with --device cuda (the CPU path never imports this).

* observations go host -> device from the env workers' shared buffer, page-locked once, or
  else through one pinned staging buffer;
* ``cuda_graphs``: the rollout forward pass (policy + sampling, hundreds of
  tiny kernels per turn) is captured once per behaviour policy and replayed;
* ``cuda_graph_update``: one PPO minibatch step (forward, backward, gradient
  clipping, a capturable Adam step) is captured with a fixed minibatch size;
  shorter minibatches are padded with weight-0 rows, which the weighted loss
  ignores;
* ``bf16``: forward passes under bfloat16 autocast (no loss scaling needed);
* the asynchronous mode runs the update on a side stream.

Graph capture rules respected here: static input/output tensors, no host syncs
inside, warm-up on a side stream first, and parameters updated in place.

Rehearsal on the CPU (``cuda_rehearsal``, for tests and ``scripts/gpu_check.sh --cpu``): the same
object, buffers and step functions on a CPU device, with what only a GPU has left out: no pinned
staging buffer (a plain one), no side stream (the update runs on the caller's thread as
usual), graph capture skipped (the captured functions run eagerly on the same static tensors), a
non-capturable Adam with the same tensor learning rate, and bf16 autocast on the CPU.  A first GPU
run then fails only for reasons a GPU brings.
"""
from __future__ import annotations

import contextlib
import math

import numpy as np
import torch

from .ppo import ppo_loss


# Page ranges this process has registered (start -> end).  A range that overlaps one still
# registered is not registered again: cudaHostRegister would fail, and its failure stays the CUDA
# runtime's pending error, which the next kernel launch would report as its own.
_REGISTERED: dict[int, int] = {}


def _register_pages(ptr: int, nbytes: int) -> int | None:
    """Page-lock the pages holding [ptr, ptr + nbytes); their start, or None where not done."""
    page = 4096
    start = ptr - ptr % page
    end = -(-(ptr + nbytes) // page) * page
    if any(s < end and start < e for s, e in _REGISTERED.items()):
        return None
    if int(torch.cuda.cudart().cudaHostRegister(start, end - start, 0)) != 0:
        return None
    _REGISTERED[start] = end
    return start


def _unregister_pages(start: int) -> None:
    if _REGISTERED.pop(start, None) is not None:
        torch.cuda.cudart().cudaHostUnregister(start)


class CudaSupport:
    def __init__(self, trainer):
        self.t = trainer
        cfg = trainer.cfg
        self.device = trainer.device
        self.rehearsal = self.device.type != "cuda"  # the CPU rehearsal (module docstring)
        self.bf16 = cfg.use_bf16()
        self.graph_act = cfg.cuda_graphs
        self.graph_update = cfg.cuda_graph_update
        self.host_obs = torch.empty((cfg.agents, trainer.spec.obs_size), pin_memory=not self.rehearsal)
        # The env's own observation buffer page-locked (upload_obs) where it is PufferLib's shared
        # memory: a mapping of its own that lives as long as the env.  An in-process env's buffer
        # is ordinary heap memory, whose pages it shares with other objects and which returns to
        # the allocator when freed: registering those failed the CUDA tests on a GPU, in processes
        # that build one trainer after another.  The rehearsal has no page-locking.
        self.register_env_obs = (cfg.register_env_obs and not self.rehearsal
                                 and cfg.vec_backend == "multiprocessing")
        self._env_obs: dict[tuple[int, int], tuple] = {}  # span -> (buffer, first page) while registered
        self._env_buffers = 2 if cfg.double_buffer else 1  # the env's shared observation buffers
        self.update_stream = None if self.rehearsal else torch.cuda.Stream(self.device)
        self.act_graphs: dict[tuple, tuple] = {}  # (policy id, input address, rows) -> (graph, output)
        self.behaviour = trainer.policy
        if self.graph_update:
            # A captured optimizer step must keep its state (and the learning rate) on the device.
            # Rehearsed, the same tensor learning rate without capturable (a CUDA-only mode).
            lr = torch.tensor(cfg.learning_rate, device=self.device)
            extra = dict(foreach=False) if self.rehearsal else dict(capturable=True)
            trainer.optimizer = torch.optim.Adam(trainer.policy.parameters(), lr=lr, eps=cfg.adam_eps, **extra)
            size = math.ceil(cfg.batch_size / cfg.num_minibatches)
            self.minibatch = GraphedMinibatch(trainer, size, self.autocast, capture=not self.rehearsal)

    def synchronize(self) -> None:
        if not self.rehearsal:
            torch.cuda.synchronize(self.device)

    def autocast(self):
        if not self.bf16:
            return contextlib.nullcontext()
        # Graph capture needs the autocast weight cache off.
        return torch.autocast(self.device.type, dtype=torch.bfloat16, cache_enabled=False)

    def upload_obs(self, obs_np: np.ndarray, dst: torch.Tensor) -> None:
        """Observations to the device, into `dst`: next_obs, or a half's rows of it (double_buffer).
        With env workers, they write the observations into the same
        shared buffer every step: that buffer is page-locked once (``cudaHostRegister``) and copied
        from directly, so the trainer's process does no staging copy (84 MB a step at 12,288
        matches).  Otherwise (an in-process env, a buffer that moves, a refusal) the copy goes
        through the pinned staging buffer.  The copy is asynchronous; the workers overwrite the
        buffer only at the env's next step, after the rollout's forward pass has read the
        observations (``actions.cpu()`` waits for the stream)."""
        if self.register_env_obs and self._registered(obs_np):
            dst.copy_(torch.from_numpy(obs_np), non_blocking=True)
            return
        # the staging rows where dst lies in next_obs: a half's own (double_buffer), so that one
        # half's copy, still in flight, is never overwritten by the other's
        first = (dst.data_ptr() - self.t.next_obs.data_ptr()) // (dst.element_size() * dst.shape[1])
        host = self.host_obs[first:first + dst.shape[0]]
        host.numpy()[:] = obs_np
        dst.copy_(host, non_blocking=True)

    def _registered(self, obs_np: np.ndarray) -> bool:
        """Whether `obs_np` lies in page-locked memory registered here (registering it the first
        time).  The env has one shared buffer, or one per half with double_buffer (envs.HalvesEnv);
        a buffer beyond those means the env does not reuse its buffers: then nothing stays
        registered and every upload takes the staging copy."""
        if not obs_np.flags.c_contiguous:
            return False
        span = (obs_np.ctypes.data, obs_np.nbytes)
        if span in self._env_obs:
            return True
        if len(self._env_obs) == self._env_buffers:
            self.register_env_obs = False
            self.close()
            return False
        pages = _register_pages(*span)
        if pages is None:
            self.register_env_obs = False
            return False
        # held until close() unregisters it (Trainer.close, before the env frees the buffer), not by
        # a finalizer at garbage collection: that variant failed the CUDA tests on a GPU as well.
        self._env_obs[span] = (obs_np, pages)
        return True

    def close(self) -> None:
        """Unregister the env's observation buffers (before the env frees them)."""
        for _, pages in self._env_obs.values():
            _unregister_pages(pages)
        self._env_obs = {}

    def use_behaviour(self, policy) -> None:
        self.behaviour = policy

    @contextlib.contextmanager
    def side_stream(self):
        """Run the (asynchronous) update on its own stream, after everything queued so far."""
        if self.rehearsal:
            yield
            return
        stream = self.update_stream
        stream.wait_stream(torch.cuda.default_stream(self.device))
        with torch.cuda.stream(stream):
            yield
        stream.synchronize()

    def act(self, obs: torch.Tensor):
        policy = self.behaviour
        if not self.graph_act:
            return policy.act(obs)
        # a static input: next_obs, or one half's rows of it (double_buffer: one graph per half)
        assert obs.untyped_storage().data_ptr() == self.t.next_obs.untyped_storage().data_ptr(), \
            "a captured forward pass reads a static input"
        if self.rehearsal:  # capture skipped: the function the graph would hold, on the same static input
            return policy.act(obs)
        key = (id(policy), obs.data_ptr(), obs.shape[0])
        if key not in self.act_graphs:
            self.act_graphs[key] = self._capture_act(policy, obs)
        graph, out = self.act_graphs[key]
        graph.replay()
        return out

    def _capture_act(self, policy, obs):
        side = torch.cuda.Stream(self.device)
        side.wait_stream(torch.cuda.current_stream(self.device))
        with torch.cuda.stream(side), torch.no_grad(), self.autocast():
            for _ in range(3):  # warm-up: lazy inits and allocator pools happen outside the capture
                policy.act(obs)
        torch.cuda.current_stream(self.device).wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.no_grad(), self.autocast(), torch.cuda.graph(graph, capture_error_mode="thread_local"):
            out = policy.act(obs)
        return graph, out


class GraphedMinibatch:
    """One PPO minibatch step captured as a CUDA graph, fed through static tensors.
    With capture=False it runs the same padded, weighted step eagerly (tests, on the CPU)."""

    def __init__(self, trainer, size: int, autocast, capture: bool = True):
        self.t = trainer
        self.size = size
        self.autocast = autocast
        self.capture = capture
        dev, spec = trainer.device, trainer.spec
        self.obs = torch.zeros(size, spec.obs_size, device=dev)
        self.actions = torch.zeros(size, spec.num_heads, dtype=torch.long, device=dev)
        self.move_mask = torch.zeros(size, spec.num_moves, dtype=torch.bool, device=dev)
        self.data_row = torch.zeros(size, spec.data_size, dtype=torch.bool, device=dev)
        self.old_logprob = torch.zeros(size, device=dev)
        self.adv = torch.zeros(size, device=dev)
        self.old_value = torch.zeros(size, device=dev)
        self.returns = torch.zeros(size, device=dev)
        self.weight = torch.zeros(size, device=dev)
        self.graph = None
        self.stats = None

    def _step(self):
        cfg, policy, optimizer = self.t.cfg, self.t.policy, self.t.optimizer
        with self.autocast():
            new = policy.evaluate(self.obs, self.actions, self.move_mask, self.data_row)
        loss, stats = ppo_loss(new.logprob.float(), self.old_logprob, self.adv, new.value.float(), self.old_value,
                               self.returns, new.entropy.float(), self.weight, cfg.clip_coef, cfg.vf_clip_coef,
                               cfg.vf_coef, cfg.ent_coef, cfg.norm_adv)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(policy.parameters(), cfg.max_grad_norm, foreach=True)
        optimizer.step()
        return {"policy": stats["policy_loss"], "value": stats["value_loss"], "entropy": stats["entropy"],
                "approx_kl": stats["approx_kl"], "clipfrac": stats["clipfrac"]}

    def _capture(self):
        policy, optimizer = self.t.policy, self.t.optimizer
        params = list(policy.parameters())
        saved_params = [p.detach().clone() for p in params]
        saved_state = {p: {k: v.clone() for k, v in optimizer.state[p].items()} for p in params if optimizer.state[p]}
        side = torch.cuda.Stream(self.t.device)
        side.wait_stream(torch.cuda.current_stream(self.t.device))
        with torch.cuda.stream(side):
            for _ in range(3):  # warm-up steps (undone below: they must not count as training)
                optimizer.zero_grad(set_to_none=True)
                self._step()
        torch.cuda.current_stream(self.t.device).wait_stream(side)
        optimizer.zero_grad(set_to_none=True)  # backward inside the graph allocates the static grads
        self.graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(self.graph, capture_error_mode="thread_local"):
            self.stats = self._step()
        with torch.no_grad():  # restore in place: the graph holds these very tensors
            for p, saved in zip(params, saved_params):
                p.copy_(saved)
            for p in params:
                for k, v in optimizer.state[p].items():
                    if torch.is_tensor(v):
                        v.copy_(saved_state[p][k]) if p in saved_state else v.zero_()

    def __call__(self, obs, actions, move_mask, data_row, old_logprob, adv, old_value, returns) -> dict:
        n = obs.shape[0]
        for dst, src in ((self.obs, obs), (self.actions, actions), (self.move_mask, move_mask),
                         (self.data_row, data_row), (self.old_logprob, old_logprob), (self.adv, adv),
                         (self.old_value, old_value), (self.returns, returns)):
            dst[:n] = src
            dst[n:] = src[:1]  # padding rows: any valid sample, weighted 0
        self.weight[:n], self.weight[n:] = 1.0, 0.0
        if not self.capture:
            self.t.optimizer.zero_grad(set_to_none=True)
            return self._step()
        if self.graph is None:
            self._capture()
        self.graph.replay()
        return self.stats
