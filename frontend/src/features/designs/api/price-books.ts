import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { DefaultPriceBook, PriceBookPage } from './types';

export type { DefaultPriceBook, PriceBook } from './types';

/** The active price books: those offered to designs (a retired one stays on the designs priced with it). */
export const listPriceBooks = (): Promise<PriceBookPage> => apiFetch<PriceBookPage>('/api/v1/price-books/?is_active=true&limit=200');

export const priceBooksQueryOptions = () =>
  queryOptions({ queryKey: ['price-books'], queryFn: listPriceBooks, staleTime: 10 * 60_000 });

export const usePriceBooks = () => useQuery(priceBooksQueryOptions());

/** The book a new design starts with and the sentence saying so: the server's rule (catalog.selectors),
 * the one a create request without `price_book` gets. Under the 'price-books' key, so the price-book
 * admin's writes (activate, retire, upload) refresh it. */
export const getDefaultPriceBook = (): Promise<DefaultPriceBook> => apiFetch<DefaultPriceBook>('/api/v1/price-books/default/');

export const defaultPriceBookQueryOptions = () =>
  queryOptions({ queryKey: ['price-books', 'default'], queryFn: getDefaultPriceBook, staleTime: 10 * 60_000 });

export const useDefaultPriceBook = () => useQuery(defaultPriceBookQueryOptions());
