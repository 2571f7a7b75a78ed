"""The README's picture of the bridge: the game's own window, the mod playing P2, saved as a PNG.

Needs a windowed Godot 3.6 (not the headless build), an X display (``xvfb-run`` gives one), and the
recorder's prepared copy of your game checkout (``yomi record`` makes it once: ``$YOMI_RECORD_CACHE``).
The mod is put where the game's own mod loader looks (``mods/`` beside the running executable) and
loaded by it; ``integration/tools/bridge/godot/ScreenshotMain.gd`` opens the game's main scene,
starts a single-player match as the character select does, plays P1 with random clicks, and saves
the viewport (the game's 640x360) after ``--turns`` turns.

    uv run python scripts/bridge_screenshot.py --game-copy ~/.cache/yomi/record/game-4450348 \\
        --exe-dir DIR_OF_GODOT_EXECUTABLE --godot "GODOT_COMMAND ..." -o docs/bridge.png
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from integration.tools.bridge.headless import deploy
from integration.tools.bridge.install import build_zip
from integration.tools.bridge.server import BridgeServer
from integration.tools.record.prepare import _private_user_dirs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game-copy", required=True, help="the recorder's prepared copy of the game")
    ap.add_argument("--exe-dir", required=True, help="the folder of the running executable (its mods/ is read)")
    ap.add_argument("--godot", required=True, help="the windowed Godot 3 command line")
    ap.add_argument("--opponent", default="agents/ninja-mirror.safetensors")
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("-o", "--out", required=True)
    args = ap.parse_args()
    game = Path(args.game_copy)
    deploy(game)
    mods = Path(args.exe_dir) / "mods"
    mods.mkdir(exist_ok=True)
    (mods / "yomi_bridge.zip").write_bytes(build_zip())
    with tempfile.TemporaryDirectory(prefix="yomi-shot-") as tmp:
        run = Path(tmp)
        server = BridgeServer(opponent=args.opponent, save_dir=run / "saved", log=print)
        server.write_connection_file(run / "conn.json", side=2)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        (run / "shot.json").write_text(json.dumps({"p1": "Ninja", "p2": "Ninja", "seed": args.seed,
                                                   "turns": args.turns, "out": str(Path(args.out).resolve())}))
        env = dict(os.environ, YOMI_SHOT_CONFIG=str(run / "shot.json"), YOMI_BRIDGE_CONNECTION=str(run / "conn.json"),
                   **_private_user_dirs(run / "xdg"))
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", *shlex.split(args.godot), "--path", str(game),
               "--audio-driver", "Dummy", "res://_yomi_bridge/ScreenshotMain.tscn"]
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, timeout=args.timeout)
        finally:
            server.shutdown()
            server.server_close()
    text = (done.stdout + done.stderr).decode(errors="replace")
    print("\n".join(line for line in text.splitlines() if "YOMI BRIDGE" in line or "SHOT" in line or "Loaded" in line))
    return 0 if Path(args.out).is_file() else 1


if __name__ == "__main__":
    sys.exit(main())
