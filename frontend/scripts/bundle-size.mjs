// Reports the initial JavaScript of the production build: the entry script of dist/index.html plus the
// chunks it preloads, gzip-compressed as a browser receives them. Fails when over the budget (issue 6).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 350;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const urls = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
if (urls.length === 0) {
  console.error('bundle-size: no module script found in dist/index.html');
  process.exit(1);
}
let raw = 0;
let gzip = 0;
for (const url of new Set(urls)) {
  const bytes = readFileSync(join(dist, url.replace(/^\/static\//, '')));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(`initial JavaScript: ${urls.length} file(s), ${kb(raw)} KB, ${kb(gzip)} KB gzip (budget ${BUDGET_KB} KB gzip)`);
if (gzip / 1024 > BUDGET_KB) {
  console.error(`bundle-size: initial JavaScript is over the ${BUDGET_KB} KB gzip budget`);
  process.exit(1);
}
