/**
 * The design's own evidence (issue 38 point 5): which of its team's evidence imports it names and
 * whether it is calibrated on them, as the editor holds them and as they go to PATCH /designs/{id}/ and
 * POST /evaluate/ (docs/imports.md, "A design on the team's own evidence").
 */
import type { Design } from '../api/types';

export interface EvidenceChoice {
  /** Evidence import ids, ascending (as the API stores them). */
  imports: number[];
  /** "Calibrate on our measurements": only with at least one import (the API refuses it without). */
  calibrate: boolean;
}

export const NO_EVIDENCE: EvidenceChoice = { imports: [], calibrate: false };

/** The design's choice as saved (a design read before the fields existed names none). */
export function evidenceChoiceOf(design: Partial<Pick<Design, 'evidence_imports' | 'calibrate_on_evidence'>>): EvidenceChoice {
  const imports = [...(design.evidence_imports ?? [])].sort((a, b) => a - b);
  return { imports, calibrate: imports.length > 0 && Boolean(design.calibrate_on_evidence) };
}

/** An import ticked or unticked; with none left the design cannot be calibrated on them. */
export function withImport(choice: EvidenceChoice, id: number, on: boolean): EvidenceChoice {
  const others = choice.imports.filter((i) => i !== id);
  const imports = on ? [...others, id].sort((a, b) => a - b) : others;
  return { imports, calibrate: imports.length > 0 && choice.calibrate };
}

export function withCalibrate(choice: EvidenceChoice, calibrate: boolean): EvidenceChoice {
  return { ...choice, calibrate: choice.imports.length > 0 && calibrate };
}

export interface EvidenceFields {
  evidence_imports: number[];
  calibrate_on_evidence: boolean;
}

/**
 * The two fields, for the save and the evaluation: sent when the design names imports now or did when
 * loaded (so clearing them is saved as []). A design that never named any sends neither, so its
 * requests are what they were before imports existed.
 */
export function evidenceFieldsOf(
  choice: EvidenceChoice,
  saved: Partial<Pick<Design, 'evidence_imports' | 'calibrate_on_evidence'>>,
): EvidenceFields | null {
  const before = evidenceChoiceOf(saved);
  if (!choice.imports.length && !before.imports.length && !choice.calibrate && !saved.calibrate_on_evidence) return null;
  return { evidence_imports: choice.imports, calibrate_on_evidence: choice.imports.length > 0 && choice.calibrate };
}

/** POST /evaluate/'s `team` for a request that names imports: the design's team (whose imports they are). */
export function evidenceTeamOf(fields: Partial<EvidenceFields>, team: { id: number } | null | undefined): { team: number } | null {
  return fields.evidence_imports?.length && team ? { team: team.id } : null;
}
