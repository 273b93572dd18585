import { useState } from 'react';
import type { Candidate, Recommendation } from '../api/types';
import { countOf } from '../../../components/format';
import { CandidateTable } from './candidate-table';
import { ParetoChart } from './pareto-chart';
import { messageOf } from '../lib/candidate-row';

interface Props {
  recommendation: Recommendation;
  onCreate: (candidate: Candidate) => void;
  creatingKey: string | null;
}

/** The answer: its message, the Pareto chart, the ranked candidates, the reference racks, the closest. */
export function RecommendResults({ recommendation: rec, onCreate, creatingKey }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const charted = rec.candidates.length ? 'candidates' : 'closest';
  const s = rec.searched;
  const consolidated = rec.kind === 'consolidated';
  const tableProps = { selectedKey: selected, onSelect: setSelected, onCreate, creatingKey, consolidated };
  return (
    <div className="stack" data-testid="recommend-results">
      <p className={rec.holds ? 'verdict verdict-holds' : 'verdict verdict-does-not-hold'} data-testid="recommend-message">
        {messageOf(rec)}
      </p>
      <p className="muted small-text">
        {rec.resilience_label}. Searched {countOf(s.configurations, 'configuration')}, {countOf(s.candidates, 'size')} ({s.screened_out} screened out,{' '}
        {countOf(s.full_evaluations, 'full evaluation')}). Ranked by {rec.ranking}
        {rec.price_book ? ` with ${rec.price_book.name} v${rec.price_book.version}${rec.price_book.is_demo ? ' (demo prices)' : ''}` : ''}.
      </p>
      {(rec.candidates.length > 0 || rec.closest.length > 0) && (
        <ParetoChart recommendation={rec} selectedKey={selected?.startsWith(`${charted}:`) ? selected.slice(charted.length + 1) : null} onSelect={(key) => setSelected(`${charted}:${key}`)} />
      )}
      <CandidateTable section="candidates" caption="Configurations that hold, ranked" candidates={rec.candidates} testId="candidates-table" {...tableProps} />
      <CandidateTable section="closest" caption="Nothing holds: the closest, with what they miss" candidates={rec.closest} testId="closest-table" showMisses {...tableProps} />
      <CandidateTable section="references" caption="The catalog's reference racks, at their own size" candidates={rec.references} testId="references-table" showMisses {...tableProps} />
    </div>
  );
}
