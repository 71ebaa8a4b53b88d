import { runConformance } from './suites/index.js';
import { referenceTarget } from './targets/index.js';
const ids = process.argv.slice(2);
for (let seed = 1; seed <= 3; seed++) {
  const r = await runConformance({ target: referenceTarget(), seed, selection: { ids } });
  for (const c of r.checks.filter((c) => ids.includes(c.id))) console.log(c.id, c.status, c.durationMs, c.reason ?? '', c.logs?.at(-1));
}
