import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Whether a process with this id runs (signal 0 checks without sending; EPERM: it runs, as another user). */
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const holderOf = (file: string) => {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10) || null;
  } catch {
    return null;
  }
};

/** Another process holds the directory: a start refused with a message, not a crash. */
export class DataDirInUse extends Error {}

/**
 * Takes the embedded database's directory for this process: PGlite writes its files directly and
 * serves one process, so a second server started on the same DATA_DIR (a forgotten `npm start` in
 * another terminal) would migrate and seed under the first one's feet. The lock is a file beside
 * the directory holding the process id; one left by a process that no longer runs (a crash, a
 * kill -9) is taken over. Returns the release.
 */
export const lockDataDir = (dir: string) => {
  const file = `${dir.replace(/\/+$/, '')}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holderOf(file);
      if (pid !== null && running(pid)) {
        throw new DataDirInUse(
          `The database in ${dir} is in use by another process (pid ${pid}): PGlite serves one process at a time. ` +
            `Stop that server first, or start this one with another DATA_DIR. (If no such server runs, delete ${file}.)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUse(`Could not take the lock ${file}: another server is starting on the same DATA_DIR.`);
};
