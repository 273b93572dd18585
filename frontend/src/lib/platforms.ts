/**
 * The engine's platform-family registry, as GET /api/v1/platforms/ serves it (sizing.platforms through
 * engine_adapter/platform_views.py): family and storage-model labels, RAID levels and defaults, what
 * `arrays` counts, the measured server and the reference configurations. The SPA derives every
 * platform choice, label and default from it, so a new family needs no SPA change.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import type { components } from './api-schema';
import { RAID } from './display-names.generated';

export type PlatformFamily = components['schemas']['PlatformFamily'];
export type StorageModel = components['schemas']['StorageModel'];
export type WorkloadKind = components['schemas']['WorkloadKindEnum'];
/** The families in the registry's order (the order the forms offer them). */
export type PlatformRegistry = PlatformFamily[];

export const listPlatforms = (): Promise<PlatformRegistry> => apiFetch<PlatformRegistry>('/api/v1/platforms/');

// The registry changes only with a deployment: fetched once per session.
export const platformsQueryOptions = () =>
  queryOptions({ queryKey: ['platforms'], queryFn: listPlatforms, staleTime: Infinity, gcTime: Infinity });

export const usePlatforms = () => useQuery(platformsQueryOptions());

export function familyOf(registry: PlatformRegistry, family: string): PlatformFamily | undefined {
  return registry.find((f) => f.family === family);
}

/** The storage model a design names, else its family's first. */
export function storageModelOf(registry: PlatformRegistry, family: string, storageModel: string): StorageModel | undefined {
  const models = familyOf(registry, family)?.storage_models ?? [];
  return models.find((m) => m.name === storageModel) ?? models[0];
}

export function raidLabel(registry: PlatformRegistry | undefined, raid: string | null | undefined): string {
  for (const f of registry ?? []) {
    const level = f.raid_levels.find((r) => r.value === raid);
    if (level) return level.label;
  }
  // Before the registry loads (or a level it does not list): the engine's display name, not the slug.
  return raid ? (RAID[raid] ?? raid) : 'default';
}

/** The family lets a design choose its drives per enclosure (platform.drives_per_enclosure). */
export const offersDrivesPerEnclosure = (family: PlatformFamily | undefined): boolean =>
  Boolean(family?.storage_models.some((m) => m.drives_per_enclosure_options.length > 0));

/** The family has evidence for the workload kind (e.g. measured large-I/O throughput for DSS). */
export const supportsKind = (family: PlatformFamily | undefined, kind: WorkloadKind): boolean =>
  Boolean(family?.workload_kinds.includes(kind));

/** The workload profile of the user's own figures (AWR load profile), as the input contract names it. */
export const CUSTOM_PROFILE = 'custom';
export const CUSTOM_PROFILE_LABEL = 'Your workload (AWR figures)';

export interface ProfileOption {
  value: string;
  label: string;
  /** The family whose document ran the profile (none for the custom one). */
  family: string | null;
}

/** The family's own benchmark profile (the one a design that names none runs), if the registry names one. */
export function ownProfile(registry: PlatformRegistry, family: string): ProfileOption | null {
  const f = familyOf(registry, family);
  return f?.profile ? { value: f.profile, label: f.profile_label || f.profile, family: f.family } : null;
}

/** The profiles a design may run: every family's own benchmark (label, else slug), then the user's own figures. */
export function profileOptions(registry: PlatformRegistry): ProfileOption[] {
  const seen = new Set<string>();
  const own = registry.flatMap((f) => {
    const option = ownProfile(registry, f.family);
    if (!option || seen.has(option.value)) return [];
    seen.add(option.value);
    return [option];
  });
  return [...own, { value: CUSTOM_PROFILE, label: CUSTOM_PROFILE_LABEL, family: null }];
}

/** A profile's words: its label in the registry, the custom one's, else the slug itself. */
export function profileLabel(registry: PlatformRegistry | undefined, profile: string): string {
  return profileOptions(registry ?? []).find((o) => o.value === profile)?.label ?? profile;
}
