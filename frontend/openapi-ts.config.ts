import { defineConfig } from '@hey-api/openapi-ts';

// The design inputs' zod schemas (bounds, defaults, enums), generated from the published contract
// by `npm run gen:api`; scripts/lint.sh regenerates into a temporary folder (API_ZOD_DIR) and
// compares. `clean: false`: the output folder is src/lib, which holds hand-written modules too.
export default defineConfig({
  input: '../backend/openapi.yaml',
  output: {
    path: process.env.API_ZOD_DIR ?? 'src/lib',
    clean: false,
    entryFile: false,
    fileName: { name: 'api-{{name}}', suffix: null },
  },
  // Zod Mini: the same schemas as functions rather than methods, so the editor's bundle keeps only what
  // it calls (its zod chunk 95 KB -> 29 KB) and builds each schema without attaching ~40 methods to it.
  plugins: [{ name: 'zod', compatibilityVersion: 'mini' }],
  logs: { file: false },
});
