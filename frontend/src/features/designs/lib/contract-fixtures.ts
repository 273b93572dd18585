/**
 * Test data: copies of the published input schemas, modified the way the contract may change (a
 * bound moved, defaults declared, OLTP and DSS as variants on `kind`), to show that the form follows
 * whatever the schema says. Used by the tests only.
 */
import * as z from 'zod/mini';
import { PUBLISHED_SCHEMAS, inputContract, shapeOf, type InputSchemas, type WorkloadKind } from './input-contract';

type Shape = Record<string, z.ZodMiniType>;

const fields = (kind: WorkloadKind): Shape => shapeOf(inputContract(kind).workload);

function withDefaults(shape: Shape, defaults: Record<string, unknown>): Shape {
  const changed = Object.entries(defaults).map(([name, value]) => {
    const field = shape[name];
    if (!field) throw new Error(`The published schema has no field ${name}`);
    return [name, z._default(field, value as never)];
  });
  return { ...shape, ...Object.fromEntries(changed) };
}

/**
 * A contract shaped like the engine's declaration (sizing.inputs): OLTP and DSS variants on `kind`,
 * each with its defaults, and the OLTP block size capped at 1024 KB as the engine caps it.
 */
export const ENGINE_LIKE_DEFAULTS = {
  oltp: { users: 1000, database_size_gb: 100, read_pct: 70, block_size_kb: 8, horizon_years: 3, data_growth_pct_per_year: 0, user_growth_pct_per_year: 0, min_headroom_pct: 0 },
  dss: { target_throughput_mb_s: 1000, query_streams: 1, block_size_kb: 1024, database_size_gb: 1000, horizon_years: 3, data_growth_pct_per_year: 0, min_headroom_pct: 0 },
  platform: { rac_nodes: 2, arrays: 1 },
};

export const ENGINE_LIKE: InputSchemas = {
  workload: z.union([
    z.object({
      ...withDefaults(fields('oltp'), ENGINE_LIKE_DEFAULTS.oltp),
      kind: z.optional(z.literal('oltp')),
      block_size_kb: z._default(z.optional(z.number().check(z.gte(2), z.lte(1024))), 8),
    }),
    z.object({ ...withDefaults(fields('dss'), ENGINE_LIKE_DEFAULTS.dss), kind: z.literal('dss') }),
  ]),
  platform: z.object(withDefaults(shapeOf(PUBLISHED_SCHEMAS.platform), ENGINE_LIKE_DEFAULTS.platform)),
};

/** The published schemas with one workload field replaced (for both kinds). */
export function withWorkloadField(name: string, field: z.ZodMiniType): InputSchemas {
  const variant = (kind: WorkloadKind) => z.object({ ...fields(kind), [name]: field, kind: z.literal(kind) });
  return { workload: z.union([variant('oltp'), variant('dss')]), platform: PUBLISHED_SCHEMAS.platform };
}
