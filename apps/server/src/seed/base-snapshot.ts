import { writeFileSync } from 'node:fs';
import { dumpPglite, openDatabase } from '../db/client.ts';
import { seedReferenceData } from './seed.ts';

/**
 * A migrated PGlite data directory with the reference data, gzipped: `npm run build` writes it
 * next to the server bundle and a first start copies it instead of running initdb and every
 * migration (the start still applies migrations newer than the snapshot).
 */
export const writeBaseSnapshot = async (file: string) => {
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    writeFileSync(file, Buffer.from(await (await dumpPglite(database, 'gzip')).arrayBuffer()));
  } finally {
    await database.close();
  }
};
