import { ApiError } from '../../../lib/api-client';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { TEMPLATE_URL, useAdminPriceBooks } from '../api/price-books';
import { PriceBookList } from './price-book-list';
import { UploadPanel } from './upload-panel';

/** Admins: load price books (CSV or XLSX, checked before anything is saved), activate and retire them. */
export function PriceBooksPage() {
  const books = useAdminPriceBooks();
  const denied = books.error instanceof ApiError && (books.error.status === 403 || books.error.status === 401);
  return (
    <div className="page stack">
      <div className="page-head">
        <h2>Price books</h2>
        <p className="export-links">
          Template of every catalog part: <a href={`${TEMPLATE_URL}?as=csv`} download>CSV</a> ·{' '}
          <a href={`${TEMPLATE_URL}?as=xlsx`} download>XLSX</a>
        </p>
      </div>
      <p className="muted">
        Fill in the template's unit_price (and a discount_percent per line if the quote has one); lines left blank are skipped.
        The file is checked row by row before anything is saved. A saved price book is retired until you activate it; the
        active version of a name is the one offered to new designs, and designs keep the book they were priced with.
      </p>
      <UploadPanel />
      {denied ? (
        <p role="alert">Only administrators manage price books.</p>
      ) : books.isPending ? (
        <Loading what="the price books" />
      ) : books.isError ? (
        <ErrorMessage error={books.error} />
      ) : (
        <PriceBookList books={books.data.results} />
      )}
    </div>
  );
}
