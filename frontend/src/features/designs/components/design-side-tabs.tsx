import { useSearchParams } from 'react-router-dom';
import type { Design, EvaluateRequest } from '../api/types';
import { ExportLinks } from './export-links';
import { HistoryPanel } from './history-panel';
import { SharePanel } from './share-panel';
import { can } from '../lib/permissions';

type Tab = 'history' | 'share' | 'export';

/** `unsaved` / `onScreen`: the editor's unsaved edits and the request it evaluates, for the proposal
 * export of what is on screen (ExportLinks). */
export function DesignSideTabs({
  design,
  unsaved = false,
  onScreen = null,
}: {
  design: Design;
  unsaved?: boolean;
  onScreen?: EvaluateRequest | null;
}) {
  // In the URL, so the open tab survives the editor's reload after a save and can be linked to.
  const [params, setParams] = useSearchParams();
  // Exports are for the owner, editors and managers: a viewer gets no Export tab (the API would say 403).
  const tabs: { id: Tab; label: string }[] = [
    { id: 'history', label: 'History' },
    { id: 'share', label: 'Share' },
    ...(can(design, 'export') ? [{ id: 'export' as const, label: 'Export' }] : []),
  ];
  const tab: Tab = tabs.find((t) => t.id === params.get('tab'))?.id ?? 'history';
  const setTab = (next: Tab) => setParams(next === 'history' ? {} : { tab: next }, { replace: true });
  return (
    <section className="card panel">
      <div role="tablist" aria-label="Design history, sharing and export" className="tabs">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className={tab === t.id ? 'tab active' : 'tab'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'history' && <HistoryPanel design={design} />}
        {tab === 'share' && <SharePanel design={design} />}
        {tab === 'export' && <ExportLinks design={design} unsaved={unsaved} onScreen={onScreen} />}
      </div>
    </section>
  );
}
