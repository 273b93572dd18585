/**
 * The Measurements page with what it borrows from the designs feature: the new-design page's platform
 * starts (presets.ts), how a new design's inputs are written out, the default price book and the
 * create-design call. Features do not import one another (architecture.test.ts); the app joins them.
 */
import { useMemo } from 'react';
import { ImportsPage, type DesignMaker } from '../features/imports/components/imports-page';
import type { DesignInputs } from '../features/imports/lib/awr';
import { useCreateDesign } from '../features/designs/api/create-design';
import { useDesigns } from '../features/designs/api/list-designs';
import { useDefaultPriceBook } from '../features/designs/api/price-books';
import { useReferenceDesigns } from '../features/designs/api/reference-designs';
import type { NewDesign } from '../features/designs/api/types';
import { DEFAULT_WORKLOAD, newDesignInputs, startingPoints, type StartingPoint } from '../features/designs/lib/presets';
import { usePlatforms } from '../lib/platforms';

/** A design's inputs from an import's workload on a start, every default written out as the editor
 * sends them (as the new-design page does). The database size is the start's, else the new-design
 * default: an AWR report does not give it. */
export function awrDesignInputs(starts: StartingPoint[]): DesignInputs {
  return (workload, start) => {
    const full = starts.find((s) => s.id === start.id) ?? (start as StartingPoint);
    const size = full.workload?.database_size_gb ?? DEFAULT_WORKLOAD.database_size_gb;
    return newDesignInputs({ ...full, workload: { database_size_gb: size, ...workload } as StartingPoint['workload'] });
  };
}

export function ImportsRoute() {
  const references = useReferenceDesigns();
  const platforms = usePlatforms();
  const pricing = useDefaultPriceBook();
  const designs = useDesigns();
  const create = useCreateDesign();
  const starts = useMemo(() => startingPoints(references.data ?? [], platforms.data ?? []), [references.data, platforms.data]);

  const maker: DesignMaker = {
    starts,
    familyLabels: Object.fromEntries((platforms.data ?? []).map((f) => [f.family, f.label])),
    pending: references.isPending || platforms.isPending || pricing.isPending,
    error: references.error ?? platforms.error,
    // The server's default price book (GET /price-books/default/), as the new-design page sends it.
    priceBook: pricing.data?.price_book?.id ?? null,
    existingNames: (designs.data?.results ?? []).map((d) => d.name),
    inputs: awrDesignInputs(starts),
    createDesign: (body) => create.mutateAsync(body as NewDesign),
  };
  return <ImportsPage designMaker={maker} />;
}
