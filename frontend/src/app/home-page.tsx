import { Link } from 'react-router-dom';
import { HealthBadge } from '../features/health/components/health-badge';

export function HomePage() {
  return (
    <section className="card">
      <h2>Size Oracle database infrastructure</h2>
      <p>
        Pick a workload and a platform, see whether the design holds (balance and TPS projections
        calibrated on measured vendor benchmarks), and export the bill of materials.
      </p>
      <p>
        <Link to="/designs">Your designs</Link> · <Link to="/designs/new">Start a design from a reference configuration</Link> ·{' '}
        <Link to="/catalog">Browse the catalog</Link> · <Link to="/model">How accurate is the model?</Link>
      </p>
      <p>
        API status: <HealthBadge />
      </p>
      <p>
        <a href="/api/docs/">API documentation</a> · <a href="/api/schema/">OpenAPI schema</a>
      </p>
    </section>
  );
}
