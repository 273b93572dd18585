import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { PriceBookPage } from './types';

export type { PriceBook } from './types';

/** The active price books: those offered to designs (a retired one stays on the designs priced with it). */
export const listPriceBooks = (): Promise<PriceBookPage> => apiFetch<PriceBookPage>('/api/v1/price-books/?is_active=true&limit=200');

export const priceBooksQueryOptions = () =>
  queryOptions({ queryKey: ['price-books'], queryFn: listPriceBooks, staleTime: 10 * 60_000 });

export const usePriceBooks = () => useQuery(priceBooksQueryOptions());
