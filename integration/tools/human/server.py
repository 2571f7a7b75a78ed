"""``yomi play --human``: play a match against a policy in the browser.

::

    uv run yomi play --human [--opponent POLICY] [--c1 CHAR --c2 CHAR] [--seed S] [--side 1|2]
                             [--port N] [--no-browser] [--save-dir DIR]

A local HTTP server (the standard library's ``ThreadingHTTPServer``: a handful of JSON endpoints
need nothing more) serves one page (the viewer's renderer plus a turn panel, no network and no
build step) and the match of :class:`integration.tools.human.session.HumanMatch`.

Safety
    The server binds to 127.0.0.1 only.  A random token, printed in the URL, is required on every
    request (``token`` in the query or the ``X-Yomi-Token`` header), and the ``Host`` header must
    name this server (a page of another site cannot reach it through DNS rebinding).  A request
    with a wrong token, for another match or turn, with malformed JSON or an illegal action gets a
    JSON ``{"ok": false, "error": ...}`` answer and changes nothing.

Endpoints (JSON in and out; POST bodies name ``match`` and ``turn``)
    ``GET /`` the page; ``GET /api/state`` the open decision; ``GET /api/ping`` the page is open; ``POST /api/preview`` the prediction
    preview of an action; ``POST /api/turn`` lock in an action; ``POST /api/rematch`` the next
    match (its seed is the previous one plus 1); ``POST /api/bye`` the page is closing.

Lifetime
    Ctrl-C stops the server.  When the page is closed (``/api/bye``) and no request comes within
    ``BYE_GRACE_S`` (a reload comes back at once, and an open page pings every 2 seconds), the
    server stops too.  It starts no process of
    its own (the browser is the user's), so nothing is left behind.
"""
from __future__ import annotations

import hmac
import html
import json
import secrets
import sys
import threading
import time
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Optional
from urllib.parse import parse_qs, urlsplit

from integration.tools.human.session import ENGINE_LOCK, HumanMatch, RequestError
from integration.train.play import MAX_SEED
from integration.options import OptionParser

BYE_GRACE_S = 5.0
MAX_BODY = 64 * 1024


def _asset(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def _embed_json(value) -> str:
    from integration.tools.watch.page import _embed_json as embed

    return embed(value)


def render_page(match: HumanMatch) -> str:
    """The page: the viewer's CSS and JavaScript, the turn panel's, and the match so far as JSON."""
    from integration.tools.watch.page import with_viewer_markup

    p1, p2 = match.characters
    title = f"yomi play: you (P{match.side}) vs {match.opponent_name}"
    who = {match.side: "you", 3 - match.side: match.opponent_name}
    heading = (f'<span class="p1">P1 {html.escape(p1)} ({html.escape(who[1])})</span> vs '
               f'<span class="p2">P2 {html.escape(p2)} ({html.escape(who[2])})</span>')
    page = with_viewer_markup(_asset("integration.tools.human", "page.html"))
    page = page.replace("__TITLE__", html.escape(title), 1).replace("__HEADING__", heading, 1)
    page = page.replace("/*__VIEWER_CSS__*/", _asset("integration.tools.watch", "viewer.css"), 1)
    page = page.replace("/*__CSS__*/", _asset("integration.tools.human", "human.css"), 1)
    page = page.replace("/*__VIEWER_JS__*/", _asset("integration.tools.watch", "viewer.js"), 1)
    page = page.replace("/*__JS__*/", _asset("integration.tools.human", "human.js"), 1)
    before, marker, after = page.partition("__DATA__")
    assert marker, "page.html lost its __DATA__ marker"
    return before + _embed_json(match.page_data()) + after


class Game:
    """The server's state: the current match, how to start the next, and the page's presence."""

    def __init__(self, *, opponent: str, c1: str, c2: str, seed: int, side: int, save_dir: Path,
                 settings: Optional[dict] = None, any_pairing: bool = False):
        self.opponent, self.c1, self.c2, self.side, self.settings = opponent, c1, c2, side, settings
        self.any_pairing = any_pairing
        self.seed = seed
        self.save_dir = Path(save_dir)
        self.stamp = time.strftime("%Y%m%d-%H%M%S")
        self.lock = threading.Lock()
        self.match: Optional[HumanMatch] = None
        self.saved: list = []
        self.start(1)

    def trace_path(self, n: int) -> Path:
        return self.save_dir / f"human-{self.stamp}-{n}.jsonl.gz"

    def start(self, n: int) -> HumanMatch:
        with ENGINE_LOCK:
            return self._start(n)

    def _start(self, n: int) -> HumanMatch:
        """Start match n; the match before it is closed only once the new one has started, so a
        new match that cannot start (its trace cannot be written) leaves the old one as it was."""
        match = HumanMatch(opponent=self.opponent, c1=self.c1, c2=self.c2, seed=self.seed + n - 1,
                           side=self.side, trace_path=self.trace_path(n), match_id=n, settings=self.settings,
                           any_pairing=self.any_pairing)
        if self.match is not None:
            self.match.close()
        self.match = match
        self.saved.append(str(self.match.trace_path))
        return self.match

    def rematch(self, body) -> HumanMatch:
        with self.lock:
            if not isinstance(body, dict) or body.get("match") != self.match.match_id or isinstance(body.get("match"), bool):
                raise RequestError(f"stale request: this is match {self.match.match_id}", 409)
            n = self.match.match_id + 1
            try:
                return self.start(n)
            except OSError as exc:  # e.g. the save folder was removed or filled up since the first match
                raise RequestError(f"the next match cannot start: its trace {self.trace_path(n)} cannot be "
                                   f"written ({exc.strerror or exc})", HTTPStatus.INTERNAL_SERVER_ERROR) from None

    def close(self) -> None:
        if self.match is not None:
            self.match.close()


class _LineRecorder:
    """The request's stream, keeping the lines read with readline (the request line and headers,
    at most 256 of them) so that the Host line can be checked as it was received."""

    def __init__(self, stream):
        self.stream = stream
        self.lines: list[bytes] = []

    def readline(self, *args):
        line = self.stream.readline(*args)
        if len(self.lines) < 256:
            self.lines.append(line)
        return line

    def __getattr__(self, name):
        return getattr(self.stream, name)


class Handler(BaseHTTPRequestHandler):
    server: "HumanServer"
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):      # the terminal shows the URL and results, not every request
        if self.server.verbose:
            super().log_message(format, *args)

    # ---- answers ------------------------------------------------------------------------------
    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if ctype.startswith("text/html"):
            # the page runs its own inline code and talks to this server only
            self.send_header("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; "
                             "style-src 'unsafe-inline'; img-src data:; connect-src 'self'")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, value: dict) -> None:
        self._send(status, json.dumps(value, allow_nan=False).encode(), "application/json")

    def _error(self, status: int, message: str) -> None:
        self.close_connection = True       # a refused body may be left unread: do not parse it as a request
        self._json(status, {"ok": False, "error": message})

    # ---- checks -------------------------------------------------------------------------------
    def _authorised(self) -> bool:
        url = urlsplit(self.path)
        hosts = self.headers.get_all("Host") or [""]
        host = hosts[0]
        # exactly one Host header, byte for byte one of this server's names: a folded or padded
        # value (" 127.0.0.1:port") is not one of them
        if len(hosts) != 1 or host not in self.server.hosts or not self._plain_host(host):
            self._error(HTTPStatus.FORBIDDEN, f"unexpected Host header {host!r}")
            return False
        token = self.headers.get("X-Yomi-Token") or (parse_qs(url.query).get("token") or [""])[0]
        if not hmac.compare_digest(token.encode(), self.server.token.encode()):
            self._error(HTTPStatus.FORBIDDEN, "missing or wrong token (use the URL the server printed)")
            return False
        self.server.touch()
        return True

    def setup(self):
        super().setup()
        self.rfile = _LineRecorder(self.rfile)

    def handle_one_request(self):
        self.rfile.lines.clear()  # the request line and headers of this request only
        super().handle_one_request()

    def _plain_host(self, host: str) -> bool:
        """Whether the request's header lines, as received, hold no folded line (one that starts
        with white space, which RFC 9112 tells a server to refuse) and its one Host line is
        ``Host: NAME`` with no other padding (the parser strips what a browser never sends)."""
        lines = self.rfile.lines[1:]
        if any(line[:1] in (b" ", b"\t") for line in lines):
            return False
        raw = [line for line in lines if line[:5].lower() == b"host:"]
        return len(raw) == 1 and raw[0][5:].rstrip(b"\r\n") == b" " + host.encode("latin-1")

    def _body(self):
        try:
            n = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise RequestError("bad Content-Length") from None
        if n < 0 or n > MAX_BODY:
            raise RequestError(f"the body must be at most {MAX_BODY} bytes", 413)
        raw = self.rfile.read(n)
        if not raw:
            return None
        # the traces' JSON reader: UTF-8, no NaN or infinity, no number past Python's digit limit, a
        # nesting too deep for the parser refused; each a 400 with one line, never a traceback.  The
        # fields are then checked by the match (session.py), not by a pydantic or msgspec model: what
        # is valid (the stale match and turn, each head's value) depends on the open decision's masks
        from integration.tracefile import TraceError, parse_line

        try:
            return parse_line(None, None, raw)
        except TraceError as exc:
            raise RequestError(f"malformed JSON: {exc.message}") from None

    # ---- routes -------------------------------------------------------------------------------
    def do_GET(self):
        if not self._authorised():
            return
        path = urlsplit(self.path).path
        game = self.server.game
        if path == "/":
            with game.lock:
                page = render_page(game.match)
            self._send(HTTPStatus.OK, page.encode(), "text/html; charset=utf-8")
        elif path == "/api/ping":
            self._json(HTTPStatus.OK, {"ok": True})
        elif path == "/api/state":
            with game.lock:
                self._json(HTTPStatus.OK, {"ok": True, **game.match.status()})
        else:
            self._error(HTTPStatus.NOT_FOUND, f"no such page {path!r}")

    def do_POST(self):
        if not self._authorised():
            return
        path = urlsplit(self.path).path
        game = self.server.game
        try:
            body = self._body()
            # a turn, a preview and a rematch each hold the game's lock: a rematch never swaps the
            # match under a turn being played
            if path == "/api/preview":
                with game.lock:
                    out = game.match.preview(body)
                self._json(HTTPStatus.OK, {"ok": True, **out})
            elif path == "/api/turn":
                with game.lock:
                    match = game.match
                    out = match.play(body)
                if out["result"] is not None:
                    self.server.announce(match)
                self._json(HTTPStatus.OK, {"ok": True, **out})
            elif path == "/api/rematch":
                m = game.rematch(body)
                self._json(HTTPStatus.OK, {"ok": True, **m.status()})
            elif path == "/api/bye":
                self.server.bye()
                self._json(HTTPStatus.OK, {"ok": True})
            else:
                self._error(HTTPStatus.NOT_FOUND, f"no such endpoint {path!r}")
        except RequestError as exc:
            self._error(exc.status, str(exc))
        except Exception as exc:            # a bug: the page gets an answer, the terminal the traceback
            import traceback

            traceback.print_exc()
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error: {type(exc).__name__}: {exc}")


class HumanServer(ThreadingHTTPServer):
    """The HTTP server of one game on 127.0.0.1 (``port`` 0: a free port)."""

    daemon_threads = True

    def __init__(self, game: Game, port: int = 0, token: Optional[str] = None, verbose: bool = False):
        super().__init__(("127.0.0.1", port), Handler)
        self.game = game
        self.token = token or secrets.token_urlsafe(24)
        self.verbose = verbose
        port = self.server_address[1]
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        self.last_seen = time.monotonic()
        self._bye_timer: Optional[threading.Timer] = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/?token={self.token}"

    def touch(self) -> None:
        self.last_seen = time.monotonic()

    def bye(self) -> None:
        """The page is closing: stop unless another request comes within BYE_GRACE_S."""
        seen = self.last_seen

        def check():
            if self.last_seen == seen:
                threading.Thread(target=self.shutdown, daemon=True).start()

        self._bye_timer = threading.Timer(BYE_GRACE_S, check)
        self._bye_timer.daemon = True
        self._bye_timer.start()

    def announce(self, match: HumanMatch) -> None:
        r = match.result
        print(f"match {match.match_id}: {r['outcome']} by {r['reason']} (hp {r['p1_hp']} - {r['p2_hp']}, "
              f"{r['turns']} turns); trace: {match.trace_path}", flush=True)

    def server_close(self) -> None:
        if self._bye_timer is not None:
            self._bye_timer.cancel()
        super().server_close()
        self.game.close()


def main(argv=None) -> int:
    ap = OptionParser(prog="yomi play --human", description="Play a match against a policy in the browser.")
    ap.add_argument("--opponent", default=None,
                    help="the policy you play against: random, scripted, search[:options] or a checkpoint "
                         ".safetensors (trained on these characters unless --any-pairing); default: the "
                         "pairing's reference agent in agents/ searching each turn, else the search")
    ap.add_argument("--c1", "--char1", dest="c1", default="ninja", help="P1's character (or random)")
    ap.add_argument("--c2", "--char2", dest="c2", default="ninja", help="P2's character (or random)")
    ap.add_argument("--seed", type=int, default=0,
                    help=f"the first match's seed, 0 to {MAX_SEED} (2^63 - 1; a rematch adds 1)")
    ap.add_argument("--side", type=int, choices=(1, 2), default=1, help="the seat you play (1 or 2)")
    ap.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    ap.add_argument("--no-browser", action="store_true", help="print the URL only")
    ap.add_argument("--save-dir", default="runs/human",
                    help="where the matches are saved as traces (made, with its missing parents, if missing)")
    ap.add_argument("--any-pairing", action="store_true",
                    help="let a checkpoint opponent play characters other than the ones it was trained on")
    args = ap.parse_args(argv)
    if not 0 <= args.port < 65536:
        ap.error("--port must be 0..65535")
    from integration.env.action_layout import canonical_character
    from integration.tracefile import output_folder_problem

    # Checked before the first match starts: a rematch adds 1 to the seed, well within the range.
    if not 0 <= args.seed <= MAX_SEED:
        print(f"yomi play: error: --seed must be from 0 to {MAX_SEED:,}, got {args.seed}", file=sys.stderr)
        return 2
    why = "an empty name (name a folder)" if not args.save_dir.strip() else output_folder_problem(args.save_dir)
    if why:
        print(f"yomi play: error: --save-dir {args.save_dir}: {why}", file=sys.stderr)
        return 2
    try:
        for c in (args.c1, args.c2):
            if c != "random":
                canonical_character(c)
        if args.opponent is None:
            from integration.train.reference import default_opponent

            args.opponent = default_opponent(*(c if c == "random" else canonical_character(c)
                                               for c in (args.c1, args.c2)))
        print("starting the match...", flush=True)
        game = Game(opponent=args.opponent, c1=args.c1, c2=args.c2, seed=args.seed, side=args.side,
                    save_dir=Path(args.save_dir), any_pairing=args.any_pairing)
    except OSError as exc:        # the first trace could not be written (e.g. the folder vanished meanwhile)
        print(f"yomi play: error: --save-dir {args.save_dir}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except (ValueError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"yomi play: error: {message}", file=sys.stderr)
        return 2
    try:
        server = HumanServer(game, args.port)
    except OSError as exc:
        game.close()
        print(f"yomi play: cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"yomi play --human: you are P{args.side} ({game.match.characters[args.side - 1]}) against "
          f"{args.opponent}; open {server.url}\n(Ctrl-C to stop; matches are saved in {args.save_dir}/)", flush=True)
    if not args.no_browser:
        try:
            webbrowser.open(server.url)
        except Exception:        # no browser on this machine: the printed URL is enough
            pass
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
    for path in game.saved:
        if Path(path).exists():
            print(f"saved: {path} (watch: uv run yomi watch {path})")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
