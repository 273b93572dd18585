// Reports the initial JavaScript of the production build: the entry script of dist/index.html plus the
// chunks it preloads, gzip-compressed as a browser receives them. Fails when over the budget (issue 6).
// Also reports what the design editor loads beyond that (the files the server's modulepreload links
// name, backend core/views.py) and fails when it is split into more than EDITOR_FILES_MAX files: each
// is a request on the editor's cold load (vite.config.ts, the editor-shared chunk; issue 16).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 350;
const EDITOR_FILES_MAX = 6;
const EDITOR_MODULE = 'src/features/designs/components/design-editor-page.tsx';
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

// The editor page's files and everything they import statically, less what the entry already loads.
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const filesOf = (key) => {
  const files = new Set();
  const pending = [key];
  while (pending.length) {
    const chunk = manifest[pending.pop()];
    if (!chunk || files.has(chunk.file)) continue;
    files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
};
const entry = filesOf('index.html');
const editor = [...filesOf(EDITOR_MODULE)].filter((file) => !entry.has(file));
const editorGzip = editor.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
console.log(`design editor: ${editor.length} more file(s), ${kb(editorGzip)} KB gzip (at most ${EDITOR_FILES_MAX} files)`);
if (editor.length === 0 || editor.length > EDITOR_FILES_MAX) {
  console.error(`bundle-size: the design editor loads ${editor.length} files beyond the entry (expected 1 to ${EDITOR_FILES_MAX})`);
  process.exit(1);
}
