/** Query keys of the designs feature: mutations invalidate by these prefixes. */
export const designKeys = {
  all: ['designs'] as const,
  list: () => ['designs', 'list'] as const,
  trash: () => ['designs', 'trash'] as const,
  detail: (id: number) => ['designs', 'detail', id] as const,
  revisions: (id: number) => ['designs', 'detail', id, 'revisions'] as const,
  shareLinks: (id: number) => ['designs', 'detail', id, 'share-links'] as const,
};
