import { useState } from 'react';
import { CurvesTab } from './curves-tab';
import { PartsTab } from './parts-tab';
import { ReferencesTab } from './references-tab';
import { RulesTab } from './rules-tab';

type Tab = 'parts' | 'references' | 'curves' | 'rules';

const TABS: { id: Tab; label: string }[] = [
  { id: 'parts', label: 'Parts' },
  { id: 'references', label: 'Reference configurations' },
  { id: 'curves', label: 'Benchmark curves' },
  { id: 'rules', label: 'Sizing rules' },
];

export function CatalogPage() {
  const [tab, setTab] = useState<Tab>('parts');
  return (
    <section className="stack">
      <div className="page-head">
        <h2>Catalog</h2>
        <p className="muted small-text">Read-only here; administrators edit the catalog in Django admin.</p>
      </div>
      <div role="tablist" aria-label="Catalog sections" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`catalog-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`catalog-panel-${t.id}`}
            className={tab === t.id ? 'tab active' : 'tab'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`catalog-panel-${tab}`} aria-labelledby={`catalog-tab-${tab}`}>
        {tab === 'parts' && <PartsTab />}
        {tab === 'references' && <ReferencesTab />}
        {tab === 'curves' && <CurvesTab />}
        {tab === 'rules' && <RulesTab />}
      </div>
    </section>
  );
}
