import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../lib/api-client';
import { NO_FILTERS, OBJECT_TYPES, type AuditFilters } from '../lib/audit-query';

interface Props {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  errors: FieldErrors;
}

/** The feed's filters; applied on submit so that typing does not query on every key. */
export function AuditFiltersForm({ value, onApply, errors }: Props) {
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const error = (name: string) => errors[name] && <p className="field-error">{errors[name].join(' ')}</p>;
  return (
    <form className="card filters" onSubmit={submit} aria-label="Audit filters">
      <div className="field">
        <label htmlFor="audit-object-type">Object type</label>
        <select
          id="audit-object-type"
          value={draft.objectType}
          onChange={(e) => setDraft({ ...draft, objectType: e.target.value as AuditFilters['objectType'] })}
        >
          <option value="">All</option>
          {OBJECT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        {error('object_type')}
      </div>
      <div className="field">
        <label htmlFor="audit-actor">Who (username)</label>
        <input id="audit-actor" value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        {error('actor')}
      </div>
      <div className="field">
        <label htmlFor="audit-since">Since</label>
        <input id="audit-since" type="datetime-local" value={draft.since} onChange={(e) => setDraft({ ...draft, since: e.target.value })} />
        {error('since')}
      </div>
      <div className="field">
        <label htmlFor="audit-until">Until</label>
        <input id="audit-until" type="datetime-local" value={draft.until} onChange={(e) => setDraft({ ...draft, until: e.target.value })} />
        {error('until')}
      </div>
      <div className="field">
        <label htmlFor="audit-object-id">Object id</label>
        <input id="audit-object-id" inputMode="numeric" value={draft.objectId} onChange={(e) => setDraft({ ...draft, objectId: e.target.value })} />
        {error('object_id')}
      </div>
      <div className="field actions">
        <button type="submit">Apply</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
