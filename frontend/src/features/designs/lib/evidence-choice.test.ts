import { describe, expect, it } from 'vitest';
import { savedDesignRequest } from '../api/evaluate-design';
import { formFromInputs } from './design-form';
import { evaluateRequestOf, designInputsOf } from './evaluate-request';
import { evidenceChoiceOf, evidenceFieldsOf, evidenceTeamOf, NO_EVIDENCE, withCalibrate, withImport } from './evidence-choice';
import { savedQuarterRack } from './fixture';
import { changedFields } from './history';
import { hasUnsavedChanges, metaOf, saveBody } from './save';

const team = { id: 3, name: 'Storage team', slug: 'storage-team' };
const named = savedQuarterRack({ team, evidence_imports: [15, 12], calibrate_on_evidence: true });

describe('the evidence choice', () => {
  it('is the design’s as saved, ids ascending; none for a design read before the fields existed', () => {
    expect(evidenceChoiceOf(named)).toEqual({ imports: [12, 15], calibrate: true });
    expect(evidenceChoiceOf({})).toEqual(NO_EVIDENCE);
  });

  it('keeps the ids ascending as imports are ticked, and cannot calibrate on none', () => {
    let choice = withImport(NO_EVIDENCE, 15, true);
    expect(withCalibrate(NO_EVIDENCE, true)).toEqual(NO_EVIDENCE);
    choice = withCalibrate(withImport(choice, 12, true), true);
    expect(choice).toEqual({ imports: [12, 15], calibrate: true });
    expect(withImport(choice, 15, false)).toEqual({ imports: [12], calibrate: true });
    expect(withImport(withImport(choice, 15, false), 12, false)).toEqual(NO_EVIDENCE);
  });
});

describe('the fields sent', () => {
  it('are left out for a design that never named an import: its requests are what they were', () => {
    expect(evidenceFieldsOf(NO_EVIDENCE, savedQuarterRack())).toBeNull();
    const inputs = designInputsOf(formFromInputs(savedQuarterRack().workload, savedQuarterRack().platform), savedQuarterRack(), [], undefined, NO_EVIDENCE);
    expect(inputs).not.toHaveProperty('evidence_imports');
    expect(evaluateRequestOf(inputs, null, team)).not.toHaveProperty('team');
    expect(savedDesignRequest(savedQuarterRack({ team }))).not.toHaveProperty('evidence_imports');
  });

  it('carry the choice, and [] when the user took out every import the design named', () => {
    expect(evidenceFieldsOf({ imports: [12], calibrate: false }, savedQuarterRack())).toEqual({ evidence_imports: [12], calibrate_on_evidence: false });
    expect(evidenceFieldsOf(NO_EVIDENCE, named)).toEqual({ evidence_imports: [], calibrate_on_evidence: false });
  });

  it('go with the save (PATCH) and, with the design’s team, with the evaluation', () => {
    const inputs = designInputsOf(formFromInputs(named.workload, named.platform), named, [], undefined, { imports: [12], calibrate: true });
    expect(inputs).toMatchObject({ evidence_imports: [12], calibrate_on_evidence: true });
    expect(saveBody(metaOf(named), inputs!, '')).toMatchObject({ evidence_imports: [12], calibrate_on_evidence: true });
    expect(saveBody(metaOf(named), inputs!, '')).not.toHaveProperty('team');
    expect(evaluateRequestOf(inputs, null, team)).toMatchObject({ team: 3, evidence_imports: [12], calibrate_on_evidence: true });
    expect(evidenceTeamOf({ evidence_imports: [] }, team)).toBeNull();
    expect(evidenceTeamOf({ evidence_imports: [12] }, null)).toBeNull();
  });

  it('are in the saved design’s evaluation request, with its team', () => {
    expect(savedDesignRequest(named)).toMatchObject({ team: 3, evidence_imports: [15, 12], calibrate_on_evidence: true });
  });
});

describe('unsaved changes', () => {
  it('include the evidence imports and the calibration', () => {
    const loaded = { form: {}, meta: metaOf(named), evidence: evidenceChoiceOf(named) };
    expect(hasUnsavedChanges(loaded, { ...loaded, evidence: { imports: [12, 15], calibrate: true } }, true)).toBe(false);
    expect(hasUnsavedChanges(loaded, { ...loaded, evidence: { imports: [12, 15], calibrate: false } }, true)).toBe(true);
    expect(hasUnsavedChanges(loaded, { ...loaded, evidence: NO_EVIDENCE }, false)).toBe(false);
  });
});

describe('the history', () => {
  it('names the two fields in a revision’s changes', () => {
    const changes = [
      { field: 'evidence_imports', before: [], after: [12, 15] },
      { field: 'calibrate_on_evidence', before: false, after: true },
    ];
    expect(changedFields({ number: 2, changes })).toBe('Our measurements (evidence imports): none → 12, 15. Calibrate on our measurements: no → yes.');
  });
});
