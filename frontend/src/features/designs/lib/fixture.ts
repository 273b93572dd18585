/** A real evaluation of the FS1-2 quarter rack (2 nodes, 1,000 users) as POST /api/v1/evaluate/ answers it
 * on the seed catalog (engine + BOM + assumptions, no price book): the input of the pure-logic tests.
 * Written by `npm run gen:fixture` (backend: manage.py write_spa_fixture); a backend test fails when it
 * drifts from what the engine answers now. */
import type { EvaluationPayload, OltpEvaluation } from '../api/types';
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
