"""A runnable scratch copy of the user's game checkout, and the Godot 3 binary that runs it.

The user's checkout (``--game-dir``) is only read.  The copy lives in a cache folder
(``$YOMI_RECORD_CACHE``, else ``$XDG_CACHE_HOME/yomi/record``, else ``~/.cache/yomi/record``)
and is made once per game commit and version of our GDScript files:

1. the checkout is copied without ``.git`` and without an old ``.import`` cache;
2. the game's native library (``bin/*.gdns``, ``lib/lib.tres``, ``lib/tbfg.*``) is removed:
   its Linux build is not part of the public source, so ``project.godot``'s class list points
   ``FixedMath``, ``FGObject`` and ``NativeMethods`` at our GDScript stand-ins instead (the
   unused native classes are dropped), and an offline ``Steam`` autoload goes first, because
   Debian's Godot has no GodotSteam module and the game's Steam scripts would not compile;
3. ``sound/music/bg1.mp3`` (music a script preloads; absent from some checkouts) gets a
   silent placeholder when missing;
4. our driver and stand-ins (``integration/tools/record/godot``) go to ``res://_yomi_record/``;
5. the headless editor imports the assets once (the game reads frame counts from them).

No game script or scene is edited.  Contract: every failure raises :class:`RecordError`
with one clear sentence; the user's checkout is never written to.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

COMMIT = "4450348830671055cab7480f841e2c78cfd41122"
SHORT = COMMIT[:7]
GAME_VERSION = "1.9.27-steam-unstable"
# sha256 of a few files of the game's public source at COMMIT: a checkout without .git
# (an export, an unpacked archive) is recognised by them.
FINGERPRINT = {
    "project.godot": "29ba869901701b85dd9430019e9eee238ae4f80a4e048e5b024da203aa8dfad5",
    "game.gd": "ff725628fdd087ac6a60ecff07889ed293eb7db87fd2c4ed343b532764d74f05",
    "Global.gd": "671c775ea3489ad844aafd81d758f853145be0a8fb742c679bb350582187aadd",
    "characters/BaseChar.tscn": "bd84f911689b814bceb9dbf01a644e864ea2444f58af20283458e2d584b046f2",
    "ui/ActionSelector/ActionButtons.gd": "262afab9f628247ebfa10b24573ff56e74676cb2ad26700e0717a5325538f301",
}
OURS = Path(__file__).resolve().parent / "godot"
RES_DIR = "_yomi_record"
STUBS = {"FixedMath": "FixedMath.gd", "FGObject": "FGObject.gd", "NativeMethods": "NativeMethods.gd"}
UNUSED_NATIVE = {"FGCharacter", "GameSimulation", "HelloWorld"}
GODOT_NAMES = ("godot3-server", "godot3", "godot")
IMPORT_TIMEOUT_S = 2400


class RecordError(Exception):
    """The recorder cannot go on: a wrong game checkout, no Godot 3, a failed import or match."""


# ------------------------------------------------------------------ the game checkout

def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_game_dir(game_dir: str | Path) -> Path:
    """The checkout's path when it is the game's source at COMMIT; raises RecordError otherwise.

    With a ``.git`` folder the checkout's HEAD must be COMMIT (uncommitted edits are not looked
    at, but the fingerprint below still is); in every case the fingerprint files must match.
    """
    root = Path(game_dir).expanduser().resolve()
    if not (root / "project.godot").is_file():
        raise RecordError(f"{root} is not a Godot project (no project.godot): --game-dir must be a checkout of "
                          f"github.com/uzkbwza/hustle at commit {SHORT}")
    if (root / ".git").exists():
        try:
            head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                                  timeout=30, check=True).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            head = None
        if head is not None and head != COMMIT:
            raise RecordError(f"{root} is at commit {head[:12]}, not {SHORT}: the traces and the engines follow the "
                              f"game at {SHORT} (git -C {root} checkout {SHORT})")
    different = []
    for rel, digest in FINGERPRINT.items():
        path = root / rel
        if not path.is_file():
            different.append(f"{rel} (missing)")
        elif _sha256(path) != digest:
            different.append(rel)
    if different:
        version = _game_version(root)
        raise RecordError(f"{root} is not the game's source at commit {SHORT} ({GAME_VERSION}): "
                          f"{', '.join(different)} differ" + (f"; its Global.gd says version {version}" if version else ""))
    return root


def _game_version(root: Path) -> str | None:
    try:
        found = re.search(r'^var VERSION = "([^"]*)"', (root / "Global.gd").read_text(errors="replace"), re.M)
    except OSError:
        return None
    return found.group(1) if found else None


# ------------------------------------------------------------------ Godot

def find_godot(explicit: str | None) -> str:
    """The Godot 3 binary: ``--godot``, else ``$YOMI_GODOT``, else the first of GODOT_NAMES on PATH."""
    candidates = [explicit] if explicit else ([os.environ["YOMI_GODOT"]] if os.environ.get("YOMI_GODOT") else [])
    if not candidates:
        candidates = [shutil.which(name) for name in GODOT_NAMES]
    for candidate in candidates:
        if candidate and (shutil.which(candidate) or Path(candidate).is_file()):
            return shutil.which(candidate) or str(Path(candidate).resolve())
    raise RecordError("no Godot 3 found: install Debian's godot3-server (3.6, from trixie), or pass --godot BINARY "
                      "(or set YOMI_GODOT)")


def godot_version(godot: str) -> str:
    """``godot --version``'s answer; raises RecordError unless it is Godot 3."""
    try:
        done = subprocess.run([godot, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        raise RecordError(f"cannot run {godot} --version ({exc})") from None
    version = (done.stdout.strip().splitlines() or [""])[-1].strip()
    if not version.startswith("3."):
        raise RecordError(f"{godot} is not Godot 3 (--version says {version or done.stderr.strip()[:200]!r}); "
                          "the game is a Godot 3 project: use godot3-server 3.6")
    return version


# ------------------------------------------------------------------ the scratch copy

def cache_root() -> Path:
    if os.environ.get("YOMI_RECORD_CACHE"):
        return Path(os.environ["YOMI_RECORD_CACHE"]).expanduser().resolve()
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "yomi" / "record"


def our_files() -> dict[str, bytes]:
    """Our GDScript driver and stand-ins, by their path under res://_yomi_record/."""
    files = {}
    for path in sorted(OURS.rglob("*")):
        rel = path.relative_to(OURS)
        if path.is_file() and rel.parts[0] != "vectorcheck" and path.suffix in (".gd", ".tscn"):
            files[str(rel)] = path.read_bytes()
    return files


def patch_project(text: str) -> str:
    """``project.godot`` with the native classes re-pointed at our stand-ins and the Steam autoload first."""
    found = re.search(r"_global_script_classes=\[(.*?)\]\n_global_script_class_icons", text, re.S)
    if not found or "\n[autoload]\n" not in text:
        raise RecordError("project.godot has no global class list or no [autoload] section: not the game's project")
    kept, replaced = [], set()
    for entry in re.findall(r"\{.*?\}", found.group(1), re.S):
        name = re.search(r'"class": "([^"]+)"', entry)
        cls = name.group(1) if name else None
        if cls in UNUSED_NATIVE:
            continue
        if cls in STUBS:
            entry = (f'{{\n"base": "Reference",\n"class": "{cls}",\n"language": "GDScript",\n'
                     f'"path": "res://{RES_DIR}/stubs/{STUBS[cls]}"\n}}')
            replaced.add(cls)
        kept.append(entry)
    if replaced != set(STUBS):
        raise RecordError(f"project.godot does not declare the native classes {sorted(set(STUBS) - replaced)}")
    text = text[:found.start(1)] + " " + ", ".join(kept) + " " + text[found.end(1):]
    icons = re.search(r"_global_script_class_icons=\{(.*?)\n\}\n", text, re.S)
    if icons:
        lines = [line for line in icons.group(1).split("\n") if not any(f'"{c}"' in line for c in UNUSED_NATIVE)]
        text = text[:icons.start(1)] + "\n".join(lines) + text[icons.end(1):]
    if 'Steam="' in text:
        raise RecordError("project.godot already has a Steam autoload: not the game's project at " + SHORT)
    return text.replace("\n[autoload]\n", f'\n[autoload]\n\nSteam="*res://{RES_DIR}/stubs/SteamStub.gd"', 1)


# A silent MPEG-1 Layer III frame (128 kbit/s, 44.1 kHz, mono): header, then all-zero side
# information and main data.  Forty of them stand in for the missing music file.
_SILENT_FRAME = bytes([0xFF, 0xFB, 0x90, 0xC0]) + bytes(417 - 4)


def _import_targets(game: Path) -> tuple[int, int]:
    """(missing, total) imported files the game's ``*.import`` metadata asks for."""
    missing = total = 0
    for folder, subdirs, files in os.walk(game):
        subdirs[:] = [d for d in subdirs if d not in (".import", ".xdg", ".git")]
        for name in files:
            if not name.endswith(".import") or not os.path.exists(os.path.join(folder, name[:-7])):
                continue
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as handle:
                found = re.search(r'dest_files=\[ "res://([^"]+)"', handle.read())
            if found:
                total += 1
                missing += not (game / found.group(1)).exists()
    return missing, total


def _import_assets(game: Path, godot: str, log) -> None:
    env = dict(os.environ, **_private_user_dirs(game / ".xdg"))
    with open(game / ".import_log.txt", "wb") as out:
        editor = subprocess.Popen([godot, "--path", str(game), "--editor"], stdout=out, stderr=subprocess.STDOUT,
                                  env=env, start_new_session=True)
        start = time.monotonic()
        try:
            while True:
                time.sleep(5)
                missing, total = _import_targets(game)
                log(f"importing assets: {total - missing}/{total}")
                if missing == 0:
                    time.sleep(3)  # the editor writes its .md5 files right after the last asset
                    break
                if editor.poll() is not None:
                    raise RecordError(f"the Godot editor stopped while importing assets (log: {game / '.import_log.txt'})")
                if time.monotonic() - start > IMPORT_TIMEOUT_S:
                    raise RecordError(f"importing assets took over {IMPORT_TIMEOUT_S} s (log: {game / '.import_log.txt'})")
        finally:
            if editor.poll() is None:
                editor.terminate()
                try:
                    editor.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    editor.kill()
                    editor.wait()


def _private_user_dirs(root: Path) -> dict[str, str]:
    """XDG folders under ``root``, so Godot's user:// (the game's saved options) starts empty."""
    dirs = {"XDG_DATA_HOME": root / "data", "XDG_CONFIG_HOME": root / "config", "XDG_CACHE_HOME": root / "cache"}
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    return {k: str(v) for k, v in dirs.items()}


def deploy_ours(game: Path) -> None:
    """Write our driver and stand-ins into the copy, replacing files that differ (atomically)."""
    for rel, content in our_files().items():
        target = game / RES_DIR / rel
        if target.is_file() and target.read_bytes() == content:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + f".tmp{os.getpid()}")
        tmp.write_bytes(content)
        tmp.replace(target)


def prepare(game_dir: Path, godot: str, log=print) -> Path:
    """The prepared copy of ``game_dir`` (made, and its assets imported, when not cached yet)."""
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    game = root / f"game-{SHORT}"
    stamp = game / ".yomi_prepared"
    with open(root / f"game-{SHORT}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one preparation at a time, also across processes
        if not stamp.is_file():
            log(f"preparing a copy of the game in {game} (once; the assets are imported by the Godot editor)")
            if game.exists():
                shutil.rmtree(game)
            shutil.copytree(game_dir, game, ignore=shutil.ignore_patterns(".git", ".import"), symlinks=True)
            for pattern in ("bin/*.gdns", "lib/lib.tres", "lib/tbfg.*", "lib/libtbfg.*"):
                for path in game.glob(pattern):
                    path.unlink()
            project = game / "project.godot"
            project.write_text(patch_project(project.read_text(encoding="utf-8")), encoding="utf-8")
            music = game / "sound" / "music" / "bg1.mp3"
            if not music.is_file() or music.stat().st_size == 0:
                music.parent.mkdir(parents=True, exist_ok=True)
                music.write_bytes(_SILENT_FRAME * 40)
            deploy_ours(game)
            _import_assets(game, godot, log)
            missing, total = _import_targets(game)
            if missing:
                raise RecordError(f"{missing} of {total} assets were not imported (log: {game / '.import_log.txt'})")
            stamp.write_text(COMMIT + "\n")
        deploy_ours(game)
    return game
