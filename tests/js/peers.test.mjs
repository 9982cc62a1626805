// The page's WebRTC connections (web/peers.mjs) under Node: the browser's side is played
// by small stand-ins for RTCPeerConnection and its data channel, and time by a clock the
// test moves (nothing waits real seconds), so what peers.mjs reports for each change of
// a connection's state is checked without a browser (the e2e suite checks a real
// connection). The first four tests are those of tests/test_rtc.py, for spyweb/rtc.py,
// which peers.mjs carries over; the others check the rest of what it promises.
import { test } from "node:test";
import assert from "node:assert/strict";

import { CONNECT_S, Connections, GATHER_S, RECOVER_S } from "../../web/peers.mjs";

class Target {
  constructor() {
    this.handlers = new Map();
    this.closed = false;
  }

  addEventListener(event, handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(handler);
  }

  removeEventListener(event, handler) {
    const handlers = this.handlers.get(event) ?? [];
    assert.ok(handlers.includes(handler), `no such ${event} listener`);
    handlers.splice(handlers.indexOf(handler), 1);
  }

  fire(event, value = null) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(value);
  }

  listeners() {
    return [...this.handlers.values()].reduce((sum, handlers) => sum + handlers.length, 0);
  }

  close() {
    this.closed = true;
  }
}

class Channel extends Target {
  constructor(label, options) {
    super();
    this.label = label;
    this.options = options;
    this.readyState = "connecting";
    this.sent = [];
    this.refusal = null; // an error send() throws, when set
  }

  send(text) {
    if (this.refusal) throw this.refusal;
    this.sent.push(text);
  }
}

// A clock the test moves: sleep(s) resolves once the test has moved it s seconds on, and
// each timer's wake-up runs (with all the work it starts) before the next.
class Clock {
  constructor() {
    this.time = 100;
    this.timers = [];
    this.now = () => this.time;
    this.sleep = (seconds) =>
      new Promise((wake) => this.timers.push({ at: this.time + seconds, wake }));
  }

  async advance(seconds) {
    const end = this.time + seconds;
    await settled();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      if (this.timers.length === 0 || this.timers[0].at > end) break;
      const timer = this.timers.shift();
      this.time = timer.at;
      timer.wake();
      await settled();
    }
    this.time = end;
    await settled();
  }
}

// Every promise already resolved has run its callbacks.
const settled = () => new Promise((done) => setImmediate(done));

// Connections with stand-ins for the browser, the reports they make and the peers made;
// `peers` sets what each new peer has other than the defaults.
function browser(peers = {}, options = {}) {
  const made = [];
  class Peer extends Target {
    constructor(config) {
      super();
      this.config = config;
      this.connectionState = "new";
      this.iceGatheringState = "complete";
      this.localDescription = { sdp: "v=0" };
      this.remote = [];
      this.channel = null;
      Object.assign(this, peers);
      made.push(this);
    }

    createDataChannel(label, options) {
      this.channel = new Channel(label, options);
      return this.channel;
    }

    async setLocalDescription() {}

    async setRemoteDescription(description) {
      this.remote.push(description);
    }

    becomes(state) {
      this.connectionState = state;
      this.fire("connectionstatechange");
    }
  }
  const clock = new Clock();
  const reports = [];
  const connections = new Connections((...report) => reports.push(report), {
    RTCPeerConnection: Peer,
    now: clock.now,
    sleep: clock.sleep,
    ...options,
  });
  return { connections, reports, made, clock };
}

// A connection offered under key "1", described and connected.
async function opened() {
  const world = browser();
  world.connections.run("peer-offer", ["1", "[]"]);
  await world.clock.advance(0.05);
  const peer = world.made.at(-1);
  peer.becomes("connected");
  assert.deepEqual(world.reports, [["described", "1", "v=0"]]);
  return { ...world, peer };
}

// --- the cases of tests/test_rtc.py ------------------------------------------------

test("a blip is unsteady then steady and the connection is kept", async () => {
  const { connections, peer, reports, clock } = await opened();
  peer.becomes("disconnected");
  peer.becomes("disconnected"); // told twice by the browser: reported once
  await clock.advance(0.3);
  peer.becomes("connected");
  await clock.advance(RECOVER_S + 0.3); // the wait ends: nothing more to say
  assert.deepEqual(reports.slice(1), [
    ["unsteady", "1", ""],
    ["steady", "1", ""],
  ]);
  assert.equal(connections.peers.get("1"), peer);
  assert.equal(peer.closed, false);
});

test("a connection that does not come back in time is closed", async () => {
  const { connections, peer, reports, clock } = await opened();
  peer.becomes("disconnected");
  await clock.advance(RECOVER_S - 0.3);
  assert.deepEqual(reports.slice(1), [["unsteady", "1", ""]]); // not yet: it may come back
  await clock.advance(0.6);
  assert.deepEqual(reports.slice(1), [
    ["unsteady", "1", ""],
    ["closed", "1", "no answer"],
  ]);
  assert.equal(connections.peers.has("1"), false);
  assert.equal(peer.closed, true);
});

test("a failed or closed connection is reported at once", async () => {
  let { peer, reports } = await opened();
  peer.becomes("failed");
  assert.deepEqual(reports.at(-1), ["failed", "1", "failed"]);
  ({ peer, reports } = await opened());
  peer.becomes("closed");
  assert.deepEqual(reports.at(-1), ["closed", "1", "closed"]);
});

test("a closed channel ends its connection and what its browser says later", async () => {
  // The table's channel closes (the host reloaded): `closed` is reported once, the
  // connection is closed, and its browser's late "disconnected" reports nothing, so it
  // cannot make a new connection under the same key look unsteady.
  const { connections, peer, reports } = await opened();
  const channel = connections.channels.get("1");
  channel.fire("close");
  assert.deepEqual(reports.slice(1), [["closed", "1", "closed"]]);
  assert.equal(connections.peers.has("1"), false);
  assert.equal(peer.closed, true);
  peer.becomes("disconnected");
  channel.fire("close");
  assert.deepEqual(reports.slice(1), [["closed", "1", "closed"]]);
});

// --- the rest of what peers.mjs promises ---------------------------------------------

test("an offer opens a connection with its STUN servers and an ordered channel", async () => {
  const { connections, reports, made, clock } = browser();
  connections.run("peer-offer", ["1", JSON.stringify(["stun:a", "stun:b"])]);
  assert.equal(made.length, 0); // the work starts after the effect's turn, as a task does
  await clock.advance(0.05);
  const [peer] = made;
  assert.deepEqual(peer.config, { iceServers: [{ urls: "stun:a" }, { urls: "stun:b" }] });
  assert.equal(peer.channel.label, "table");
  assert.deepEqual(peer.channel.options, { ordered: true });
  assert.equal(connections.channels.get("1"), peer.channel);
  assert.deepEqual(reports, [["described", "1", "v=0"]]);
});

test("a description waits for every address, GATHER_S seconds at most", async () => {
  const { connections, reports, made, clock } = browser({ iceGatheringState: "gathering" });
  connections.run("peer-offer", ["1", "[]"]);
  await clock.advance(1);
  assert.deepEqual(reports, []);
  made[0].iceGatheringState = "complete";
  await clock.advance(0.05);
  assert.deepEqual(reports, [["described", "1", "v=0"]]);

  connections.run("peer-offer", ["2", "[]"]); // this one never gathers them all
  await clock.advance(0.05);
  made[1].localDescription = { sdp: "v=0 some" };
  await clock.advance(GATHER_S - 0.3);
  assert.equal(reports.length, 1);
  await clock.advance(0.3);
  assert.deepEqual(reports.slice(1), [["described", "2", "v=0 some"]]);
});

test("an answer takes the offer and reports its channel's opening and messages", async () => {
  const { connections, reports, made, clock } = browser();
  connections.run("peer-answer", ["host", "v=0 offer", '["stun:x"]']);
  await clock.advance(0.05);
  const [peer] = made;
  assert.deepEqual(peer.config, { iceServers: [{ urls: "stun:x" }] });
  assert.deepEqual(peer.remote, [{ type: "offer", sdp: "v=0 offer" }]);
  assert.deepEqual(reports, [["described", "host", "v=0"]]);
  const channel = new Channel("table", { ordered: true });
  peer.fire("datachannel", { channel });
  assert.equal(connections.channels.get("host"), channel);
  channel.fire("open");
  channel.fire("message", { data: "hello" });
  assert.deepEqual(reports.slice(1), [
    ["open", "host", ""],
    ["message", "host", "hello"],
  ]);
});

test("live counts the other devices connected now: an open channel each", async () => {
  const { connections, made, clock } = browser();
  assert.equal(connections.live(), 0);
  connections.run("peer-answer", ["host", "v=0 offer", "[]"]);
  await clock.advance(0.05);
  const channel = new Channel("table", { ordered: true });
  made[0].fire("datachannel", { channel });
  assert.equal(connections.live(), 0); // not open yet
  channel.readyState = "open";
  channel.fire("open");
  assert.equal(connections.live(), 1);
  channel.readyState = "closed";
  channel.fire("close");
  assert.equal(connections.live(), 0);
});

test("a channel that is no longer the table's closes without a word", async () => {
  const { connections, reports, made, clock } = browser();
  connections.run("peer-answer", ["host", "v=0 offer", "[]"]);
  await clock.advance(0.05);
  const [first, second] = [new Channel("table", {}), new Channel("table", {})];
  made[0].fire("datachannel", { channel: first });
  made[0].fire("datachannel", { channel: second }); // the table's channel is the last
  first.fire("close");
  assert.deepEqual(reports, [["described", "host", "v=0"]]);
  assert.equal(connections.channels.get("host"), second);
  assert.equal(made[0].closed, false);
  second.fire("close");
  assert.deepEqual(reports.slice(1), [["closed", "host", "closed"]]);
});

test("an accept completes the connection, or fails when the invitation is gone", async () => {
  const { connections, peer, reports, clock } = await opened();
  connections.run("peer-accept", ["1", "v=0 answer"]);
  await clock.advance(0.05);
  assert.deepEqual(peer.remote, [{ type: "answer", sdp: "v=0 answer" }]);
  connections.run("peer-accept", ["2", "v=0 answer"]);
  await clock.advance(0.05);
  assert.deepEqual(reports.slice(1), [
    ["failed", "2", "that invitation is no longer open on this device"],
  ]);
});

test("a taken reply whose channel does not open in CONNECT_S seconds fails, in words", async () => {
  // Issue 38: a reply from a tab that had since made another left the host "connecting…"
  // for over 75 s.
  const { connections, peer, reports, clock } = await opened();
  connections.run("peer-accept", ["1", "v=0 answer"]);
  await clock.advance(CONNECT_S - 0.5);
  assert.deepEqual(reports.slice(1), []);
  assert.equal(peer.closed, false);
  await clock.advance(1);
  assert.deepEqual(reports.slice(1), [["failed", "1", `no answer within ${CONNECT_S} seconds`]]);
  assert.equal(peer.closed && peer.channel.closed, true);
});

test("a taken reply whose channel opens in time is left alone", async () => {
  const { connections, peer, reports, clock } = await opened();
  connections.run("peer-accept", ["1", "v=0 answer"]);
  await clock.advance(CONNECT_S - 1);
  peer.channel.readyState = "open";
  peer.channel.fire("open");
  await clock.advance(CONNECT_S * 2);
  assert.deepEqual(reports.slice(1), [["open", "1", ""]]);
  assert.equal(peer.closed, false);
});

test("a message is sent only on an open channel, and a refused one is reported", async () => {
  const { connections, peer, reports } = await opened();
  connections.run("peer-send", ["1", "too soon"]);
  connections.run("peer-send", ["2", "nobody"]);
  peer.channel.readyState = "open";
  connections.run("peer-send", ["1", "hello"]);
  assert.deepEqual(peer.channel.sent, ["hello"]);
  peer.channel.refusal = Object.assign(new Error("queue full"), { name: "OperationError" });
  connections.run("peer-send", ["1", "more"]);
  assert.deepEqual(reports.slice(1), [
    ["failed", "1", "a message could not be sent (OperationError: queue full)"],
  ]);
});

test("a new connection under a key closes the old one, whose states are then ignored", async () => {
  const { connections, peer: old, reports, made, clock } = await opened();
  const oldChannel = old.channel;
  connections.run("peer-offer", ["1", "[]"]);
  await clock.advance(0.05);
  assert.equal(made.length, 2);
  assert.equal(connections.peers.get("1"), made[1]);
  assert.equal(old.closed && oldChannel.closed, true);
  assert.equal(old.listeners() + oldChannel.listeners(), 0);
  old.becomes("disconnected"); // were the old listeners still there, these would report
  old.becomes("failed");
  oldChannel.fire("close");
  assert.deepEqual(reports, [
    ["described", "1", "v=0"],
    ["described", "1", "v=0"],
  ]);
});

test("closing a connection is silent, leaves no listener and ends its wait", async () => {
  const { connections, peer, reports, clock } = await opened();
  peer.becomes("disconnected");
  connections.run("peer-close", ["1"]);
  await clock.advance(RECOVER_S + 1); // the wait for it to come back ends, silently
  assert.deepEqual(reports.slice(1), [["unsteady", "1", ""]]);
  assert.equal(peer.closed && peer.channel.closed, true);
  assert.equal(peer.listeners() + peer.channel.listeners(), 0);
  assert.equal(connections.peers.size + connections.channels.size, 0);
  connections.close("1"); // twice: nothing to do
  connections.run("peer-offer", ["1", "[]"]); // anew under the same key: a blip is told
  await clock.advance(0.05);
  connections.peers.get("1").becomes("disconnected");
  assert.deepEqual(reports.slice(1), [
    ["unsteady", "1", ""],
    ["described", "1", "v=0"],
    ["unsteady", "1", ""],
  ]);
});

test("a disconnected connection that fails is reported failed, not also closed", async () => {
  const { connections, peer, reports, clock } = await opened();
  peer.becomes("disconnected");
  await clock.advance(1);
  peer.becomes("failed");
  await clock.advance(RECOVER_S);
  assert.deepEqual(reports.slice(1), [
    ["unsteady", "1", ""],
    ["failed", "1", "failed"],
  ]);
  assert.equal(connections.peers.get("1"), peer);
});

test("a browser's refusal is reported failed, never thrown", async () => {
  const rejected = [];
  const onRejection = (error) => rejected.push(error);
  process.on("unhandledRejection", onRejection);
  try {
    const { connections, reports, clock } = browser({
      async setLocalDescription() {
        throw Object.assign(new Error("not now"), { name: "InvalidStateError" });
      },
    });
    connections.run("peer-offer", ["1", "[]"]);
    await clock.advance(0.05);
    const refusing = new Connections((...report) => reports.push(report), {
      RTCPeerConnection: class {
        constructor() {
          throw new SyntaxError("bad STUN address");
        }
      },
    });
    refusing.run("peer-answer", ["2", "v=0", '["stun"]']);
    await clock.advance(0.05);
    assert.deepEqual(reports, [
      ["failed", "1", "InvalidStateError: not now"],
      ["failed", "2", "SyntaxError: bad STUN address"],
    ]);
    assert.deepEqual(rejected, []);
  } finally {
    process.off("unhandledRejection", onRejection);
  }
});

test("the page's stamp hears each message that left and each that came, nothing else", async () => {
  const stamped = [];
  const { connections, made, clock } = browser({}, { stamp: (...what) => stamped.push(what) });
  connections.run("peer-offer", ["1", "[]"]);
  await clock.advance(0.05);
  const { channel } = made[0];
  connections.run("peer-send", ["1", "too soon"]); // not open: not sent, not stamped
  channel.readyState = "open";
  connections.run("peer-send", ["1", '{"v":3,"kind":"scene","n":4}']);
  channel.refusal = new Error("queue full");
  connections.run("peer-send", ["1", "refused"]); // not sent: not stamped
  channel.fire("message", { data: '{"v":3,"kind":"act","id":7}' });
  assert.deepEqual(stamped, [
    ["sent", "1", '{"v":3,"kind":"scene","n":4}'],
    ["heard", "1", '{"v":3,"kind":"act","id":7}'],
  ]);
});
