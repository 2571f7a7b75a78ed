"""The bridge's mod, packed as the game's mod loader reads mods, and installed into a copy of the game.

No game file is ported or copied here: the mod is our own GDScript (``mod/yomi_bridge/``).  The game's
loader (``modloader/ModLoader.gd`` in the game's source) loads every file of ``<game folder>/mods/`` as a
resource pack (a zip), and runs ``<folder>/ModMain.gd`` of each zip whose ``<folder>/_metadata`` (JSON)
has the fields it requires; so the zip holds ``yomi_bridge/ModMain.gd``, ``yomi_bridge/BridgeLink.gd``
and ``yomi_bridge/_metadata``.

Contract: :func:`build_zip` gives the same bytes every time (fixed timestamps, sorted entries);
:func:`install` refuses a folder that is not a copy of the game (:class:`InstallError`) and
writes only ``mods/yomi_bridge.zip`` (atomically), creating ``mods/`` when missing.
"""
from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

MOD_DIR = Path(__file__).resolve().parent / "mod" / "yomi_bridge"
MOD_NAME = "yomi_bridge"
ZIP_NAME = "yomi_bridge.zip"
CONNECTION_FILE = "yomi_bridge.json"       # written by ``yomi bridge serve --game-dir`` beside the game
# the fields ModLoader._verifyMetadata requires
METADATA_FIELDS = ("name", "friendly_name", "description", "author", "version", "link", "id", "overwrites",
                   "requires", "priority")


class InstallError(Exception):
    """The mod cannot be installed: one sentence."""


def mod_files() -> dict[str, bytes]:
    """The mod's files by their path inside the zip."""
    files = {}
    for path in sorted(MOD_DIR.iterdir()):
        if path.is_file() and (path.suffix == ".gd" or path.name == "_metadata"):
            files[f"{MOD_NAME}/{path.name}"] = path.read_bytes()
    meta = json.loads(files[f"{MOD_NAME}/_metadata"])
    missing = [k for k in METADATA_FIELDS if k not in meta]
    if missing:       # the loader would skip the mod without a word
        raise InstallError(f"the mod's _metadata lacks {', '.join(missing)}")
    return files


def build_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, content in mod_files().items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, content)
    return buf.getvalue()


def check_game_folder(game_dir: str | Path) -> Path:
    """The game's folder: the one with its executable's ``.pck`` (an installed copy), or a checkout
    of its source (``project.godot``, run with Godot 3)."""
    root = Path(game_dir).expanduser()
    if not root.is_dir():
        raise InstallError(f"{root} is not a folder: --game-dir is the folder of your copy of the game "
                           "(where its executable is; Steam: Manage > Browse local files)")
    root = root.resolve()
    if not (any(root.glob("*.pck")) or (root / "project.godot").is_file()):
        raise InstallError(f"{root} holds no .pck file and no project.godot: not the game's folder")
    return root


def install(game_dir: str | Path) -> Path:
    """Write ``mods/yomi_bridge.zip`` into the game's folder; its path."""
    root = check_game_folder(game_dir)
    mods = root / "mods"
    if mods.exists() and not mods.is_dir():
        raise InstallError(f"{mods} exists and is not a folder")
    mods.mkdir(exist_ok=True)
    target = mods / ZIP_NAME
    if target.is_symlink() or (target.exists() and not target.is_file()):
        raise InstallError(f"{target} exists and is not a regular file")
    tmp = target.with_name(target.name + f".tmp{os.getpid()}")
    tmp.write_bytes(build_zip())
    tmp.replace(target)
    return target
