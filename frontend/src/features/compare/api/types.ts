/** GET /api/v1/designs/compare/?ids= (backend/designs/compare.py), as the schema publishes it. */
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type CompareColumn = Schemas['CompareColumn'];
export type CompareDatabase = Schemas['CompareDatabase'];
export type BomDifference = Schemas['BomDifference'];
export type CompareBomSection = Schemas['CompareBomSection'];
export type Comparison = Schemas['CompareResponse'];

/** A design the compare page can pick: the fields of the design list it shows. */
export type DesignOption = Pick<Schemas['DesignListItem'], 'id' | 'name' | 'customer' | 'platform' | 'owner'>;
/** GET /designs/ as the picker reads it. */
export type DesignOptionPage = Omit<Schemas['PaginatedDesignListItemList'], 'results'> & { results: DesignOption[] };
