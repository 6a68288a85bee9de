// Sums the test counts printed by vitest and Playwright in the given log files and prints the
// closing line `N passed, N failed[, N skipped]`.
import { readFileSync } from 'node:fs';

const ESC = String.fromCharCode(27);
const strip = (s) =>
  s
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');
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
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
    skipped += Number(vitest[1].match(/(\d+) skipped/)?.[1] ?? 0);
    skipped += Number(vitest[1].match(/(\d+) todo/)?.[1] ?? 0);
    continue;
  }
  // Playwright list reporter: "  12 passed (30s)", "  1 failed", "  2 skipped", "  1 flaky"
  passed += Number(text.match(/^\s*(\d+) passed/m)?.[1] ?? 0);
  failed += Number(text.match(/^\s*(\d+) failed/m)?.[1] ?? 0);
  failed += Number(text.match(/^\s*(\d+) flaky/m)?.[1] ?? 0);
  skipped += Number(text.match(/^\s*(\d+) skipped/m)?.[1] ?? 0);
  failed += Number(text.match(/^\s*(\d+) did not run/m)?.[1] ?? 0);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
