import type { Design } from '../api/types';
import { exportLinks } from '../lib/history';

export function ExportLinks({ design }: { design: Design }) {
  return (
    <ul className="export-links" data-testid="exports">
      {exportLinks(design.id).map((l) => (
        <li key={l.href}>
          <a href={l.href} download>
            {l.label}
          </a>{' '}
          <span className="muted small-text">{l.note}</span>
        </li>
      ))}
    </ul>
  );
}
