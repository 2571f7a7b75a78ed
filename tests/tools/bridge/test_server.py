"""yomi bridge serve: the server and its protocol, driven by a scripted client (no game needed).

The client stands in for the game's mod: it plays the match on its own engine (from the same
characters, seed and settings), sends each turn's decisions and tick digests as the mod does, and
plays the server's answers for the agent's side.  A whole match ends with no divergence and a trace
that replays identically; a digest the client alters is a divergence at that tick, saved to a file;
hostile requests are refused with one line and change nothing.
"""
from __future__ import annotations

import http.client
import json
import threading
import zipfile

import pytest

from integration.engine import create_match
from integration.env import action_layout as AL
from integration.tools.bridge.install import InstallError, build_zip, install
from integration.tools.bridge.protocol import MAX_BODY, digest
from integration.tools.bridge.server import BridgeServer
from integration.tools.bridge.session import PolicyPlayer, policy_choice
from integration.tools.cli import main as yomi_main
from integration.tracefile import read_trace

SETTINGS = {"game_length": 300}       # a whole match in a few dozen turns


class Client:
    """HTTP to the server (the standard library's client)."""

    def __init__(self, server: BridgeServer):
        self.port, self.token = server.server_address[1], server.token

    def post(self, path: str, body=None, *, raw: bytes | None = None, token: str | None = "default",
             host: str | None = None, length: int | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        data = raw if raw is not None else json.dumps(body).encode()
        conn.putrequest("POST", path, skip_host=True)
        conn.putheader("Host", host or f"127.0.0.1:{self.port}")
        conn.putheader("Content-Type", "application/json")
        if token is not None:
            conn.putheader("X-Yomi-Token", self.token if token == "default" else token)
        conn.putheader("Content-Length", str(len(data) if length is None else length))
        conn.endheaders(data)
        resp = conn.getresponse()
        out = json.loads(resp.read())
        conn.close()
        return resp.status, out


class ScriptedGame:
    """The game's side of the protocol, on an engine of its own (what the mod sends, field by field)."""

    def __init__(self, client: Client, p1="Ninja", p2="Ninja", seed=3, agent=2, settings=SETTINGS):
        self.client, self.agent = client, agent
        self.start_body = {"protocol": 1, "game_version": "1.9.27-steam-unstable", "p1": p1, "p2": p2, "seed": seed,
                           "match_data": {"singleplayer": True, "seed": seed, "selected_characters":
                                          {"1": {"name": p1}, "2": {"name": p2}}, **settings},
                           "agent": agent}
        self.match = create_match(p1, p2, seed, settings, "c")
        self.chars = (AL.CHAR_INDEX[p1], AL.CHAR_INDEX[p2])
        self.bot = PolicyPlayer("random", seed + 100, (p1, p2))
        self.turn, self.session, self.decisions, self.ticks = 0, None, None, []

    def start(self):
        status, out = self.client.post("/start", self.start_body)
        assert status == 200, out
        self.session = out["session"]
        self.run()

    def run(self):
        while not self.match.is_waiting() and self.match.result() is None:
            self.match.tick()
            self.ticks.append(digest(self.match.current_tick, self.match.state()))

    def request(self, end=False) -> dict:
        return {"session": self.session, "turn": self.turn, "tick": self.match.current_tick,
                "decisions": self.decisions, "ticks": self.ticks, "end": end}

    def send(self, body: dict):
        status, out = self.client.post("/turn", body)
        if status == 200:
            self.turn += 1
            self.ticks = []
        return status, out

    def play_turn(self, answer: dict) -> None:
        bot = policy_choice(self.match, self.chars, 300, 3 - self.agent, self.bot)
        choices = {self.agent: answer, 3 - self.agent: bot}
        for player in (1, 2):
            c = choices[player]
            self.match.submit(player, c["action"], c["data"], c["extra"])
        self.decisions = {"p1": choices[1], "p2": choices[2]}
        self.run()


@pytest.fixture
def server(tmp_path):
    srv = BridgeServer(opponent="random", save_dir=tmp_path / "saved", log=lambda text: None)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def test_a_whole_match_stays_in_lockstep_and_its_trace_replays(server, capsys):
    game = ScriptedGame(Client(server))
    game.start()
    answers = 0
    while game.match.result() is None:
        status, out = game.send(game.request())
        assert status == 200 and out["divergence"] is None, out
        assert out["answer"]["action"] in game.match.legal_actions(game.agent)
        answers += 1
        game.play_turn(out["answer"])
    status, out = game.send(game.request(end=True))
    assert status == 200 and out["divergence"] is None and out["answer"] is None
    assert out["result"] == game.match.result() and answers > 5
    trace = read_trace(out["trace"], require_end=True)
    assert trace.end["tick"] == game.match.current_tick and len(trace.turns) == answers
    assert yomi_main(["parity", "trace", out["trace"], "--engine", "c"]) == 0
    assert "1/1 traces identical" in capsys.readouterr().out
    # the session is over: another turn is refused
    assert game.send(game.request())[0] == 409


@pytest.mark.parametrize("change", ["hp", "object", "missing tick", "decision tick"])
def test_a_digest_that_differs_is_a_divergence_saved_with_its_first_tick(server, change):
    game = ScriptedGame(Client(server), p1="Cowboy", p2="Wizard", seed=5)
    game.start()
    for _ in range(3):
        status, out = game.send(game.request())
        assert status == 200 and out["divergence"] is None
        game.play_turn(out["answer"])
    body = game.request()
    target = body["ticks"][len(body["ticks"]) // 2]
    expected = target["tick"]
    if change == "hp":
        target["p1"][4] += 1
    elif change == "object":
        target["objects"].append(["9", 0, 0, "0", "0", "Default", 1])
    elif change == "missing tick":
        body["ticks"].remove(target)
    else:
        body["tick"] += 1
        expected = game.match.current_tick
    status, out = game.send(body)
    assert status == 200 and out["answer"] is None
    d = out["divergence"]
    assert d["tick"] == expected and d["differences"]
    saved = json.loads(open(d["file"]).read())
    assert saved["first_tick"] == expected and saved["format"] == "yomi-bridge-divergence/1"
    assert len(saved["decisions"]) == 3 and saved["p1"] == "Cowboy"
    assert game.send(game.request())[0] == 409       # no answer after a divergence


def _start_body(**changes):
    body = ScriptedGame.__new__(ScriptedGame)
    ScriptedGame.__init__(body, None)
    return {**body.start_body, **changes}


@pytest.mark.parametrize("changes, words", [
    ({"protocol": 2}, "protocol"),
    ({"game_version": "1.9.20"}, "version"),
    ({"p1": "Goku"}, "character"),
    ({"seed": 2**64}, "seed"),
    ({"seed": True}, "seed"),
    ({"agent": 3}, "agent"),
    ({"match_data": {"mystery": 1}}, "does not know"),
    ({"match_data": {"game_length": "long"}}, "settings"),
    ({"extra_key": 1}, "unknown"),
])
def test_bad_start_requests_are_refused(server, changes, words):
    status, out = Client(server).post("/start", _start_body(**changes))
    assert status in (400, 409) and out["ok"] is False and words in out["error"]
    assert server.session is None


@pytest.mark.parametrize("kwargs, status", [
    ({"token": None}, 403), ({"token": "wrong"}, 403), ({"host": "evil.example:80"}, 403),
    ({"raw": b"{not json"}, 400), ({"raw": b"[" * 100_000}, 400), ({"raw": b"{}", "length": MAX_BODY + 1}, 413),
])
def test_hostile_http_is_refused(server, kwargs, status):
    code, out = Client(server).post("/start", _start_body(), **kwargs)
    assert code == status and out["ok"] is False
    assert server.session is None


def _bad_turns(game: ScriptedGame):
    good = game.request()
    first = dict(good["ticks"][0]) if good["ticks"] else {"tick": 1, "p1": [0] * 7, "p2": [0] * 7, "objects": []}
    yield "stale turn", {**good, "turn": good["turn"] + 1}, 409
    yield "other session", {**good, "session": good["session"] + 1}, 409
    yield "unknown key", {**good, "x": 1}, 400
    yield "decisions missing a side", {**good, "decisions": {"p1": good["decisions"]["p1"]}}, 400
    yield "illegal action", {**good, "decisions": {**good["decisions"], "p2": {"action": "Hadouken", "data": None,
                                                                               "extra": {}}}}, 422
    yield "float data", {**good, "decisions": {**good["decisions"], "p1": {
        **good["decisions"]["p1"], "data": {"x": 0.5}}}}, 400
    yield "deep data", {**good, "decisions": {**good["decisions"], "p1": {
        **good["decisions"]["p1"], "data": {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}}}}, 400
    yield "ticks not increasing", {**good, "ticks": [first, first]}, 400
    yield "digest of the wrong shape", {**good, "ticks": [{**first, "p1": [1, 2, 3]}]}, 400
    yield "too many objects", {**good, "ticks": [{**first, "objects": [["o", 0, 0, "0", "0", None, 0]] * 300}]}, 400
    yield "tick not an integer", {**good, "tick": "12"}, 400


def test_hostile_turn_requests_are_refused_and_change_nothing(server):
    game = ScriptedGame(Client(server), seed=9)
    game.start()
    status, out = game.send(game.request())
    game.play_turn(out["answer"])
    before = server.session.status()
    for name, body, expected in _bad_turns(game):
        status, out = game.client.post("/turn", body)
        assert (status, out["ok"]) == (expected, False), (name, out)
        assert server.session.status() == before, name
    status, out = game.send(game.request())        # the right request still plays
    assert status == 200 and out["divergence"] is None and out["answer"]


def _exit_status(argv) -> int:
    try:
        return yomi_main(argv)
    except SystemExit as exc:         # the option parser's errors
        return exc.code


def test_the_search_and_unknown_policies_are_refused_on_the_command_line(capsys):
    assert _exit_status(["bridge", "serve", "--opponent", "search"]) == 2
    assert "search" in capsys.readouterr().err
    assert _exit_status(["bridge", "serve", "--opponent", "search:k=4"]) == 2
    assert _exit_status(["bridge"]) == 2


def test_the_mod_zip_holds_only_our_three_files_and_the_loaders_metadata(tmp_path):
    data = build_zip()
    assert build_zip() == data                       # the same bytes every time
    with zipfile.ZipFile(tmp_path / "m.zip", "w") as _:
        pass
    (tmp_path / "m.zip").write_bytes(data)
    with zipfile.ZipFile(tmp_path / "m.zip") as zf:
        names = sorted(zf.namelist())
        assert names == ["yomi_bridge/BridgeLink.gd", "yomi_bridge/ModMain.gd", "yomi_bridge/_metadata"]
        meta = json.loads(zf.read("yomi_bridge/_metadata"))
        for name in names[:2]:
            assert b"Written for yomi" in zf.read(name) and b"contains no game code" in zf.read(name)
    assert {"name", "friendly_name", "description", "author", "version", "link", "id", "overwrites", "requires",
            "priority"} <= set(meta)
    assert meta["requires"] == [""] and meta["client_side"] is True


def test_install_writes_the_zip_into_the_games_mods_folder_only(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "YourOnlyMoveIsHUSTLE.pck").write_bytes(b"x")
    path = install(tmp_path / "game")
    assert path == (tmp_path / "game" / "mods" / "yomi_bridge.zip").resolve() and path.read_bytes() == build_zip()
    assert sorted(p.name for p in (tmp_path / "game").rglob("*")) == ["YourOnlyMoveIsHUSTLE.pck", "mods",
                                                                       "yomi_bridge.zip"]
    with pytest.raises(InstallError, match="not the game's folder"):
        install(tmp_path)
    with pytest.raises(InstallError, match="not a folder"):
        install(tmp_path / "missing")
    assert yomi_main(["bridge", "install", "--game-dir", str(tmp_path / "missing")]) == 2


def test_the_connection_file_is_private_and_removed_when_the_server_stops(tmp_path):
    srv = BridgeServer(opponent="random", save_dir=tmp_path / "saved", log=lambda text: None)
    path = tmp_path / "yomi_bridge.json"
    srv.write_connection_file(path, side=1)
    assert json.loads(path.read_text()) == {"url": srv.url, "token": srv.token, "side": 1}
    assert path.stat().st_mode & 0o077 == 0
    srv.server_close()
    assert not path.exists()
