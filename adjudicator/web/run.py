"""Start the server: check the libraries are there, build the app, run it on uvicorn."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.errors import InputError

if TYPE_CHECKING:
    from adjudicator.usecases.serving import ServeOptions

NEEDS = "pip install 'adjudicator[serve]'"


def libraries_missing() -> str | None:
    """The first server library not installed, or None."""
    import importlib.util

    for name in ("starlette", "uvicorn", "jinja2"):
        if importlib.util.find_spec(name) is None:
            return name
    return None


def serve(options: ServeOptions, listening: Callable[[], None]) -> None:
    """Run until Ctrl-C; `listening` is called once the port is ours. A port in use or an
    address that cannot be bound is one sentence, never uvicorn's log."""
    missing = libraries_missing()
    if missing:
        raise InputError(f"serve needs {missing}, which is not installed: {NEEDS}.")
    import uvicorn

    from adjudicator.web.app import Settings, create_app

    app = create_app(Settings(folder=options.folder, base_url=options.base_url, auto_deadline=options.auto_deadline,
                              roll=options.roll))
    sock = bound_socket(options.bind, options.port)
    listening()
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
