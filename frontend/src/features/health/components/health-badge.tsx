import { useHealth } from '../api/get-health';

export function HealthBadge() {
  const health = useHealth();
  if (health.isPending) return <span className="badge">checking…</span>;
  if (health.isError) {
    return (
      <span className="badge badge-bad" data-testid="health" data-status="down">
        API unreachable
      </span>
    );
  }
  return (
    <span className="badge badge-ok" data-testid="health" data-status={health.data.status}>
      API {health.data.status} · {health.data.database}
    </span>
  );
}
