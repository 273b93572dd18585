import type { Candidate } from '../api/types';
import { CandidateRow } from './candidate-row';

interface Props {
  /** Prefix of the selection keys of this table's rows ("candidates:<key>"). */
  section: string;
  caption: string;
  candidates: Candidate[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onCreate: (candidate: Candidate) => void;
  creatingKey: string | null;
  showMisses?: boolean;
  /** Several databases carried together: a column of each one's verdict and figures. */
  consolidated?: boolean;
  testId: string;
}

const HEADINGS = ['#', 'Configuration', 'Verdict', 'Bottleneck', 'Headroom', 'Sustained', 'Cost', 'Degraded', 'Growth', 'Why the next smaller fails', ''];
/** After the verdict: each database's verdict, throughput and response (against alone). */
const CONSOLIDATED_HEADINGS = [...HEADINGS.slice(0, 3), 'Databases', ...HEADINGS.slice(3)];

export function CandidateTable({ section, caption, candidates, selectedKey, onSelect, onCreate, creatingKey, showMisses, consolidated, testId }: Props) {
  if (!candidates.length) return null;
  const headings = consolidated ? CONSOLIDATED_HEADINGS : HEADINGS;
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid={testId}>
        <caption>
          <strong>{caption}</strong>
        </caption>
        <thead>
          <tr>
            {headings.map((h, i) => (
              <th key={h || i} scope="col" className={['#', 'Headroom', 'Sustained', 'Cost'].includes(h) ? 'num' : undefined}>
                {h || <span className="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {candidates.map((c) => (
            <CandidateRow
              key={c.key}
              candidate={c}
              selected={`${section}:${c.key}` === selectedKey}
              onSelect={() => onSelect(`${section}:${c.key}`)}
              onCreate={() => onCreate(c)}
              creating={creatingKey !== null}
              showMisses={showMisses}
              consolidated={consolidated}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
