"""yomi bridge inside the real game, headless: the reference agent plays a whole match through the mod.

The recorder's machinery runs the game's own scripts in Godot 3 headless (integration/tools/record),
with the mod's zip loaded as the game's mod loader loads it (integration/tools/bridge/headless.py).
The agent plays P2 through the mod against the recorder's seeded random bot; the server keeps its
engine in lockstep and compares every tick's digest.  Needs Godot 3 (``$YOMI_GODOT`` or
``godot3-server``) and ``$YOMI_GAME_DIR`` (a checkout of the game's source at 4450348); skipped
with that reason otherwise, as on CI.
"""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from integration.tools.bridge.headless import run_match
from integration.tools.bridge.server import BridgeServer
from integration.tools.cli import main as yomi_main
from integration.tools.record import prepare
from integration.tracefile import read_trace
from support.godot import GAME_DIR, GODOT, needs_game

AGENT = Path(__file__).resolve().parents[3] / "agents" / "ninja-mirror.safetensors"


def _fields(trace) -> tuple:
    return ([(t["tick"], t["p1"], t["p2"], t["objects"]) for t in trace.ticks],
            [(t["tick"], t["p1"], t["p2"]) for t in trace.turns])


@needs_game
@pytest.mark.slow
def test_the_agent_plays_a_whole_match_in_the_game_with_no_divergence(tmp_path):
    game = prepare.prepare(prepare.check_game_dir(GAME_DIR), GODOT, log=lambda text: None)
    server = BridgeServer(opponent=str(AGENT), save_dir=tmp_path / "saved", log=lambda text: None)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        out = run_match(game, GODOT, p1="Ninja", p2="Ninja", seed=11, side=2, url=server.url, token=server.token,
                        out=tmp_path / "game.jsonl", replay_out=tmp_path / "game.replay")
    finally:
        server.shutdown()
        server.server_close()
    bridge, end = out["bridge"], out["end"]
    assert end["reason"] in ("ko", "timeout"), out["log"]
    # every decision of P2 was the agent's, through the panel; none refused, none late, no divergence
    assert bridge["diverged"] is None and not bridge["stopped"], bridge
    assert (bridge["refused"], bridge["late"], bridge["fallbacks"]) == (0, 0, 0), bridge
    assert bridge["submitted"] == end["turns"] > 0
    assert "0 divergences" in bridge["last"]
    session = server.session
    assert session.divergence is None and session.result["tick"] == end["tick"]
    # the game's trace, the server's engine trace and the game's own replay, imported, agree tick for tick
    assert yomi_main(["replay", "import", str(tmp_path / "game.replay"), "-o", str(tmp_path / "imported.jsonl.gz")]) == 0
    game_trace, served, imported = (read_trace(p) for p in (tmp_path / "game.jsonl", session.trace_path,
                                                            tmp_path / "imported.jsonl.gz"))
    assert _fields(game_trace) == _fields(imported)
    assert _fields(game_trace)[0] == _fields(served)[0]
    assert [(t["p1"], t["p2"]) for t in game_trace.turns] == [(t["p1"], t["p2"]) for t in served.turns]
    assert game_trace.end["tick"] == imported.end["tick"] == served.end["tick"]


class HostileServer(BridgeServer):
    """Answers every turn with ``bad`` in place of the policy's decision."""

    bad: dict = {}

    def turn(self, body) -> dict:
        out = super().turn(body)
        if out.get("answer") is not None:
            out["answer"] = self.bad
        return out


@needs_game
@pytest.mark.slow
@pytest.mark.parametrize("bad, why", [
    ({"action": "Hadouken", "data": None, "extra": {}}, "not offered by the panel"),
    ({"action": "Continue", "data": None, "extra": {"DI": {"x": 0.5, "y": 0}}}, "extra"),
])
def test_the_mod_refuses_a_hostile_answer_and_the_match_goes_on(tmp_path, bad, why):
    game = prepare.prepare(prepare.check_game_dir(GAME_DIR), GODOT, log=lambda text: None)
    server = HostileServer(opponent="random", save_dir=tmp_path / "saved", log=lambda text: None)
    server.bad = bad
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        out = run_match(game, GODOT, p1="Robot", p2="Mutant", seed=4, side=2, url=server.url, token=server.token,
                        out=tmp_path / "game.jsonl", replay_out=tmp_path / "game.replay", game_length=150)
    finally:
        server.shutdown()
        server.server_close()
    bridge = out["bridge"]
    # nothing was submitted for the agent; the refusal is shown; the player (here the bot) played on
    assert bridge["submitted"] == 0 and bridge["refused"] >= 1 and bridge["fallbacks"] == out["end"]["turns"]
    assert out["end"]["reason"] in ("ko", "timeout")
    assert "refused the agent's answer" in out["log"] and why in out["log"]
