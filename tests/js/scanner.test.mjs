// The camera's QR code reader (web/scanner.mjs): what can be checked without a page. Its
// probe says `able` only where the browser's BarcodeDetector reads QR codes and a camera
// is there (or the browser will not say whether one is: then it tries), and nothing
// otherwise, never a rejection. The scan itself, with its overlay and a camera, is
// e2e/test_together_scan.py's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Scanner } from "../../web/scanner.mjs";

const CAMERA = { kind: "videoinput", deviceId: "back" };
const MICROPHONE = { kind: "audioinput", deviceId: "mic" };

// A browser's globals: a detector reading `formats`, and `devices` (or what
// enumerateDevices does instead, when it is a function).
function browser({ formats = ["qr_code"], devices = [CAMERA], detector = true, media = {} } = {}) {
  const BarcodeDetector = {
    getSupportedFormats: typeof formats === "function" ? formats : async () => formats,
  };
  const enumerateDevices = typeof devices === "function" ? devices : async () => devices;
  return {
    window: detector ? { BarcodeDetector } : {},
    document: {},
    navigator: { mediaDevices: { getUserMedia: async () => ({}), enumerateDevices, ...media } },
  };
}

// What the probe reports, once it is done.
async function probed(options) {
  const reports = [];
  const scanner = new Scanner((...report) => reports.push(report), options);
  const done = scanner.probe();
  assert.ok(done instanceof Promise);
  assert.equal(await done, undefined);
  return reports;
}

test("a detector that reads QR codes and a camera: able", async () => {
  assert.deepEqual(await probed(browser()), [["able", "", ""]]);
});

test("QR codes among other formats, a camera among other devices: able", async () => {
  const options = browser({ formats: ["ean_13", "qr_code"], devices: [MICROPHONE, CAMERA] });
  assert.deepEqual(await probed(options), [["able", "", ""]]);
});

test("a detector that does not read QR codes: nothing", async () => {
  assert.deepEqual(await probed(browser({ formats: ["ean_13", "code_128"] })), []);
  assert.deepEqual(await probed(browser({ formats: [] })), []);
});

test("no camera among the devices: nothing", async () => {
  assert.deepEqual(await probed(browser({ devices: [MICROPHONE] })), []);
  assert.deepEqual(await probed(browser({ devices: [] })), []);
});

test("a browser that will not list its devices: try it, able", async () => {
  const refuses = async () => {
    throw new DOMException("no", "NotAllowedError");
  };
  assert.deepEqual(await probed(browser({ devices: refuses })), [["able", "", ""]]);
  const throws = () => {
    throw new TypeError("not here");
  };
  assert.deepEqual(await probed(browser({ devices: throws })), [["able", "", ""]]);
  const missing = browser({ media: { enumerateDevices: undefined } });
  assert.deepEqual(await probed(missing), [["able", "", ""]]);
});

test("no BarcodeDetector, no camera API: nothing", async () => {
  assert.deepEqual(await probed(browser({ detector: false })), []);
  assert.deepEqual(await probed(browser({ media: { getUserMedia: undefined } })), []);
  assert.deepEqual(await probed({ ...browser(), navigator: {} }), []);
  assert.deepEqual(await probed({ ...browser(), navigator: { mediaDevices: null } }), []);
});

test("a detector that fails to list its formats: nothing, and no rejection", async () => {
  const fails = async () => {
    throw new DOMException("broken", "NotSupportedError");
  };
  assert.deepEqual(await probed(browser({ formats: fails })), []);
  const throws = () => {
    throw new TypeError("broken");
  };
  assert.deepEqual(await probed(browser({ formats: throws })), []);
});

test("Node's own globals (no page, no detector): nothing", async () => {
  assert.deepEqual(await probed(undefined), []);
});
