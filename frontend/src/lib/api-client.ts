/** The one place that talks HTTP to the Django API: CSRF header, JSON, errors with field messages. */

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(ApiError.summarise(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = ApiError.collectFieldErrors(body);
  }

  static summarise(status: number, body: unknown): string {
    if (body && typeof body === 'object' && 'detail' in body) {
      return String((body as { detail: unknown }).detail);
    }
    return `Request failed with status ${status}`;
  }

  /**
   * DRF returns {field: [messages]} (nested for nested serializers); flatten to dotted paths. A list
   * serializer's errors are a list with one entry per item ({} for the good ones, e.g. bom_overrides,
   * databases): read by position ("databases.1.workload.users").
   */
  static collectFieldErrors(body: unknown, prefix = ''): FieldErrors {
    const out: FieldErrors = {};
    if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key === 'detail') continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
        out[path] = value as string[];
      } else if (Array.isArray(value)) {
        Object.assign(out, ApiError.collectFieldErrors(Object.fromEntries(value.map((v, i) => [String(i), v])), path));
      } else if (typeof value === 'string') {
        out[path] = [value];
      } else {
        Object.assign(out, ApiError.collectFieldErrors(value, path));
      }
    }
    return out;
  }
}

export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie('csrftoken');
    if (token) headers['X-CSRFToken'] = token;
  }
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}

/** A multipart POST (a file upload); the browser sets the boundary, the rest is apiFetch's. */
export async function apiPostForm<T>(path: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCookie('csrftoken');
  if (token) headers['X-CSRFToken'] = token;
  const response = await fetch(path, { method: 'POST', headers, credentials: 'same-origin', body: form });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
