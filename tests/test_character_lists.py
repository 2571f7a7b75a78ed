"""The five characters are listed once outside their folders: ``states/data/schema.py``'s
CHARACTER_NAMES (the tables' order, a format: C fighter table index, observation index). Every
other list is derived from it, and it agrees with what the extractor wrote and with the
characters the engines discover.
"""
from __future__ import annotations

from states.data import load_character, load_objects, load_ui
from states.data.schema import CHARACTER_NAMES


def test_the_derived_lists_are_the_tables_order():
    from integration.env.action import constants
    from integration.tools import gen_c
    from integration.tools.extract import checks, extract

    assert gen_c.CHARACTERS == CHARACTER_NAMES
    assert checks.CHARACTER_KEYS == CHARACTER_NAMES
    assert tuple(extract.CHARACTERS) == CHARACTER_NAMES  # what the extractor extracts, in its order
    # the environment's spelling is each table's own name
    assert constants.CHARACTERS == tuple(load_character(c)["name"] for c in CHARACTER_NAMES)


def test_the_extracted_tables_record_the_same_order():
    assert tuple(load_objects()["objects_by_character"]) == CHARACTER_NAMES
    assert tuple(load_ui()["extras"]) == CHARACTER_NAMES


def test_the_engines_discover_exactly_these_characters():
    import yomi._native as native
    from states.scene import character_modules

    names = {load_character(c)["name"] for c in CHARACTER_NAMES}
    assert set(character_modules()) == names
    assert set(native.characters()) == names
