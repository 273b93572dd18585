import { formatQuantity, formatSignedPercent } from '../../../components/format';
import type { Candidate } from '../api/types';
import { CandidateDatabases } from './candidate-databases';
import { bottleneckWords, costText, degradedText, growthText, missText, smallerText, verdictText, verdictTone } from '../lib/candidate-row';

interface Props {
  candidate: Candidate;
  selected: boolean;
  onSelect: () => void;
  onCreate: () => void;
  creating: boolean;
  /** The closest rows (nothing holds) list what they miss. */
  showMisses?: boolean;
  /** Several databases carried together: each one's verdict and figures in their own column. */
  consolidated?: boolean;
}

export function CandidateRow({ candidate: c, selected, onSelect, onCreate, creating, showMisses, consolidated }: Props) {
  const cost = costText(c.cost);
  return (
    <tr className={selected ? 'selected' : undefined} aria-selected={selected} data-testid="candidate-row" data-key={c.key} onClick={onSelect}>
      <td className="num">{c.rank > 0 ? c.rank : '—'}</td>
      <td>
        <strong>{c.label}</strong>
        <div className="muted small-text">
          {c.family_label} · {c.configuration}
        </div>
        <OutsideMeasured texts={c.outside_measured} />
      </td>
      <td data-testid="candidate-verdict">
        <span className={`badge badge-${verdictTone(c.verdict)}`}>{verdictText(c.verdict, c.months_until_missed)}</span>
        {showMisses && c.misses.length > 0 && (
          <ul className="small-text">
            {c.misses.map((m) => (
              <li key={m.target}>{missText(m)}</li>
            ))}
          </ul>
        )}
      </td>
      {consolidated && (
        <td>
          <CandidateDatabases databases={c.databases} />
        </td>
      )}
      <td>{bottleneckWords(c.bottleneck)}</td>
      <td className="num">{formatSignedPercent(c.headroom_pct.value, 0)}</td>
      <td className="num" data-testid="candidate-sustained">
        {formatQuantity(c.sustained)}
      </td>
      <td className="num" title={cost.note}>
        {cost.text}
        {cost.text === 'unknown' && c.cost.unpriced_lines.length > 0 && <div className="muted small-text">{cost.note}</div>}
        {cost.text === 'unknown' && c.cost.unpriced_lines.length === 0 && <span className="visually-hidden">: {cost.note}</span>}
      </td>
      <td className="small-text">{degradedText(c.degraded)}</td>
      <td className="small-text">{growthText(c)}</td>
      <td className="small-text">
        {c.smaller.length ? (
          <ul>
            {c.smaller.map((s) => (
              <li key={s.change}>{smallerText(s)}</li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </td>
      <td>
        <button
          type="button"
          className="small"
          disabled={creating}
          onClick={(event) => {
            event.stopPropagation();
            onCreate();
          }}
        >
          Create design
        </button>
      </td>
    </tr>
  );
}

function OutsideMeasured({ texts }: { texts: string[] }) {
  if (!texts.length) return null;
  return (
    <details className="small-text">
      <summary>
        <span className="badge badge-warn" title={texts.join(' ')}>
          outside the measured range
        </span>
      </summary>
      <ul>
        {texts.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </details>
  );
}
