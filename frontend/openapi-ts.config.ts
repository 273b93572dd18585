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
  // Zod Mini: the same schemas built by functions rather than methods, so the bundle keeps only the zod
  // code the SPA calls (zod and the schemas: 95 -> 29 KB, 50 KB with the JSON Schema conversion the input
  // contract reads bounds through) and no schema gets zod's ~40 chainable methods attached as it is built.
  plugins: [{ name: 'zod', compatibilityVersion: 'mini' }],
  logs: { file: false },
});
