"""The page's WebRTC connections, for playing together: the other module that touches
the page (beside dom.py), and only for this.

A screen asks for connection work with page effects (`Context.effect`), each naming its
connection by a key (a seat's number on the host, "host" on a friend's device):

- `peer-offer KEY ICE`: open a connection with a data channel and describe this device
  (the invitation's half); ICE is a JSON list of STUN server URLs, empty on one network;
- `peer-answer KEY DESCRIPTION ICE`: answer another device's description (the reply);
- `peer-accept KEY DESCRIPTION`: take the reply, which completes the connection;
- `peer-send KEY TEXT`, `peer-close KEY`.

What happens comes back to `App.peer(kind, key, payload)`: `described` (this device's
description, once every way to reach it is known), `open`, `message`, `closed` and
`failed` (with a reason in words), and `unsteady` / `steady` around a blip: a
connection the browser finds "disconnected" (a phone's Wi-Fi wavering, a locked screen)
often comes back by itself, so it is reported as unsteady and given RECOVER_S seconds
before it is closed and reported `closed`. A description waits until the browser has gathered
every candidate address (no trickling: the description travels once, by hand), or
GATHER_S seconds at most.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

from js import Object, RTCPeerConnection
from pyodide.ffi import JsException, create_proxy, to_js

GATHER_S = 6.0  # the longest wait for the browser to find its addresses
RECOVER_S = 15.0  # how long a "disconnected" connection may take to come back
CLOSING = {"failed": "failed", "closed": "closed"}

Report = Callable[[str, str, str], None]


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=Object.fromEntries)


class Connections:
    def __init__(self, report: Report) -> None:
        self.report = report
        self.peers: dict[str, Any] = {}
        self.channels: dict[str, Any] = {}
        self.listening: dict[str, list[tuple[Any, str, Any]]] = {}
        self.working: set[asyncio.Future[None]] = set()
        self.unsteady: set[str] = set()  # keys reported unsteady, not yet back

    def run(self, kind: str, payload: tuple[str, ...]) -> None:
        """Carry out one `peer-…` effect."""
        key = payload[0]
        if kind == "peer-offer":
            self._spawn(key, self._offer(key, json.loads(payload[1])))
        elif kind == "peer-answer":
            self._spawn(key, self._answer(key, payload[1], json.loads(payload[2])))
        elif kind == "peer-accept":
            self._spawn(key, self._accept(key, payload[1]))
        elif kind == "peer-send":
            channel = self.channels.get(key)
            if channel is not None and str(channel.readyState) == "open":
                try:
                    channel.send(payload[1])
                except JsException as exc:
                    self.report("failed", key, f"a message could not be sent ({exc})")
        elif kind == "peer-close":
            self.close(key)

    def _spawn(self, key: str, work: Any) -> None:
        async def guarded() -> None:
            try:
                await work
            except Exception as exc:  # any browser refusal: told, never thrown
                self.report("failed", key, f"{type(exc).__name__}: {exc}")

        task = asyncio.ensure_future(guarded())
        self.working.add(task)  # held until done (a task only weakly held may vanish)
        task.add_done_callback(self.working.discard)

    def _listen(self, key: str, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(event, proxy)
        self.listening.setdefault(key, []).append((target, event, proxy))

    def _connection(self, key: str, ice: list[str]) -> Any:
        self.close(key)
        servers = [{"urls": url} for url in ice]
        peer = RTCPeerConnection.new(_js({"iceServers": servers}))
        self.peers[key] = peer

        def state(_event: Any) -> None:
            now = str(peer.connectionState)
            if self.peers.get(key) is not peer:
                return
            if now in CLOSING:
                self.report(CLOSING[now], key, now)
            elif now == "disconnected" and key not in self.unsteady:
                self.unsteady.add(key)
                self.report("unsteady", key, "")
                self._spawn(key, self._recover(key, peer))
            elif now == "connected" and key in self.unsteady:
                self.unsteady.discard(key)
                self.report("steady", key, "")

        self._listen(key, peer, "connectionstatechange", state)
        return peer

    async def _recover(self, key: str, peer: Any) -> None:
        """Give a disconnected connection RECOVER_S seconds to come back, then close it."""
        until = time.monotonic() + RECOVER_S
        while time.monotonic() < until:
            await asyncio.sleep(0.25)
            now = str(peer.connectionState)
            if self.peers.get(key) is not peer or now != "disconnected":
                return  # back (reported by `state`), failed or closed, or replaced
        self.close(key)
        self.report("closed", key, "no answer")

    def _channel(self, key: str, channel: Any) -> None:
        self.channels[key] = channel
        self._listen(key, channel, "open", lambda _e: self.report("open", key, ""))
        self._listen(key, channel, "message", lambda e: self.report("message", key, str(e.data)))
        self._listen(key, channel, "close", lambda _e: self._closed(key, channel))

    def _closed(self, key: str, channel: Any) -> None:
        """The table's channel closed: the connection under it is over too. It is closed
        here, so that what its browser says of it later (a late "disconnected" some
        seconds on) cannot reach a new connection made under the same key."""
        if self.channels.get(key) is channel:
            self.close(key)
            self.report("closed", key, "closed")

    async def _described(self, key: str, peer: Any) -> None:
        await peer.setLocalDescription()
        until = time.monotonic() + GATHER_S
        while str(peer.iceGatheringState) != "complete" and time.monotonic() < until:
            await asyncio.sleep(0.05)
        self.report("described", key, str(peer.localDescription.sdp))

    async def _offer(self, key: str, ice: list[str]) -> None:
        peer = self._connection(key, ice)
        self._channel(key, peer.createDataChannel("table", _js({"ordered": True})))
        await self._described(key, peer)

    async def _answer(self, key: str, description: str, ice: list[str]) -> None:
        peer = self._connection(key, ice)
        self._listen(key, peer, "datachannel", lambda e: self._channel(key, e.channel))
        await peer.setRemoteDescription(_js({"type": "offer", "sdp": description}))
        await self._described(key, peer)

    async def _accept(self, key: str, description: str) -> None:
        peer = self.peers.get(key)
        if peer is None:
            self.report("failed", key, "that invitation is no longer open on this device")
            return
        await peer.setRemoteDescription(_js({"type": "answer", "sdp": description}))

    def close(self, key: str) -> None:
        """Close the connection `key` (if open), silently: no `closed` is reported."""
        peer = self.peers.pop(key, None)
        channel = self.channels.pop(key, None)
        self.unsteady.discard(key)
        for target, event, proxy in self.listening.pop(key, []):
            target.removeEventListener(event, proxy)
            proxy.destroy()
        for thing in (channel, peer):
            if thing is not None:
                with contextlib.suppress(JsException):
                    thing.close()
