"""Build our frame-data tables from a local copy of the game project.

Entry point: :func:`extract_all` (used by ``yomi extract``) returns ``{file name: document}``.
Every document is plain JSON data (see ``states/data/schema.py`` for the shapes); nothing
of the game's code or comments is copied, only property values, node/state names and
resource paths used as names.

What is recorded for a node is its *declared effective* value of every stored property:
the value the scene (or a scene it inherits/instances) sets, else the default of the
script's ``export var`` along the ``extends`` chain.  Runtime fix-ups done by scripts
(``init()``, ``_ready()``) are deliberately not applied.
"""
from __future__ import annotations

import os
import re
from collections import Counter, defaultdict

from .encode import to_json
from .gdexpr import ResPath, evaluate
from .gdscript import Unevaluable
from .project import Node, Project, ProjectError, SubRes, UNEVALUATED

EXTRACTOR_VERSION = "1"
SOURCE_REPO = "uzkbwza/hustle"
SOURCE_COMMIT = "4450348"

# table key -> (Global.name_paths name, scene)
CHARACTERS = {
    "ninja": ("Ninja", "characters/stickman/NinjaGuy.tscn"),
    "cowboy": ("Cowboy", "characters/swordandgun/SwordGuy.tscn"),
    "wizard": ("Wizard", "characters/wizard/Wizard.tscn"),
    "robot": ("Robot", "characters/robo/Robot.tscn"),
    "mutant": ("Mutant", "characters/mutant/Mutant.tscn"),
}
BASE_CHAR_SCENE = "characters/BaseChar.tscn"
BASE_OBJ_SCENE = "obj/BaseObj.tscn"
BASE_PROJECTILE_SCENE = "projectile/BaseProjectile.tscn"
REQUIRED_FILES = ["project.godot", "Global.gd", BASE_CHAR_SCENE, BASE_OBJ_SCENE, "ObjectState.gd",
                  "mechanics/Hitbox.gd", "characters/states/CharState.gd"] + [s for _, s in CHARACTERS.values()]

# Classes a state child is reported as ("kind"), most specific first along the chain.
CHILD_KINDS = ("ThrowBox", "SweptHitbox", "Hitbox", "HurtboxState", "LimbHurtbox", "HostCommand",
               "UsableRequirement", "CollisionBox")
HITBOX_CLASS = "Hitbox"

# Nodes outside the state machine that only draw, play sounds or show text.  They are
# dropped and counted in ignored_properties.json.  AnimatedSprite nodes are not kept as
# nodes either, but their SpriteFrames are emitted under "animations".
VISUAL_TYPES = {
    "AnimatedSprite": "sprite (frames emitted under 'animations')",
    "Sprite": "sprite", "CPUParticles2D": "particles", "Particles2D": "particles",
    "Polygon2D": "drawing", "Line2D": "drawing", "Label": "text label", "RichTextLabel": "text label",
    "AudioStreamPlayer2D": "sound", "AudioStreamPlayer": "sound", "Timer": "real-time timer of a visual effect",
    "Light2D": "drawing", "Camera2D": "camera",
}
VISUAL_SCRIPTS = {
    "ParticleEffect": "particle effect", "VariableSound2D": "sound", "characters/BoxDraw.gd": "debug box drawing",
    "projectile/IndicatorDraw.gd": "on-screen indicator", "characters/Grounded.gd": "grounded indicator sprite",
    "characters/VelocityLabel.gd": "text label", "characters/robo/projectiles/LineDrawer.gd": "line drawing",
}
NATIVE_REASONS = {
    "z_index": "drawing order", "z_as_relative": "drawing order", "visible": "drawing only",
    "modulate": "drawing only", "self_modulate": "drawing only", "material": "shader material (drawing)",
    "light_mask": "drawing only", "show_behind_parent": "drawing only", "use_parent_material": "drawing only",
    "position": "Node2D transform (drawing only; boxes use their x/y exports)", "rotation": "Node2D transform (drawing only)",
    "rotation_degrees": "Node2D transform (drawing only)", "scale": "Node2D transform (drawing only)",
    "__meta__": "editor metadata", "unique_name_in_owner": "scene-unique-name lookup flag (editor)",
    "editor_description": "editor metadata", "pause_mode": "engine pause handling",
}

# UI: widget scripts -> kind; unscripted Control types that are widgets themselves.
WIDGET_SCRIPTS = {
    "ui/XYPlot/XYPlot.gd": "XYPlot", "ui/8Way/8Way.gd": "8Way", "ui/HorizSlider/HorizSlider.gd": "HorizSlider",
    "ui/CountOption/CountOption.gd": "CountOption",
    "ui/ActionSelector/ActionUIData/ActionUIDataCheckButton.gd": "CheckButton",
    "ui/ActionSelector/ActionUIData/ActionUIDataOptionButton.gd": "OptionButton",
    "ui/ActionSelector/ActionUIData/BlockHeightSelector.gd": "BlockHeight",
}
WIDGET_TYPES = {"CheckButton": "CheckButton", "CheckBox": "CheckButton", "OptionButton": "OptionButton"}
# Godot 3.5 class defaults of the native properties a widget's value depends on.
UI_NATIVE_DEFAULTS = {
    "CanvasItem": {"visible": True},
    "BaseButton": {"pressed": False, "disabled": False},
    "OptionButton": {"items": [], "selected": -1},
    "Range": {"min_value": 0.0, "max_value": 100.0, "step": 1.0, "value": 0.0, "exp_edit": False,
              "rounded": False, "allow_greater": False, "allow_lesser": False},
}
UI_TYPE_GROUPS = {
    "CheckButton": ("CanvasItem", "BaseButton"), "CheckBox": ("CanvasItem", "BaseButton"),
    "Button": ("CanvasItem", "BaseButton"), "TextureButton": ("CanvasItem", "BaseButton"),
    "OptionButton": ("CanvasItem", "BaseButton", "OptionButton"),
    "HSlider": ("CanvasItem", "Range"), "VSlider": ("CanvasItem", "Range"), "SpinBox": ("CanvasItem", "Range"),
}
UI_KEEP_ALSO = ("text", "toggle_mode")   # recorded only when a scene sets them
UI_NATIVE_REASON = "native Control layout/theme property (not part of the move data)"


def split_lines(s) -> list[str]:
    """The game's category-list reading: non-empty stripped lines (falsy -> [])."""
    if not s:
        return []
    return [ln.strip() for ln in str(s).split("\n") if ln.strip()]


class IgnoredLog:
    """Counts of everything dropped, by (section, owner, name, reason)."""

    def __init__(self):
        self.props = Counter()
        self.nodes = Counter()
        self.examples: dict = {}

    def prop(self, owner: str, name: str, reason: str, where: str):
        key = (owner, name, reason)
        self.props[key] += 1
        self.examples.setdefault(("p",) + key, where)

    def node(self, kind: str, reason: str, where: str):
        key = (kind, reason)
        self.nodes[key] += 1
        self.examples.setdefault(("n",) + key, where)


class Extractor:
    def __init__(self, project: Project):
        self.P = project
        self.ignored = IgnoredLog()
        self.scripts_used: set[str] = set()
        self.unevaluated_used: Counter = Counter()
        self.separators = Counter()
        self.scenes_used: set[str] = set()
        base = self.P.instantiate(BASE_CHAR_SCENE)
        self.base_state_names = [s.name for s in base.get("StateMachine").children]

    # -- classification ------------------------------------------------------------------
    def chain_info(self, script: str | None) -> dict:
        if not script:
            return {"script": None, "class_name": None, "extends": []}
        chain = self.P.chain(script)
        for p in chain[:-1]:
            self.scripts_used.add(p)
        names = self.P.chain_names(script)
        return {"script": script, "class_name": self.P.script(script).class_name, "extends": names[1:]}

    def kind_of(self, node: Node) -> str:
        if node.script:
            names = self.P.chain_names(node.script)
            for n in names:
                if n in CHILD_KINDS:
                    return n
            cls = self.P.script(node.script).class_name
            return cls or os.path.splitext(os.path.basename(node.script))[0]
        return node.type or "Node"

    def is_a(self, node: Node, class_name: str) -> bool:
        return bool(node.script) and class_name in self.P.chain_names(node.script)

    def visual_reason(self, node: Node) -> str | None:
        if node.script:
            for n in self.P.chain_names(node.script):
                if n in VISUAL_SCRIPTS:
                    return VISUAL_SCRIPTS[n]
            if node.script in VISUAL_SCRIPTS:
                return VISUAL_SCRIPTS[node.script]
            return None
        return VISUAL_TYPES.get(node.type or "")

    # -- properties ----------------------------------------------------------------------
    def props(self, node: Node, owner: str, where: str, captured: tuple = (), native_reason: str | None = None) -> dict:
        """Effective stored properties of a node.  ``captured`` names native properties the
        caller records elsewhere (not logged as ignored); ``native_reason`` explains other
        non-member keys (default: not a member of the script chain)."""
        out: dict = {}
        script = node.script
        if script:
            defaults = self.P.export_defaults(script)
            members = self.P.member_names(script)
            for name, dv in defaults.items():
                if name.startswith("_c_"):
                    self.separators[name] += 1
                    continue
                v = node.props.get(name, dv)
                if v is UNEVALUATED:
                    self.unevaluated_used[(script, name)] += 1
                self._log_subresources(owner, name, v, where)
                out[name] = to_json(v)
            for key, v in node.props.items():
                if key == "script" or key in defaults or key in captured:
                    continue
                if key in members:
                    self._log_subresources(owner, key, v, where)
                    out[key] = to_json(v)      # a plain member the scene sets: Godot applies it
                else:
                    self.ignored.prop(owner, key, NATIVE_REASONS.get(
                        key, native_reason or "not a member of the script chain (the engine drops it on load)"), where)
        else:
            for key in node.props:
                if key in captured:
                    continue
                self.ignored.prop(owner, key, NATIVE_REASONS.get(key, native_reason or f"native {node.type} property"), where)
        return out

    def _log_subresources(self, owner: str, name: str, v, where: str) -> None:
        for sub in _subresources(v):
            self.ignored.prop(owner, name, f"contents of an embedded {sub.type} (kept as a reference only)", where)

    def node_entry(self, node: Node, where: str, with_children: bool = True) -> dict:
        kind = self.kind_of(node)
        ci = self.chain_info(node.script)
        e = {"name": node.name, "kind": kind, "type": node.type}
        e.update(ci)
        e["props"] = self.props(node, kind, where)
        if node.groups:
            e["groups"] = list(node.groups)
        if with_children:
            e["children"] = [self.node_entry(c, f"{where}/{c.name}") for c in node.children]
        return e

    # -- states ----------------------------------------------------------------------------
    def state_entry(self, st: Node, index: int, where: str, is_fighter: bool) -> dict:
        ci = self.chain_info(st.script)
        is_char_state = bool(st.script) and "CharacterState" in self.P.chain_names(st.script)
        e = {"name": st.name, "index": index, "defined_in": st.origin[0], "edited_in": st.origin[1:]}
        if is_fighter:
            e["base_state"] = st.name in self.base_state_names
        e.update(ci)
        e["is_character_state"] = is_char_state
        props = self.props(st, "state", where)
        e["props"] = props
        if st.groups:
            e["groups"] = list(st.groups)
        children = []
        for c in st.children:
            vr = self.visual_reason(c)
            if vr:
                self.ignored.node(c.type if not c.script else self.kind_of(c), vr, f"{where}/{c.name}")
                continue
            children.append(self.node_entry(c, f"{where}/{c.name}"))
        e["children"] = children
        e["hitbox_count"] = sum(1 for c in _walk_entries(children) if HITBOX_CLASS in ([c["kind"]] + c["extends"]))
        if is_char_state:
            e["menu"] = bool(props.get("selectable") and split_lines(props.get("interrupt_from_string"))
                             and props.get("show_in_menu"))
        return e

    # -- whole trees -----------------------------------------------------------------------
    def tree_tables(self, root: Node, scene: str, is_fighter: bool) -> dict:
        out: dict = {}
        out["root"] = {"name": root.name, "type": root.type, **self.chain_info(root.script),
                       "groups": list(root.groups), "props": self.props(root, "fighter" if is_fighter else "object_root", scene)}
        if root.script:
            out["root"]["script_values"] = self.merged_script_values(root.script)
        boxes: dict = {}
        other: list = []
        animations: dict = {}
        sm_entry = None
        states: dict = {}

        def visit(node: Node, path: str):
            for c in node.children:
                p = f"{path}/{c.name}" if path else c.name
                if p == "StateMachine":
                    nonlocal sm_entry
                    sm_entry = {"name": c.name, "type": c.type, **self.chain_info(c.script),
                                "props": self.props(c, "StateMachine", f"{scene}:{p}")}
                    for i, st in enumerate(c.children):
                        if st.name in states:
                            raise ProjectError(f"{scene}: duplicate state {st.name}")
                        states[st.name] = self.state_entry(st, i, f"{scene}:{p}/{st.name}", is_fighter)
                    continue
                if c.type == "AnimatedSprite":
                    animations[p] = self.animation_entry(c, f"{scene}:{p}")
                    self.ignored.node("AnimatedSprite", VISUAL_TYPES["AnimatedSprite"], f"{scene}:{p}")
                    visit(c, p)
                    continue
                if self.is_a(c, "CollisionBox"):
                    e = self.node_entry(c, f"{scene}:{p}")
                    e["path"] = p
                    boxes[p] = e
                    continue
                vr = self.visual_reason(c)
                if vr:
                    self.ignored.node(c.type if not c.script else self.kind_of(c), vr, f"{scene}:{p}")
                    continue   # nothing under a visual node is simulation data
                if c.script:
                    e = self.node_entry(c, f"{scene}:{p}")
                    e["path"] = p
                    other.append(e)
                    continue
                # plain container (Flip, Particles, Sounds, ...): look inside
                self.ignored.node(c.type or "Node", "structural container (children examined)", f"{scene}:{p}")
                visit(c, p)

        visit(root, "")
        out["boxes"] = boxes
        out["state_machine"] = sm_entry
        out["other_nodes"] = other
        out["animations"] = animations
        out["states"] = states
        return out

    def animation_entry(self, sprite: Node, where: str) -> dict:
        for key in sprite.props:
            if key not in ("frames", "animation", "frame", "playing", "speed_scale", "offset", "flip_h", "flip_v", "centered"):
                self.ignored.prop("AnimatedSprite", key, NATIVE_REASONS.get(key, "native AnimatedSprite property (drawing)"), where)
        frames = sprite.props.get("frames")
        e = {
            "initial_animation": to_json(sprite.props.get("animation", "default")),
            "initial_frame": to_json(sprite.props.get("frame", 0)),
            "playing": to_json(sprite.props.get("playing", False)),
            "speed_scale": to_json(sprite.props.get("speed_scale", 1.0)),
            "offset": to_json(sprite.props.get("offset", [0.0, 0.0])),
            "frames_resource": None,
            "animations": {},
        }
        anims = None
        if isinstance(frames, SubRes):
            e["frames_resource"] = f"{frames.scene}::SubResource({frames.id})"
            anims = frames.props.get("animations", [])
        elif isinstance(frames, ResPath):
            sf = self.P.scene(frames.path)
            e["frames_resource"] = frames.path
            res_props = {k: self.P.resolve_value(v, sf) for k, v in (sf.resource.props if sf.resource else [])}
            anims = res_props.get("animations", [])
        for a in anims or []:
            textures = [to_json(f) for f in a.get("frames", [])]
            e["animations"][a.get("name", "default")] = {
                "frame_count": len(textures), "loop": a.get("loop", True), "speed": a.get("speed", 5.0),
                "textures": textures,
            }
        return e

    # -- tables ----------------------------------------------------------------------------
    def header(self, table: str) -> dict:
        return {"source_repo": SOURCE_REPO, "source_commit": SOURCE_COMMIT, "game_version": self.game_version(),
                "extractor_version": EXTRACTOR_VERSION, "table": table}

    def game_version(self) -> str | None:
        m = re.search(r'^var VERSION\s*=\s*"([^"]*)"', self.P.read("Global.gd"), re.M)
        return m.group(1) if m else None

    def scene_chain(self, scene: str) -> list[str]:
        for p in self._scene_files(scene):
            self.scenes_used.add(p)
        out = [scene]
        while True:
            sf = self.P.scene(out[-1])
            first = sf.nodes[0] if sf.nodes else None
            if first is None or first.instance is None:
                return out
            out.append(self.P.resolve_value(first.instance, sf).path)

    def _scene_files(self, scene: str) -> list[str]:
        """The scene and every scene it inherits or instances, recursively (sorted)."""
        seen, todo = set(), [scene]
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            sf = self.P.scene(s)
            for nd in sf.nodes:
                if nd.instance is not None:
                    todo.append(self.P.resolve_value(nd.instance, sf).path)
        return sorted(seen)

    def counts(self, tables: dict, is_fighter: bool) -> dict:
        states = tables["states"]
        by_kind = Counter()
        for s in states.values():
            for c in _walk_entries(s["children"]):
                if HITBOX_CLASS in ([c["kind"]] + c["extends"]):
                    by_kind[c["kind"]] += 1
        c = {"states": len(states)}
        if is_fighter:
            c["base_states"] = sum(1 for s in states.values() if s["base_state"])
            c["own_states"] = c["states"] - c["base_states"]
            c["menu_moves"] = sum(1 for s in states.values() if s.get("menu"))
            c["menu_moves_base"] = sum(1 for s in states.values() if s.get("menu") and s["base_state"])
        c["hitbox_nodes"] = sum(by_kind.values())
        c["hitbox_nodes_by_kind"] = dict(sorted(by_kind.items()))
        return c

    def character(self, key: str, objects_by_char: dict) -> dict:
        global_name, scene = CHARACTERS[key]
        root = self.P.instantiate(scene)
        t = self.tree_tables(root, scene, is_fighter=True)
        doc = self.header("character")
        doc.update({"character": key, "name": global_name, "scene": scene, "scene_chain": self.scene_chain(scene)})
        doc["counts"] = self.counts(t, True)
        doc["fighter"] = t["root"]
        doc["boxes"] = t["boxes"]
        doc["state_machine"] = t["state_machine"]
        doc["other_nodes"] = t["other_nodes"]
        doc["menu_moves"] = [n for n, s in t["states"].items() if s.get("menu")]
        doc["objects"] = objects_by_char.get(key, [])
        doc["ui_scenes"] = sorted({s["props"]["data_ui_scene"] for s in t["states"].values() if s["props"].get("data_ui_scene")})
        doc["animations"] = t["animations"]
        doc["states"] = t["states"]
        return doc

    def base(self) -> dict:
        doc = self.header("base")
        root = self.P.instantiate(BASE_CHAR_SCENE)
        t = self.tree_tables(root, BASE_CHAR_SCENE, is_fighter=True)
        doc["scene"] = BASE_CHAR_SCENE
        doc["scene_chain"] = self.scene_chain(BASE_CHAR_SCENE)
        doc["counts"] = self.counts(t, True)
        doc["fighter"] = t["root"]
        doc["boxes"] = t["boxes"]
        doc["state_machine"] = t["state_machine"]
        doc["other_nodes"] = t["other_nodes"]
        doc["menu_moves"] = [n for n, s in t["states"].items() if s.get("menu")]
        doc["animations"] = t["animations"]
        doc["states"] = t["states"]
        for label, scene in (("base_object", BASE_OBJ_SCENE), ("base_projectile", BASE_PROJECTILE_SCENE)):
            r = self.P.instantiate(scene)
            tt = self.tree_tables(r, scene, is_fighter=False)
            doc[label] = {"scene": scene, "scene_chain": self.scene_chain(scene), "root": tt["root"], "boxes": tt["boxes"],
                          "state_machine": tt["state_machine"], "other_nodes": tt["other_nodes"], "states": tt["states"]}
        return doc

    # -- objects -----------------------------------------------------------------------------
    def _scene_refs(self, node: Node, where: str, out: list):
        """(scene path, how) for every .tscn reachable from a node tree: property values
        (recursively) and preload()/load() literals of the scripts on its nodes' chains."""
        for k, v in node.props.items():
            for p in _respaths(v):
                if p.endswith(".tscn"):
                    out.append((p, f"{where} prop {k}"))
                elif p.endswith(".gd"):
                    for s in self.P.chain(p)[:-1]:
                        for q in self.P.script(s).preloads:
                            q = q[len("res://"):] if q.startswith("res://") else q
                            if q.endswith(".tscn"):
                                out.append((q, f"script {s}"))
        for c in node.children:
            self._scene_refs(c, f"{where}/{c.name}", out)

    def discover_objects(self) -> tuple[dict, dict, dict]:
        """Breadth-first from each character scene; a scene is an object when its root
        script extends BaseObj.  Returns (objects by character, referrers, non-object scenes)."""
        by_char: dict = {}
        referrers: dict = defaultdict(set)
        non_objects: dict = defaultdict(set)
        for key, (_, scene) in CHARACTERS.items():
            seen = {scene}
            queue = [scene]
            found = []
            while queue:
                s = queue.pop(0)
                refs: list = []
                self._scene_refs(self.P.instantiate(s), s, refs)
                for q, how in sorted(set(refs)):
                    if s != scene and q == s:
                        continue
                    if not self.P.exists(q):
                        raise ProjectError(f"{how}: referenced scene {q} is missing")
                    t = self.P.instantiate(q)
                    if t.script and "BaseObj" in self.P.chain_names(t.script):
                        referrers[q].add(f"{key}: {how}" if s == scene else f"{s}: {how}")
                        if q not in seen:
                            seen.add(q)
                            found.append(q)
                            queue.append(q)
                    else:
                        non_objects[q].add(key)
            by_char[key] = sorted(found)
        return by_char, referrers, non_objects

    def objects(self, by_char: dict, referrers: dict, non_objects: dict) -> dict:
        doc = self.header("objects")
        all_objs = sorted({o for v in by_char.values() for o in v})
        owners = defaultdict(list)
        for key, objs in by_char.items():
            for o in objs:
                owners[o].append(key)
        doc["count"] = len(all_objs)
        doc["objects_by_character"] = by_char
        entries = {}
        for o in all_objs:
            root = self.P.instantiate(o)
            t = self.tree_tables(root, o, is_fighter=False)
            e = {"scene": o, "scene_chain": self.scene_chain(o), "characters": owners[o],
                 "referenced_by": sorted(referrers[o])}
            e["counts"] = self.counts(t, False)
            for k in ("root", "boxes", "state_machine", "other_nodes", "animations", "states"):
                e[k] = t[k]
            entries[o] = e
        doc["non_object_scenes"] = {k: sorted(v) for k, v in sorted(non_objects.items())}
        doc["objects"] = entries
        return doc

    # -- UI ---------------------------------------------------------------------------------
    def widget_entry(self, node: Node, path: str, where: str) -> dict:
        kind = WIDGET_SCRIPTS.get(node.script or "") or WIDGET_TYPES.get(node.type or "")
        e = {"name": node.name, "path": path, "kind": kind, "type": node.type, "scene": node.instance,
             **self.chain_info(node.script)}
        native = self.ui_native(node, where)
        e["props"] = self.props(node, f"widget:{kind}", where, captured=tuple(native), native_reason=UI_NATIVE_REASON)
        e["native"] = native
        sub = {}
        for d, dp in _walk_nodes(node, ""):
            if d is node:
                continue
            if (d.type or "") in UI_TYPE_GROUPS:
                nat = self.ui_native(d, f"{where}/{dp}")
                sub[dp] = {"type": d.type, "native": nat}
                for k in d.props:
                    if k not in nat:
                        self.ignored.prop(f"widget part:{d.type}", k, UI_NATIVE_REASON, f"{where}/{dp}")
            else:
                self.ignored.node(d.type or "Node", "inside a move-data widget (layout, labels, drawing)", f"{where}/{dp}")
        e["parts"] = sub
        return e

    def ui_native(self, node: Node, where: str) -> dict:
        groups = UI_TYPE_GROUPS.get(node.type or "", ("CanvasItem",))
        out = {}
        for g in groups:
            for k, dv in UI_NATIVE_DEFAULTS[g].items():
                out[k] = to_json(node.props.get(k, dv))
        for k in UI_KEEP_ALSO:
            if k in node.props:
                out[k] = to_json(node.props[k])
        return out

    def ui_scene(self, scene: str) -> dict:
        root = self.P.instantiate(scene)
        e = {"scene": scene, "scene_chain": self.scene_chain(scene),
             "root": {"name": root.name, "type": root.type, **self.chain_info(root.script),
                      "props": self.props(root, "ui_root", scene, native_reason=UI_NATIVE_REASON)}}
        widgets = []
        for c in root.children:
            kind = WIDGET_SCRIPTS.get(c.script or "") or WIDGET_TYPES.get(c.type or "")
            if kind is None:
                raise ProjectError(f"{scene}: unknown move-data widget {c.name} ({c.type}, {c.script})")
            widgets.append(self.widget_entry(c, c.name, f"{scene}:{c.name}"))
        e["widgets"] = widgets
        return e

    def extras_scene(self, scene: str) -> dict:
        root = self.P.instantiate(scene)
        e = {"scene": scene, "root": {"name": root.name, "type": root.type, **self.chain_info(root.script),
                                      "props": self.props(root, "extra_root", scene, native_reason=UI_NATIVE_REASON)}}
        widgets = []
        for n, p in _walk_nodes(root, ""):
            if n is root:
                continue
            if _inside_widget(root, p):
                continue
            kind = WIDGET_SCRIPTS.get(n.script or "") or WIDGET_TYPES.get(n.type or "")
            if kind:
                widgets.append(self.widget_entry(n, p, f"{scene}:{p}"))
            else:
                self.ignored.node(n.type or "Node", "character extras panel: layout/labels", f"{scene}:{p}")
        e["widgets"] = widgets
        return e

    def ui(self, char_docs: dict, base_doc: dict) -> dict:
        doc = self.header("ui")
        used = defaultdict(list)
        for key, d in list(char_docs.items()) + [("base", base_doc)]:
            for name, s in d["states"].items():
                u = s["props"].get("data_ui_scene")
                if u:
                    used[u].append(f"{key}/{name}")
        doc["count"] = len(used)
        doc["scenes"] = {u: {**self.ui_scene(u), "used_by": used[u]} for u in sorted(used)}
        doc["extras"] = {}
        for key, d in char_docs.items():
            ex = d["fighter"]["props"].get("player_extra_params_scene")
            doc["extras"][key] = self.extras_scene(ex) if ex else None
        return doc

    # -- scripts -------------------------------------------------------------------------------
    def script_values(self, p: str) -> tuple[dict, list, dict, list]:
        """(constants, constants not evaluated, plain-var defaults, vars not evaluated) of one script.
        Plain vars are the non-exported, non-onready members; their defaults are what a fresh
        instance starts with before any script code runs."""
        info = self.P.script(p)
        consts, skipped = {}, []
        for name, text in info.consts.items():
            try:
                consts[name] = to_json(evaluate(text, lambda n, s, _p=p: self.P.resolve_name(n, _p, s)))
            except (Unevaluable, ProjectError, RecursionError):
                skipped.append(name)
        var_defaults, vskipped = {}, []
        for m in info.members.values():
            if m.exported or m.name in info.property_list_names or m.onready:
                continue
            before = set(self.P.unevaluated)
            v = self.P._member_default(p, m)
            for k in set(self.P.unevaluated) - before:     # plain vars are reported per script only
                self.P.unevaluated.pop(k)
            if v is UNEVALUATED:
                vskipped.append(m.name)
            else:
                var_defaults[m.name] = to_json(v)
        return consts, skipped, var_defaults, vskipped

    def merged_script_values(self, script: str) -> dict:
        """Constants and plain-var defaults along a script's chain (base first, derived wins)."""
        consts, vars_ = {}, {}
        for p in reversed(self.P.chain(script)[:-1]):
            c, _, v, _ = self.script_values(p)
            consts.update(c)
            vars_.update(v)
        return {"constants": consts, "var_defaults": vars_}

    def scripts_doc(self) -> dict:
        doc = self.header("scripts")
        out = {}
        for p in sorted(self.scripts_used):
            info = self.P.script(p)
            base, native = self.P.base_of(p)
            consts, skipped, var_defaults, vskipped = self.script_values(p)
            out[p] = {
                "class_name": info.class_name, "extends": base or native,
                "chain": self.P.chain_names(p)[1:],
                "enums": info.enums, "constants": consts, "constants_not_evaluated": skipped,
                "exports": [n for n in self.P.export_defaults(p) if not n.startswith("_c_") and n in info.members],
                "var_defaults": var_defaults, "vars_not_evaluated": vskipped,
            }
        doc["count"] = len(out)
        doc["scripts"] = out
        return doc

    def ignored_doc(self) -> dict:
        doc = self.header("ignored")
        doc["policy"] = (
            "Everything the extractor saw and did not put in the tables. Counts are occurrences over all "
            "emitted tables (a base state appears once per character and once in base.json). Exported "
            "script properties are never dropped (even visual ones such as sounds); what is dropped here is "
            "engine-native node properties, editor data, nodes that only draw or play sounds, and scene "
            "values for names that are not members of the node's script chain.")
        doc["properties"] = [
            {"owner": o, "property": n, "reason": r, "count": c, "example": self.ignored.examples[("p", o, n, r)]}
            for (o, n, r), c in sorted(self.ignored.props.items())]
        doc["nodes"] = [
            {"kind": k, "reason": r, "count": c, "example": self.ignored.examples[("n", k, r)]}
            for (k, r), c in sorted(self.ignored.nodes.items())]
        doc["editor_separators"] = {
            "reason": "exports named _c_* are inspector category headers with no meaning",
            "names": dict(sorted(self.separators.items()))}
        conns = []
        for sc in sorted(self.scenes_used):
            for c in self.P.scene(sc).connections:
                conns.append({"scene": sc, "signal": c.get("signal"), "from": c.get("from"), "to": c.get("to"),
                              "method": c.get("method")})
        doc["connections"] = {
            "reason": "signal connections declared in the scenes behind the emitted fighters/objects/UI; "
                      "none connects simulation nodes (scripts connect their signals in code)",
            "list": conns}
        doc["unevaluated_defaults"] = [
            {"script": s, "member": m, "reason": self.P.unevaluated.get((s, m), ""), "count": c}
            for (s, m), c in sorted(self.unevaluated_used.items())]
        return doc


def _walk_entries(children: list):
    for c in children:
        yield c
        yield from _walk_entries(c.get("children", []))


def _walk_nodes(node: Node, path: str):
    yield node, path
    for c in node.children:
        yield from _walk_nodes(c, f"{path}/{c.name}" if path else c.name)


def _inside_widget(root: Node, path: str) -> bool:
    parts = path.split("/")
    node = root
    for part in parts[:-1]:
        node = node.child(part)
        if WIDGET_SCRIPTS.get(node.script or "") or WIDGET_TYPES.get(node.type or ""):
            return True
    return False


def _subresources(v):
    if isinstance(v, SubRes):
        yield v
    elif isinstance(v, dict):
        for a, b in v.items():
            yield from _subresources(a)
            yield from _subresources(b)
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _subresources(x)


def _respaths(v):
    if isinstance(v, ResPath):
        yield v.path
    elif isinstance(v, SubRes):
        for x in v.props.values():
            yield from _respaths(x)
    elif isinstance(v, dict):
        for a, b in v.items():
            yield from _respaths(a)
            yield from _respaths(b)
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _respaths(x)


def check_layout(game_dir: str) -> list[str]:
    """Missing files that make ``game_dir`` not the expected project (empty list = fine)."""
    return [f for f in REQUIRED_FILES if not os.path.isfile(os.path.join(game_dir, f))]


def extract_all(game_dir: str) -> dict:
    """file name -> JSON document, in the order they are written."""
    P = Project(game_dir)
    x = Extractor(P)
    by_char, referrers, non_objects = x.discover_objects()
    chars = {k: x.character(k, by_char) for k in CHARACTERS}
    base = x.base()
    objects = x.objects(by_char, referrers, non_objects)
    ui = x.ui(chars, base)
    docs = {f"{k}.json": d for k, d in chars.items()}
    docs["base.json"] = base
    docs["objects.json"] = objects
    docs["ui.json"] = ui
    docs["scripts.json"] = x.scripts_doc()
    docs["ignored_properties.json"] = x.ignored_doc()
    return docs
