import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ENGINE_LIKE, withWorkloadField } from './contract-fixtures';
import { contractErrors, fieldRule, inputContract, PUBLISHED_SCHEMAS, rangeMessage, shapeOf } from './input-contract';

describe('fieldRule reads the generated schema', () => {
  it('takes bounds, whole numbers, defaults and choices from zod, ignoring the safe-integer range of z.int()', () => {
    expect(fieldRule(z._default(z.optional(z.number().check(z.gte(2), z.lte(1024))), 8))).toEqual({ minimum: 2, maximum: 1024, integer: false, default: 8 });
    expect(fieldRule(z.nullish(z.number().check(z.gt(0), z.lte(600000))))).toEqual({ exclusiveMinimum: 0, maximum: 600000, integer: false });
    expect(fieldRule(z.nullish(z.int().check(z.gte(1))))).toEqual({ minimum: 1, integer: true });
    expect(fieldRule(z.nullish(z.union([z.enum(['raid10', 'raid50']), z.null()])))).toEqual({ integer: false, choices: ['raid10', 'raid50'] });
  });
});

describe('the rules read from one JSON Schema per object', () => {
  it('equal each field read on its own, for every field of the published platform and both workload kinds', () => {
    for (const kind of ['oltp', 'dss'] as const) {
      const contract = inputContract(kind);
      for (const [part, schema] of [['workload', contract.workload], ['platform', PUBLISHED_SCHEMAS.platform]] as const) {
        const shape = shapeOf(schema);
        expect(Object.keys(shape).length).toBeGreaterThan(3);
        for (const [name, field] of Object.entries(shape)) {
          const read = contract.rules[part][name];
          expect(read, `${kind} ${part}.${name}`).toBeDefined();
          const { default: fromObject, ...rest } = read ?? {};
          const { default: fromField, ...own } = fieldRule(field);
          expect(rest, `${kind} ${part}.${name}`).toEqual(own);
          // an enum's default may come from the engine's echo of the inputs (withEchoedDefaults)
          if (fromField !== undefined) expect(fromObject, `${kind} ${part}.${name}`).toEqual(fromField);
        }
      }
    }
  });
});

describe('messages in the API words', () => {
  it('formats each kind of bound from the bound itself', () => {
    expect(rangeMessage({ minimum: 2, maximum: 1024, integer: false })).toBe('must be between 2 and 1024');
    expect(rangeMessage({ exclusiveMinimum: 0, maximum: 10000000, integer: false })).toBe('must be greater than 0 and at most 10000000');
    expect(rangeMessage({ minimum: 0.001, integer: false })).toBe('must be at least 0.001');
    expect(rangeMessage({ exclusiveMinimum: 0, integer: false })).toBe('must be greater than 0');
    expect(rangeMessage({ maximum: 16, integer: true })).toBe('must be at most 16');
    expect(rangeMessage({ integer: false })).toBeNull();
  });

  it('gives an out-of-range OLTP block size the message of the contract (2 to 1024 KB in the engine-like copy)', () => {
    const errors = contractErrors(inputContract('oltp', ENGINE_LIKE), { workload: { kind: 'oltp', block_size_kb: 4096 }, platform: { family: 'netapp', storage_model: 'FAS3140' } });
    expect(errors).toEqual({ 'workload.block_size_kb': ['must be between 2 and 1024'] });
    // The DSS variant keeps its own bound.
    expect(contractErrors(inputContract('dss', ENGINE_LIKE), { workload: { kind: 'dss', block_size_kb: 4096 }, platform: { family: 'netapp', storage_model: 'FAS3140' } })).toEqual({});
  });

  it('follows a bound changed in a copy of the schema', () => {
    const platform = { family: 'netapp', storage_model: 'FAS3140' };
    const moved = withWorkloadField('block_size_kb', z.optional(z.number().check(z.gt(4), z.lte(64))));
    expect(contractErrors(inputContract('oltp', moved), { workload: { kind: 'oltp', block_size_kb: 128 }, platform })).toEqual({
      'workload.block_size_kb': ['must be greater than 4 and at most 64'],
    });
    const whole = withWorkloadField('block_size_kb', z.optional(z.int().check(z.gte(2), z.lte(32))));
    expect(contractErrors(inputContract('oltp', whole), { workload: { kind: 'oltp', block_size_kb: 2.5 }, platform })).toEqual({
      'workload.block_size_kb': ['must be a whole number'],
    });
  });

  it('names the choices of an enum, and says what is missing or not a number', () => {
    const contract = inputContract('oltp', ENGINE_LIKE);
    const errors = contractErrors(contract, { workload: { kind: 'oltp', read_pct: Number.NaN }, platform: { family: 'hp', storage_model: 'FAS3140' } });
    expect(errors['workload.read_pct']).toEqual(['must be a number']);
    expect(errors['platform.family']).toEqual([`must be one of ${contract.rules.platform.family!.choices!.join(', ')}`]);
    expect(contractErrors(contract, { workload: { kind: 'oltp' }, platform: { family: 'netapp' } })).toEqual({ 'platform.storage_model': ['This field is required.'] });
  });
});

describe('OLTP and DSS as variants on kind', () => {
  it('picks the variant of the kind, with its defaults', () => {
    expect(inputContract('oltp', ENGINE_LIKE).rules.workload.block_size_kb).toMatchObject({ default: 8, maximum: 1024 });
    expect(inputContract('dss', ENGINE_LIKE).rules.workload.block_size_kb).toMatchObject({ default: 1024 });
  });

  it('reads the shape @hey-api/openapi-ts writes for a oneOf with a discriminator ({kind: literal} & variant)', () => {
    const platform = z.object({ family: z.string() });
    const oltp = z.object({ kind: z.optional(z.enum(['oltp'])), block_size_kb: z._default(z.optional(z.number().check(z.gte(2), z.lte(1024))), 8) });
    const dss = z.object({ kind: z.enum(['dss']), block_size_kb: z._default(z.optional(z.number().check(z.gte(2), z.lte(4096))), 1024) });
    const workload = z.union([z.intersection(z.object({ kind: z.literal('oltp') }), oltp), z.intersection(z.object({ kind: z.literal('dss') }), dss)]);
    const contract = inputContract('dss', { workload, platform });
    expect(contract.rules.workload.block_size_kb).toEqual({ minimum: 2, maximum: 4096, integer: false, default: 1024 });
    expect(contractErrors(inputContract('oltp', { workload, platform }), { workload: { kind: 'oltp', block_size_kb: 4096 }, platform: { family: 'netapp' } })).toEqual({
      'workload.block_size_kb': ['must be between 2 and 1024'],
    });
  });

  it('tells the variants apart when each declares both kinds but only one fits (the variant that rejects the other kind wins)', () => {
    const platform = z.object({ family: z.string() });
    const both = z.object({ kind: z.optional(z.enum(['oltp', 'dss'])), block_size_kb: z.optional(z.number().check(z.lte(512))) });
    const dssOnly = z.object({ kind: z.literal('dss'), block_size_kb: z.optional(z.number().check(z.lte(4096))) });
    const contract = inputContract('dss', { workload: z.union([both, dssOnly]), platform });
    expect(contract.rules.workload.block_size_kb?.maximum).toBe(4096);
    expect(inputContract('oltp', { workload: z.union([both, dssOnly]), platform }).rules.workload.block_size_kb?.maximum).toBe(512);
  });
});
