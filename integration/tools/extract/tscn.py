"""Tokenizer for Godot 3 text scenes/resources (``format=2``): sections and properties.

A file is a sequence of sections.  Each section starts with a header line
``[kind attr=value attr=value ...]`` and is followed by ``key = value`` property
lines; a value may continue over several lines while a string, array,
dictionary or constructor is open.  ``parse_text`` returns them in file order;
``parse_scene`` groups them into a :class:`SceneFile` (external resources,
sub-resources, nodes, connections, editable paths) without resolving anything.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .variant import ExtRef, ParseError, Reader

__all__ = ["Section", "SceneFile", "NodeDecl", "parse_text", "parse_scene"]


@dataclass
class Section:
    kind: str                      # gd_scene, gd_resource, ext_resource, sub_resource, node, connection, editable, resource
    attrs: dict                    # header attributes, parsed as values
    props: list = field(default_factory=list)   # [(key, value), ...] in file order
    line: int = 0


@dataclass
class NodeDecl:
    """One ``[node ...]`` block, unresolved."""

    name: str
    type: str | None
    parent: str | None             # None for the root; "." for children of the root
    index: int | None
    instance: ExtRef | None
    instance_placeholder: str | None
    groups: list
    props: list                    # [(key, value)] in file order
    line: int

    @property
    def is_override(self) -> bool:
        """Neither ``type`` nor ``instance``: edits a node that an inherited/instanced scene made."""
        return self.type is None and self.instance is None and self.instance_placeholder is None


@dataclass
class SceneFile:
    path: str                      # as given (res:// path without the prefix)
    kind: str                      # "gd_scene" or "gd_resource"
    header: dict
    ext_resources: dict            # id -> {"path": str, "type": str}
    sub_resources: dict            # id -> Section
    nodes: list                    # [NodeDecl]
    connections: list              # [dict of header attrs]
    editable: list                 # [str]
    resource: Section | None = None  # the [resource] section of a .tres


def _read_key(r: Reader) -> str:
    """A property key: everything up to '=' on this line (keys may contain '/', digits...)."""
    text = r.text
    end = text.find("=", r.pos)
    nl = text.find("\n", r.pos)
    if end < 0 or (0 <= nl < end):
        raise r.error("expected 'key = value'")
    key = text[r.pos:end].strip()
    if not key:
        raise r.error("empty property key")
    if key.startswith('"') and key.endswith('"'):
        key = key[1:-1]
    r.pos = end + 1
    return key


def _read_header(r: Reader) -> tuple[str, dict]:
    r.expect("[")
    r.skip_ws(newlines=False)
    kind = r.ident()
    attrs: dict = {}
    while True:
        r.skip_ws(newlines=False)
        c = r.peek()
        if c == "]":
            r.pos += 1
            return kind, attrs
        if c in ("", "\n"):
            raise r.error("unterminated section header")
        name = r.ident()
        r.skip_ws(newlines=False)
        if r.peek() != "=":
            raise r.error(f"expected '=' after header attribute {name!r}")
        r.pos += 1
        attrs[name] = r.value()


def parse_text(text: str, source: str | None = None) -> list[Section]:
    """Split a text resource into its sections, parsing every value."""
    r = Reader(text, source=source)
    sections: list[Section] = []
    n = len(text)
    while True:
        r.skip_ws()
        if r.at_end():
            break
        # start of a line (after blank space): a header or a property
        if r.peek() == "[":
            line = r.line()
            kind, attrs = _read_header(r)
            sections.append(Section(kind, attrs, [], line))
            continue
        if not sections:
            raise r.error("property before the first section header")
        key = _read_key(r)
        value = r.value()
        sections[-1].props.append((key, value))
        # rest of the line must be empty
        r.skip_ws(newlines=False)
        if r.pos < n and r.text[r.pos] != "\n":
            raise r.error(f"trailing text after the value of {key!r}")
    return sections


def _opt_str(v) -> str | None:
    if v is None:
        return None
    if not isinstance(v, str):
        raise ValueError(f"expected a string, got {v!r}")
    return v


def strip_res(path: str) -> str:
    """``res://a/b.gd`` -> ``a/b.gd`` (the form our tables use as a name)."""
    return path[len("res://"):] if path.startswith("res://") else path


def parse_scene(text: str, path: str) -> SceneFile:
    """Group the sections of a ``.tscn``/``.tres`` file."""
    sections = parse_text(text, source=path)
    if not sections or sections[0].kind not in ("gd_scene", "gd_resource"):
        raise ParseError("not a Godot text scene/resource (no gd_scene/gd_resource header)", 1, path)
    head = sections[0]
    fmt = head.attrs.get("format")
    if fmt != 2:
        raise ParseError(f"unsupported format={fmt!r} (only Godot 3 format=2)", head.line, path)
    sf = SceneFile(path=path, kind=head.kind, header=dict(head.attrs), ext_resources={}, sub_resources={},
                   nodes=[], connections=[], editable=[])
    for s in sections[1:]:
        if s.kind == "ext_resource":
            sf.ext_resources[s.attrs["id"]] = {"path": strip_res(s.attrs["path"]), "type": s.attrs.get("type")}
        elif s.kind == "sub_resource":
            sf.sub_resources[s.attrs["id"]] = s
        elif s.kind == "node":
            a = s.attrs
            inst = a.get("instance")
            if inst is not None and not isinstance(inst, ExtRef):
                raise ParseError(f"node instance is not an ExtResource: {inst!r}", s.line, path)
            idx = a.get("index")
            sf.nodes.append(NodeDecl(
                name=a["name"], type=_opt_str(a.get("type")), parent=_opt_str(a.get("parent")),
                index=int(idx) if idx is not None else None, instance=inst,
                instance_placeholder=_opt_str(a.get("instance_placeholder")),
                groups=list(a.get("groups") or []), props=s.props, line=s.line))
        elif s.kind == "connection":
            sf.connections.append(dict(s.attrs))
        elif s.kind == "editable":
            sf.editable.append(s.attrs.get("path"))
        elif s.kind == "resource":
            sf.resource = s
        else:
            raise ParseError(f"unknown section [{s.kind}]", s.line, path)
    return sf
