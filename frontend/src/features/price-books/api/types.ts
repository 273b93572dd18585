/** Shapes of the price book API: aliases of the generated OpenAPI types (src/lib/api-schema.d.ts). */
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type PriceBook = Schemas['PriceBook'];
export type PriceBookPage = Schemas['PaginatedPriceBookList'];
export type PriceBookPreview = Schemas['PriceBookPreview'];
export type PriceBookPreviewRow = Schemas['PriceBookPreviewRow'];
export type ImportRowError = Schemas['ImportRowError'];
export type ImportErrors = Schemas['ImportErrors'];
export type PriceBookImported = Schemas['PriceBookImported'];
