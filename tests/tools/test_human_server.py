"""yomi play --human: the server's API driven from Python (no browser).

A whole match against ``random`` played through HTTP and replayed tick for tick by ``yomi parity
trace`` on both engines; the preview checked against what really happens when the opponent holds;
bad and stale requests refused with nothing changed; the command line's errors and its Ctrl-C.
"""
from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.env import check_action_obs, fallback_action
from integration.tools.human.server import Game, HumanServer
from integration.tools.human.session import HumanMatch, default_action, describe_decision
from integration.tracefile import read_trace

SHORT = {"game_length": 600}     # a whole match in a few dozen turns (the game's timer ends it)


class Client:
    """Minimal HTTP client for the server (the standard library's, so the test needs nothing more)."""

    def __init__(self, server: HumanServer):
        self.port = server.server_address[1]
        self.token = server.token

    def request(self, method: str, path: str, body=None, *, token: str | None = "default", raw: bytes | None = None,
                host: str | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Content-Type": "application/json"}
        if token == "default":
            headers["X-Yomi-Token"] = self.token
        elif token is not None:
            headers["X-Yomi-Token"] = token
        if host is not None:
            conn.putrequest(method, path, skip_host=True)
            conn.putheader("Host", host)
            data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
            for k, v in headers.items():
                conn.putheader(k, v)
            conn.putheader("Content-Length", str(len(data)))
            conn.endheaders(data)
        else:
            data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
            conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        payload = resp.read()
        conn.close()
        ctype = resp.getheader("Content-Type", "")
        return resp.status, (json.loads(payload) if ctype.startswith("application/json") else payload.decode())

    def state(self) -> dict:
        status, body = self.request("GET", "/api/state")
        assert status == 200, body
        return body


@pytest.fixture
def served(tmp_path):
    game = Game(opponent="random", c1="ninja", c2="wizard", seed=5, side=1, save_dir=tmp_path, settings=SHORT)
    server = HumanServer(game)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, Client(server)
    server.shutdown()
    server.server_close()
    thread.join(10)


def random_legal_action(panel: dict, rng: np.random.Generator) -> list:
    """A legal action from the panel alone (what the page offers): a move, a listed value per head."""
    move = panel["moves"][int(rng.integers(len(panel["moves"])))]
    action = [0] * panel["n_heads"]
    action[0] = move["index"]
    for w in move["heads"]:
        action[w["head"]] = w["choices"][int(rng.integers(len(w["choices"])))]["bin"]
    return action


def snapshot(match: HumanMatch) -> tuple:
    """Everything a request could change: the engine match, the open decision, the trace so far."""
    return (json.dumps(match.env.backend.matches[0].state(), sort_keys=True), match.turn,
            match.env.observations.tobytes(), len(match.recorder.ticks), len(match.recorder.turns),
            json.dumps(match.status(), sort_keys=True))


# ------------------------------------------------------------------------------------------------
# a whole match
# ------------------------------------------------------------------------------------------------
def test_whole_match_against_random_replays_identically(served, tmp_path, capsys):
    server, client = served
    rng = np.random.default_rng(0)
    status, page = client.request("GET", f"/?token={client.token}", token=None)
    assert status == 200 and 'id="match-data"' in page and "yomi play --human" in page
    state = client.state()
    assert state["turn"] == 0 and state["result"] is None and state["p1"] == "Ninja" and state["p2"] == "Wizard"
    chosen = []
    for turn in range(400):
        action = random_legal_action(state["panel"], rng)
        # every panel value is legal by the env's own check (the panel is built from the masks)
        assert check_action_obs(server.game.match.env.observations[0], np.asarray(action)) is None
        # a preview every turn: none may leave a trace in the match (the replay below would differ)
        status, prev = client.request("POST", "/api/preview", {"match": 1, "turn": turn, "action": action})
        assert status == 200, prev
        assert prev["ticks"] and prev["error"] is None
        assert prev["choice"]["action"] in [m["name"] for m in state["panel"]["moves"]] + ["Continue"]
        status, out = client.request("POST", "/api/turn", {"match": 1, "turn": turn, "action": action})
        assert status == 200, out
        assert out["turn"] == turn + 1 and len(out["ticks"]) == len(out["boxes"]) >= 1
        chosen.append(out["turn_line"]["p1"])
        state = out
        if out["result"] is not None:
            break
    result = state["result"]
    assert result is not None, "the match did not end"
    assert result["turns"] == len(chosen) and result["outcome"] in ("win", "loss", "draw")
    # the trace: complete, every turn as submitted, the same end as the result
    trace = read_trace(state["trace"], require_end=True)
    assert trace.header["format"] == "yomi-trace/1" and trace.header["match_settings"]["game_length"] == 600
    assert [t["p1"] for t in trace.turns] == chosen
    assert trace.end["winner"] == result["winner"] and trace.end["p1_hp"] == result["p1_hp"]
    assert trace.ticks[-1]["tick"] == result["ticks"] - 1
    # the page (reloaded now) embeds the match in the viewer's encoding: decoded, every tick of the trace
    from integration.tools.watch.page import PAGE_VERSION, extract_data

    status, page = client.request("GET", f"/?token={client.token}", token=None)
    data = extract_data(page)
    assert status == 200 and data["version"] == PAGE_VERSION
    assert data["runs"][0]["ticks"] == trace.ticks and len(data["derived_boxes"][0]) == len(trace.ticks)
    # ... that yomi watch reads
    from integration.tools.watch.cli import main as watch_main

    assert watch_main([state["trace"], "--out", str(tmp_path / "watch.html")]) == 0
    assert (tmp_path / "watch.html").stat().st_size > 10_000
    # ... replayed tick for tick by both engines
    from integration.tools.parity import main as parity_main

    capsys.readouterr()
    for engine in ("c", "python"):
        assert parity_main(["trace", state["trace"], "--engine", engine]) == 0
        last = capsys.readouterr().out.strip().splitlines()[-1]
        n = len(trace.ticks)
        assert last == f"parity: 1/1 traces identical, {n}/{n} ticks identical", (engine, last)
    # the match is over: turns are refused; a rematch starts match 2 with the next seed
    status, err = client.request("POST", "/api/turn", {"match": 1, "turn": len(chosen), "action": [0] * AL.N_HEADS})
    assert status == 409 and "over" in err["error"]
    status, again = client.request("POST", "/api/rematch", {"match": 1})
    assert status == 200 and again["match"] == 2 and again["turn"] == 0 and again["result"] is None
    assert server.game.match.seed == 6 and again["trace"] != state["trace"]
    status, err = client.request("POST", "/api/rematch", {"match": 1})
    assert status == 409


def test_a_rematch_whose_trace_cannot_be_written_is_one_error_and_keeps_the_match(served, tmp_path, capfd):
    server, client = served
    before = client.state()
    (tmp_path / "blocked").write_text("")  # the save folder's name taken by a file since the first match
    server.game.save_dir = tmp_path / "blocked"
    status, err = client.request("POST", "/api/rematch", {"match": 1})
    assert status == 500 and "the next match cannot start" in err["error"] and "blocked" in err["error"]
    assert "Traceback" not in capfd.readouterr().err  # a refusal, not a bug's traceback
    assert client.state() == before  # match 1 goes on
    server.game.save_dir = tmp_path
    status, again = client.request("POST", "/api/rematch", {"match": 1})
    assert status == 200 and again["match"] == 2


# ------------------------------------------------------------------------------------------------
# the preview
# ------------------------------------------------------------------------------------------------
def test_preview_is_what_happens_when_the_opponent_holds(tmp_path):
    """The preview runs on a clone; the same action then played against an opponent that holds
    gives exactly the previewed positions and states, tick by tick."""
    m = HumanMatch(opponent="random", c1="ninja", c2="robot", seed=2, trace_path=tmp_path / "p.jsonl.gz", side=2)

    def hold(obs, masks):         # the opponent holds, as the preview assumes
        _, sts, _, _ = m.env.backend.decisions[0]
        return fallback_action(int(m.env.backend.chars[0, 0]), sts[0])[None, :]

    m.policy = hold
    rng = np.random.default_rng(1)
    compared = 0
    for turn in range(6):
        action = random_legal_action(m.panel(), rng)
        before = snapshot(m)
        prev = m.preview({"match": 1, "turn": turn, "action": action})
        assert snapshot(m) == before, "the preview changed the match"
        n = len(m.recorder.ticks)
        out = m.play({"match": 1, "turn": turn, "action": action})
        played = m.recorder.ticks[n:]
        assert len(prev["ticks"]) == len(played)
        for p, t in zip(prev["ticks"], played):
            assert p["tick"] == t["tick"]
            for who in ("p1", "p2"):
                assert p[who] == {k: t[who][k] for k in p[who]}
        assert out["turn_line"]["p2"]["action"] == prev["choice"]["action"]
        compared += len(played)
        if out["result"] is not None:
            break
    assert compared > 0
    m.close()


def test_panel_offers_exactly_the_legal_actions(tmp_path):
    """Each (move, head, value) of the panel is legal, and every legal move is offered."""
    m = HumanMatch(opponent="random", c1="cowboy", c2="mutant", seed=4, trace_path=tmp_path / "c.jsonl.gz")
    row = m.env.observations[0]
    move_mask, data_mask = AL.decode_masks(row[O.FEATURE_SIZE:])
    panel = describe_decision(row)
    assert sorted(mv["index"] for mv in panel["moves"]) == np.nonzero(move_mask)[0].tolist()
    kinds = set()
    for mv in panel["moves"]:
        base = default_action(panel, mv["index"])
        assert check_action_obs(row, np.asarray(base)) is None
        for w in mv["heads"]:
            kinds.add(w["kind"])
            off, size = AL.DATA_OFFSETS[w["head"] - 1], AL.DATA_SIZES[w["head"] - 1]
            assert [c["bin"] for c in w["choices"]] == np.nonzero(data_mask[mv["index"], off:off + size])[0].tolist()
            for c in w["choices"]:
                a = list(base)
                a[w["head"]] = c["bin"]
                assert check_action_obs(row, np.asarray(a)) is None
    assert {"xy", "dir8", "slider", "check", "options"} <= kinds
    m.close()


# ------------------------------------------------------------------------------------------------
# bad requests
# ------------------------------------------------------------------------------------------------
def test_bad_requests_are_refused_and_change_nothing(served):
    server, client = served
    state = client.state()
    panel = state["panel"]
    good = default_action(panel, panel["moves"][0]["index"])
    illegal_move = next(u for u in range(AL.K1) if u not in {mv["index"] for mv in panel["moves"]})
    too_big = AL.HEAD_SIZES[1]
    cases = [
        ("GET", "/api/state", None, {"token": None}, 403, "token"),
        ("GET", "/api/state", None, {"token": "x" * 32}, 403, "token"),
        ("GET", "/", None, {"token": None}, 403, "token"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": good}, {"token": "nope"}, 403, "token"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": good}, {"host": "evil.example:80"}, 403, "Host"),
        ("POST", "/api/turn", None, {"raw": b"{not json"}, 400, "malformed JSON"),
        ("POST", "/api/turn", None, {"raw": b"\xff\xfe"}, 400, "malformed JSON"),
        ("POST", "/api/turn", [1, 2], {}, 400, "JSON object"),
        ("POST", "/api/turn", {"match": 1, "turn": 0}, {}, 400, "action"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": good[:-1]}, {}, 400, "action"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": [True] + good[1:]}, {}, 400, "integers"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": [0.0] + good[1:]}, {}, 400, "integers"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": [0, too_big] + good[2:]}, {}, 400, "range"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": [illegal_move] + good[1:]}, {}, 422, "illegal"),
        ("POST", "/api/preview", {"match": 1, "turn": 0, "action": [illegal_move] + good[1:]}, {}, 422, "illegal"),
        ("POST", "/api/turn", {"match": 1, "turn": 3, "action": good}, {}, 409, "stale"),
        ("POST", "/api/turn", {"match": 2, "turn": 0, "action": good}, {}, 409, "stale"),
        ("POST", "/api/turn", {"match": True, "turn": 0, "action": good}, {}, 409, "stale"),
        ("POST", "/api/preview", {"match": 1, "turn": "0", "action": good}, {}, 409, "stale"),
        ("POST", "/api/rematch", {"match": 7}, {}, 409, "stale"),
        ("POST", "/api/nothing", {}, {}, 404, "no such"),
        ("GET", "/etc/passwd", None, {}, 404, "no such"),
        ("POST", "/api/turn", None, {"raw": b" " * (70 * 1024)}, 413, "at most"),
    ]
    # hostile bodies and headers: each a 4xx with one line, never a 500 with a traceback
    cases += [
        ("POST", "/api/turn", None, {"raw": b"[" * 20000 + b"]" * 20000}, 400, "malformed JSON"),
        ("POST", "/api/turn", None, {"raw": b'{"match": ' + b"9" * 5000 + b"}"}, 400, "malformed JSON"),
        ("POST", "/api/turn", None, {"raw": b'{"match": NaN}'}, 400, "malformed JSON"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": good}, {"host": f" 127.0.0.1:{client.port}"}, 403,
         "Host"),
        ("POST", "/api/turn", {"match": 1, "turn": 0, "action": good}, {"host": f"127.0.0.1:{client.port} "}, 403,
         "Host"),
    ]
    # a data value the masks refuse for a move that has a head with a restricted choice
    for mv in panel["moves"]:
        for w in mv["heads"]:
            size = AL.HEAD_SIZES[w["head"]]
            refused = [b for b in range(size) if b not in {c["bin"] for c in w["choices"]}]
            if refused:
                a = default_action(panel, mv["index"])
                a[w["head"]] = refused[0]
                cases.append(("POST", "/api/turn", {"match": 1, "turn": 0, "action": a}, {}, 422, "illegal"))
                break
    assert cases[-1][-2] == 422
    before = snapshot(server.game.match)
    for method, path, body, kw, want, words in cases:
        status, out = client.request(method, path, body, **kw)
        assert status == want, (path, body, kw, status, out)
        assert out["ok"] is False and words in out["error"], out
        assert snapshot(server.game.match) == before, (path, body, kw)
    # a turn played, then the same turn again: stale
    status, out = client.request("POST", "/api/turn", {"match": 1, "turn": 0, "action": good})
    assert status == 200
    after = snapshot(server.game.match)
    status, out = client.request("POST", "/api/turn", {"match": 1, "turn": 0, "action": good})
    assert status == 409 and "turn 0 was already played" in out["error"], out
    assert snapshot(server.game.match) == after


_JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-2**80, 2**80), st.floats(allow_nan=False),
                               st.text(max_size=4)),
                     lambda inner: st.one_of(st.lists(inner, max_size=5),
                                             st.dictionaries(st.sampled_from(["match", "turn", "action", "x"]), inner,
                                                             max_size=4)), max_leaves=30)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/api/preview", "/api/turn", "/api/rematch"]), body=_JSON)
def test_request_body_fuzz(served, path, body):
    """Any JSON body on any endpoint: played (200) or refused with a 4xx and one line, never a 500."""
    server, client = served
    status, out = client.request("POST", path, body)
    assert status in (200, 400, 409, 413, 422), (status, out)
    assert out["ok"] is (status == 200), out


def test_turns_and_rematches_at_the_same_time_never_fail(served, capfd):
    """A turn and a rematch sent at once: each is played or refused as stale (409), never a 500;
    the game's lock orders them."""
    server, client = served
    for _ in range(8):
        state = client.state()
        panel = state["panel"]
        turn = {"match": state["match"], "turn": state["turn"],
                "action": default_action(panel, panel["moves"][0]["index"])}
        go = threading.Barrier(2)
        statuses = []

        def send(path, body):
            go.wait()
            statuses.append(client.request("POST", path, body)[0])

        threads = [threading.Thread(target=send, args=("/api/turn", turn)),
                   threading.Thread(target=send, args=("/api/rematch", {"match": state["match"]}))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(statuses) in ([200, 200], [200, 409]), statuses
    assert "Traceback" not in capfd.readouterr().err


def test_page_closing_stops_the_server(tmp_path, monkeypatch):
    """/api/bye stops serve_forever once no request comes within the grace period; a request in
    the meantime (a reload) keeps it running.  The grace period's timer is the test's to fire, so
    the test waits on events (the timer's end, the server's thread ending), never on the clock."""
    from integration.tools.human import server as srv

    class Timer:                          # threading.Timer, fired by the test instead of the clock
        made: list = []

        def __init__(self, interval, function):
            self.interval, self.function, self.daemon, self.cancelled = interval, function, False, False
            Timer.made.append(self)

        def start(self):
            pass

        def cancel(self):
            self.cancelled = True

        def fire(self):
            if not self.cancelled:
                self.function()

    monkeypatch.setattr(srv.threading, "Timer", Timer)
    game = Game(opponent="random", c1="ninja", c2="ninja", seed=1, side=1, save_dir=tmp_path)
    server = HumanServer(game)
    stops = []
    shutdown = server.shutdown
    monkeypatch.setattr(server, "shutdown", lambda: (stops.append(True), shutdown()))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    client = Client(server)
    assert client.request("POST", "/api/bye", {})[0] == 200
    assert [t.interval for t in Timer.made] == [srv.BYE_GRACE_S]
    client.state()                       # a reload within the grace period: the server stays
    Timer.made[0].fire()                 # the grace period ends
    assert not stops and thread.is_alive()
    assert client.state()                # still answering
    assert client.request("POST", "/api/bye", {})[0] == 200
    Timer.made[1].fire()                 # no request this time: the server stops
    thread.join(30)
    assert stops and not thread.is_alive()
    server.server_close()


# ------------------------------------------------------------------------------------------------
# the command line
# ------------------------------------------------------------------------------------------------
def test_cli_errors(capsys, tmp_path):
    from integration.tools.cli import main as yomi_main

    def main(argv):
        return yomi_main(["play"] + argv)

    assert main(["--human", "--no-browser", "--c1", "bogus"]) == 2
    assert "unknown character 'bogus'" in capsys.readouterr().err
    assert main(["--human", "--no-browser", "--opponent", str(tmp_path / "missing.safetensors")]) == 2
    assert "no checkpoint" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--human", "--side", "3"])


@pytest.mark.parametrize("argv, message", [
    (["--save-dir", "{tmp}/a_file"], "--save-dir {tmp}/a_file: is not a folder"),
    (["--save-dir", ""], "--save-dir : an empty name (name a folder)"),
    (["--save-dir", "{tmp}/a_file/sub"], "--save-dir {tmp}/a_file/sub: {tmp}/a_file is not a folder"),
    pytest.param(["--save-dir", "/proc/nope"], "--save-dir /proc/nope: cannot create files in /proc",
                 marks=pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")),
    (["--seed", "-1"], "--seed must be from 0 to 9,223,372,036,854,775,807, got -1"),
    (["--seed", "99999999999999999999999"],
     "--seed must be from 0 to 9,223,372,036,854,775,807, got 99999999999999999999999"),
])
def test_bad_save_dir_and_seed_are_one_line_before_any_match(capsys, tmp_path, monkeypatch, argv, message):
    from integration.tools.cli import main as yomi_main
    from integration.tools.human import server

    def no_match(*args, **kwargs):
        raise AssertionError("a match started")

    monkeypatch.setattr(server, "Game", no_match)
    (tmp_path / "a_file").write_text("")
    before = sorted(tmp_path.rglob("*"))
    rc = yomi_main(["play", "--human", "--no-browser", *(a.replace("{tmp}", str(tmp_path)) for a in argv)])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("yomi play: error: " + message.replace("{tmp}", str(tmp_path))), err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert sorted(tmp_path.rglob("*")) == before


def test_a_missing_save_dir_is_made_only_once_the_opponent_is_built(capsys, tmp_path):
    from integration.tools.cli import main as yomi_main

    save = tmp_path / "runs" / "human"
    assert yomi_main(["play", "--human", "--no-browser", "--opponent", str(tmp_path / "missing.safetensors"),
                      "--save-dir", str(save)]) == 2
    assert "no checkpoint" in capsys.readouterr().err and not (tmp_path / "runs").exists()
    game = Game(opponent="random", c1="ninja", c2="ninja", seed=1, side=1, save_dir=save, settings=SHORT)
    try:
        assert save.is_dir() and Path(game.saved[0]).parent == save
    finally:
        game.close()


def untrained_checkpoint(path: Path, p1: str = "ninja", p2: str = "ninja") -> str:
    """A checkpoint of an untrained learner, in the trainer's format, as if trained on p1 vs p2."""
    import torch

    from integration.train import checkpoint as ckpt
    from integration.train.policy import MaskedActorCritic

    spec = AL.action_spec()
    torch.manual_seed(0)
    net = MaskedActorCritic(spec, 32, 1)
    ckpt.save_atomic({"policy": net.state_dict(), "spec": spec.describe(),
                      "config": {"hidden": 32, "layers": 1, "p1": p1, "p2": p2}}, path)
    return str(path)


def test_checkpoint_opponent_of_another_pairing_is_refused(tmp_path):
    """A checkpoint trained on Robot vs Ninja (either seat) is refused on the Ninja mirror with the
    flag that allows it, and plays it with --any-pairing."""
    opponent = untrained_checkpoint(tmp_path / "latest.safetensors", "robot", "ninja")
    with pytest.raises(ValueError, match="was trained on robot vs ninja, not ninja vs ninja .--any-pairing"):
        HumanMatch(opponent=opponent, c1="ninja", c2="ninja", seed=7, trace_path=tmp_path / "a.jsonl.gz")
    assert not (tmp_path / "a.jsonl.gz").exists()
    m = HumanMatch(opponent=opponent, c1="ninja", c2="ninja", seed=7, trace_path=tmp_path / "b.jsonl.gz",
                   any_pairing=True)
    m.close()


def test_checkpoint_opponent(tmp_path):
    """A checkpoint answers every turn with a legal choice; the C-engine twin the opponent decides
    on and the recorded Python-engine match stay in lockstep."""
    opponent = untrained_checkpoint(tmp_path / "latest.safetensors", "robot", "ninja")
    m = HumanMatch(opponent=opponent, c1="robot", c2="ninja", seed=7, side=2, trace_path=tmp_path / "s.jsonl.gz")
    rng = np.random.default_rng(2)
    for turn in range(4):
        out = m.play({"match": 1, "turn": turn, "action": random_legal_action(m.panel(), rng)})
        assert out["turn"] == turn + 1
        assert np.array_equal(m.twin.observations, m.env.observations)
        legal = out["turn_line"]["legal"]["p1"]
        assert out["turn_line"]["p1"]["action"] in legal
        if out["result"] is not None:
            break
    m.close()


def test_search_opponent(tmp_path):
    """The search opponent decides on the C-engine twin (it clones the twin's match): every answer is
    in the recorded legal list, and the twin and the recorded match stay in lockstep."""
    m = HumanMatch(opponent="search:k=3,turns=1", c1="ninja", c2="cowboy", seed=3, side=1,
                   trace_path=tmp_path / "q.jsonl.gz")
    rng = np.random.default_rng(5)
    for turn in range(4):
        out = m.play({"match": 1, "turn": turn, "action": random_legal_action(m.panel(), rng)})
        assert out["turn"] == turn + 1
        assert np.array_equal(m.twin.observations, m.env.observations)
        assert out["turn_line"]["p2"]["action"] in out["turn_line"]["legal"]["p2"]
        if out["result"] is not None:
            break
    m.close()


def test_cli_serves_and_stops_on_ctrl_c(tmp_path):
    """The command prints its URL, serves the page, and Ctrl-C ends it (nothing left running)."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "integration.tools.cli", "play", "--human", "--no-browser",
                             "--save-dir", str(tmp_path), "--seed", "3"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env, cwd=Path(__file__).resolve().parents[2])
    try:
        url = None
        deadline = time.monotonic() + 120
        lines = []
        while time.monotonic() < deadline and url is None:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "open http://127.0.0.1:" in line:
                url = line.split("open ", 1)[1].strip()
        assert url, "".join(lines)
        port, token = int(url.split(":")[2].split("/")[0]), url.split("token=")[1]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", f"/?token={token}")
        resp = conn.getresponse()
        assert resp.status == 200 and b'id="match-data"' in resp.read()
        conn.close()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
        assert proc.returncode == 0, out
        assert "stopped" in out and "saved:" in out
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
