/** Evidence checks and imports as the API answers them (test data). The checks in evidence.fixture.json
 * were written by the backend's own parser and serializers from files of
 * backend/measurements/tests/orion_swingbench_builders.py: an ORION oltp run "e2e" (small 1, 2, 4, no
 * large I/O) and two Swingbench runs of 8 and 16 users. */
import type {
  EvidenceImport,
  EvidenceImportCreated,
  EvidenceImportListItem,
  ExistingSystem,
  OrionCheck,
  SwingbenchCheck,
} from '../api/evidence-types';
import raw from './evidence.fixture.json';

export const orionCheck = (): OrionCheck => structuredClone(raw.orion_check) as OrionCheck;
export const swingbenchCheck = (): SwingbenchCheck => structuredClone(raw.swingbench_check) as SwingbenchCheck;

const TEAM = { id: 1, name: 'Presales A', slug: 'presales-a' };

export const SYSTEM: ExistingSystem = {
  id: 3,
  team: TEAM,
  name: 'Prod array',
  description: "The bank's array",
  family: 'Pure FlashArray',
  storage_model: 'X70',
  created_by: { id: 2, username: 'alice' },
  created_at: '2026-12-03T09:00:00Z',
  updated_at: '2026-12-03T09:00:00Z',
  evidence_count: 0,
};

export function orionListed(id = 7): EvidenceImportListItem {
  const check = orionCheck();
  return {
    id,
    team: TEAM,
    existing_system: { id: SYSTEM.id, name: SYSTEM.name },
    kind: 'orion',
    name: check.orion.run.test_name?.value ?? null,
    points: check.orion.iops_latency.length,
    uploaded_by: { id: 2, username: 'alice' },
    uploaded_at: '2026-12-03T10:15:00Z',
    sha256: check.sha256,
    files: check.files,
  };
}

export function swingbenchListed(id = 8): EvidenceImportListItem {
  const check = swingbenchCheck();
  return {
    id,
    team: TEAM,
    existing_system: null,
    kind: 'swingbench',
    name: check.swingbench.benchmark_name,
    points: check.swingbench.curve.length,
    uploaded_by: { id: 4, username: 'carol' },
    uploaded_at: '2026-12-03T11:45:00Z',
    sha256: check.sha256,
    files: check.files,
  };
}

export function orionImport(id = 7): EvidenceImport {
  const check = orionCheck();
  return { ...orionListed(id), orion: check.orion, swingbench: null, notes: check.notes };
}

export function swingbenchImport(id = 8): EvidenceImport {
  const check = swingbenchCheck();
  return { ...swingbenchListed(id), orion: null, swingbench: check.swingbench, notes: check.notes };
}

export const created = (item: EvidenceImport, existing = false): EvidenceImportCreated => ({ ...item, existing });
