import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { useCloneDesign } from '../api/clone-design';
import { designKeys } from '../api/keys';
import { usePriceBooks } from '../api/price-books';
import type { Design, PlatformInput, WorkloadInput } from '../api/types';
import { useUpdateDesign } from '../api/update-design';
import { saveBody, saveProblem } from '../lib/save';
import { can, roleLabel } from '../lib/permissions';

interface Meta {
  name: string;
  customer: string;
  status: string;
  priceBook: number | null;
}

interface Props {
  design: Design;
  meta: Meta;
  onMetaChange: (meta: Meta) => void;
  inputs: { workload: WorkloadInput; platform: PlatformInput; reference_configuration: string | null } | null;
}

export function SaveBar({ design, meta, onMetaChange, inputs }: Props) {
  const [summary, setSummary] = useState('');
  const update = useUpdateDesign();
  // The designs list's clone, here too (issue 39): the copy opens at once.
  const clone = useCloneDesign();
  const navigate = useNavigate();
  const priceBooks = usePriceBooks();
  const queryClient = useQueryClient();
  const readOnly = !can(design, 'edit');
  const problem = saveProblem(update.error);
  const fieldErrors = update.error instanceof ApiError ? update.error.fieldErrors : {};

  const save = () => {
    if (!inputs) return;
    update.mutate({ id: design.id, etag: design.etag, body: saveBody(meta, inputs, summary) });
  };

  return (
    <div className="card save-bar">
      <div className="field grow">
        <label htmlFor="design-name">Design name</label>
        <input id="design-name" value={meta.name} readOnly={readOnly} onChange={(e) => onMetaChange({ ...meta, name: e.target.value })} />
        {fieldErrors.name && <p className="field-error">{fieldErrors.name.join(' ')}</p>}
      </div>
      <div className="field">
        <label htmlFor="design-customer">Customer</label>
        <input id="design-customer" value={meta.customer} readOnly={readOnly} onChange={(e) => onMetaChange({ ...meta, customer: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="design-status">Status</label>
        <select id="design-status" value={meta.status} disabled={readOnly} onChange={(e) => onMetaChange({ ...meta, status: e.target.value })}>
          <option value="draft">Draft</option>
          <option value="proposed">Proposed</option>
          <option value="approved">Approved</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="design-price-book">Price book</label>
        <select
          id="design-price-book"
          value={meta.priceBook ?? ''}
          disabled={readOnly}
          onChange={(e) => onMetaChange({ ...meta, priceBook: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{priceBooks.data?.results.length ? 'None (unpriced)' : 'None in the catalog'}</option>
          {(priceBooks.data?.results ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} v{b.version} ({b.currency})
            </option>
          ))}
          {design.price_book && priceBooks.data && !priceBooks.data.results.some((b) => b.id === design.price_book?.id) && (
            <option value={design.price_book.id}>
              {design.price_book.name} v{design.price_book.version} ({design.price_book.currency}, retired)
            </option>
          )}
        </select>
      </div>
      {readOnly ? (
        <p className="notice" data-testid="read-only-note">
          Read-only: you are a {roleLabel(design)} of {design.owner.username}’s design. Inputs can be tried, not saved.
        </p>
      ) : (
        <>
          <div className="field grow">
            <label htmlFor="revision-summary">Revision summary</label>
            <input id="revision-summary" placeholder="What changed and why" value={summary} maxLength={500} onChange={(e) => setSummary(e.target.value)} />
          </div>
          <button type="button" onClick={save} disabled={!inputs || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      )}
      {/* A clone is the caller's to export, so cloning needs the export permission, as in the list. */}
      {can(design, 'export') && (
        <button
          type="button"
          className="secondary"
          data-testid="clone-design"
          title="A copy of the saved design, yours to edit (unsaved changes are not copied)"
          disabled={clone.isPending}
          onClick={() => clone.mutate(design.id, { onSuccess: (copy) => navigate(`/designs/${copy.id}`) })}
        >
          {clone.isPending ? 'Cloning…' : 'Clone'}
        </button>
      )}
      <p className="muted small-text meta-line" data-testid="revision-info">
        Revision {design.revision ?? '—'} · version {design.version} · owner {design.owner.username}
        {update.isSuccess && !update.isPending && <span className="ok-text"> · Saved</span>}
      </p>
      {clone.error && (
        <p className="field-error" role="alert">
          {clone.error.message}
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert" data-testid="save-error">
          {problem.message}{' '}
          {problem.reload && (
            <button type="button" className="secondary small" onClick={() => queryClient.invalidateQueries({ queryKey: designKeys.detail(design.id) })}>
              Reload
            </button>
          )}
        </p>
      )}
    </div>
  );
}
