// Preloaded by bench/start.bench.mjs (node --expose-gc --import): on SIGUSR2 the server's process
// collects garbage and prints where its memory is, as one JSON line on stderr prefixed `start-memory `.
// Nothing in the server knows about it; the WebAssembly memories (PGlite's heap) are noted as created.
import { getHeapSpaceStatistics } from 'node:v8';

const memories = [];
const NativeMemory = WebAssembly.Memory;
WebAssembly.Memory = function Memory(descriptor) {
  const memory = new NativeMemory(descriptor);
  memories.push(memory);
  return memory;
};
WebAssembly.Memory.prototype = NativeMemory.prototype;

const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, mib(s.space_used_size)]));
  const report = {
    rss: mib(usage.rss),
    heapTotal: mib(usage.heapTotal),
    heapUsed: mib(usage.heapUsed),
    external: mib(usage.external),
    arrayBuffers: mib(usage.arrayBuffers),
    wasm: memories.map((m) => mib(m.buffer.byteLength)),
    spaces,
  };
  process.stderr.write(`start-memory ${JSON.stringify(report)}\n`);
});
