"""One match of the real game, headless, with one side played through the bridge's mod.

The recorder's machinery (:mod:`integration.tools.record.prepare`: the prepared copy of the user's
checkout, Godot 3 headless, our stand-ins for the game's native library) runs
``godot/BridgeDriver.gd``: the recorder's driver, with the mod's zip loaded as the game's mod loader
loads it and the mod playing ``side`` against the recorder's seeded random bot.  It writes the
game's trace and its own ``.replay`` of the match, as ``yomi record --replay`` does.

Contract: :func:`run_match` returns the driver's ``BRIDGE RESULT`` counters and the trace's end
line, or raises :class:`integration.tools.record.prepare.RecordError` with one sentence.
"""
from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from integration.tools.record.prepare import RecordError, _private_user_dirs

from .install import build_zip

OURS = Path(__file__).resolve().parent / "godot"
RES_DIR = "_yomi_bridge"


def deploy(game: Path) -> None:
    """Our headless driver into the prepared copy (``res://_yomi_bridge/``)."""
    target = game / RES_DIR
    target.mkdir(exist_ok=True)
    for path in sorted(OURS.iterdir()):
        if path.suffix in (".gd", ".tscn"):
            dest = target / path.name
            if not dest.is_file() or dest.read_bytes() != path.read_bytes():
                tmp = dest.with_name(dest.name + f".tmp{os.getpid()}")
                tmp.write_bytes(path.read_bytes())
                tmp.replace(dest)


def run_match(game: Path, godot: str, *, p1: str, p2: str, seed: int, side: int, url: str, token: str,
              out: Path, replay_out: Path, game_length: int = 3000, timeout: float = 3600.0) -> dict:
    """Play one match; returns ``{"bridge": counters, "end": the trace's end line, "log": tail}``."""
    deploy(game)
    with tempfile.TemporaryDirectory(prefix="yomi-bridge-") as tmp:
        run = Path(tmp)
        zip_path = run / "yomi_bridge.zip"
        zip_path.write_bytes(build_zip())
        config = {"p1": p1, "p2": p2, "seed": seed, "out": str(out), "game_length": game_length,
                  "replay_out": str(replay_out), "bridge_zip": str(zip_path), "bridge_url": url,
                  "bridge_token": token, "bridge_side": side}
        (run / "config.json").write_text(json.dumps(config))
        env = dict(os.environ, YOMI_TRACE_CONFIG=str(run / "config.json"), **_private_user_dirs(run / "xdg"))
        try:
            done = subprocess.run([godot, "--path", str(game), "--fixed-fps", "60", "--audio-driver", "Dummy",
                                   f"res://{RES_DIR}/BridgeMain.tscn"], capture_output=True, env=env,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RecordError(f"no result after {timeout:.0f} s") from None
    text = (done.stdout + done.stderr).decode(errors="replace")
    tail = "\n".join([l for l in text.splitlines() if "YOMI BRIDGE" in l or "SCRIPT ERROR" in l or "   at: " in l][:40] + text.splitlines()[-10:])
    lines = [line for line in text.splitlines() if line.startswith("BRIDGE RESULT ")]
    if done.returncode != 0 or not lines or not out.is_file():
        raise RecordError(f"Godot exited with status {done.returncode}:\n{tail}")
    with open(out, "rb") as handle:
        end = json.loads(handle.read().decode().splitlines()[-1])
    return {"bridge": json.loads(lines[-1][len("BRIDGE RESULT "):]), "end": end, "log": tail,
            "script_errors": text.count("SCRIPT ERROR")}
