import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname);
const FEATURES = join(SRC, 'features');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Features are independent: a feature imports only itself, src/lib and src/components. */
export function crossFeatureImports(): string[] {
  const offenders: string[] = [];
  for (const file of filesUnder(FEATURES)) {
    const feature = relative(FEATURES, file).split(/[\\/]/)[0];
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/from\s+'(\.[^']+)'/g)) {
      const target = resolve(dirname(file), match[1] ?? '');
      const rel = relative(FEATURES, target);
      if (!rel.startsWith('..') && rel.split(/[\\/]/)[0] !== feature) {
        offenders.push(`${relative(SRC, file)} -> ${match[1]}`);
      }
    }
  }
  return offenders;
}

describe('architecture', () => {
  it('has no imports between features', () => {
    expect(crossFeatureImports()).toEqual([]);
  });
});
