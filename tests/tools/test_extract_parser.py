"""Unit tests of the scene/script reader behind ``yomi extract``.

Every ``.tscn``/``.gd`` text below is a small snippet written for these tests (it only
imitates the *format* of Godot 3 files); no game file is read here.
"""
from __future__ import annotations

import json
import textwrap

import pytest

from states.data import decode
from integration.tools.extract.encode import dumps, to_json
from integration.tools.extract.gdexpr import ResPath, evaluate
from integration.tools.extract.gdscript import Unevaluable, parse_script, split_statements
from integration.tools.extract.project import Project, ProjectError, UNEVALUATED
from integration.tools.extract.tscn import parse_scene, parse_text
from integration.tools.extract.variant import Ctor, ExtRef, ParseError, Special, SubRef, parse_value


# --------------------------------------------------------------------------------------------
# values
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("14", 14), ("-3", -3), ("5.0", 5.0), ("-0.16", -0.16), ("1e-05", 1e-05), ("2.5e+03", 2500.0),
    ("true", True), ("false", False), ("null", None),
    ('"2.0"', "2.0"), ('"16"', "16"), ('""', ""),
    ('"a\\"b\\\\c\\nd"', 'a"b\\c\nd'), ('"\\u00e9"', "\u00e9"),
])
def test_scalars(text, expected):
    v = parse_value(text)
    assert v == expected and type(v) is type(expected)


def test_fixed_point_strings_keep_their_text():
    # "2.0" must not become 2.0 nor "2": the engine parses the text itself
    for raw in ("2.0", "16", "-5.0", "0.76", "1.33", "0.0001"):
        assert parse_value(f'"{raw}"') == raw


def test_int_float_distinction_survives_json():
    assert dumps({"a": parse_value("5"), "b": parse_value("5.0")}) == '{\n "a": 5,\n "b": 5.0\n}\n'


def test_constructors_and_refs():
    assert parse_value("ExtResource( 12 )") == ExtRef(12)
    assert parse_value("SubResource(3)") == SubRef(3)
    assert parse_value("Vector2( 0, -18 )") == Ctor("Vector2", (0, -18))
    assert to_json(parse_value("Vector2( 0, -18 )")) == [0.0, -18.0]
    assert to_json(parse_value("Color( 1, 0, 1, 1 )")) == [1.0, 0.0, 1.0, 1.0]
    assert to_json(parse_value("Rect2( 1, 2, 3, 4 )")) == [1.0, 2.0, 3.0, 4.0]
    assert to_json(parse_value('PoolStringArray( "a", "b" )')) == ["a", "b"]
    assert to_json(parse_value("PoolIntArray( 1, 2, 3 )")) == [1, 2, 3]
    assert to_json(parse_value("PoolVector2Array( 1, 2, 3, 4 )")) == [[1.0, 2.0], [3.0, 4.0]]
    assert to_json(parse_value("PoolColorArray( 0, 0, 0, 1, 1, 1, 1, 1 )")) == [[0.0, 0.0, 0.0, 1.0], [1.0] * 4]
    assert to_json(parse_value('NodePath("../A")')) == {"NodePath": "../A"}
    assert to_json(parse_value("Transform2D( 1, 0, 0, 1, 5, 6 )")) == {"Transform2D": [1, 0, 0, 1, 5, 6]}
    assert parse_value("inf") == Special("inf") and to_json(Special("-inf")) == {"float": "-inf"}


def test_arrays_and_dictionaries_multiline():
    v = parse_value('[ {\n"frames": [ ExtResource( 1 ), ExtResource( 1 ) ],\n"loop": true,\n"name": "Idle",\n'
                    '"speed": 5.0\n}, {\n"frames": [  ],\n"loop": false,\n"name": "Run",\n"speed": 10.0\n} ]')
    assert [a["name"] for a in v] == ["Idle", "Run"]
    assert v[0]["frames"] == [ExtRef(1), ExtRef(1)] and v[1]["frames"] == []
    d = parse_value('{\n3: "spawn",\n7: [ "set_vel", "1.0", "0" ],\n}')
    assert d == {3: "spawn", 7: ["set_vel", "1.0", "0"]}
    assert parse_value("[ 1, 2, ]") == [1, 2]


def test_non_string_keys_round_trip_through_pairs():
    d = {3: "spawn", 7: ["set_vel", "1.0"]}
    enc = to_json(d)
    assert enc == {"__pairs__": [[3, "spawn"], [7, ["set_vel", "1.0"]]]}
    assert decode(json.loads(dumps({"host_commands": to_json(d)}))) == {"host_commands": d}
    with pytest.raises(TypeError):
        dumps({"host_commands": d})        # never let json turn 3 into "3" silently
    # texture-keyed dicts (throw_positions) become plain objects keyed by path
    assert to_json({ResPath("chars/x/sprites/a1.png"): {"x": 3, "y": -2}}) == {"chars/x/sprites/a1.png": {"x": 3, "y": -2}}


@pytest.mark.parametrize("bad", ['"open', "[1, 2", "Vector2( 1, 2", "{1: }", "bogus", "[ 1 2 ]"])
def test_value_errors(bad):
    with pytest.raises(ParseError):
        parse_value(bad)


# --------------------------------------------------------------------------------------------
# tokenizer
# --------------------------------------------------------------------------------------------
SCENE_TEXT = textwrap.dedent('''\
    [gd_scene load_steps=3 format=2]

    [ext_resource path="res://lib/Box.gd" type="Script" id=1]
    [ext_resource path="res://lib/Other.tscn" type="PackedScene" id=2]

    [sub_resource type="SpriteFrames" id=1]
    animations = [ {
    "frames": [ null ],
    "loop": true,
    "name": "default",
    "speed": 5.0
    } ]

    [node name="Root" type="Node2D" groups=["Fighter", "X"]]
    script = ExtResource( 1 )
    custom_constants/separation = 4
    notes = "line one
    line [two]
    line three"

    [node name="Child" parent="." instance=ExtResource( 2 )]

    [node name="Sub" type="Node" parent="Child" index="1"]

    [connection signal="done" from="Child" to="." method="_on_done" binds=[ 1 ] flags=3]

    [editable path="Child"]
    ''')


def test_sections_and_properties():
    secs = parse_text(SCENE_TEXT)
    assert [s.kind for s in secs] == ["gd_scene", "ext_resource", "ext_resource", "sub_resource", "node", "node",
                                      "node", "connection", "editable"]
    root = secs[4]
    assert root.attrs == {"name": "Root", "type": "Node2D", "groups": ["Fighter", "X"]}
    assert root.props[1] == ("custom_constants/separation", 4)
    # a quoted value spanning lines, with brackets inside the string, is one property
    assert root.props[2] == ("notes", "line one\nline [two]\nline three")
    sf = parse_scene(SCENE_TEXT, "t.tscn")
    assert sf.ext_resources[1] == {"path": "lib/Box.gd", "type": "Script"}
    assert [n.name for n in sf.nodes] == ["Root", "Child", "Sub"]
    assert sf.nodes[1].instance == ExtRef(2) and not sf.nodes[1].is_override
    assert sf.nodes[2].index == 1 and sf.nodes[2].parent == "Child"
    assert sf.connections[0]["binds"] == [1] and sf.editable == ["Child"]


def test_tokenizer_errors():
    with pytest.raises(ParseError):
        parse_scene("[gd_scene format=3]\n", "t.tscn")       # Godot 4 format
    with pytest.raises(ParseError):
        parse_scene("x = 1\n", "t.tscn")                       # no header
    with pytest.raises(ParseError):
        parse_text("[node name=\"A\"]\nvalue = 1 2\n")          # trailing junk after a value
    with pytest.raises(ParseError):
        parse_text("[node name=\"A\"\nvalue = 1\n")             # unterminated header


# --------------------------------------------------------------------------------------------
# GDScript declarations
# --------------------------------------------------------------------------------------------
SCRIPT_TEXT = textwrap.dedent('''\
    tool
    extends Node2D
    class_name Widgety, "res://icon.png"

    enum Kind {
    \tSmall,
    \tLarge = 5,
    \tHuge
    }
    enum Height {
    \tHigh
    \tMid
    \tLow
    }
    enum { LOOSE_A, LOOSE_B }

    const SPEED = "4.5"
    const LIMIT: int = 3 * 4
    const SCENE = preload("res://fx/Thing.tscn")

    export var label = "a # not a comment"  # a comment
    export(Kind) var kind
    export(Height) var height = Height.Mid
    export(String, MULTILINE) var categories
    export(int, 0, 10) var count := 2
    export var offset = Vector2()
    export var spot = Vector2(3, -4)
    export var tint = Color.white
    export var mapping = {
    \t"a": 1,
    \tb = [1, 2],
    }
    export var speed: float = 1
    export var typed_empty: String
    export var scene: PackedScene
    export var flag = true setget set_flag
    var plain = LIMIT - 2
    onready var later = $Node
    var _hidden_list = []

    func set_flag(v):
    \tvar not_a_member = 1
    \tflag = v

    func _get_property_list():
    \treturn [{name = "plain", type = TYPE_INT}]

    class Inner:
    \tvar inner_member = 3
    ''')


def test_script_declarations():
    info = parse_script(SCRIPT_TEXT, "lib/Widgety.gd")
    assert info.tool and info.extends == "Node2D" and not info.extends_is_path
    assert info.class_name == "Widgety"
    assert info.enums == {"Kind": {"Small": 0, "Large": 5, "Huge": 6}, "Height": {"High": 0, "Mid": 1, "Low": 2}}
    assert info.consts["LOOSE_B"] == "1" and info.consts["SPEED"] == '"4.5"'
    names = list(info.members)
    assert names[:4] == ["label", "kind", "height", "categories"]
    assert "not_a_member" not in names and "inner_member" not in names
    assert info.members["flag"].setter == "set_flag" and info.members["flag"].init == "true"
    assert info.members["later"].onready and not info.members["plain"].exported
    assert info.property_list_names == ["plain"]
    assert info.preloads == ["res://fx/Thing.tscn"]
    assert info.funcs == ["set_flag", "_get_property_list"]


def test_statement_splitting_keeps_brackets_and_strips_comments():
    stmts = [s for _, s in split_statements('var a = [1,\n  2] # c\nvar b = "#x"\n') if s.strip()]
    assert stmts == ["var a = [1,\n  2] ", 'var b = "#x"']


def test_expression_evaluator():
    def resolve(name, in_script):
        consts = {"BASE": 10, "Kind": {"A": 0, "B": 1}}
        if name in consts:
            return consts[name]
        raise Unevaluable(name)
    assert evaluate("Vector2()", resolve) == [0.0, 0.0]
    assert evaluate("-BASE * 2 + 1", resolve) == -19
    assert evaluate("-7 / 2", resolve) == -3           # GDScript int division truncates
    assert evaluate("Kind.B", resolve) == 1
    assert evaluate('Color("ff00ff")', resolve) == [1.0, 0.0, 1.0, 1.0]
    assert evaluate("Color(1, 0.5, 0)", resolve) == [1.0, 0.5, 0.0, 1.0]
    assert evaluate('preload("res://a/b.tscn")', resolve) == ResPath("a/b.tscn")
    assert evaluate('{"k": [1, 2.5, "s"], z = null}', resolve) == {"k": [1, 2.5, "s"], "z": None}
    for bad in ("get_parent()", "$Hitbox", "UNKNOWN_NAME", "PI"):
        with pytest.raises(Unevaluable):
            evaluate(bad, resolve)


# --------------------------------------------------------------------------------------------
# a tiny project: defaults along extends chains and scene inheritance
# --------------------------------------------------------------------------------------------
FILES = {
    "lib/Box.gd": '''\
        extends Node2D
        class_name Box
        export var x: int = 0
        export var y: int = 0
        export var width: int = 20
        export var height: int = 20
        ''',
    "lib/Strike.gd": '''\
        extends Box
        class_name Strike
        enum Level { High, Mid, Low }
        export var damage = 0
        export var knockback = "10.0"
        export(Level) var level = Level.Mid
        export var start_tick = 0
        ''',
    "lib/Mode.gd": '''\
        extends Node2D
        class_name Mode
        enum Kind { Move, Attack }
        export(Kind) var type
        export var anim_length = 1
        export var iasa_at = -1
        export(String, MULTILINE) var categories
        export var offset = Vector2()
        export var table = {}
        var counter = 0
        ''',
    "lib/Punch.gd": '''\
        extends "Mode.gd"
        export var reach = Vector2(12, -4)
        ''',
    "lib/Thing.gd": '''\
        extends Node2D
        export var hp = 100
        ''',
    "scenes/Base.tscn": '''\
        [gd_scene load_steps=4 format=2]

        [ext_resource path="res://lib/Thing.gd" type="Script" id=1]
        [ext_resource path="res://lib/Box.gd" type="Script" id=2]
        [ext_resource path="res://lib/Mode.gd" type="Script" id=3]

        [node name="Base" type="Node2D"]
        script = ExtResource( 1 )

        [node name="Hurtbox" type="Node2D" parent="."]
        script = ExtResource( 2 )
        y = -16

        [node name="Modes" type="Node2D" parent="."]

        [node name="Idle" type="Node2D" parent="Modes"]
        script = ExtResource( 3 )
        anim_length = 20
        categories = "Ground
        Air"

        [node name="Hop" type="Node2D" parent="Modes"]
        script = ExtResource( 3 )
        anim_length = 8
        ''',
    "scenes/Spark.tscn": '''\
        [gd_scene load_steps=2 format=2]

        [ext_resource path="res://lib/Box.gd" type="Script" id=1]

        [node name="Spark" type="Node2D"]
        script = ExtResource( 1 )
        width = 3
        ''',
    "scenes/Hero.tscn": '''\
        [gd_scene load_steps=5 format=2]

        [ext_resource path="res://scenes/Base.tscn" type="PackedScene" id=1]
        [ext_resource path="res://lib/Punch.gd" type="Script" id=2]
        [ext_resource path="res://lib/Strike.gd" type="Script" id=3]
        [ext_resource path="res://scenes/Spark.tscn" type="PackedScene" id=4]

        [node name="Hero" instance=ExtResource( 1 )]
        hp = 90

        [node name="Hurtbox" parent="." index="0"]
        width = 15

        [node name="Idle" parent="Modes" index="0"]
        anim_length = 30
        stale_value = 4

        [node name="Jab" type="Node2D" parent="Modes" index="1"]
        script = ExtResource( 2 )
        type = 1
        table = {
        3: "lunge"
        }

        [node name="Hit2" type="Node2D" parent="Modes/Jab"]
        script = ExtResource( 3 )
        damage = 35
        knockback = "2.0"
        start_tick = 4

        [node name="Hit1" type="Node2D" parent="Modes/Jab" index="0"]
        script = ExtResource( 3 )
        damage = 10

        [node name="Spark" parent="Modes/Jab" instance=ExtResource( 4 )]
        height = 2
        ''',
}


@pytest.fixture()
def project(tmp_path):
    for rel, text in FILES.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))
    return Project(str(tmp_path))


def test_chains_by_class_name_and_relative_path(project):
    assert project.chain("lib/Strike.gd") == ["lib/Strike.gd", "lib/Box.gd", "Node2D"]
    assert project.chain_names("lib/Strike.gd") == ["Strike", "Box", "Node2D"]
    assert project.chain("lib/Punch.gd") == ["lib/Punch.gd", "lib/Mode.gd", "Node2D"]
    assert project.inherits("lib/Strike.gd", "Box") and not project.inherits("lib/Box.gd", "Strike")


def test_export_defaults_merge_along_chain(project):
    d = project.export_defaults("lib/Strike.gd")
    assert list(d) == ["x", "y", "width", "height", "damage", "knockback", "level", "start_tick"]  # base first
    assert d["level"] == 1 and d["knockback"] == "10.0"
    m = project.export_defaults("lib/Punch.gd")
    # enum export without initializer -> int 0; export(String) without one -> ""; Vector2() -> [0, 0]
    assert m["type"] == 0 and m["categories"] == "" and m["offset"] == [0.0, 0.0]
    assert m["reach"] == [12.0, -4.0] and m["table"] == {}
    assert "counter" not in m and project.unevaluated == {}


def test_scene_inheritance_overrides_and_order(project):
    hero = project.instantiate("scenes/Hero.tscn")
    assert hero.name == "Hero" and hero.script == "lib/Thing.gd" and hero.props["hp"] == 90
    assert [c.name for c in hero.children] == ["Hurtbox", "Modes"]        # an override never moves a node
    hb = hero.get("Hurtbox")
    assert hb.props["y"] == -16 and hb.props["width"] == 15                 # inherited value kept, new one added
    assert hb.origin == ["scenes/Base.tscn", "scenes/Hero.tscn"]
    modes = hero.get("Modes")
    assert [c.name for c in modes.children] == ["Idle", "Jab", "Hop"]       # new node moved to index 1
    idle = modes.child("Idle")
    assert idle.props["anim_length"] == 30 and idle.props["categories"] == "Ground\nAir"
    jab = modes.child("Jab")
    assert [c.name for c in jab.children] == ["Hit1", "Hit2", "Spark"]      # index=0 inserts before Hit2
    assert jab.props["table"] == {3: "lunge"}
    spark = jab.child("Spark")                                             # instanced child scene merged
    assert spark.script == "lib/Box.gd" and spark.props == {"script": ResPath("lib/Box.gd"), "width": 3, "height": 2}
    # the base scene itself is untouched by the derived one
    base = project.instantiate("scenes/Base.tscn")
    assert [c.name for c in base.get("Modes").children] == ["Idle", "Hop"] and "hp" not in base.props


def test_missing_edited_node_is_an_error(project, tmp_path):
    (tmp_path / "scenes/Bad.tscn").write_text(textwrap.dedent('''\
        [gd_scene load_steps=2 format=2]

        [ext_resource path="res://scenes/Base.tscn" type="PackedScene" id=1]

        [node name="Bad" instance=ExtResource( 1 )]

        [node name="Nope" parent="Modes" index="0"]
        anim_length = 3
        '''))
    with pytest.raises(ProjectError):
        project.instantiate("scenes/Bad.tscn")


def test_unevaluable_default_is_reported(project, tmp_path):
    (tmp_path / "lib/Odd.gd").write_text("extends Node\nexport var when = OS.get_ticks_msec()\n")
    assert project.export_defaults("lib/Odd.gd")["when"] is UNEVALUATED
    assert ("lib/Odd.gd", "when") in project.unevaluated


def test_extractor_records_effective_props_and_drops_stale_keys(project):
    from integration.tools.extract.extract import Extractor

    class MiniExtractor(Extractor):
        def __init__(self, p):          # skip the game-specific base-scene lookup
            from collections import Counter
            from integration.tools.extract.extract import IgnoredLog
            self.P, self.ignored, self.scripts_used = p, IgnoredLog(), set()
            self.unevaluated_used, self.separators, self.base_state_names = Counter(), Counter(), ["Idle", "Hop"]

    x = MiniExtractor(project)
    hero = project.instantiate("scenes/Hero.tscn")
    idle = hero.get("Modes/Idle")
    e = x.state_entry(idle, 0, "scenes/Hero.tscn:Modes/Idle", is_fighter=True)
    assert e["props"]["anim_length"] == 30 and e["props"]["iasa_at"] == -1       # declared, not fixed up
    assert "stale_value" not in e["props"]
    assert e["defined_in"] == "scenes/Base.tscn" and e["edited_in"] == ["scenes/Hero.tscn"]
    assert any(n == "stale_value" for (_, n, _) in x.ignored.props)
    jab = x.state_entry(hero.get("Modes/Jab"), 1, "scenes/Hero.tscn:Modes/Jab", is_fighter=True)
    assert jab["script"] == "lib/Punch.gd" and jab["extends"] == ["Mode", "Node2D"]
    assert jab["props"]["type"] == 1 and jab["props"]["reach"] == [12.0, -4.0]
    assert jab["props"]["table"] == {"__pairs__": [[3, "lunge"]]}
    hits = [c for c in jab["children"]]
    assert [(h["name"], h["kind"]) for h in hits] == [("Hit1", "Strike"), ("Hit2", "Strike"), ("Spark", "Box")]
    assert hits[1]["props"] == {"x": 0, "y": 0, "width": 20, "height": 20, "damage": 35, "knockback": "2.0",
                                "level": 1, "start_tick": 4}
