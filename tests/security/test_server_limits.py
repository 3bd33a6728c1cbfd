"""A client that sends half a request is cut off; the data folder is readable by its owner only."""

from __future__ import annotations

import socket
import stat
from pathlib import Path

import pytest

from tests.dashboard.site import Site, close_site, open_site
from tests.security.live_site import HEADER_SECONDS

pytestmark = pytest.mark.slow
PATIENCE = 60  # seconds a socket read waits before this test gives up on the server


def _closed_by_server(connection: socket.socket) -> bool:
    connection.settimeout(PATIENCE)
    try:
        while connection.recv(4096):
            pass  # an answer (the 408, say) before the close
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_half_a_request_is_cut_off(live_site: Site) -> None:
    with socket.create_connection(("127.0.0.1", live_site.port)) as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        assert _closed_by_server(connection), f"still open after {PATIENCE} s (deadline {HEADER_SECONDS} s)"


def test_half_a_second_request_on_a_kept_alive_connection_is_cut_off(live_site: Site) -> None:
    with socket.create_connection(("127.0.0.1", live_site.port)) as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        connection.settimeout(PATIENCE)
        assert connection.recv(4096).startswith(b"HTTP/1.1 200")
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        assert _closed_by_server(connection)


def _open_to_others(root: Path) -> list[str]:
    loose = []
    for path in [root, *root.rglob("*")]:
        if path.is_socket():
            continue
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            loose.append(f"{path.relative_to(root.parent)} {oct(mode)}")
    return loose


def test_the_embedded_data_folder_is_private(tmp_path: Path) -> None:
    """The SQLite database (webhook secrets, student code), its WAL and the broker's AOF: owner only."""
    site = open_site(tmp_path, embedded=True)
    try:
        site.start()
        site.submit("c1", "ana", "layer_norm", "x = 1\n")
        data = tmp_path / "data"
        names = {path.name for path in data.rglob("*")}
        assert {"autograder.db", "autograder.db-wal"} <= names, names
        assert any(name.endswith(".aof") or "appendonly" in name for name in names), names
        assert _open_to_others(data) == []
    finally:
        close_site(site)
