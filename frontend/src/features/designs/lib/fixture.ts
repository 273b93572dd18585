/** A real evaluation of the FS1-2 quarter rack (2 nodes, 1,000 users) as POST /api/v1/evaluate/ answers it
 * on the seed catalog (engine + BOM + assumptions, no price book): the input of the pure-logic tests.
 * Written by `npm run gen:fixture` (backend: manage.py write_spa_fixture); a backend test fails when it
 * drifts from what the engine answers now. */
import type { EvaluationPayload, OltpEvaluation } from '../api/types';
import raw from './quarter-rack-evaluation.fixture.json';

export type OltpPayload = EvaluationPayload & { evaluation: OltpEvaluation };

export const quarterRack = (): OltpPayload => structuredClone(raw) as unknown as OltpPayload;
