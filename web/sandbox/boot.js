// The sandbox's first script, written inline into its frame by host.mjs (its hash is in
// the frame's policy and in host.html's). It gives up WebRTC (the one way out that no
// policy closes), then waits for the frame's code and files from host.mjs and starts it.
for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCSessionDescription", "RTCIceCandidate"]) {
  Object.defineProperty(globalThis, name, { value: undefined });
}
addEventListener("message", async function given(event) {
  if (event.source !== parent || !event.data?.frame) return;
  removeEventListener("message", given);
  const { frame, ...files } = event.data;
  const { start } = await import(URL.createObjectURL(frame));
  start(files, event.ports[0]);
});
parent.postMessage("sandbox-boot", "*");
