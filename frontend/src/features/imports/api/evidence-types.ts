/** Shapes of the evidence imports API (ORION runs, Swingbench series, existing systems): aliases of the
 * generated OpenAPI types (src/lib/api-schema.d.ts). */
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type EvidenceKind = Schemas['EvidenceKindEnum'];
export type EvidenceSource = Schemas['EvidenceSource'];
export type EvidenceFile = Schemas['EvidenceFile'];
export type OrionCheck = Schemas['OrionCheck'];
export type SwingbenchCheck = Schemas['SwingbenchCheck'];
export type EvidenceCheck = OrionCheck | SwingbenchCheck;
export type OrionEvidence = Schemas['OrionEvidence'];
export type OrionRun = Schemas['OrionRun'];
export type OrionGrid = Schemas['OrionGrid'];
export type OrionPeak = Schemas['OrionPeak'];
export type SwingbenchEvidence = Schemas['SwingbenchEvidence'];
export type SwingbenchRun = Schemas['SwingbenchRun'];
export type LoadResponsePoint = Schemas['LoadResponsePoint'];
export type EvidenceImport = Schemas['EvidenceImport'];
export type EvidenceImportCreated = Schemas['EvidenceImportCreated'];
export type EvidenceImportListItem = Schemas['EvidenceImportListItem'];
export type EvidenceImportPage = Schemas['PaginatedEvidenceImportListItemList'];
export type ExistingSystem = Schemas['ExistingSystem'];
export type ExistingSystemPage = Schemas['PaginatedExistingSystemList'];
export type ExistingSystemCreate = Schemas['ExistingSystemCreateRequest'];
