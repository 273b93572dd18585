/**
 * The second line of a downloaded chart's heading: the design's platform and scale, so a PNG pasted into
 * a proposal still says what it shows (the first line is the chart's title with the design's name).
 */
import { countOf, formatNumber } from '../../../components/format';
import { FAMILIES, STORAGE_UNITS } from '../../../lib/display-names.generated';
import { familyOf, storageModelOf, type PlatformRegistry } from '../../../lib/platforms';
import type { OltpEvaluation } from '../api/types';

type PlatformInputs = Pick<OltpEvaluation['inputs']['platform'], 'family' | 'storage_model' | 'rac_nodes' | 'arrays'>;

/** "Dell EqualLogic PS6010XV (15K SAS)", "Oracle FS1-2 all-flash", "NetApp FAS3140" (the engine's family names without a registry). */
export function platformName(platform: Pick<PlatformInputs, 'family' | 'storage_model'>, registry: PlatformRegistry | undefined): string {
  const family = registry && familyOf(registry, platform.family);
  const model = registry && storageModelOf(registry, platform.family, platform.storage_model);
  // Without the registry's label, the engine's display name of the family (FAMILIES), else its slug.
  const familyLabel = family?.label ?? FAMILIES[platform.family] ?? platform.family;
  const modelLabel = model?.label ?? platform.storage_model;
  if (modelLabel.startsWith(familyLabel)) return modelLabel;
  // "NetApp FAS" + "FAS3140": the model name already carries the family's last word.
  const words = familyLabel.split(' ');
  const last = words.at(-1) ?? '';
  return modelLabel.startsWith(last) ? [...words.slice(0, -1), modelLabel].join(' ') : `${familyLabel} ${modelLabel}`;
}

/** The storage model's unit (StorageModel.array_unit) in words, singular, where the engine's display names
 * (STORAGE_UNITS, by storage model) do not name it. */
const ARRAY_UNITS: Record<string, string> = { array: 'array', drive_enclosure: 'drive enclosure', x_brick: 'X-Brick', controller: 'controller' };

/** "Dell EqualLogic PS6010XV (15K SAS) · 2 RAC nodes · 1 array". */
export function platformText(platform: PlatformInputs, registry: PlatformRegistry | undefined): string {
  const parts = [platformName(platform, registry), countOf(platform.rac_nodes, 'RAC node')];
  if (platform.arrays) parts.push(storageUnitsText(platform, platform.arrays, registry));
  return parts.join(' · ');
}

/** "3 drive enclosures" (FS1-2), "1 X-Brick" (XtremIO), "2 arrays" (EqualLogic): the storage model's own unit. */
export function storageUnitsText(platform: Pick<PlatformInputs, 'family' | 'storage_model'>, count: number, registry?: PlatformRegistry): string {
  const named = STORAGE_UNITS[platform.storage_model];
  if (named) return countOf(count, named[0], named[1]);
  const unit = registry && storageModelOf(registry, platform.family, platform.storage_model)?.array_unit;
  return countOf(count, ARRAY_UNITS[unit ?? ''] ?? 'array');
}

/** The load-response chart's: the platform when the caller knows it, then the node count and the SLA. */
export function loadResponseSubtitle(platform: string | undefined, racNodes: number, slaMs: number): string {
  return [platform, countOf(racNodes, 'RAC node'), `SLA ${formatNumber(slaMs)} ms`].filter(Boolean).join(' · ');
}
