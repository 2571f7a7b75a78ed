"""Checkpoint files that hold only tensors and plain data, and the RNG states that make resume exact.

Format (``*.safetensors``): one `safetensors <https://github.com/huggingface/safetensors>`_ file.
Every tensor, numpy array and ``bytes`` value of the saved dict is a named entry of the file; the
rest of the dict (numbers, strings, lists, dicts, tuples) is a JSON tree in the file's metadata,
where ``{"__tensor__": name}`` (and ``__ndarray__``, ``__bytes__``, ``__tuple__``, ``__dict__``,
``__npscalar__``) mark what JSON cannot say itself.  Loading never unpickles, so a file can hold
data but never code.  The metadata also holds the SHA-256 of the tree and of every entry (name,
dtype, shape, bytes): a damaged file is refused (safetensors itself checks only the header).

Old checkpoints (``torch.save`` pickles, ``*.pt``) are refused with the command that converts
them: ``uv run yomi checkpoint convert OLD.pt NEW.safetensors``, which unpickles the old file and
so must only be run on files one trusts.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import re
import sys
from pathlib import Path

import numpy as np
import torch
from integration.options import OptionParser

SUFFIX = ".safetensors"
FORMAT = "yomi-checkpoint"
VERSION = "2"
LATEST = "latest" + SUFFIX

_TAGS = ("__tensor__", "__ndarray__", "__bytes__", "__tuple__", "__dict__", "__npscalar__")


class CheckpointError(ValueError):
    """A file that is not a usable checkpoint: one clear line, nothing changed."""


# ------------------------------------------------------------------------------------------------
# encoding: nested plain data + tensors <-> (JSON tree, named byte entries)
# ------------------------------------------------------------------------------------------------
# what a tensor or array entry may hold: numpy dtypes by name; torch dtypes by name, bfloat16
# stored as its 16 bits (numpy has no bfloat16)
_NP_DTYPES = {np.dtype(t).name: np.dtype(t) for t in (np.bool_, np.uint8, np.int8, np.uint16, np.int16, np.uint32,
                                                      np.int32, np.uint64, np.int64, np.float16, np.float32, np.float64)}
_TORCH_DTYPES = {str(t).removeprefix("torch."): t for t in (
    torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16,
    torch.float32, torch.float64)}


class _Encoder:
    """Hand-written because no library stores this mix safely: safetensors holds only arrays,
    torch's weights_only pickle refuses numpy RNG states, and the trainer's state also holds
    tuples, 128-bit ints (PCG64), int dict keys and bytes (env snapshots)."""

    def __init__(self):
        self.entries: dict[str, np.ndarray] = {}

    def _entry(self, array: np.ndarray) -> str:
        name = f"{len(self.entries):06d}"
        self.entries[name] = np.ascontiguousarray(array.astype(array.dtype.newbyteorder("<"), copy=False))
        return name

    def encode(self, obj, where: str = "checkpoint"):
        if obj is None or isinstance(obj, (bool, str)):
            return obj
        if type(obj) in (int, float):
            return obj
        if isinstance(obj, torch.Tensor):
            t = obj.detach().cpu().contiguous()
            kind = str(t.dtype).removeprefix("torch.")
            if kind not in _TORCH_DTYPES:
                raise TypeError(f"{where}: a {t.dtype} tensor cannot be stored in a checkpoint")
            array = (t.view(torch.int16) if t.dtype == torch.bfloat16 else t).numpy()
            return {"__tensor__": self._entry(array), "dtype": kind, "shape": list(t.shape)}
        if isinstance(obj, np.ndarray):
            if obj.dtype.name not in _NP_DTYPES or obj.dtype != _NP_DTYPES[obj.dtype.name].newbyteorder("="):
                raise TypeError(f"{where}: a {obj.dtype} array cannot be stored in a checkpoint")
            return {"__ndarray__": self._entry(obj), "dtype": obj.dtype.name, "shape": list(obj.shape)}
        if isinstance(obj, (bytes, bytearray)):
            return {"__bytes__": self._entry(np.frombuffer(bytes(obj), dtype=np.uint8))}
        if isinstance(obj, np.generic) and np.dtype(type(obj)).name in _NP_DTYPES:
            return {"__npscalar__": np.dtype(type(obj)).name, "v": obj.item()}
        if isinstance(obj, list):
            return [self.encode(v, f"{where}[{i}]") for i, v in enumerate(obj)]
        if isinstance(obj, tuple):
            return {"__tuple__": [self.encode(v, f"{where}[{i}]") for i, v in enumerate(obj)]}
        if isinstance(obj, dict):
            if all(type(k) is str and not k.startswith("__") for k in obj):
                return {k: self.encode(v, f"{where}.{k}") for k, v in obj.items()}
            return {"__dict__": [[self.encode(k, where), self.encode(v, f"{where}[{k!r}]")] for k, v in obj.items()]}
        raise TypeError(f"{where}: a {type(obj).__name__} cannot be stored in a checkpoint (tensors and plain data only)")


def storable(obj) -> bool:
    """Whether `obj` holds only what a checkpoint stores (tensors, arrays, bytes, plain data)."""
    try:
        _Encoder().encode(obj)
    except TypeError:
        return False
    return True


# Limits of the tree (the file's own size is capped by MAX_FILE_BYTES): what decoding may allocate
# is then bounded by the file.  Each entry is referenced at most once, so a tree cannot make one
# 4 MB tensor 1,500 tensors; a shape has at most MAX_DIMS dimensions of at most MAX_ELEMENTS
# elements in all, and its bytes are exactly its entry's; the tree has at most MAX_NODES nodes.
MAX_FILE_BYTES = 1 << 30
MAX_TREE_BYTES = 16 << 20
MAX_NODES = 1_000_000
MAX_DIMS = 8
MAX_ELEMENTS = 1 << 28


class _Decoder:
    """The tree back to data, within the limits above (CheckpointError naming the node beyond them)."""

    def __init__(self, entries: dict, device, name: str):
        self.entries, self.device, self.name = entries, device, name
        self.used: set[str] = set()
        self.nodes = 0

    def fail(self, where: str, message: str):
        raise CheckpointError(f"{self.name} holds an unreadable tree ({where}: {message})")

    def decode(self, node, where: str = "tree"):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.fail(where, f"the tree holds more than {MAX_NODES:,} values")
        if isinstance(node, list):
            return [self.decode(v, f"{where}[{i}]") for i, v in enumerate(node)]
        if not isinstance(node, dict):
            return node
        tag = next((k for k in node if k in _TAGS), None)
        if tag is None:
            return {k: self.decode(v, f"{where}.{k}") for k, v in node.items()}
        value = node[tag]
        if tag == "__tuple__":
            if not isinstance(value, list):
                self.fail(where, "a tuple that is not a list")
            return tuple(self.decode(v, f"{where}[{i}]") for i, v in enumerate(value))
        if tag == "__dict__":
            if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
                self.fail(where, "a dict that is not a list of pairs")
            return {_hashable(self.decode(k, where)): self.decode(v, f"{where}[{k!r}]") for k, v in value}
        if tag == "__npscalar__":
            if value not in _NP_DTYPES or type(node.get("v")) not in (bool, int, float):
                self.fail(where, "a numpy scalar of an unknown dtype or value")
            return _NP_DTYPES[value].type(node["v"])
        if not isinstance(value, str) or value not in self.entries:
            self.fail(where, f"names no entry of the file ({str(value)[:40]!r})")
        if value in self.used:
            self.fail(where, f"entry {value} is referenced twice (each entry is one value)")
        self.used.add(value)
        data = self.entries[value][1]
        if tag == "__bytes__":
            return data
        table = _NP_DTYPES if tag == "__ndarray__" else _TORCH_DTYPES
        kind, shape = node.get("dtype"), node.get("shape")  # the tree's: safetensors stores a 0-d array as [1]
        if not isinstance(kind, str) or kind not in table:
            self.fail(where, f"an unknown dtype {str(kind)[:40]!r}")
        if (not isinstance(shape, list) or len(shape) > MAX_DIMS
                or not all(type(d) is int and 0 <= d <= MAX_ELEMENTS for d in shape)):
            self.fail(where, f"a shape that is not a list of at most {MAX_DIMS} sizes")
        elements = int(np.prod(shape, dtype=object)) if shape else 1
        itemsize = 2 if kind == "bfloat16" else (np.dtype(table[kind]).itemsize if tag == "__ndarray__"
                                                else torch.empty(0, dtype=table[kind]).element_size())
        if elements > MAX_ELEMENTS:
            self.fail(where, f"{elements:,} elements, more than the limit of {MAX_ELEMENTS:,}")
        if elements * itemsize != len(data):
            self.fail(where, f"shape {shape} of {kind} needs {elements * itemsize:,} bytes, its entry holds "
                             f"{len(data):,}")
        if tag == "__ndarray__":
            dtype = table[kind]
            return np.frombuffer(data, dtype=dtype.newbyteorder("<")).astype(dtype).reshape(shape)
        raw = torch.frombuffer(bytearray(data), dtype=torch.uint8) if data else torch.zeros(0, dtype=torch.uint8)
        return raw.view(table[kind]).reshape(shape).to(self.device)


def _hashable(key):
    return tuple(key) if isinstance(key, list) else key


def _digest(tree_json: str, entries: dict) -> str:
    """SHA-256 of the tree and of every entry's name, shape and bytes (the tree holds the dtypes)."""
    h = hashlib.sha256(tree_json.encode())
    for name in sorted(entries):
        shape, data = entries[name]
        h.update(f"\0{name}\0{list(shape)}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def dumps(obj) -> bytes:
    """The checkpoint file's bytes for `obj` (TypeError for anything but tensors and plain data)."""
    from safetensors.numpy import save

    enc = _Encoder()
    tree = json.dumps(enc.encode(obj), separators=(",", ":"), allow_nan=True)
    digest = _digest(tree, {n: (a.shape, a.tobytes()) for n, a in enc.entries.items()})
    return save(enc.entries, metadata={"format": FORMAT, "version": VERSION, "tree": tree, "sha256": digest})


def loads(data: bytes, device="cpu", name: str = "checkpoint"):
    """The dict saved by :func:`dumps`; CheckpointError for anything else (never unpickles)."""
    from safetensors import deserialize

    # safetensors starts with its header's length (8 bytes, little-endian) and then the header's
    # "{": a length whose low byte is 0x80 must not pass for a pickle's protocol opcode
    safetensors_like = len(data) >= 9 and data[8:9] == b"{" and 8 + int.from_bytes(data[:8], "little") <= len(data)
    if not safetensors_like and (data[:4] == b"PK\x03\x04" or data[:1] == b"\x80"):
        raise CheckpointError(
            f"{name} is an old-format checkpoint (a pickle, which can run code when it is loaded), and is not "
            f"loaded; if you trust the file, convert it with: uv run yomi checkpoint convert {name} "
            f"{_converted_name(name)}")
    try:
        entries = {n: (list(e["shape"]), bytes(e["data"])) for n, e in deserialize(data)}
        meta = _metadata(data)
    except Exception as exc:  # safetensors raises its own SafetensorError for a bad header
        raise CheckpointError(f"{name} is not a readable checkpoint ({type(exc).__name__}: {exc})") from None
    if meta.get("format") != FORMAT:
        raise CheckpointError(f"{name} is not a train-selfplay checkpoint (a safetensors file without its metadata)")
    if meta.get("version") != VERSION:
        raise CheckpointError(f"{name} is a checkpoint of format version {meta.get('version')!r}; "
                              f"this build reads version {VERSION}")
    tree = meta.get("tree", "")
    if not isinstance(tree, str) or len(tree) > MAX_TREE_BYTES:
        raise CheckpointError(f"{name}: its tree is larger than the limit of {MAX_TREE_BYTES >> 20} MB")
    if _digest(tree, entries) != meta.get("sha256"):
        raise CheckpointError(f"{name} is damaged (its SHA-256 checksum does not match its contents)")
    try:
        return _Decoder(entries, device, name).decode(json.loads(tree))
    except CheckpointError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, RecursionError, RuntimeError, ArithmeticError) as exc:
        raise CheckpointError(f"{name} holds an unreadable tree ({type(exc).__name__}: {str(exc)[:200]})") from None


def _metadata(data: bytes) -> dict:
    """The ``__metadata__`` of a safetensors file (deserialize does not return it)."""
    n = int.from_bytes(data[:8], "little")
    if n > len(data) - 8:
        raise ValueError("header longer than the file")
    meta = json.loads(data[8:8 + n]).get("__metadata__") or {}
    if not isinstance(meta, dict):
        raise ValueError("metadata is not a dict")
    return meta


def _converted_name(name: str) -> str:
    p = Path(name)
    return str(p.with_suffix(SUFFIX)) if p.suffix != SUFFIX else str(p.with_name(p.stem + "-converted" + SUFFIX))


# ------------------------------------------------------------------------------------------------
# files
# ------------------------------------------------------------------------------------------------
def save_atomic(obj, path: str | Path) -> Path:
    """Write to a temporary file in the same folder, then rename over the target: a reader
    (or a crash, or Ctrl-C) sees either the old file or the new one, never half of one.  A write
    that fails (disk full) removes the temporary file and raises OSError with one clear line."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = dumps(obj)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            reason = "the disk is full" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc))
            raise OSError(exc.errno, f"could not save the checkpoint {path}: {reason}") from None
        raise
    return path


def load(path: str | Path, device="cpu") -> dict:
    """A checkpoint written by :func:`save_atomic`; FileNotFoundError, or CheckpointError (a
    ValueError) for a damaged, foreign or old-format file."""
    from integration.safefile import UnsafeFileError, read_input

    path = Path(path)
    try:  # a regular file of at most MAX_FILE_BYTES: never a FIFO, a device or a sparse giant
        data = read_input(path, MAX_FILE_BYTES, "checkpoint")
    except UnsafeFileError as exc:
        raise CheckpointError(str(exc)) from None
    state = loads(data, device, str(path))
    if not isinstance(state, dict) or not isinstance(state.get("policy"), dict):
        raise CheckpointError(f"{path} is not a train-selfplay checkpoint (no policy)")
    if not isinstance(state.get("config", {}), dict):
        raise CheckpointError(f"{path}: the config must be a table of settings, not {type(state['config']).__name__}")
    return state


def check_against(value, template, where: str) -> None:
    """CheckpointError naming `where` unless `value` has the form of `template` (the value this
    build would save there): a tensor or array of the same dtype and shape, the same keys of a
    dict, the same length of a list or tuple, a value of the same type (an int where a float is
    expected is fine; a bool is never a number).  The schema of a checkpoint's fixed parts is the
    live object's own state, so shapes and dtypes follow the config the object was built from.
    Hand-written rather than a pydantic or msgspec model: those describe JSON types, while this
    schema is tensors and arrays whose shapes and dtypes are only known once the config has built
    the network and the envs, and restating them in a model would be a second copy to keep in step."""
    def fail(expected: str):
        got = (f"a {value.dtype} {type(value).__name__} of shape {list(value.shape)}"
               if isinstance(value, (torch.Tensor, np.ndarray)) else f"{type(value).__name__} {str(value)[:40]!r}")
        raise CheckpointError(f"{where}: expected {expected}, got {got}")

    if isinstance(template, torch.Tensor):
        if not (isinstance(value, torch.Tensor) and value.dtype == template.dtype and value.shape == template.shape):
            fail(f"a {template.dtype} tensor of shape {list(template.shape)}")
    elif isinstance(template, np.ndarray):
        if not (isinstance(value, np.ndarray) and value.dtype == template.dtype and value.shape == template.shape):
            fail(f"a {template.dtype} array of shape {list(template.shape)}")
    elif template is None or isinstance(template, (bool, str, bytes)):
        if type(value) is not type(template):
            fail(type(template).__name__)
    elif isinstance(template, (int, np.integer)):
        if type(value) is not int and not isinstance(value, np.integer):
            fail("an integer")
    elif isinstance(template, (float, np.floating)):
        if type(value) not in (int, float) and not isinstance(value, (np.integer, np.floating)):
            fail("a number")
    elif isinstance(template, dict):
        if not isinstance(value, dict):
            fail("a table")
        if set(value) != set(template):
            missing, extra = sorted(map(str, set(template) - set(value))), sorted(map(str, set(value) - set(template)))
            raise CheckpointError(f"{where}: " + "; ".join(
                part for part in (f"missing {', '.join(missing[:5])}" if missing else "",
                                  f"unknown {', '.join(e[:40] for e in extra[:5])}" if extra else "") if part))
        for key in template:
            check_against(value[key], template[key], f"{where}.{key}")
    elif isinstance(template, (list, tuple)):
        if type(value) is not type(template) or len(value) != len(template):
            fail(f"a {type(template).__name__} of {len(template)}")
        for i, (v, t) in enumerate(zip(value, template)):
            check_against(v, t, f"{where}[{i}]")
    else:
        raise TypeError(f"{where}: no schema for a {type(template).__name__}")


def snapshot_name(name: str) -> tuple[str, int | None]:
    """(file, update) of an agent's name: ``PATH:u<update>`` names the snapshot of that update in
    the self-play pool a trainer checkpoint holds (``runs/<run>/checkpoints/latest.safetensors:u400``:
    the run's past self of update 400); any other name is a file alone (update None)."""
    match = _SNAPSHOT.match(str(name))
    return (match["path"], int(match["update"])) if match else (str(name), None)


_SNAPSHOT = re.compile(r"^(?P<path>.+\.safetensors):u(?P<update>[0-9]{1,12})$")


def load_agent(name: str | Path, device="cpu") -> dict:
    """:func:`load` of an agent's name (:func:`snapshot_name`).  For ``PATH:u<update>`` the state is
    that pool snapshot's: its ``policy``, with the file's ``version``, ``config`` and ``spec`` (no
    mixture, no pool); CheckpointError where the file holds no pool or its pool no such update."""
    path, update = snapshot_name(str(name))
    state = load(path, device)
    if update is None:
        return state
    policies = pool_policies(state, path)
    if update not in policies:
        held = sorted(policies)
        holds = f"{len(held)} snapshots, updates {held[0]} to {held[-1]}" if held else "no snapshots"
        raise CheckpointError(f"{path}: its self-play pool holds no snapshot of update {update} ({holds})")
    return dict(version=state.get("version"), config=state.get("config", {}), spec=state.get("spec"),
                policy=policies[update])


def pool_policies(state: dict, where: str) -> dict:
    """update -> policy state dict of each snapshot in a trainer checkpoint's self-play pool, oldest
    first; CheckpointError where the checkpoint holds no pool, or its pool names snapshots it does
    not hold."""
    selfplay = state.get("selfplay")
    pool = selfplay.get("pool") if isinstance(selfplay, dict) else None
    snapshots = selfplay.get("snapshots") if isinstance(selfplay, dict) else None
    if not isinstance(pool, list) or not isinstance(snapshots, dict):
        raise CheckpointError(f"{where} holds no self-play pool (a run's checkpoints/latest.safetensors has one)")
    if not all(isinstance(u, int) and isinstance(snapshots.get(u), dict) for u in pool):
        raise CheckpointError(f"{where}: its pool names snapshots it does not hold")
    return {u: snapshots[u].get("policy") for u in pool}


def convert(old: str | Path, new: str | Path) -> Path:
    """Rewrite an old pickled checkpoint (``torch.save``) in the safe format.  This UNPICKLES
    `old`, which runs any code the file holds: only for files one trusts."""
    old, new = Path(old), Path(new)
    if old.is_dir():  # a run folder: its latest checkpoint
        old = old / "checkpoints" / "latest.pt"
    from integration.safefile import open_input

    with open_input(old, 1 << 40, "checkpoint") as f:  # a regular file only: never a FIFO or a device
        head = f.read(9)
    if head[8:9] == b"{" or not (head[:4] == b"PK\x03\x04" or head[:1] == b"\x80"):
        # only a torch.save zip or a bare pickle is unpickled: anything else (a safe checkpoint
        # included) is not what convert is for, and is never handed to the unpickler
        raise CheckpointError(f"{old} is not an old-format checkpoint (a torch.save file or a pickle)"
                              + (": it is already in the safe format" if head[8:9] == b"{" else ""))
    state = torch.load(old, map_location="cpu", weights_only=False)
    if not isinstance(state, dict) or "policy" not in state:
        raise CheckpointError(f"{old} is not a train-selfplay checkpoint")
    if state.get("env") is not None and not storable(state["env"]):
        state["env"] = None  # a Python-engine env snapshot holds objects: resume then starts fresh matches
    return save_atomic(state, new)


def convert_main(argv=None) -> int:
    """``uv run yomi checkpoint convert OLD NEW``."""

    ap = OptionParser(
        prog="yomi checkpoint",
        description="Checkpoint tools. convert: rewrite an old pickled checkpoint (*.pt) as a safe one (*.safetensors). "
                    "Converting UNPICKLES the old file, which can run code: only convert files you trust.")
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("convert", help="rewrite an old *.pt checkpoint (UNPICKLES it: trusted files only)")
    c.add_argument("old", help="an old checkpoint file, or a run folder (its checkpoints/latest.pt)")
    c.add_argument("new", nargs="?", help=f"the new file (default: the old one's name with {SUFFIX}; for a run "
                                          f"folder, its checkpoints/{LATEST}, which --resume reads)")
    args = ap.parse_args(argv)
    old = Path(args.old)
    new = Path(args.new) if args.new else (
        old / "checkpoints" / LATEST if old.is_dir() else old.with_suffix(SUFFIX))
    print(f"yomi checkpoint: unpickling {old} (this runs any code in the file: only for files you trust)",
          file=sys.stderr)
    try:
        out = convert(old, new)
    except (OSError, ValueError, TypeError, RuntimeError) as exc:
        print(f"yomi checkpoint: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # an unpickling error can be of any kind
        print(f"yomi checkpoint: {old} could not be converted ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    print(f"converted {old} -> {out}")
    return 0


# ------------------------------------------------------------------------------------------------
# RNG states and run folders
# ------------------------------------------------------------------------------------------------
def rng_state(cuda: bool) -> dict:
    state = dict(torch=torch.get_rng_state(), numpy=np.random.get_state(), python=random.getstate())
    if cuda:
        state["cuda"] = torch.cuda.get_rng_state_all()
    return state


def set_rng_state(state: dict) -> None:
    torch.set_rng_state(state["torch"].cpu())
    np.random.set_state(state["numpy"])
    random.setstate(state["python"])
    if "cuda" in state and torch.cuda.is_available():
        torch.cuda.set_rng_state_all([s.cpu() for s in state["cuda"]])


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)  # also seeds every CUDA device


def latest(run_dir: str | Path) -> Path:
    """The latest checkpoint of a run folder; FileNotFoundError (one line to show) where there is none."""
    if Path(run_dir).is_file():
        raise FileNotFoundError(f"{run_dir} is a file: --resume takes the run's folder (runs/<timestamp>), "
                                "which holds checkpoints/latest.safetensors")
    folder = Path(run_dir) / "checkpoints"
    path = folder / LATEST
    if not path.exists():
        if (folder / "latest.pt").exists():
            raise FileNotFoundError(
                f"{folder / 'latest.pt'} is an old-format checkpoint (a pickle, which can run code when it is "
                f"loaded); if you trust it, convert it with: uv run yomi checkpoint convert {run_dir}")
        raise FileNotFoundError(f"no checkpoint at {path}")
    return path


RUN_FILES = ("checkpoints", "config.json", "metrics.jsonl", "metrics.csv", "eval.jsonl", "summary.json")


def check_new_run_dir(run_dir: str | Path | None) -> None:
    """ValueError (one line) where `run_dir` already holds a run: a new run never replaces another's
    checkpoints or truncates its metrics; that run is continued with --resume, or another folder
    is named.  A missing or unrelated folder is fine."""
    if run_dir is None:
        return
    folder = Path(run_dir)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--run-dir {run_dir} is not a folder")
    held = [name for name in RUN_FILES if (folder / name).exists()]
    if held:
        raise ValueError(f"--run-dir {run_dir} already holds a run ({', '.join(held)}): continue it with "
                         f"--resume {run_dir}, or name another folder")


def prune(folder: Path, keep: int) -> None:
    """Keep the `keep` most recent numbered checkpoints (the latest one is never pruned)."""
    numbered = sorted(folder.glob("update_*" + SUFFIX))
    for old in numbered[:-keep] if keep > 0 else numbered:
        old.unlink(missing_ok=True)
