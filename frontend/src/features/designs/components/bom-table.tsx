import { useId, useState } from 'react';
import type { PricedBom } from '../api/types';
import { citation } from '../../../lib/citation';
import { usePartSearch } from '../api/parts';
import {
  BOM_SECTIONS,
  SECTION_LABELS,
  bomSections,
  bomTotalText,
  overrideApiErrors,
  overrideDraftErrors,
  overrideKey,
  overrideOf,
  removedLines,
  withOverride,
  withoutOverride,
  type BomOverride,
  type OverrideDraft,
  type OverrideErrors,
} from '../lib/bom';

/** The editor's BOM overrides: part of the design's unsaved state, saved with it. */
export interface BomOverridesControl {
  overrides: BomOverride[];
  onChange: (overrides: BomOverride[]) => void;
  /** A viewer may try overrides (they are evaluated) but cannot save them. */
  readOnly?: boolean;
  /** The body of the API's 400 answer, if the last evaluation refused the overrides. */
  errorBody?: unknown;
}

function Errors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {errors.join(' ')}
    </p>
  );
}

/** Change a line's quantity or remove it, with the reason. */
function LineOverrideForm({
  line,
  initial,
  onApply,
  onCancel,
  apiErrors,
}: {
  line: { section: string; part_number: string; quantity: number };
  initial?: BomOverride;
  onApply: (draft: OverrideDraft) => void;
  onCancel: () => void;
  apiErrors?: OverrideErrors;
}) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(initial?.quantity ?? line.quantity));
  const [reason, setReason] = useState(initial?.reason ?? '');
  const [errors, setErrors] = useState<OverrideErrors>({});
  const submit = (removing: boolean) => {
    const draft: OverrideDraft = { section: line.section, partNumber: line.part_number, quantity: removing ? '0' : quantity, reason };
    const found = overrideDraftErrors(draft);
    setErrors(found);
    if (!Object.keys(found).length) onApply(draft);
  };
  const shown = { ...apiErrors, ...errors };
  return (
    <div className="bom-override-form" data-testid="bom-line-form">
      <div className="field">
        <label htmlFor={`${id}-qty`}>Quantity of {line.part_number}</label>
        <input
          id={`${id}-qty`}
          inputMode="numeric"
          value={quantity}
          aria-invalid={Boolean(shown.quantity)}
          aria-describedby={shown.quantity ? `${id}-qty-error` : undefined}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <Errors errors={shown.quantity} id={`${id}-qty-error`} />
      </div>
      <div className="field grow">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={300}
          placeholder="Why the BOM differs from the rule"
          aria-invalid={Boolean(shown.reason)}
          aria-describedby={shown.reason ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        <Errors errors={shown.reason} id={`${id}-reason-error`} />
      </div>
      <Errors errors={shown.part_number ?? shown.section ?? shown.description} />
      <div className="button-row">
        <button type="button" className="small" onClick={() => submit(false)}>
          Apply quantity
        </button>
        <button type="button" className="small secondary" onClick={() => submit(true)}>
          Remove line
        </button>
        <button type="button" className="small secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Add a catalog part as a BOM line, with the reason. */
function AddLineForm({ onAdd }: { onAdd: (draft: OverrideDraft) => void }) {
  const id = useId();
  const [section, setSection] = useState<string>('servers');
  const [partNumber, setPartNumber] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<OverrideErrors>({});
  const parts = usePartSearch(partNumber, partNumber.trim().length > 0);
  const results = parts.data?.results ?? [];
  const chosen = results.find((p) => p.part_number === partNumber.trim());
  const submit = () => {
    const draft: OverrideDraft = { section, partNumber, quantity, reason, description: '' };
    // Only a part the catalog search returned (the datalist's choices) can be added.
    const found = overrideDraftErrors(draft, { knownPart: Boolean(chosen) });
    setErrors(found);
    if (Object.keys(found).length) return;
    onAdd(draft);
    setPartNumber('');
    setQuantity('1');
    setReason('');
  };
  return (
    <fieldset className="bom-override-form" data-testid="bom-add-line">
      <legend>Add a line</legend>
      <div className="field">
        <label htmlFor={`${id}-section`}>Section</label>
        <select id={`${id}-section`} value={section} onChange={(e) => setSection(e.target.value)}>
          {BOM_SECTIONS.map((s) => (
            <option key={s} value={s}>
              {SECTION_LABELS[s] ?? s}
            </option>
          ))}
        </select>
      </div>
      <div className="field grow">
        <label htmlFor={`${id}-part`}>Catalog part</label>
        <input
          id={`${id}-part`}
          list={`${id}-parts`}
          value={partNumber}
          placeholder="Search part number or description"
          autoComplete="off"
          aria-invalid={Boolean(errors.part_number)}
          onChange={(e) => setPartNumber(e.target.value)}
        />
        <datalist id={`${id}-parts`}>
          {results.map((p) => (
            <option key={p.id} value={p.part_number}>
              {p.description || p.model}
            </option>
          ))}
        </datalist>
        {chosen && (
          <p className="small-text muted" data-testid="bom-add-part-description">
            {chosen.description || chosen.model}
          </p>
        )}
        <Errors errors={errors.part_number} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-qty`}>Quantity</label>
        <input id={`${id}-qty`} inputMode="numeric" value={quantity} aria-invalid={Boolean(errors.quantity)} onChange={(e) => setQuantity(e.target.value)} />
        <Errors errors={errors.quantity} />
      </div>
      <div className="field grow">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={300}
          aria-invalid={Boolean(errors.reason)}
          placeholder="Why the line is added"
          onChange={(e) => setReason(e.target.value)}
        />
        <Errors errors={errors.reason} />
      </div>
      <button type="button" className="small" onClick={submit}>
        Add line
      </button>
    </fieldset>
  );
}

export function BomTable({ bom, editor }: { bom: PricedBom; editor?: BomOverridesControl }) {
  const sections = bomSections(bom);
  const [editing, setEditing] = useState<string | null>(null);
  const overrides = editor?.overrides ?? [];
  const apiErrors = editor ? overrideApiErrors(editor.errorBody, overrides) : { byLine: new Map<string, OverrideErrors>(), general: [] };
  const columns = editor ? 7 : 6;
  const apply = (draft: OverrideDraft) => {
    if (!editor) return;
    editor.onChange(withOverride(overrides, draft));
    setEditing(null);
  };
  const undo = (key: string) => editor?.onChange(withoutOverride(overrides, key));
  // Sections that only removed lines are left in still show, so their removals can be undone.
  const shown = [...sections];
  for (const o of overrides) {
    if (o.quantity === 0 && !shown.some((s) => s.section === o.section)) {
      shown.push({ section: o.section, label: SECTION_LABELS[o.section] ?? o.section, lines: [], totalText: '' });
    }
  }
  return (
    <section className="card" aria-labelledby="bom-title" data-testid="bom">
      <h3 id="bom-title">Bill of materials</h3>
      {editor && overrides.length > 0 && (
        <p className="small-text" data-testid="bom-override-count">
          {overrides.length} override{overrides.length === 1 ? '' : 's'} of the generated BOM
          {editor.readOnly ? ' (tried here, not saved: you cannot edit this design)' : ', saved with the design'}.
        </p>
      )}
      <Errors errors={apiErrors.general} />
      {!shown.length && <p className="empty">The BOM has no lines.</p>}
      {shown.length > 0 && (
        // Amounts never wrap (issue 39): a BOM wider than the results column scrolls in its own box, not the page.
        <div className="table-scroll" data-testid="bom-scroll">
          <table className="table compact">
            <thead>
              <tr>
                <th scope="col">Part number</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Unit price
                </th>
                <th scope="col" className="num">
                  Extended
                </th>
                <th scope="col">Rule / source</th>
                {editor && (
                  <th scope="col">
                    <span className="visually-hidden">Override</span>
                  </th>
                )}
              </tr>
            </thead>
            {shown.map((s) => (
              <tbody key={s.section}>
                <tr className="section-row">
                  <th scope="rowgroup" colSpan={4}>
                    {s.label}
                  </th>
                  <td className="num money" data-testid="bom-money">
                    {s.totalText}
                  </td>
                  <td colSpan={columns - 5} />
                </tr>
                {s.lines.map((l) => {
                  const key = overrideKey(l);
                  const override = editor ? overrideOf(overrides, l) : undefined;
                  const errors = apiErrors.byLine.get(key);
                  return [
                    <tr key={l.line} data-testid="bom-line" data-part={l.part_number} data-overridden={override ? 'true' : undefined}>
                      <td>
                        <code>{l.part_number}</code>
                        {l.partNumberNote && (
                          <span className="small-text muted" data-testid="model-name-flag">
                            {' '}
                            ({l.partNumberNote})
                          </span>
                        )}
                      </td>
                      <td>{l.description}</td>
                      <td className="num" data-testid="bom-quantity">
                        {l.quantity}
                      </td>
                      <td className="num money" data-testid="bom-money">
                        {l.unitText}
                      </td>
                      <td className="num money" data-testid="bom-money">
                        {l.extendedText}
                      </td>
                      <td className="small-text muted">
                        {override ? (
                          <strong className="override-flag" data-testid="override-flag">
                            Overridden: {override.reason || 'no reason given'}
                          </strong>
                        ) : (
                          <>
                            {l.rule}
                            {l.source && ` — ${citation(l.source)}`}
                          </>
                        )}
                        <Errors errors={errors && Object.values(errors).flat()} />
                      </td>
                      {editor && (
                        <td className="nowrap">
                          {override && (
                            <button type="button" className="small secondary" aria-label={`Undo the override of ${l.part_number}`} onClick={() => undo(key)}>
                              Undo
                            </button>
                          )}{' '}
                          <button
                            type="button"
                            className="small secondary"
                            aria-label={`Change ${l.part_number}`}
                            aria-expanded={editing === key}
                            onClick={() => setEditing(editing === key ? null : key)}
                          >
                            Change…
                          </button>
                        </td>
                      )}
                    </tr>,
                    editor && editing === key && (
                      <tr key={`${l.line}-form`} className="override-row">
                        <td colSpan={columns}>
                          <LineOverrideForm line={l} initial={override} onApply={apply} onCancel={() => setEditing(null)} apiErrors={errors} />
                        </td>
                      </tr>
                    ),
                  ];
                })}
                {editor &&
                  removedLines(overrides, s.section).map((o) => (
                    <tr key={`removed-${overrideKey(o)}`} className="removed-row" data-testid="bom-removed-line" data-part={o.part_number}>
                      <td>
                        <del>
                          <code>{o.part_number}</code>
                        </del>
                      </td>
                      <td colSpan={4} className="muted">
                        Removed
                      </td>
                      <td className="small-text">
                        <strong className="override-flag" data-testid="override-flag">
                          Removed: {o.reason || 'no reason given'}
                        </strong>
                        <Errors errors={Object.values(apiErrors.byLine.get(overrideKey(o)) ?? {}).flat()} />
                      </td>
                      <td>
                        <button type="button" className="small secondary" aria-label={`Undo the removal of ${o.part_number}`} onClick={() => undo(overrideKey(o))}>
                          Undo
                        </button>
                      </td>
                    </tr>
                  ))}
              </tbody>
            ))}
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Total
                </th>
                <td className="num money" data-testid="bom-total">
                  {bomTotalText(bom)}
                </td>
                <td colSpan={columns - 5} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {editor && <AddLineForm onAdd={apply} />}
      {bom.notes.length > 0 && (
        <ul className="small-text muted">
          {bom.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
