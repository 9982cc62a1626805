"""The page's WebRTC connections (`spyweb/rtc.py`) on CPython: the browser's side is
played by small stand-ins for `RTCPeerConnection` and its data channel, put in place of
Pyodide's `js` and `pyodide.ffi` modules for the import, so what rtc.py reports for
each change of the connection's state is checked without a browser (the e2e suite
checks a real connection)."""

from __future__ import annotations

import asyncio
import importlib
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import pytest


class Target:
    def __init__(self) -> None:
        self.handlers: dict[str, list[Callable[[Any], None]]] = {}
        self.closed = False

    def addEventListener(self, event: str, handler: Callable[[Any], None]) -> None:
        self.handlers.setdefault(event, []).append(handler)

    def removeEventListener(self, event: str, handler: Callable[[Any], None]) -> None:
        self.handlers[event].remove(handler)

    def fire(self, event: str, value: Any = None) -> None:
        for handler in list(self.handlers.get(event, [])):
            handler(value)

    def close(self) -> None:
        self.closed = True


class Peer(Target):
    """A stand-in RTCPeerConnection whose state the test sets."""

    made: ClassVar[list[Peer]] = []

    def __init__(self) -> None:
        super().__init__()
        self.connectionState = "new"
        self.iceGatheringState = "complete"
        self.localDescription = types.SimpleNamespace(sdp="v=0")
        Peer.made.append(self)

    @classmethod
    def new(cls, _config: Any) -> Peer:
        return cls()

    def createDataChannel(self, _label: str, _options: Any) -> Target:
        channel = Target()
        channel.readyState = "connecting"  # type: ignore[attr-defined]
        return channel

    async def setLocalDescription(self) -> None:
        return None

    def becomes(self, state: str) -> None:
        self.connectionState = state
        self.fire("connectionstatechange")


class Proxy:
    """`create_proxy`: a callable the page may destroy."""

    def __init__(self, f: Callable[[Any], None]) -> None:
        self.f = f

    def __call__(self, value: Any) -> None:
        self.f(value)

    def destroy(self) -> None:
        pass


@pytest.fixture
def rtc(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    js = types.ModuleType("js")
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    js.RTCPeerConnection = Peer  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.JsException = RuntimeError  # type: ignore[attr-defined]
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.to_js = lambda value, dict_converter=None: value  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "spyweb.rtc", raising=False)
    module = importlib.import_module("spyweb.rtc")
    monkeypatch.setattr(module, "RECOVER_S", 0.6)
    Peer.made.clear()
    yield module
    sys.modules.pop("spyweb.rtc", None)


def opened(rtc: types.ModuleType) -> tuple[Any, Peer, list[tuple[str, str, str]]]:
    """A connection offered under key "1", described and connected."""
    reports: list[tuple[str, str, str]] = []
    connections = rtc.Connections(lambda *r: reports.append(r))

    async def offer() -> None:
        connections.run("peer-offer", ("1", "[]"))
        await asyncio.sleep(0.05)

    asyncio.run(offer())
    peer = Peer.made[-1]
    peer.becomes("connected")
    assert reports == [("described", "1", "v=0")]
    return connections, peer, reports


def test_a_blip_is_unsteady_then_steady_and_the_connection_is_kept(rtc: Any) -> None:
    connections, peer, reports = opened(rtc)

    async def blip() -> None:
        peer.becomes("disconnected")
        peer.becomes("disconnected")  # told twice by the browser: reported once
        await asyncio.sleep(0.3)
        peer.becomes("connected")
        await asyncio.sleep(rtc.RECOVER_S + 0.3)  # the wait ends: nothing more to say

    asyncio.run(blip())
    assert reports[1:] == [("unsteady", "1", ""), ("steady", "1", "")]
    assert connections.peers["1"] is peer and not peer.closed


def test_a_connection_that_does_not_come_back_in_time_is_closed(rtc: Any) -> None:
    connections, peer, reports = opened(rtc)

    async def lost() -> None:
        peer.becomes("disconnected")
        await asyncio.sleep(rtc.RECOVER_S - 0.3)
        assert reports[1:] == [("unsteady", "1", "")]  # not yet: it may still come back
        await asyncio.sleep(0.6)

    asyncio.run(lost())
    assert reports[1:] == [("unsteady", "1", ""), ("closed", "1", "no answer")]
    assert "1" not in connections.peers and peer.closed


def test_a_failed_or_closed_connection_is_reported_at_once(rtc: Any) -> None:
    _connections, peer, reports = opened(rtc)
    peer.becomes("failed")
    assert reports[-1] == ("failed", "1", "failed")
    _connections, peer, reports = opened(rtc)
    peer.becomes("closed")
    assert reports[-1] == ("closed", "1", "closed")


def test_a_closed_channel_ends_its_connection_and_what_its_browser_says_later(
    rtc: Any,
) -> None:
    """The table's channel closes (the host reloaded): `closed` is reported once, the
    connection is closed, and its browser's late "disconnected" reports nothing, so it
    cannot make a new connection under the same key look unsteady."""
    connections, peer, reports = opened(rtc)
    channel = connections.channels["1"]
    channel.fire("close")
    assert reports[1:] == [("closed", "1", "closed")]
    assert "1" not in connections.peers and peer.closed
    peer.becomes("disconnected")
    channel.fire("close")
    assert reports[1:] == [("closed", "1", "closed")]
