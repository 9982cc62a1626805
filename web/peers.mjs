// The page's WebRTC connections, for playing together, carried for the Python in the
// worker. They were Python (spyweb/rtc.py) while Python ran on the page; a worker has no
// RTCPeerConnection (Chromium gives workers none), so the page keeps the connections
// here and the worker asks for them, by message, and hears what happens to them.
//
// A screen asks for connection work with page effects, each naming its connection by a
// key (a seat's number on the host, "host" on a friend's device); `run(kind, payload)`
// carries out one, its payload the effect's strings after its kind:
//
// - `peer-offer [KEY, ICE]`: open a connection with a data channel and describe this
//   device (the invitation's half); ICE is a JSON list of STUN server URLs, empty on one
//   network;
// - `peer-answer [KEY, DESCRIPTION, ICE]`: answer another device's description (the reply);
// - `peer-accept [KEY, DESCRIPTION]`: take the reply, which completes the connection;
// - `peer-send [KEY, TEXT]`, `peer-close [KEY]`.
//
// What happens comes back through `report(kind, key, payload)`, three strings:
// `described` (this device's description, once every way to reach it is known), `open`,
// `message`, `closed` and `failed` (with a reason in words), and `unsteady` / `steady`
// around a blip: a connection the browser finds "disconnected" (a phone's Wi-Fi
// wavering, a locked screen) often comes back by itself, so it is reported as unsteady
// and given RECOVER_S seconds before it is closed and reported `closed`. A reply taken
// (`peer-accept`) whose channel has not opened CONNECT_S seconds later is closed and
// reported `failed` (a reply from a page that is gone, networks that cannot meet): the
// host is told, never left "connecting…". A description
// waits until the browser has gathered every candidate address (no trickling: the
// description travels once, by hand), or GATHER_S seconds at most. Nothing here throws
// at its caller or leaves a promise rejected: a browser's refusal is reported `failed`.
//
// tests/js/peers.test.mjs checks it under Node with stand-ins for the browser's side.

export const GATHER_S = 6; // the longest wait for the browser to find its addresses
export const RECOVER_S = 15; // how long a "disconnected" connection may take to come back
export const CONNECT_S = 20; // how long a taken reply may take to open the table's channel
const CLOSING = { failed: "failed", closed: "closed" };

// "Name: message", as a refusal is reported.
function reason(error) {
  if (error instanceof Error || (error && typeof error === "object" && "message" in error)) {
    return `${error.name ?? "Error"}: ${error.message}`;
  }
  return `Error: ${String(error)}`;
}

export class Connections {
  // options: stand-ins for the browser's side (tests): RTCPeerConnection, now() in
  // seconds, sleep(seconds) a promise; and stamp(what, key, text), told when a message
  // left ("sent") and came ("heard") (the page's, for `make bench`).
  constructor(report, options = {}) {
    this.report = report;
    this.options = options;
    this.stamp = options.stamp ?? (() => {});
    this.now = options.now ?? (() => performance.now() / 1000);
    this.sleep =
      options.sleep ?? ((seconds) => new Promise((done) => setTimeout(done, seconds * 1000)));
    this.peers = new Map();
    this.channels = new Map();
    this.listening = new Map(); // key: [[target, event, handler], ...]
    this.unsteady = new Set(); // keys reported unsteady, not yet back
  }

  // How many other devices are connected to this one now (an open channel each): the
  // update banner waits until none is (boot.js, page.mjs's spygamesCalm).
  live() {
    let open = 0;
    for (const channel of this.channels.values()) {
      if (String(channel.readyState) === "open") open += 1;
    }
    return open;
  }

  // Carry out one `peer-…` effect.
  run(kind, payload) {
    const key = payload[0];
    if (kind === "peer-offer") {
      this._spawn(key, () => this._offer(key, JSON.parse(payload[1])));
    } else if (kind === "peer-answer") {
      this._spawn(key, () => this._answer(key, payload[1], JSON.parse(payload[2])));
    } else if (kind === "peer-accept") {
      this._spawn(key, () => this._accept(key, payload[1]));
    } else if (kind === "peer-send") {
      const channel = this.channels.get(key);
      if (channel !== undefined && String(channel.readyState) === "open") {
        try {
          channel.send(payload[1]);
          this.stamp("sent", key, payload[1]); // its kind and number are in its first characters
        } catch (error) {
          this.report("failed", key, `a message could not be sent (${reason(error)})`);
        }
      }
    } else if (kind === "peer-close") {
      this.close(key);
    }
  }

  // Start `work` (an async function) after this turn, as Python's tasks start: any
  // browser refusal is told, never thrown.
  _spawn(key, work) {
    Promise.resolve()
      .then(work)
      .catch((error) => this.report("failed", key, reason(error)));
  }

  _listen(key, target, event, handler) {
    target.addEventListener(event, handler);
    if (!this.listening.has(key)) this.listening.set(key, []);
    this.listening.get(key).push([target, event, handler]);
  }

  _connection(key, ice) {
    this.close(key);
    const servers = ice.map((url) => ({ urls: url }));
    const Peer = this.options.RTCPeerConnection ?? globalThis.RTCPeerConnection;
    const peer = new Peer({ iceServers: servers });
    this.peers.set(key, peer);

    const state = () => {
      const now = String(peer.connectionState);
      if (this.peers.get(key) !== peer) return;
      if (Object.hasOwn(CLOSING, now)) {
        this.report(CLOSING[now], key, now);
      } else if (now === "disconnected" && !this.unsteady.has(key)) {
        this.unsteady.add(key);
        this.report("unsteady", key, "");
        this._spawn(key, () => this._recover(key, peer));
      } else if (now === "connected" && this.unsteady.has(key)) {
        this.unsteady.delete(key);
        this.report("steady", key, "");
      }
    };

    this._listen(key, peer, "connectionstatechange", state);
    return peer;
  }

  // Give a disconnected connection RECOVER_S seconds to come back, then close it.
  async _recover(key, peer) {
    const until = this.now() + RECOVER_S;
    while (this.now() < until) {
      await this.sleep(0.25);
      const now = String(peer.connectionState);
      if (this.peers.get(key) !== peer || now !== "disconnected") {
        return; // back (reported by `state`), failed or closed, or replaced
      }
    }
    this.close(key);
    this.report("closed", key, "no answer");
  }

  _channel(key, channel) {
    this.channels.set(key, channel);
    this._listen(key, channel, "open", () => this.report("open", key, ""));
    this._listen(key, channel, "message", (event) => {
      const text = String(event.data);
      this.stamp("heard", key, text);
      this.report("message", key, text);
    });
    this._listen(key, channel, "close", () => this._closed(key, channel));
  }

  // The table's channel closed: the connection under it is over too. It is closed here,
  // so that what its browser says of it later (a late "disconnected" some seconds on)
  // cannot reach a new connection made under the same key.
  _closed(key, channel) {
    if (this.channels.get(key) === channel) {
      this.close(key);
      this.report("closed", key, "closed");
    }
  }

  async _described(key, peer) {
    await peer.setLocalDescription();
    const until = this.now() + GATHER_S;
    while (String(peer.iceGatheringState) !== "complete" && this.now() < until) {
      await this.sleep(0.05);
    }
    this.report("described", key, String(peer.localDescription.sdp));
  }

  async _offer(key, ice) {
    const peer = this._connection(key, ice);
    this._channel(key, peer.createDataChannel("table", { ordered: true }));
    await this._described(key, peer);
  }

  async _answer(key, description, ice) {
    const peer = this._connection(key, ice);
    this._listen(key, peer, "datachannel", (event) => this._channel(key, event.channel));
    await peer.setRemoteDescription({ type: "offer", sdp: description });
    await this._described(key, peer);
  }

  async _accept(key, description) {
    const peer = this.peers.get(key);
    if (peer === undefined) {
      this.report("failed", key, "that invitation is no longer open on this device");
      return;
    }
    await peer.setRemoteDescription({ type: "answer", sdp: description });
    const until = this.now() + CONNECT_S;
    while (this.now() < until) {
      await this.sleep(0.25);
      const channel = this.channels.get(key);
      if (this.peers.get(key) !== peer || String(channel?.readyState) === "open") return;
    }
    this.close(key);
    this.report("failed", key, `no answer within ${CONNECT_S} seconds`);
  }

  // Close the connection `key` (if open), silently: no `closed` is reported.
  close(key) {
    const peer = this.peers.get(key);
    const channel = this.channels.get(key);
    this.peers.delete(key);
    this.channels.delete(key);
    this.unsteady.delete(key);
    for (const [target, event, handler] of this.listening.get(key) ?? []) {
      target.removeEventListener(event, handler);
    }
    this.listening.delete(key);
    for (const thing of [channel, peer]) {
      if (thing !== undefined) {
        try {
          thing.close();
        } catch {
          // already closed, or the browser will not say: nothing to tell
        }
      }
    }
  }
}
