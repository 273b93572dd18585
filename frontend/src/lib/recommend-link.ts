/**
 * The Recommend page's URL with a workload pre-filled (?workload=<json>): the design editor links to
 * it when a design does not hold, the Recommend page reads it back. Shared so neither feature imports
 * the other.
 */
export const RECOMMEND_PATH = '/recommend';

export function recommendHref(workload: Record<string, unknown>): string {
  return `${RECOMMEND_PATH}?${new URLSearchParams({ workload: JSON.stringify(workload) }).toString()}`;
}

/** The workload of a ?workload= parameter; null when absent or not a JSON object. */
export function workloadFromSearch(search: URLSearchParams): Record<string, unknown> | null {
  const text = search.get('workload');
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
