import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Migrate + seed once. PGlite: snapshot the data directory so each test file starts from it in
 * ~0.5 s. PostgreSQL (DATABASE_URL): migrate that database; test files share it, each test makes
 * its own tenant.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const database = await openDatabase({ url: process.env.DATABASE_URL });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await seedReferenceData(database.db);
  const file = join(tmpdir(), `excursio-test-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
}
