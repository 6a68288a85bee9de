// Sums the test counts printed by vitest and Playwright in the given log files and prints the
// closing line `N passed, N failed[, N skipped]`. A suite that could not run its tests (a file that
// does not compile, a crash before the report) counts as failed: a log without a report is one
// failure, and test files vitest could not load count one failure each.
import { readFileSync } from 'node:fs';

const ESC = String.fromCharCode(27);
const strip = (s) =>
  s
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');
const count = (text, pattern) => Number(text.match(pattern)?.[1] ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  let text;
  try {
    text = strip(readFileSync(file, 'utf8'));
  } catch {
    continue;
  }
  const vitest = text.match(/^\s*Tests\s+(.*)$/m);
  if (vitest) {
    const failedTests = count(vitest[1], /(\d+) failed/);
    const failedFiles = count(text.match(/^\s*Test Files\s+(.*)$/m)?.[1] ?? '', /(\d+) failed/);
    passed += count(vitest[1], /(\d+) passed/);
    failed += failedTests || failedFiles;
    skipped += count(vitest[1], /(\d+) skipped/) + count(vitest[1], /(\d+) todo/);
    continue;
  }
  // Playwright list reporter: "  12 passed (30s)", "  1 failed", "  2 skipped", "  1 flaky"
  const ran =
    count(text, /^\s*(\d+) passed/m) +
    count(text, /^\s*(\d+) failed/m) +
    count(text, /^\s*(\d+) flaky/m) +
    count(text, /^\s*(\d+) skipped/m) +
    count(text, /^\s*(\d+) did not run/m);
  if (ran === 0) {
    failed += 1;
    continue;
  }
  passed += count(text, /^\s*(\d+) passed/m);
  failed += count(text, /^\s*(\d+) failed/m) + count(text, /^\s*(\d+) flaky/m) + count(text, /^\s*(\d+) did not run/m);
  skipped += count(text, /^\s*(\d+) skipped/m);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
