/** The upload form's fields as the import endpoints read them (multipart: file + price book fields). */
export interface UploadFields {
  name: string;
  currency: string;
  effectiveDate: string;
  validUntil: string;
}

export interface UploadRequest extends UploadFields {
  file: File;
  activate?: boolean;
}

export function uploadForm({ file, name, currency, effectiveDate, validUntil, activate }: UploadRequest): FormData {
  const form = new FormData();
  form.append('file', file);
  form.append('name', name.trim());
  form.append('currency', currency.trim().toUpperCase());
  form.append('effective_date', effectiveDate);
  if (validUntil) form.append('valid_until', validUntil);
  if (activate !== undefined) form.append('activate', activate ? 'true' : 'false');
  return form;
}
