/** A real evaluation of the FS1-2 quarter rack (2 nodes, 1,000 users) as POST /api/v1/evaluate/ answers it
 * on the seed catalog (engine + BOM + assumptions, no price book): the input of the pure-logic tests.
 * Written by `npm run gen:fixture` (backend: manage.py write_spa_fixture); a backend test fails when it
 * drifts from what the engine answers now. */
import type { Design, EvaluationPayload, OltpEvaluation } from '../api/types';
import raw from './quarter-rack-evaluation.fixture.json';
import equallogicRaw from './equallogic-evaluation.fixture.json';
import netappRaw from './netapp-evaluation.fixture.json';
import tpccCurvesRaw from './equallogic-tpcc-curves.fixture.json';
import type { MeasuredCurve } from '../api/measured-curves';

export type OltpPayload = EvaluationPayload & { evaluation: OltpEvaluation };

export const quarterRack = (): OltpPayload => structuredClone(raw) as unknown as OltpPayload;

/** Real evaluations of the disk designs (same command): Dell EqualLogic PS6010XV, 2 x 8-core RAC nodes,
 * one array, 6,000 users (dell-equallogic-oltp-2010 Table 9), and NetApp FAS3140, one node, 140 users. */
export const equallogicPs6010xv = (): OltpPayload => structuredClone(equallogicRaw) as unknown as OltpPayload;
export const netappFas3140 = (): OltpPayload => structuredClone(netappRaw) as unknown as OltpPayload;

/** GET /api/v1/curves/?configuration=dell-oltp-2010-tpcc-test-system&quantity=tps as the catalog answers it
 * (the TPC-C runs of Tables 5-6; database ids left out). */
export const equallogicTpccCurves = (): MeasuredCurve[] => structuredClone(tpccCurvesRaw.results) as unknown as MeasuredCurve[];

/** A saved quarter-rack design (id 7, owned by alice, revision 1) as GET /api/v1/designs/7/ answers it:
 * the editor tests' design, with `extra` fields replaced. */
export function savedQuarterRack(extra: Partial<Design> = {}): Design {
  return {
    id: 7,
    name: 'Bank core',
    customer: 'Acme',
    description: '',
    owner: { id: 1, username: 'alice' },
    team: null,
    visibility: 'private',
    status: 'draft',
    workload: { kind: 'oltp', users: 1000 },
    platform: { family: 'oracle-fs1', storage_model: 'FS1-2', reference: 'oracle-fs1-quarter-rack', rac_nodes: 2, arrays: 2 },
    databases: [],
    clone_reduction_ratio: null,
    reference_configuration: 'oracle-fs1-quarter-rack',
    rule_versions: {},
    bom_overrides: [],
    evidence_imports: [],
    calibrate_on_evidence: false,
    price_book: null,
    version: 1,
    etag: '"design-7-v1"',
    revision: 1,
    my_role: 'owner',
    permissions: ['read', 'export', 'edit', 'share', 'delete'],
    created: '2026-11-01T00:00:00Z',
    updated: '2026-11-01T00:00:00Z',
    ...extra,
  };
}
