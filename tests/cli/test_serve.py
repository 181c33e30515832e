"""``palace serve``'s bad input: one sentence and exit status 2; a reachable address is said so.

No browser here: these run the command's ``main`` in this process (the server itself is
stubbed where it would start, so nothing listens for long).
"""

from __future__ import annotations

import socket
import sys

import pytest

from palace_tui.cli import serve as serve_cli


def one_sentence(text: str) -> str:
    """The text is one line, one sentence, ended by a full stop; returns it."""
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    line = lines[0]
    assert line.endswith(".") and line.count(". ") == 0, line
    return line


def test_a_port_in_use_is_one_sentence_and_status_2(capsys):
    pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert serve_cli.main(["--port", str(port)]) == 2
    out = capsys.readouterr()
    line = one_sentence(out.err)
    assert f"port {port}" in line and "something else is using that port" in line and "--port" in line
    assert out.out == ""


@pytest.mark.parametrize("host", ["no-such-host.invalid", "300.1.2.3", "bad host"])
def test_a_bad_host_is_one_sentence_and_status_2(capsys, host):
    pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")
    assert serve_cli.main(["--host", host, "--port", "8123"]) == 2
    line = one_sentence(capsys.readouterr().err)
    assert line == f"palace serve: There is no address called {host!r} to listen on."


@pytest.mark.parametrize("port", ["0", "65536", "http", "-1"])
def test_a_bad_port_is_one_sentence_and_status_2(capsys, port):
    assert serve_cli.main(["--port", port]) == 2
    assert "--port must be a number from 1 to 65535" in one_sentence(capsys.readouterr().err)


def test_the_missing_web_extra_is_one_sentence_and_status_2(capsys, monkeypatch):
    """As if textual-serve were not installed: importing it fails (None in sys.modules does that)."""
    for name in ("textual_serve", "textual_serve.server"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "palace_tui.web.server", raising=False)
    assert serve_cli.main(["--port", str(free_port())]) == 2
    line = one_sentence(capsys.readouterr().err)
    assert line == "palace serve: palace serve needs the web extra: pip install 'palace-tui[web]'."


class StubServer:
    """Stands in for textual-serve's server: records what it was given, serves nothing."""

    made: list[dict] = []

    def __init__(self, command, **kwargs) -> None:
        StubServer.made.append({"command": command, **kwargs})

    def serve(self) -> None:
        pass


@pytest.fixture
def stub_server(monkeypatch):
    pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")
    from palace_tui.web import server

    StubServer.made = []
    monkeypatch.setattr(server, "PalaceServer", StubServer)
    return StubServer.made


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_loopback_says_nothing_about_who_can_reach_it(capsys, stub_server):
    assert serve_cli.main(["--port", str(free_port())]) == 0
    assert capsys.readouterr().err == ""
    assert stub_server[0]["host"] == "127.0.0.1" and stub_server[0]["title"] == "Palace"


def test_every_network_is_told_who_can_reach_it_in_one_sentence(capsys, stub_server):
    port = free_port()
    assert serve_cli.main(["--host", "0.0.0.0", "--port", str(port)]) == 0
    line = one_sentence(capsys.readouterr().err)
    assert line.startswith("Anyone with any device on the networks this computer is on can open")
    assert f":{port}" in line and "no password" in line


def test_the_lessons_are_served_with_their_own_title(stub_server):
    assert serve_cli.main(["--learn", "--port", str(free_port())]) == 0
    made = stub_server[0]
    assert made["title"] == "Learn Palace" and made["command"][-3:] == ["-m", "palace_tui", "learn"]
