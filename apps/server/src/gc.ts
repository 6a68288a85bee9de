import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, for the end of a start that did one-off heavy work (a new data
 * directory unpacked from the build's snapshot, the demo seeded). An idle server allocates little, so
 * V8 would keep that work's ~100 MB of garbage resident for a long while. `gc` is exposed for the
 * call only (node --expose-gc is not needed to start the server).
 */
export const collectGarbage = () => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
};
