/** Catalog read API shapes: aliases of the generated OpenAPI types (src/lib/api-schema.d.ts). */
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

/** A decimal value with its unit (a rule parameter, a configuration attribute). */
export type DecimalQuantity = Schemas['QuantityMap'][string];

export type Part = Schemas['Part'];
export type PartPage = Schemas['PaginatedPartList'];

export type CurvePoint = Schemas['MeasuredPoint'];

export type Curve = Schemas['BenchmarkCurve'];
export type CurvePage = Schemas['PaginatedBenchmarkCurveList'];

export type SizingRule = Schemas['SizingRule'];
export type SizingRulePage = Schemas['PaginatedSizingRuleList'];

/** A reference configuration. The schema leaves `attributes` untyped (free JSON); the catalog stores
 * them as a quantity map, which is how the references tab reads them. */
export type ReferenceDesign = Omit<Schemas['ReferenceDesign'], 'attributes'> & { attributes: Schemas['QuantityMap'] };

export type ReferenceBom = Schemas['ReferenceBomResponse'];
