"""``yomi bridge serve``: the local server the game's mod asks for a policy's decisions.

The HTTP layer over :class:`integration.tools.bridge.session.BridgeSession`.  It reuses the
human-play server's request handling (:class:`integration.tools.human.server.Handler`): 127.0.0.1
only, a random token required on every request (the ``X-Yomi-Token`` header), the ``Host`` header
checked byte for byte, the body's size bounded and its JSON read by the traces' parser.  A refused
request gets ``{"ok": false, "error": ...}`` and changes nothing.

Endpoints (JSON, docs/BRIDGE.md): ``GET /status``; ``POST /start`` a new match (it replaces the
previous one, whose trace is closed); ``POST /turn`` a turn.  The connection file
(``{"url", "token", "side"}``, mode 0600) tells the mod where the server is; the server removes it when it stops.
"""
from __future__ import annotations

import json
import os
import secrets
import threading
from http import HTTPStatus
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Optional
from urllib.parse import urlsplit

from integration.tools.human.server import Handler

from .protocol import MAX_BODY, ProtocolError
from .session import BridgeSession


class BridgeHandler(Handler):
    server: "BridgeServer"

    def _body(self):
        try:
            n = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise ProtocolError("bad Content-Length") from None
        if n < 0 or n > MAX_BODY:
            raise ProtocolError(f"the body must be at most {MAX_BODY} bytes", 413)
        raw = self.rfile.read(n)
        from integration.tracefile import TraceError, parse_line

        try:
            return parse_line(None, None, raw)
        except TraceError as exc:
            raise ProtocolError(f"malformed JSON: {exc.message}") from None

    def do_GET(self):
        if not self._authorised():
            return
        if urlsplit(self.path).path != "/status":
            self._error(HTTPStatus.NOT_FOUND, f"no such page {urlsplit(self.path).path!r}")
            return
        with self.server.lock:
            s = self.server.session
            self._json(HTTPStatus.OK, {"ok": True, "policy": self.server.opponent,
                                       "session": s.status() if s else None})

    def do_POST(self):
        if not self._authorised():
            return
        path = urlsplit(self.path).path
        try:
            body = self._body()
            if path == "/start":
                out = self.server.start(body)
            elif path == "/turn":
                out = self.server.turn(body)
            else:
                self._error(HTTPStatus.NOT_FOUND, f"no such endpoint {path!r}")
                return
            self._json(HTTPStatus.OK, {"ok": True, **out})
        except ProtocolError as exc:
            self._error(exc.status, str(exc))
        except Exception as exc:            # a bug: the mod gets an answer, the terminal the traceback
            import traceback

            traceback.print_exc()
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error: {type(exc).__name__}: {exc}")


class BridgeServer(ThreadingHTTPServer):
    """The bridge's server on 127.0.0.1 (``port`` 0: a free port), one match at a time."""

    daemon_threads = True

    def __init__(self, *, opponent: str, save_dir: Path, port: int = 0, token: Optional[str] = None,
                 engine: str = "c", any_pairing: bool = False, verbose: bool = False, log=print):
        super().__init__(("127.0.0.1", port), BridgeHandler)
        self.opponent, self.save_dir, self.engine, self.any_pairing = opponent, Path(save_dir), engine, any_pairing
        self.token = token or secrets.token_urlsafe(24)
        self.verbose = verbose
        self.log = log
        port = self.server_address[1]
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        self.lock = threading.Lock()          # one request at a time touches the match
        self.session: Optional[BridgeSession] = None
        self.matches = 0
        self.connection_file: Optional[Path] = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def touch(self) -> None:              # the human server's idle bookkeeping; the bridge has none
        pass

    def write_connection_file(self, path: Path, side: int = 2) -> None:
        """``{"url", "token", "side"}`` for the mod, readable by this user only."""
        path = Path(path)
        tmp = path.with_name(path.name + f".tmp{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump({"url": self.url, "token": self.token, "side": side}, out)
        tmp.replace(path)
        self.connection_file = path

    def start(self, body) -> dict:
        with self.lock:
            session = BridgeSession(body, opponent=self.opponent, save_dir=self.save_dir, engine=self.engine,
                                    any_pairing=self.any_pairing, policy_seed=self.matches)
            if self.session is not None:
                self.session.close()
            self.session = session
            self.matches += 1
            self.log(f"match {session.id}: {session.p1} vs {session.p2}, seed {session.seed}; {self.opponent} "
                     f"plays P{session.agent}; trace {session.trace_path}")
            return session.status()

    def turn(self, body) -> dict:
        with self.lock:
            if self.session is None:
                raise ProtocolError("no match: POST /start first", 409)
            session = self.session
            out = session.turn_request(body)
            if session.divergence is not None:
                d = session.divergence
                self.log(f"match {session.id}: DIVERGED at tick {d['tick']}: {'; '.join(d['differences'][:3])} "
                         f"(saved: {d['file']})")
            elif session.result is not None:
                self.log(f"match {session.id}: ended ({session.result.get('reason')}, winner "
                         f"{session.result.get('winner')}); no divergence; trace {session.trace_path}")
            return out

    def server_close(self) -> None:
        super().server_close()
        with self.lock:
            if self.session is not None:
                self.session.close()
        if self.connection_file is not None and self.connection_file.exists():
            self.connection_file.unlink()
