// Runs every *.spec.js here (or the files named on the command line) one after another, each in
// its own `node --test` process (one server and one browser at a time: CI machines are small).
// Exits non-zero when any file fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const files = process.argv.length > 2
  ? process.argv.slice(2)
  : fs.readdirSync(here).filter((f) => f.endsWith('.spec.js')).sort();
const failed = [];
for (const f of files) {
  console.log(`\n--- ${f}`);
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=spec', path.resolve(here, f)], { stdio: 'inherit', cwd: here });
  if (r.status !== 0) failed.push(f);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nall ${files.length} spec files passed`);
