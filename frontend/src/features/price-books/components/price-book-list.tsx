import { ErrorMessage } from '../../../components/ui/status';
import { useSetPriceBookActive } from '../api/price-books';
import type { PriceBook } from '../api/types';
import { bookState, canActivate, todayIso, validityText } from '../lib/price-books';

const STATE_BADGE: Record<string, string> = { active: 'badge badge-ok', expired: 'badge badge-bad', scheduled: 'badge badge-warn', retired: 'badge' };

export function PriceBookList({ books, today = todayIso() }: { books: PriceBook[]; today?: string }) {
  const setActive = useSetPriceBookActive();
  if (!books.length) return <p className="empty">No price book yet: download the template, fill in prices and upload it above.</p>;
  return (
    <section className="card" aria-labelledby="price-book-list-title">
      <h3 id="price-book-list-title">Price books</h3>
      <ErrorMessage error={setActive.error} />
      <table className="table compact" data-testid="price-book-list">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Version</th>
            <th scope="col">Currency</th>
            <th scope="col">Validity</th>
            <th scope="col">State</th>
            <th scope="col" className="num">
              Lines
            </th>
            <th scope="col">Imported</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {books.map((b) => {
            const state = bookState(b, today);
            return (
              <tr key={b.id} data-testid="price-book-row">
                <td>
                  {b.name}
                  {b.is_demo && <span className="badge badge-warn"> Demo: fictional prices, not a quote</span>}
                </td>
                <td>v{b.version}</td>
                <td>{b.currency}</td>
                <td className="nowrap">{validityText(b)}</td>
                <td>
                  <span className={STATE_BADGE[state]}>{state}</span>
                </td>
                <td className="num">{b.entry_count}</td>
                <td className="small-text muted">
                  {b.imported_by ?? '—'} · {b.created_at.slice(0, 10)}
                </td>
                <td className="row-actions">
                  {b.is_active ? (
                    <button type="button" className="secondary small" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: b.id, active: false })}>
                      Retire
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="small"
                      disabled={setActive.isPending || !canActivate(b, today)}
                      title={canActivate(b, today) ? undefined : 'Expired: upload a new version'}
                      onClick={() => setActive.mutate({ id: b.id, active: true })}
                    >
                      Activate
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
