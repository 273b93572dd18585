/**
 * The bounds of one database's inputs (issue 40) as the API publishes them (the generated
 * zDatabaseRequest): a design's databases and the Recommend page's share one contract, so one copy.
 */
import * as z from 'zod/mini';
import { zDatabaseRequest, zDssWorkloadRequest, zOltpWorkloadRequest } from './api-zod';

type JsonSchema = { minimum?: number; maximum?: number; maxLength?: number; default?: unknown; anyOf?: JsonSchema[] };

// zod's JSON Schema view unwraps optional and default; z.int() carries JavaScript's safe-integer
// range, which is not a bound of the contract.
const bounded = (value: unknown): number | undefined =>
  typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
const ruleOf = (schema: unknown) => {
  const top = z.toJSONSchema(schema as z.ZodMiniType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // a nullable field is anyOf [its type, null]: the bounds are the type's
  const json = top.anyOf?.find((s) => s.minimum !== undefined || s.maximum !== undefined) ?? top;
  return { min: bounded(json.minimum), max: bounded(json.maximum), maxLength: bounded(json.maxLength), default: top.default ?? json.default };
};

const pick = (r: ReturnType<typeof ruleOf>) => ({ min: r.min, max: r.max });
const PRIORITY = ruleOf(zDatabaseRequest.shape.priority);
const CLONES = ruleOf(zDatabaseRequest.shape.clones);
const CLONE_LOAD = ruleOf(zDatabaseRequest.shape.clone_load_pct);

/** The most databases sized together: a database's priority ranks them, 1 to the API's maximum. */
export const MAX_DATABASES = PRIORITY.max ?? 8;

/** The bounds of a database's inputs, for the inputs' own min and max (undefined: none published). */
export const DATABASE_BOUNDS = {
  name: { maxLength: ruleOf(zDatabaseRequest.shape.name).maxLength },
  /** 1 = the most important; what an empty input stands for (the API's default). */
  priority: { min: PRIORITY.min, max: PRIORITY.max, default: typeof PRIORITY.default === 'number' ? PRIORITY.default : undefined },
  clones: { min: CLONES.min, max: CLONES.max },
  cloneLoadPct: { min: CLONE_LOAD.min, max: CLONE_LOAD.max },
  /** A database's load as each kind of target takes it (a TPS or MB/s target is at least 0.001). */
  load: {
    users: pick(ruleOf(zOltpWorkloadRequest.shape.users)),
    tps: pick(ruleOf(zOltpWorkloadRequest.shape.target_tps)),
    mbS: pick(ruleOf(zDssWorkloadRequest.shape.target_throughput_mb_s)),
  },
};
