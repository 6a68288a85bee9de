import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

// PGlite serves one process: a second server on the same data directory is refused before it
// touches a file, and a lock left by a process that is gone is taken over.
const newDir = () => join(mkdtempSync(join(tmpdir(), 'excursio-lock-')), 'pglite');

describe('the embedded database’s directory', () => {
  it('is refused to a second opening while the first holds it, and free again once it closes', async () => {
    const dir = newDir();
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('written by the first')`);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      new RegExp(`in use by another process \\(pid ${process.pid}\\).*another DATA_DIR`),
    );
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const kept = (await second.db.execute(sql`select value from kept`)) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([{ value: 'written by the first' }]);
    await second.close();
  }, 60_000);

  it('held by another running process: refused, naming it; left by one that has ended: taken over', async () => {
    const dir = newDir();
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(`${dir}.lock`, String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(`pid ${other.pid}`);
    } finally {
      other.kill();
    }
    const ended = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(`${dir}.lock`, String(ended));
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(() => readFileSync(`${dir}.lock`)).toThrow();
  });
});
