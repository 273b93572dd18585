/** Shapes of the AWR imports API: aliases of the generated OpenAPI types (src/lib/api-schema.d.ts). */
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type AwrPreview = Schemas['AwrPreview'];
export type AwrImport = Schemas['AwrImport'];
export type AwrImportCreated = Schemas['AwrImportCreated'];
export type AwrImportListItem = Schemas['AwrImportListItem'];
export type AwrImportPage = Schemas['PaginatedAwrImportListItemList'];
export type AwrReport = Schemas['AwrReport'];
export type AwrValue = Schemas['AwrValue'];
export type AwrSource = Schemas['AwrSource'];
export type AwrWorkloadValues = Schemas['AwrWorkloadValues'];
export type AwrDesignWorkload = Schemas['AwrDesignWorkload'];
export type TeamPage = Schemas['PaginatedTeamList'];
export type Team = Schemas['Team'];
