import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Page } from './types';

export interface PriceBook {
  id: number;
  name: string;
  currency: string;
  version: number;
  effective_date: string | null;
  is_active: boolean;
  entry_count: number;
}

export const listPriceBooks = (): Promise<Page<PriceBook>> => apiFetch<Page<PriceBook>>('/api/v1/price-books/?limit=200');

export const priceBooksQueryOptions = () =>
  queryOptions({ queryKey: ['price-books'], queryFn: listPriceBooks, staleTime: 10 * 60_000 });

export const usePriceBooks = () => useQuery(priceBooksQueryOptions());
