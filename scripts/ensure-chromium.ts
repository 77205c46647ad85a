/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (never a downloaded browser).
 * Installs it with apt-get when missing and we are root; otherwise says exactly what to install.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Debian Chromium for the browser tests (apt-get install chromium)…');
for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error('apt-get failed; install Chromium with: apt-get update && apt-get install -y chromium');
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium still not found at ${CHROMIUM}.`);
  process.exit(1);
}
