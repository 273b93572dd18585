import { evidenceErrors } from '../lib/evidence';

/** An upload's refusal field by field: each message under the name of the file's field, in the API's
 * words (which name the file and the line or element). */
export function EvidenceErrors({ error, testId }: { error: unknown; testId: string }) {
  const lines = evidenceErrors(error);
  if (!lines.length) return null;
  return (
    // The alert on a wrapper: a list given role="alert" is no list (axe: listitem).
    <div role="alert" data-testid={testId}>
      <ul className="field-error">
        {lines.map((line, i) => (
          <li key={`${line.field}-${i}`} data-field={line.field || undefined}>
            {line.label && <strong>{line.label}: </strong>}
            {line.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
