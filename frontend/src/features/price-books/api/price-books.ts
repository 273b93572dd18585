import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, apiPostForm } from '../../../lib/api-client';
import { uploadForm, type UploadRequest } from '../lib/upload';
import type { PriceBook, PriceBookImported, PriceBookPage, PriceBookPreview } from './types';

/** Query keys: the root is the one the design editor's price book list uses, so a change here
 * refreshes its choice too. */
export const priceBookKeys = {
  all: ['price-books'] as const,
  admin: ['price-books', 'admin'] as const,
};

export const IMPORT_URL = '/api/v1/import/price-books/';
export const PREVIEW_URL = '/api/v1/import/price-books/preview/';
export const TEMPLATE_URL = '/api/v1/import/price-books/template/';

/** Every version of every price book, newest first within a name. */
export const adminPriceBooksQueryOptions = () =>
  queryOptions({
    queryKey: priceBookKeys.admin,
    queryFn: () => apiFetch<PriceBookPage>('/api/v1/price-books/?limit=200'),
  });

export const useAdminPriceBooks = () => useQuery(adminPriceBooksQueryOptions());

/** The dry run: every row checked, nothing written. It answers as the upload would (400 when the file
 * would be refused), with the same preview body either way: both are a preview to show. */
export async function previewPriceBook(request: UploadRequest): Promise<PriceBookPreview> {
  try {
    return await apiPostForm<PriceBookPreview>(PREVIEW_URL, uploadForm(request));
  } catch (error) {
    if (error instanceof ApiError && isPreview(error.body)) return error.body;
    throw error;
  }
}

const isPreview = (body: unknown): body is PriceBookPreview =>
  typeof body === 'object' && body !== null && 'valid' in body && 'rows' in body && 'errors' in body;

export const usePreviewPriceBook = () => useMutation({ mutationFn: previewPriceBook });

/** The real upload, stored retired: an admin activates it after looking at it in the list. */
export const useUploadPriceBook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UploadRequest) => apiPostForm<PriceBookImported>(IMPORT_URL, uploadForm({ ...request, activate: false })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceBookKeys.all }),
  });
};

export const useSetPriceBookActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiFetch<PriceBook>(`/api/v1/price-books/${id}/${active ? 'activate' : 'retire'}/`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceBookKeys.all }),
  });
};
