"""A read-only view of a Godot 3 project on disk: scripts, scenes and merged node trees.

* :meth:`Project.script` parses a ``.gd`` file (cached); :meth:`Project.chain` walks its
  ``extends`` chain (by path, relative path or ``class_name``) down to the native class.
* :meth:`Project.export_defaults` evaluates the exported members' defaults along the chain
  (base first), as Godot does when a scene leaves a property unset.
* :meth:`Project.instantiate` builds the merged node tree of a scene the way Godot 3.5's
  ``SceneState::instance`` does: an inherited root (``instance=`` on the first node) is
  built first; nodes with a ``type`` or an ``instance`` are new (added to their parent,
  then moved to ``index`` when it is inside the child list); nodes with neither edit an
  existing node and keep its place.  Property values are resolved against the file they
  come from (``ExtResource``/``SubResource`` ids are per file).
"""
from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field

from .gdexpr import ResPath, ScriptRef, evaluate
from .gdscript import ScriptInfo, Unevaluable, ZERO_VALUES, parse_script
from .tscn import SceneFile, parse_scene, strip_res
from .variant import Ctor, ExtRef, SubRef

__all__ = ["Project", "Node", "SubRes", "ProjectError", "UNEVALUATED"]


class ProjectError(RuntimeError):
    pass


@dataclass
class SubRes:
    """A resolved ``SubResource``: its type, its (resolved) properties and where it lives."""

    type: str
    props: dict
    scene: str
    id: int

    def __hash__(self):
        return hash((self.scene, self.id))

    def __eq__(self, other):
        return isinstance(other, SubRes) and (self.scene, self.id) == (other.scene, other.id)


class _Unevaluated:
    def __repr__(self):
        return "UNEVALUATED"


UNEVALUATED = _Unevaluated()


@dataclass
class Node:
    name: str
    type: str | None
    props: dict = field(default_factory=dict)
    children: list = field(default_factory=list)
    instance: str | None = None          # scene this node is the root of (inherited or instanced)
    groups: list = field(default_factory=list)
    origin: list = field(default_factory=list)  # scene files that declared or edited this node, in order

    def child(self, name: str):
        for c in self.children:
            if c.name == name:
                return c
        return None

    def get(self, path: str):
        node = self
        if path in (".", ""):
            return node
        for part in path.split("/"):
            node = node.child(part) if node is not None else None
        return node

    @property
    def script(self) -> str | None:
        s = self.props.get("script")
        return s.path if isinstance(s, ResPath) else None


def _zero_for(type_name: str | None):
    if type_name is None:
        return None
    if type_name in ZERO_VALUES:
        return copy.deepcopy(ZERO_VALUES[type_name])
    return None


class Project:
    def __init__(self, root: str):
        self.root = os.path.abspath(root)
        self._scripts: dict[str, ScriptInfo] = {}
        self._scenes: dict[str, SceneFile] = {}
        self._trees: dict[str, Node] = {}
        self._defaults: dict[str, dict] = {}
        self._class_names: dict[str, str] | None = None
        self.unevaluated: dict[tuple[str, str], str] = {}    # (script, member) -> reason

    # -- files -----------------------------------------------------------------------------
    def abspath(self, rel: str) -> str:
        return os.path.join(self.root, strip_res(rel))

    def exists(self, rel: str) -> bool:
        return os.path.isfile(self.abspath(rel))

    def read(self, rel: str) -> str:
        try:
            with open(self.abspath(rel), encoding="utf-8") as f:
                return f.read()
        except FileNotFoundError as exc:
            raise ProjectError(f"missing file in the game project: {strip_res(rel)}") from exc

    def all_files(self, ext: str) -> list[str]:
        out = []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for fn in sorted(filenames):
                if fn.endswith(ext):
                    out.append(os.path.relpath(os.path.join(dirpath, fn), self.root).replace(os.sep, "/"))
        return out

    # -- scripts ---------------------------------------------------------------------------
    def script(self, path: str) -> ScriptInfo:
        path = strip_res(path)
        if path not in self._scripts:
            self._scripts[path] = parse_script(self.read(path), path)
        return self._scripts[path]

    @property
    def class_names(self) -> dict[str, str]:
        """``class_name`` -> script path, from every ``.gd`` in the project."""
        if self._class_names is None:
            names: dict[str, str] = {}
            for p in self.all_files(".gd"):
                try:
                    info = self.script(p)
                except Exception:  # noqa: BLE001  (a broken editor script cannot be a class we need)
                    continue
                if info.class_name:
                    names.setdefault(info.class_name, p)
            self._class_names = names
        return self._class_names

    def base_of(self, path: str) -> tuple[str | None, str | None]:
        """(base script path, native class) of a script; exactly one is not None (or both None)."""
        info = self.script(path)
        ext = info.extends
        if ext is None:
            return None, "Reference"
        if info.extends_is_path:
            target = ext
            if not target.startswith("res://"):
                target = os.path.normpath(os.path.join(os.path.dirname(path), target)).replace(os.sep, "/")
            return strip_res(target), None
        if ext in self.class_names:
            return self.class_names[ext], None
        return None, ext

    def chain(self, path: str) -> list[str]:
        """The script, its bases, ..., then the native class name (last element)."""
        out = [strip_res(path)]
        seen = {out[0]}
        while True:
            base, native = self.base_of(out[-1])
            if base is None:
                out.append(native)
                return out
            if base in seen:
                raise ProjectError(f"cyclic extends at {base}")
            seen.add(base)
            out.append(base)

    def chain_names(self, path: str) -> list[str]:
        """The extends chain as written: class_name where the script has one, else its path."""
        out = []
        for p in self.chain(path)[:-1]:
            info = self.script(p)
            out.append(info.class_name or p)
        out.append(self.chain(path)[-1])
        return out

    def inherits(self, path: str, class_name: str) -> bool:
        return class_name in self.chain_names(path)

    def member_names(self, path: str) -> set[str]:
        names: set[str] = set()
        for p in self.chain(path)[:-1]:
            names.update(self.script(p).members)
        return names

    def resolve_name(self, name: str, path: str | None, in_script: str | None):
        """Look ``name`` up as a constant/enum of ``in_script`` (when given, no fallback),
        else along the chain of ``path``, else as a global class name."""
        scripts = self.chain(in_script)[:-1] if in_script else (self.chain(path)[:-1] if path else [])
        for p in scripts:
            info = self.script(p)
            if name in info.enums:
                return dict(info.enums[name])
            if name in info.consts:
                return evaluate(info.consts[name], lambda n, s, _p=p: self.resolve_name(n, _p, s))
        if in_script is None and name in self.class_names:
            return ScriptRef(self.class_names[name])
        raise Unevaluable(f"unknown name {name!r}")

    def export_defaults(self, path: str) -> dict:
        """name -> default for every stored member (exported, or named by ``_get_property_list``),
        base scripts first.  Defaults that cannot be evaluated are ``UNEVALUATED`` and recorded."""
        path = strip_res(path)
        if path in self._defaults:
            return self._defaults[path]
        out: dict = {}
        for p in reversed(self.chain(path)[:-1]):
            info = self.script(p)
            stored = [m for m in info.members.values() if m.exported or m.name in info.property_list_names]
            for m in stored:
                out[m.name] = self._member_default(p, m)
        self._defaults[path] = out
        return out

    def _member_default(self, p: str, m):
        export_type = None
        if m.export_args:
            first = m.export_args.split(",")[0].strip()
            if first in ZERO_VALUES or first in ("int", "float", "bool", "String"):
                export_type = first
            elif first and first[0].isupper():
                # resource types (Texture, PackedScene, ...) are objects; an enum export is an int
                try:
                    v = evaluate(first, lambda n, s: self.resolve_name(n, p, s))
                except Unevaluable:
                    v = None
                export_type = "int" if isinstance(v, dict) else "Object"
        hint = (m.type_hint or "").strip() or None
        if m.init is None:
            if hint:
                return _zero_for(hint)
            if export_type:
                return _zero_for(export_type)
            return None
        try:
            v = evaluate(m.init, lambda n, s: self.resolve_name(n, p, s))
        except Unevaluable as exc:
            self.unevaluated[(p, m.name)] = str(exc)
            return UNEVALUATED
        if isinstance(v, ResPath):
            return v
        # a typed member converts its initializer (export hints alone do not)
        if hint == "float" and isinstance(v, int) and not isinstance(v, bool):
            v = float(v)
        elif hint == "int" and isinstance(v, float):
            v = int(v)
        return v

    # -- scenes ----------------------------------------------------------------------------
    def scene(self, path: str) -> SceneFile:
        path = strip_res(path)
        if path not in self._scenes:
            self._scenes[path] = parse_scene(self.read(path), path)
        return self._scenes[path]

    def resolve_value(self, value, sf: SceneFile, _seen=None):
        """Make a parsed value independent of its file (ids -> paths / sub-resource objects)."""
        if isinstance(value, ExtRef):
            er = sf.ext_resources.get(value.id)
            if er is None:
                raise ProjectError(f"{sf.path}: ExtResource({value.id}) is not declared")
            return ResPath(er["path"])
        if isinstance(value, SubRef):
            sec = sf.sub_resources.get(value.id)
            if sec is None:
                raise ProjectError(f"{sf.path}: SubResource({value.id}) is not declared")
            seen = _seen or set()
            if value.id in seen:
                raise ProjectError(f"{sf.path}: cyclic SubResource({value.id})")
            props = {k: self.resolve_value(v, sf, seen | {value.id}) for k, v in sec.props}
            return SubRes(sec.attrs.get("type"), props, sf.path, value.id)
        if isinstance(value, list):
            return [self.resolve_value(v, sf, _seen) for v in value]
        if isinstance(value, dict):
            return {self._resolve_key(k, sf): self.resolve_value(v, sf, _seen) for k, v in value.items()}
        if isinstance(value, Ctor):
            if value.name == "Resource" and len(value.args) == 1 and isinstance(value.args[0], str):
                return ResPath(strip_res(value.args[0]))   # inline load by path
            return Ctor(value.name, tuple(self.resolve_value(a, sf, _seen) for a in value.args))
        return value

    def _resolve_key(self, k, sf):
        v = self.resolve_value(k, sf)
        if isinstance(v, ResPath):
            return v
        if isinstance(v, list):
            return tuple(v)
        return v

    def instantiate(self, path: str) -> Node:
        """A fresh copy of the merged node tree of a scene."""
        path = strip_res(path)
        if path not in self._trees:
            self._trees[path] = self._build(path)
        return copy.deepcopy(self._trees[path])

    def _build(self, path: str) -> Node:
        sf = self.scene(path)
        if sf.kind != "gd_scene" or not sf.nodes:
            raise ProjectError(f"{path} is not a scene with nodes")
        root: Node | None = None
        for i, nd in enumerate(sf.nodes):
            if i == 0:
                if nd.instance is not None:
                    root = self.instantiate(self.resolve_value(nd.instance, sf).path)
                else:
                    root = Node(nd.name, nd.type)
                root.name = nd.name
                root.instance = path
                self._apply(root, nd, sf)
                continue
            parent = root.get(nd.parent)
            if parent is None:
                raise ProjectError(f"{path}:{nd.line}: parent {nd.parent!r} of {nd.name!r} not found")
            if nd.is_override:
                node = parent.child(nd.name)
                if node is None:   # Godot warns and skips: the inherited node has vanished
                    raise ProjectError(f"{path}:{nd.line}: edited node {nd.parent}/{nd.name} does not exist")
                self._apply(node, nd, sf)
                continue
            if nd.instance is not None:
                node = self.instantiate(self.resolve_value(nd.instance, sf).path)
                node.name = nd.name
            elif nd.instance_placeholder is not None:
                node = Node(nd.name, None, instance=strip_res(nd.instance_placeholder))
            else:
                node = Node(nd.name, nd.type)
            self._apply(node, nd, sf)
            parent.children.append(node)
            if nd.index is not None and 0 <= nd.index < len(parent.children) - 1:
                parent.children.remove(node)
                parent.children.insert(nd.index, node)
        return root

    def _apply(self, node: Node, nd, sf: SceneFile) -> None:
        node.origin.append(sf.path)
        for g in nd.groups:
            if g not in node.groups:
                node.groups.append(g)
        for key, value in nd.props:
            node.props[key] = self.resolve_value(value, sf)
