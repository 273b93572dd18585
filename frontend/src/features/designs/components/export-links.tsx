import { useState } from 'react';
import { ApiError, readCookie } from '../../../lib/api-client';
import type { Design, EvaluateRequest } from '../api/types';
import { exportLinks } from '../lib/history';

/** The design's exports. `unsaved`: the editor shows changes that are not saved; `onScreen` is what it
 * evaluates (null while a field is invalid). The proposal then exports the screen (POST, stamped on every
 * page as not a saved revision); the BOM files export the saved revision and say so. */
export function ExportLinks({
  design,
  unsaved = false,
  onScreen = null,
}: {
  design: Design;
  unsaved?: boolean;
  onScreen?: EvaluateRequest | null;
}) {
  const links = exportLinks(design.id, design.revision ?? null, unsaved);
  return (
    <ul className="export-links" data-testid="exports">
      {links.map((l) =>
        l.postsOnScreenInputs ? (
          <li key={l.href}>
            <OnScreenProposal href={l.href} label={l.label} document={l.document} request={onScreen} revision={design.revision ?? null} />{' '}
            <span className="muted small-text">
              {l.note}; {onScreen ? l.revisionNote : `fix the highlighted fields to export what is on screen`}
            </span>
          </li>
        ) : (
          <li key={l.href}>
            <a href={l.href} download>
              {l.label}
            </a>{' '}
            <span className="muted small-text">
              {l.note}; {l.revisionNote}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** POSTs the on-screen inputs and saves the PDF the API renders (a blob, named as the API names it). */
function OnScreenProposal({
  href,
  label,
  document: what,
  request,
  revision,
}: {
  href: string;
  label: string;
  document: string;
  request: EvaluateRequest | null;
  revision: number | null;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    if (!request) return;
    setState({ busy: true, error: null });
    try {
      const blob = await postForPdf(href, request);
      const url = URL.createObjectURL(blob.body);
      const a = document.createElement('a');
      a.href = url;
      a.download = blob.filename ?? `${href.split('/').pop()?.replace(/\.pdf$/, '') ?? 'proposal'}-unsaved${revision === null ? '' : `-after-rev${revision}`}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(url);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <>
      <button type="button" disabled={!request || state.busy} onClick={() => void download()}>
        {state.busy ? `Preparing ${what}…` : `${label}, with the unsaved changes`}
      </button>
      {state.error && (
        <span role="alert" className="field-error">
          {' '}
          {capitalised(what)} could not be made: {state.error}
        </span>
      )}
    </>
  );
}

async function postForPdf(href: string, request: EvaluateRequest): Promise<{ body: Blob; filename: string | null }> {
  const headers: Record<string, string> = { Accept: 'application/pdf', 'Content-Type': 'application/json' };
  const token = readCookie('csrftoken');
  if (token) headers['X-CSRFToken'] = token;
  const response = await fetch(href, { method: 'POST', headers, credentials: 'same-origin', body: JSON.stringify(request) });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text is the message
    }
    throw new ApiError(response.status, body);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { body: await response.blob(), filename };
}
