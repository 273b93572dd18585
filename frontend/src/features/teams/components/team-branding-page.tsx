import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useTeamBranding, useUpdateBranding, type TeamBranding } from '../api/branding';

const MAX_KB = 512;

/** The team's company name and logo, printed on the cover of its proposals. Members see them; the
 * team's managers (and administrators) change them. Route: teams/:slug/branding. */
export function TeamBrandingPage() {
  const { slug = '' } = useParams();
  const branding = useTeamBranding(slug);
  if (branding.isPending) return <Loading what="the team's branding" />;
  if (branding.isError) {
    const missing = branding.error instanceof ApiError && branding.error.status === 404;
    return missing ? <p role="alert">No such team, or you are not in it.</p> : <ErrorMessage error={branding.error} />;
  }
  return <BrandingForm slug={slug} branding={branding.data} />;
}

function BrandingForm({ slug, branding }: { slug: string; branding: TeamBranding }) {
  const update = useUpdateBranding(slug);
  const [companyName, setCompanyName] = useState(branding.company_name);
  // The chosen file and its object URL (the preview before it is saved).
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [clearLogo, setClearLogo] = useState(false);
  const [saved, setSaved] = useState(false);

  // An object URL is released when the choice changes or the page goes away.
  useEffect(
    () => () => {
      if (logo) URL.revokeObjectURL(logo.url);
    },
    [logo],
  );
  const choose = (file: File | null) => setLogo(file ? { file, url: URL.createObjectURL(file) } : null);

  const fieldErrors = update.error instanceof ApiError ? update.error.fieldErrors : {};
  const otherError = update.error && !(update.error instanceof ApiError && Object.keys(fieldErrors).length) ? update.error : null;
  const shown = clearLogo ? null : (logo?.url ?? branding.logo);
  const readOnly = !branding.can_edit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      { companyName, logo: logo?.file ?? null, clearLogo },
      {
        onSuccess: () => {
          choose(null);
          setClearLogo(false);
          setSaved(true);
        },
      },
    );
  };

  return (
    <div className="page stack">
      <div className="page-head">
        <h2>Proposal branding: {branding.team_name}</h2>
      </div>
      <p className="muted">
        The company name and logo are printed on the cover of every proposal exported by this team's members.
        {readOnly ? ' Only the team\'s managers and administrators change them.' : ''}
      </p>
      <form className="card stack" onSubmit={submit} aria-label="Proposal branding">
        <div className="field">
          <label htmlFor="branding-company">Company name</label>
          <input
            id="branding-company"
            value={companyName}
            maxLength={120}
            disabled={readOnly}
            aria-invalid={fieldErrors.company_name ? true : undefined}
            aria-describedby={fieldErrors.company_name ? 'company-name-error' : undefined}
            onChange={(e) => {
              setCompanyName(e.target.value);
              setSaved(false);
            }}
          />
          {fieldErrors.company_name && (
            <p id="company-name-error" className="field-error" role="alert">
              {fieldErrors.company_name.join(' ')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="branding-logo">Logo (PNG or JPEG)</label>
          <input
            id="branding-logo"
            type="file"
            accept="image/png,image/jpeg"
            disabled={readOnly}
            aria-invalid={fieldErrors.logo ? true : undefined}
            aria-describedby={fieldErrors.logo ? 'logo-error' : undefined}
            onChange={(e) => {
              choose(e.target.files?.[0] ?? null);
              setClearLogo(false);
              setSaved(false);
            }}
          />
          {fieldErrors.logo && (
            <p id="logo-error" className="field-error" role="alert">
              {fieldErrors.logo.join(' ')}
            </p>
          )}
          <p className="hint">At most {MAX_KB} KB and 2,000 px a side.</p>
        </div>
        <div data-testid="logo-preview">
          {shown ? (
            <img src={shown} alt={`Logo of ${companyName || branding.team_name}`} style={{ maxWidth: 240, maxHeight: 100 }} />
          ) : (
            <p className="muted">No logo: the cover shows the company name only.</p>
          )}
        </div>
        {!readOnly && (
          <div className="row-actions">
            {(branding.logo || logo) && !clearLogo && (
              <button
                type="button"
                onClick={() => {
                  choose(null);
                  setClearLogo(true);
                  setSaved(false);
                }}
              >
                Remove logo
              </button>
            )}
            <button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
        )}
        {saved && <p role="status">Saved: new proposals carry it on their cover.</p>}
        {otherError && <ErrorMessage error={otherError} />}
      </form>
    </div>
  );
}
