/**
 * The design inputs' contract as the API publishes it: bounds, defaults and choices of every workload
 * and platform field, read from the zod schemas generated from backend/openapi.yaml
 * (src/lib/api-zod.ts, `npm run gen:api`). Nothing here repeats a bound: a field the contract leaves
 * unbounded gets no client-side message (the API's 400 then lands on the field).
 *
 * Messages use the API's words (sizing.inputs formats them the same way from the same bounds), so an
 * input gets the same message from the form and from POST /api/v1/evaluate/.
 */
import * as z from 'zod/mini';
import { zEngineDssWorkload, zEngineOltpWorkload, zEvaluateInputRequest, zWorkloadRequest } from '../../../lib/api-zod';
import type { FieldErrors } from '../../../lib/api-client';

export type WorkloadKind = 'oltp' | 'dss';

/** What the contract says about one input. */
export interface FieldRule {
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  integer: boolean;
  default?: unknown;
  /** The allowed values of a choice (null, for "not given", is left out). */
  choices?: unknown[];
}

/** The zod schemas of the evaluate request's two halves (any z.object; a union on `kind` for workloads). */
export interface InputSchemas {
  workload: z.ZodMiniType;
  platform: z.ZodMiniType;
}

export const PUBLISHED_SCHEMAS: InputSchemas = {
  // The request's workload is optional since a design may send `databases` instead (issue 40): the
  // contract is the workload's own schema, not its optional wrapper.
  workload: zWorkloadRequest,
  platform: zEvaluateInputRequest.shape.platform,
};

/** The contract for one workload kind: the schema to validate with and the rule of each field. */
export interface InputContract {
  workload: z.ZodMiniType;
  platform: z.ZodMiniType;
  rules: { workload: Record<string, FieldRule>; platform: Record<string, FieldRule> };
}

type Shape = Record<string, z.ZodMiniType>;

/** The fields of an object schema, or of a discriminated variant ({kind: literal} & object). */
export function shapeOf(schema: z.ZodMiniType): Shape {
  if (schema instanceof z.ZodMiniObject) return schema.shape as Shape;
  if (schema instanceof z.ZodMiniIntersection) return { ...shapeOf(schema.def.left as z.ZodMiniType), ...shapeOf(schema.def.right as z.ZodMiniType) };
  return {};
}

/**
 * The variant of a (possibly discriminated) workload schema for `kind`: the one that accepts this
 * kind and no other, else the first that accepts it (a single schema serves both kinds).
 */
function variantFor(schema: z.ZodMiniType, kind: WorkloadKind): z.ZodMiniType {
  if (!(schema instanceof z.ZodMiniUnion)) return schema;
  const options = schema.def.options as readonly z.ZodMiniType[];
  const accepts = (option: z.ZodMiniType, value: string) => {
    const result = option.safeParse({ kind: value });
    return result.success || !result.error.issues.some((issue) => issue.path[0] === 'kind');
  };
  const other = kind === 'oltp' ? 'dss' : 'oltp';
  const found = options.find((o) => accepts(o, kind) && !accepts(o, other)) ?? options.find((o) => accepts(o, kind));
  if (!found) throw new Error(`The published workload schema has no variant for kind "${kind}"`);
  return found;
}

// z.int() carries JavaScript's safe-integer range: that is not a bound of the contract.
const bounded = (value: unknown): number | undefined =>
  typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;

type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** The branches of a JSON Schema that are not "null" (a nullable field's real type). */
function branches(schema: JsonSchema): JsonSchema[] {
  if (schema.anyOf) return schema.anyOf.flatMap(branches);
  if (schema.type === 'null') return [];
  if (schema.enum && schema.enum.every((v) => v === null)) return [];
  return [schema];
}

// zod's JSON Schema view unwraps optional, nullable and default.
const JSON_SCHEMA_OPTIONS = { io: 'input', unrepresentable: 'any' } as const;

/** The rule of one field from its JSON Schema. */
function ruleOf(json: JsonSchema): FieldRule {
  const parts = branches(json);
  const numeric = parts.find((p) => p.type === 'number' || p.type === 'integer');
  const choices = parts.flatMap((p) => p.enum ?? (p.const !== undefined ? [p.const] : []));
  const rule: FieldRule = { integer: numeric?.type === 'integer' };
  if (json.default !== undefined) rule.default = json.default;
  if (choices.length) rule.choices = choices;
  if (numeric) {
    const bounds = {
      minimum: bounded(numeric.minimum),
      exclusiveMinimum: bounded(numeric.exclusiveMinimum),
      maximum: bounded(numeric.maximum),
      exclusiveMaximum: bounded(numeric.exclusiveMaximum),
    };
    for (const [key, value] of Object.entries(bounds)) if (value !== undefined) rule[key as keyof typeof bounds] = value;
  }
  return rule;
}

/** The rule of one field, read through zod's JSON Schema view. */
export const fieldRule = (schema: z.ZodMiniType): FieldRule => ruleOf(z.toJSONSchema(schema, JSON_SCHEMA_OPTIONS) as JsonSchema);

/** The rules of an object's fields, from one JSON Schema of the object: a conversion has a fixed cost
 * that one per field (~40 of them) made a visible part of the editor's first render. */
function rulesOf(schema: z.ZodMiniType): Record<string, FieldRule> {
  const shape = shapeOf(schema);
  const json = z.toJSONSchema(z.object(shape), JSON_SCHEMA_OPTIONS) as { properties?: Record<string, JsonSchema> };
  return Object.fromEntries(Object.keys(shape).map((name) => [name, ruleOf(json.properties?.[name] ?? {})]));
}

// The engine's echo of the inputs (same declaration, same defaults): the zod generator drops the default
// of an enum (the OLTP block size, one of Oracle's), which the echo's plain number keeps.
const ECHOED_WORKLOAD: Record<WorkloadKind, z.ZodMiniType> = { oltp: zEngineOltpWorkload, dss: zEngineDssWorkload };

/** Rules of an enum field given no default, with the echoed inputs' default for that field (if any). */
function withEchoedDefaults(rules: Record<string, FieldRule>, echoed: z.ZodMiniType): Record<string, FieldRule> {
  const shape = shapeOf(echoed);
  return Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => {
      if (!rule.choices || rule.default !== undefined || !shape[name]) return [name, rule];
      const fallback = fieldRule(shape[name]).default;
      return [name, fallback === undefined || fallback === null ? rule : { ...rule, default: fallback }];
    }),
  );
}

/** The contract for `kind`, from the published schemas (or, in tests, a modified copy of them). */
export function inputContract(kind: WorkloadKind, schemas: InputSchemas = PUBLISHED_SCHEMAS): InputContract {
  const workload = variantFor(schemas.workload, kind);
  const rules = { workload: withEchoedDefaults(rulesOf(workload), ECHOED_WORKLOAD[kind]), platform: rulesOf(schemas.platform) };
  return { workload, platform: schemas.platform, rules };
}

// Each read once, when first asked for (not when the module loads: an OLTP editor never needs DSS's).
const CONTRACTS: Partial<Record<WorkloadKind, InputContract>> = {};

/** The published contract for a workload kind. */
export const publishedContract = (kind: WorkloadKind): InputContract => (CONTRACTS[kind] ??= inputContract(kind));

/** The message for a value outside the field's range, in the API's words. */
export function rangeMessage(rule: FieldRule): string | null {
  const hi = rule.maximum ?? rule.exclusiveMaximum;
  const upper = hi === undefined ? null : rule.exclusiveMaximum !== undefined ? `less than ${hi}` : `at most ${hi}`;
  if (rule.exclusiveMinimum !== undefined) {
    return `must be greater than ${rule.exclusiveMinimum}${upper ? ` and ${upper}` : ''}`;
  }
  if (rule.minimum !== undefined) {
    if (rule.maximum !== undefined) return `must be between ${rule.minimum} and ${rule.maximum}`;
    return `must be at least ${rule.minimum}${upper ? ` and ${upper}` : ''}`;
  }
  return upper ? `must be ${upper}` : null;
}

export const choicesMessage = (choices: unknown[]) => `must be one of ${choices.map(String).join(', ')}`;
export const WHOLE_NUMBER = 'must be a whole number';
export const NOT_A_NUMBER = 'must be a number';
// DRF's words for a missing required field (the API says the same).
export const REQUIRED = 'This field is required.';

function messageFor(issue: z.core.$ZodIssue, rule: FieldRule | undefined, given: unknown): string {
  if (given === undefined) return REQUIRED;
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return (rule && rangeMessage(rule)) ?? issue.message;
    case 'not_multiple_of':
      return WHOLE_NUMBER;
    case 'invalid_value':
    case 'invalid_union':
      return rule?.choices ? choicesMessage(rule.choices) : issue.message;
    case 'invalid_type':
      if (issue.expected === 'int') return WHOLE_NUMBER;
      if (issue.expected === 'number') return NOT_A_NUMBER;
      return rule?.choices ? choicesMessage(rule.choices) : issue.message;
    default:
      return issue.message;
  }
}

/** The contract's messages for {workload, platform}, keyed by the API's dotted paths (`workload.block_size_kb`). */
export function contractErrors(contract: InputContract, inputs: { workload: Record<string, unknown>; platform: Record<string, unknown> }): FieldErrors {
  const errors: FieldErrors = {};
  for (const part of ['workload', 'platform'] as const) {
    const result = contract[part].safeParse(inputs[part]);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const path = field ? `${part}.${field}` : part;
      const message = messageFor(issue, contract.rules[part][field], field ? inputs[part][field] : inputs[part]);
      if (!errors[path]?.includes(message)) errors[path] = [...(errors[path] ?? []), message];
    }
  }
  return errors;
}
