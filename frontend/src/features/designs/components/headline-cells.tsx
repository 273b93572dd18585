import type { DesignHeadline } from '../api/types';
import { headlineColumns } from '../lib/design-list';

/** The designs list's verdict, throughput and cost cells (three <td>s), as of the latest saved revision. */
export function HeadlineCells({ headline }: { headline: DesignHeadline }) {
  const columns = headlineColumns(headline);
  const tone = { ok: 'badge-ok', warn: 'badge-warn', bad: 'badge-bad', none: '' }[columns.verdict.tone];
  return (
    <>
      <td data-testid="verdict-cell">
        <span className={`badge ${tone}`.trim()} title={columns.verdict.title ?? undefined}>
          {columns.verdict.text}
        </span>
        {columns.verdict.title && <span className="visually-hidden">: {columns.verdict.title}</span>}
      </td>
      <td className="nowrap num" data-testid="throughput-cell">
        {columns.throughput}
      </td>
      <td className="nowrap num" data-testid="cost-cell">
        {columns.cost}
        {columns.costNote && <span className="muted small-text cell-note">{columns.costNote}</span>}
      </td>
    </>
  );
}
