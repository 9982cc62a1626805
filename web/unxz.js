// Unpacks the .xz copies of the runtime's largest files (web/tools/packed.py): a
// stream of .xz bytes in, a stream of the file's bytes out, decoded as they arrive.
//
// GitHub Pages compresses what it serves with gzip only; xz takes a quarter less off
// Pyodide's WebAssembly and standard library than gzip does (docs/performance.md), and no
// browser decodes xz by itself. The decoder is xz-embedded (Lasse Collin, Igor Pavlov;
// public domain) compiled to WebAssembly with the walloc allocator, as npm's xzwasm ships
// it (MIT, Steve Sanderson; vendor/xz/LICENSE); this file is our own driver for it.
//
// A classic script with no import or export, so that the service worker (importScripts)
// and Python's workers (import(), web/python.mjs) can load it: it defines
// self.spygamesUnxz. The page's main thread never decodes.
(function () {
  "use strict";
  const OK = 0;
  const STREAM_END = 1;
  let compiled = null; // one compiled decoder; an instance (and its memory) per stream

  function decoder(wasmURL) {
    if (!compiled) {
      compiled = fetch(wasmURL)
        .then((response) => {
          if (!response.ok) throw new Error(`${wasmURL}: HTTP ${response.status}`);
          return response.arrayBuffer();
        })
        .then((bytes) => WebAssembly.compile(bytes));
      compiled.catch(() => (compiled = null)); // a later stream tries again
    }
    return compiled.then((module) => new WebAssembly.Instance(module, {}).exports);
  }

  // The decoder's context, as its create_context() lays it out: six 32-bit words at ctx.
  function words(xz, ctx) {
    const [size, input, inPos, inSize, output, outPos] = new Uint32Array(xz.memory.buffer, ctx, 6);
    return { size, input, inPos, inSize, output, outPos };
  }

  // `packed`: a ReadableStream of an .xz file. Returns a ReadableStream of what it holds;
  // it errors (never ends early) on a truncated or damaged file: xz checks a CRC32.
  function unxz(packed, wasmURL) {
    const reader = packed.getReader();
    let xz = null;
    let ctx = 0;
    let pending = new Uint8Array(0);
    let ended = false; // the .xz stream has no more bytes
    const finish = () => {
      if (xz && ctx) xz.destroy_context(ctx);
      xz = null;
      ctx = 0;
    };
    return new ReadableStream({
      async start() {
        xz = await decoder(wasmURL);
        ctx = xz.create_context();
      },
      async pull(controller) {
        try {
          for (;;) {
            let at = words(xz, ctx);
            if (at.inPos === at.inSize && !ended) {
              while (pending.byteLength === 0 && !ended) {
                const { done, value } = await reader.read();
                if (done) ended = true;
                else pending = value;
              }
              // At the end, no input: the decoder finishes or reports the file cut short.
              const count = Math.min(at.size, pending.byteLength);
              new Uint8Array(xz.memory.buffer, at.input, count).set(pending.subarray(0, count));
              pending = pending.subarray(count);
              xz.supply_input(ctx, count);
            }
            const result = xz.get_next_output(ctx);
            at = words(xz, ctx);
            if (result !== OK && result !== STREAM_END) {
              throw new Error(`the .xz file does not decode (xz-embedded error ${result})`);
            }
            // A copy: the decoder writes its next output over the same memory.
            const chunk = new Uint8Array(xz.memory.buffer, at.output, at.outPos).slice();
            new Uint32Array(xz.memory.buffer, ctx, 6)[5] = 0;
            if (chunk.byteLength) controller.enqueue(chunk);
            if (result === STREAM_END) {
              finish();
              controller.close();
              return;
            }
            if (chunk.byteLength) return;
          }
        } catch (error) {
          finish();
          reader.cancel(error).catch(() => {});
          throw error;
        }
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason);
      },
    });
  }

  self.spygamesUnxz = unxz;
})();
