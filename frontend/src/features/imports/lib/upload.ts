/** A multipart POST with upload progress: the XMLHttpRequest counterpart of apiPostForm (fetch reports
 * no upload progress). Same CSRF header, same JSON body, same ApiError on a non-2xx answer. */
import { ApiError, readCookie } from '../../../lib/api-client';

export interface UploadProgress {
  loaded: number;
  /** null while the browser does not know the body's length */
  total: number | null;
}

export interface UploadRequest {
  file: File;
  /** the team's id; left out for a member of one team (the API takes their team) */
  team?: number | null;
}

export function awrUploadForm({ file, team }: UploadRequest): FormData {
  const form = new FormData();
  form.append('file', file);
  if (team !== undefined && team !== null) form.append('team', String(team));
  return form;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** POST `form` to `url`, calling `onProgress` as the body goes out; resolves with the JSON answer. */
export function postFormWithProgress<T>(url: string, form: FormData, onProgress?: (progress: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie('csrftoken');
    if (token) xhr.setRequestHeader('X-CSRFToken', token);
    if (onProgress) {
      xhr.upload.onprogress = (event: ProgressEvent) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    }
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(form);
  });
}
