"""``yomi bridge``: a yomi policy plays one side of a single-player match inside the real game.

::

    uv run yomi bridge install --game-dir PATH
    uv run yomi bridge serve --opponent POLICY [--game-dir PATH] [--side 1|2] [--port N]
                             [--save-dir DIR] [--engine c|python] [--any-pairing]

``install`` writes the mod (our own GDScript, :mod:`.install`) to ``PATH/mods/yomi_bridge.zip``.
``serve`` starts the local server (:mod:`.server`) the mod asks each turn; POLICY is a policy name
as everywhere (random, scripted or a checkpoint .safetensors; not the search).  With ``--game-dir``
it writes the connection file the mod reads (``PATH/yomi_bridge.json``: the URL, the token and the
side the policy plays, readable by you only) and removes it when it stops.  Every match is saved
as a trace in ``--save-dir`` (default ``runs/bridge``), and a divergence as a file beside it.

Exit status: 0 on success (serve: stopped with Ctrl-C); 2 on bad arguments.
"""
from __future__ import annotations

import sys
from pathlib import Path

from integration.options import OptionParser


def _install(argv) -> int:
    from .install import InstallError, install

    ap = OptionParser(prog="yomi bridge install", description="Install the bridge's mod into your copy of the game.")
    ap.add_argument("--game-dir", required=True, help="your copy of the game: the folder of its executable")
    args = ap.parse_args(argv)
    try:
        path = install(args.game_dir)
    except (InstallError, OSError) as exc:
        print(f"yomi bridge install: {exc}", file=sys.stderr)
        return 2
    print(f"installed {path}\nnext: uv run yomi bridge serve --opponent POLICY --game-dir {args.game_dir}, "
          "then start the game and a single-player match")
    return 0


def _serve(argv) -> int:
    from .install import CONNECTION_FILE, InstallError, check_game_folder
    from .server import BridgeServer

    ap = OptionParser(prog="yomi bridge serve", description="Serve a policy's decisions to the game's mod.")
    ap.add_argument("--opponent", required=True,
                    help="the policy that plays in the game: random, scripted or a checkpoint .safetensors")
    ap.add_argument("--game-dir", help="your copy of the game: the connection file is written there")
    ap.add_argument("--side", type=int, choices=(1, 2), default=2, help="the side the policy plays (default 2)")
    ap.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    ap.add_argument("--save-dir", default="runs/bridge", help="where each match's trace is saved")
    ap.add_argument("--engine", choices=("c", "python"), default="c", help="the engine kept in lockstep")
    ap.add_argument("--any-pairing", action="store_true",
                    help="let a checkpoint play characters other than the ones it was trained on")
    args = ap.parse_args(argv)
    if not 0 <= args.port < 65536:
        ap.error("--port must be 0..65535")
    from integration.train.policies import PolicyNameError, parse_policy_name

    try:
        if parse_policy_name(args.opponent).kind == "search":
            ap.error("the bridge plays random, scripted or a checkpoint (the search needs an env twin)")
    except PolicyNameError as exc:
        ap.error(str(exc))
    folder = None
    if args.game_dir:
        try:
            folder = check_game_folder(args.game_dir)
        except InstallError as exc:
            ap.error(str(exc))
    try:
        server = BridgeServer(opponent=args.opponent, save_dir=Path(args.save_dir), port=args.port,
                              engine=args.engine, any_pairing=args.any_pairing,
                              log=lambda text: print(text, flush=True))
    except OSError as exc:
        print(f"yomi bridge serve: cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if folder is not None:
        server.write_connection_file(folder / CONNECTION_FILE, side=args.side)
        where = f"connection file {folder / CONNECTION_FILE}"
    else:
        where = f"token {server.token} (no --game-dir: give the mod a connection file yourself)"
    print(f"yomi bridge serve: {args.opponent} plays P{args.side} at {server.url}; {where}\n"
          f"start a single-player match in the game (Ctrl-C to stop; traces in {args.save_dir}/)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in ("install", "serve"):
        print("usage: yomi bridge install --game-dir PATH\n"
              "       yomi bridge serve --opponent POLICY [--game-dir PATH] [--side 1|2] [--port N] [--save-dir DIR]",
              file=sys.stderr if argv[:1] not in (["-h"], ["--help"]) else sys.stdout)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    return (_install if argv[0] == "install" else _serve)(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
