import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ReferenceBom, ReferenceDesign } from './types';

export const listReferenceDesigns = (): Promise<ReferenceDesign[]> =>
  apiFetch<ReferenceDesign[]>('/api/v1/reference-designs/');

export const referenceDesignsQueryOptions = () =>
  queryOptions({ queryKey: ['reference-designs'], queryFn: listReferenceDesigns, staleTime: 10 * 60_000 });

export const useReferenceDesigns = () => useQuery(referenceDesignsQueryOptions());

export const getReferenceBom = (slug: string): Promise<ReferenceBom> =>
  apiFetch<ReferenceBom>(`/api/v1/reference-designs/${slug}/bom/`);

export const referenceBomQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['reference-designs', slug, 'bom'], queryFn: () => getReferenceBom(slug) });

export const useReferenceBom = (slug: string, enabled: boolean) => useQuery({ ...referenceBomQueryOptions(slug), enabled });
