import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { usePlatforms } from '../../../lib/platforms';
import { useCreateDesign } from '../api/create-design';
import { useDesigns } from '../api/list-designs';
import { useDefaultPriceBook } from '../api/price-books';
import { useReferenceDesigns } from '../api/reference-designs';
import { defaultDesignName, newDesignInputs, startingPoints } from '../lib/presets';

export function NewDesignPage() {
  const references = useReferenceDesigns();
  const platforms = usePlatforms();
  const designs = useDesigns();
  const create = useCreateDesign();
  const pricing = useDefaultPriceBook();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string>('');
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState('');
  const starts = startingPoints(references.data ?? [], platforms.data ?? []);
  const start = starts.find((s) => s.id === chosen);
  const existing = (designs.data?.results ?? []).map((d) => d.name);
  // A new design takes the catalog's default price book, the server's rule (GET /price-books/default/);
  // the id shown is the one sent, so the design gets the book the note named. The editor changes it.

  const pick = (id: string) => {
    setChosen(id);
    const picked = starts.find((s) => s.id === id);
    if (picked && !name) setName(defaultDesignName(picked, existing));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start) return;
    create.mutate(
      {
        name: name.trim() || defaultDesignName(start, existing),
        customer,
        ...newDesignInputs(start),
        reference_configuration: start.referenceConfiguration,
        price_book: pricing.data?.price_book?.id ?? null,
      },
      { onSuccess: (design) => navigate(`/designs/${design.id}`) },
    );
  };

  return (
    <section className="stack">
      <h2>New design</h2>
      <form onSubmit={submit} className="stack">
        <fieldset className="card">
          <legend>Start from</legend>
          {references.isPending && <Loading what="reference configurations" />}
          {platforms.isPending && <Loading what="platform families" />}
          <ErrorMessage error={references.error ?? platforms.error} />
          <div className="start-grid">
            {starts.map((s) => (
              <label key={s.id} className={`start-card${chosen === s.id ? ' chosen' : ''}`} data-testid="start-card">
                {/* Named by its title, described by the rest: a card's source may name another start's words. */}
                <input
                  type="radio"
                  name="start"
                  value={s.id}
                  checked={chosen === s.id}
                  onChange={() => pick(s.id)}
                  aria-labelledby={`start-${s.id}-title`}
                  aria-describedby={`start-${s.id}-details`}
                />
                <strong id={`start-${s.id}-title`}>{s.label}</strong>
                <span id={`start-${s.id}-details`} className="start-details">
                  {s.rated && (
                    <span className="start-rated" data-testid="start-rated">
                      {s.rated}
                    </span>
                  )}
                  {/* In full: a cut description lost the rated figure ("…SSD. Rated"). */}
                  <span className="muted small-text">{s.description}</span>
                  {s.source && <span className="source">Source: {s.source}</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="card form-row">
          <div className="field">
            <label htmlFor="new-design-name">Design name</label>
            <input id="new-design-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          </div>
          <div className="field">
            <label htmlFor="new-design-customer">Customer</label>
            <input id="new-design-customer" value={customer} onChange={(e) => setCustomer(e.target.value)} maxLength={200} />
          </div>
          <button type="submit" disabled={!start || create.isPending || pricing.isPending}>
            {create.isPending ? 'Creating…' : 'Create design'}
          </button>
        </div>
        <p className="muted small-text" data-testid="new-design-price-book">
          {pricing.isPending ? 'Looking up the active price book…' : (pricing.data?.note ?? 'Price books could not be read: the design starts unpriced.')}
        </p>
        <ErrorMessage error={create.error} />
      </form>
    </section>
  );
}
