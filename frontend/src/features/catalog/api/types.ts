/** Catalog read API shapes: generated from the OpenAPI schema (src/lib/api-schema.d.ts) where the
 * feature uses them as sent; hand-written only for what it narrows. */
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export interface Page<T> {
  count: number;
  results: T[];
}

export interface DecimalQuantity {
  value: string;
  unit: string;
}

export type Part = Schemas['Part'];

export type CurvePoint = Schemas['MeasuredPoint'];

export type Curve = Schemas['BenchmarkCurve'];

export type SizingRule = Schemas['SizingRule'];

export interface ReferenceDesign {
  slug: string;
  name: string;
  platform: string;
  description: string;
  attributes: Record<string, DecimalQuantity>;
  document: string | null;
  source_locator: string;
}

export interface ReferenceBom {
  currency: string | null;
  lines: { line: number; section: string; part_number: string; description: string; quantity: number; rule: string; source: string }[];
}
