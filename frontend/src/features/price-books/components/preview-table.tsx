import type { PriceBookPreview } from '../api/types';
import { errorText, fileErrors, previewRows, previewSummary } from '../lib/price-books';

const COLUMNS = [
  ['manufacturer', 'Manufacturer'],
  ['part_number', 'Part number'],
  ['unit_price', 'List price'],
  ['discount_percent', 'Discount %'],
] as const;

/** What the upload would save, row by row; a row with errors is marked and says which field is wrong. */
export function PreviewTable({ preview }: { preview: PriceBookPreview }) {
  const rows = previewRows(preview);
  const general = fileErrors(preview.errors);
  return (
    <section aria-labelledby="preview-title" data-testid="price-book-preview">
      <h4 id="preview-title">
        Preview{preview.name && ` of ${preview.name}${preview.version ? ` v${preview.version}` : ''}`}
      </h4>
      <p className={preview.valid ? 'ok-text' : 'field-error'} role="status" data-testid="preview-verdict">
        {preview.valid
          ? `No errors: ${previewSummary(preview)}. Nothing is saved until you press Save.`
          : `${preview.errors.length} ${preview.errors.length === 1 ? 'error' : 'errors'}: fix the file and check it again. Nothing was saved. (${previewSummary(preview)})`}
      </p>
      {general.length > 0 && (
        <ul className="field-error" data-testid="preview-file-errors">
          {general.map((e) => (
            <li key={`${e.field}:${e.message}`}>{errorText(e)}</li>
          ))}
        </ul>
      )}
      {rows.length > 0 && (
        <table className="table compact">
          <thead>
            <tr>
              <th scope="col">Row</th>
              {COLUMNS.map(([, label]) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
              <th scope="col">Net price</th>
              <th scope="col">Description / problem</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row} className={`preview-${r.status}`} data-testid="preview-row" data-status={r.status}>
                <td>{r.row}</td>
                {COLUMNS.map(([field]) => (
                  <td key={field} className={r.fieldErrors[field] ? 'cell-error' : undefined} aria-invalid={r.fieldErrors[field] ? true : undefined}>
                    {r[field] ?? ''}
                  </td>
                ))}
                <td>{r.net_unit_price ?? ''}</td>
                <td>
                  {r.status === 'error' ? (
                    <ul className="field-error">
                      {r.errors.map((e) => (
                        <li key={`${e.field}:${e.message}`}>
                          <strong>{e.field}</strong>: {e.message}
                        </li>
                      ))}
                    </ul>
                  ) : r.status === 'skipped' ? (
                    <span className="muted">no price: skipped</span>
                  ) : (
                    r.description
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
