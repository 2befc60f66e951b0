"""Start the server: check the libraries are there, build the app, run it on uvicorn."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path
from typing import Callable, Optional

from adjudicator.errors import InputError

NEEDS = "pip install 'adjudicator[serve]'"


def libraries_missing() -> Optional[str]:
    """The first server library not installed, or None."""
    import importlib.util

    for name in ("starlette", "uvicorn", "jinja2"):
        if importlib.util.find_spec(name) is None:
            return name
    return None


def serve(folder: Path, base_url: Optional[str], bind: str, port: int, *, auto_deadline: bool, roll: bool,
          say: Callable[[str], None]) -> None:
    """Run until Ctrl-C. A port in use or an address that cannot be bound is one sentence."""
    missing = libraries_missing()
    if missing:
        raise InputError(f"serve needs {missing}, which is not installed: {NEEDS}.")
    import uvicorn

    from adjudicator.web.app import Settings, create_app

    app = create_app(Settings(folder=folder, base_url=base_url, auto_deadline=auto_deadline, roll=roll))
    sock = bound_socket(bind, port)
    if not is_loopback(bind):
        say(f"warning: listening on {bind}: players' links travel in clear unless a reverse proxy with TLS is in "
            "front (README, 'Playing through links').")
    say(f"serving {folder} at http://{bind}:{port}/m/NAME{' (closing sealed phases at their deadlines)' if auto_deadline else ''}; "
        "Ctrl-C stops.")
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, proxy_headers=True,
                            server_header=False)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()


def bound_socket(bind: str, port: int) -> socket.socket:
    """The listening socket, bound here so that a port in use is one sentence (uvicorn would
    log it and exit)."""
    try:
        infos = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise InputError(f"--bind {bind}: not an address of this machine ({exc.strerror}).") from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise InputError(f"cannot listen on {bind}:{port} ({exc.strerror or exc}); is another server using "
                         "that port? Give another with --port.") from None
    sock.set_inheritable(True)
    return sock


def is_loopback(bind: str) -> bool:
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return bind == "localhost"
