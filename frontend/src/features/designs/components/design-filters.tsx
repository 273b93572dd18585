import { usePlatforms } from '../../../lib/platforms';
import type { ListQuery, SortKey } from '../lib/design-list';

interface Props {
  query: ListQuery;
  onChange: (query: ListQuery) => void;
}

export function DesignFilters({ query, onChange }: Props) {
  // Families the list can be filtered by; the select offers only "All platforms" while they load.
  const platforms = usePlatforms();
  const set = <K extends keyof ListQuery>(key: K, value: ListQuery[K]) => onChange({ ...query, [key]: value });
  return (
    <div className="filters" role="search">
      <div className="field">
        <label htmlFor="design-search">Search</label>
        <input
          id="design-search"
          type="search"
          placeholder="Name, customer, owner"
          value={query.search}
          onChange={(e) => set('search', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="design-scope">Whose</label>
        <select id="design-scope" value={query.scope} onChange={(e) => set('scope', e.target.value as ListQuery['scope'])}>
          <option value="all">Mine and my team’s</option>
          <option value="mine">Mine</option>
          <option value="team">Shared with my team</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="design-platform">Platform</label>
        <select id="design-platform" value={query.platform} onChange={(e) => set('platform', e.target.value)}>
          <option value="">All platforms</option>
          {(platforms.data ?? []).map((f) => (
            <option key={f.family} value={f.family}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="design-status">Status</label>
        <select id="design-status" value={query.status} onChange={(e) => set('status', e.target.value)}>
          <option value="">Any status</option>
          <option value="draft">Draft</option>
          <option value="proposed">Proposed</option>
          <option value="approved">Approved</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="design-sort">Sort by</label>
        <select id="design-sort" value={query.sort} onChange={(e) => set('sort', e.target.value as SortKey)}>
          <option value="updated">Last updated</option>
          <option value="name">Name</option>
          <option value="customer">Customer</option>
          <option value="status">Status</option>
        </select>
      </div>
    </div>
  );
}
