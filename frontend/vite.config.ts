/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Vitest's failure summary calls Map.groupBy (Node 21+); Debian's Node 20 lacks it, and the reporter
// then crashes instead of printing why a test failed. Defined only where missing.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

/**
 * The generated zod schemas (src/lib/api-zod.ts) are ~500 module-level constants, each built when the
 * module loads, though the SPA reads a handful (the design inputs' contract, an enum or two). A call of
 * zod's builders has no effect beyond its value, but the bundler cannot tell: each schema expression is
 * marked pure here, so the build keeps only the schemas something imports (and what they are built from).
 */
function pureGeneratedSchemas(): Plugin {
  return {
    name: 'dbsizer:pure-generated-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('/src/lib/api-zod.ts')) return null;
      // Code lines only (the JSDoc lines start with '*' or '/**'): every expression that starts at `z.` or at a schema (`zName.`).
      const marked = code
        .split('\n')
        .map((line) => (/^\s*(\*|\/\*\*)/.test(line) ? line : line.replace(/(?<![\w$.])(z[A-Z]\w*|z)\./g, '/* @__PURE__ */ $1.')))
        .join('\n');
      return { code: marked, map: null };
    },
  };
}

// Django serves the build: assets under /static/ (whitenoise), index.html for every SPA route.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/static/' : '/',
  plugins: [react(), pureGeneratedSchemas()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which files each route's code is, for the server's modulepreload links
    // (backend core/views.py).
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small modules the editor shares with other pages (number formatting, the platform
              // registry, the Recommend page's link, the verdict's words, the display-name map, permissions, the design form and its input contract, two UI pieces, the clone and price-book queries the list, the new-design page and the editor share) in one
              // chunk instead of seven of a few hundred bytes to 9 KB each: the editor's cold load
              // fetched 11 chunks, now 5, each a request whitenoise serves and the page waits on
              // (docs/performance.md). Their dependencies (zod, Chart.js) keep their own chunks, and
              // none of these is in the entry, so the sign-in page loads what it did.
              name: 'editor-shared',
              test: /src\/components\/format\.ts|src\/components\/ui\/(status|select-field)\.tsx|src\/lib\/(bottleneck|citation|platforms|recommend-link|verdict|display-names\.generated)\.ts|src\/features\/designs\/lib\/(permissions|input-contract|design-form)\.ts|src\/features\/designs\/api\/(clone-design|price-books)\.ts/,
              includeDependenciesRecursively: false,
            },
            {
              // zod (Zod Mini) with the generated schemas the SPA imports, its JSON Schema conversion
              // included (the input contract reads the fields' bounds through it): one chunk, not three.
              name: 'api-zod',
              test: /src\/lib\/api-zod\.ts|node_modules\/zod\//,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/admin': 'http://127.0.0.1:8000',
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
}));
