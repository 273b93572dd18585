/** A real engine evaluation of the FS1-2 quarter rack (2 nodes, 1,000 users; backend sizing engine
 * on the seed evidence), trimmed, with a two-line test BOM: the input of the pure-logic tests. */
import type { EvaluationPayload } from '../api/types';
import raw from './quarter-rack-evaluation.fixture.json';

export const quarterRack = (): EvaluationPayload => structuredClone(raw) as unknown as EvaluationPayload;
