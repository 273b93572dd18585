/** For tests: XMLHttpRequest as the uploads send it (fetch reports no upload progress), answered by the
 * stubbed fetch, so one fetch stub is the whole API. It reports the body's progress in two steps (half,
 * all of its files' bytes) before the answer, and keeps every request it sent. */
export class FakeUploadXhr {
  static progress: { url: string; loaded: number; total: number }[] = [];
  static sent: { method: string; url: string; headers: Record<string, string>; body: FormData }[] = [];
  static reset() {
    FakeUploadXhr.progress = [];
    FakeUploadXhr.sent = [];
  }
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    FakeUploadXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    const total = [...body.values()].reduce((sum, v) => sum + (typeof v === 'string' ? 0 : v.size), 0);
    for (const loaded of [Math.floor(total / 2), total]) {
      FakeUploadXhr.progress.push({ url: this.url, loaded, total });
      this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
    }
    void fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

export const jsonResponse = (status: number, body: unknown) =>
  Promise.resolve(new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

export const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
