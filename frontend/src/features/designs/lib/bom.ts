/** Bill of materials grouped by section, with money strings (never float sums). A section totals
 * money only: its lines are unlike parts (servers, CPUs, cables), so their quantities are not added. */
import { formatMoney } from '../../../components/format';
import type { BomLine, PricedBom } from '../api/types';

export const SECTION_LABELS: Record<string, string> = {
  servers: 'Servers',
  storage: 'Storage',
  network: 'Network',
  software: 'Software',
  miscellaneous: 'Miscellaneous',
};

/** Said beside a line whose "part number" is the document's model designation: it cannot be ordered
 * as such (the catalog part's `part_number_is_model`). */
export const MODEL_NAME_FLAG = 'model name, not a part number';

export interface BomSectionView {
  section: string;
  label: string;
  lines: (BomLine & { unitText: string; extendedText: string; partNumberNote: string })[];
  totalText: string;
}

export function bomSections(bom: PricedBom): BomSectionView[] {
  const order = bom.sections.map((s) => s.section);
  for (const line of bom.lines) if (!order.includes(line.section)) order.push(line.section);
  return order.map((section) => {
    const summary = bom.sections.find((s) => s.section === section);
    const lines = bom.lines
      .filter((l) => l.section === section)
      .map((l) => ({
        ...l,
        unitText: bom.currency ? formatMoney(l.unit_price, bom.currency) : '—',
        extendedText: bom.currency ? formatMoney(l.extended_price, bom.currency) : '—',
        partNumberNote: l.part_number_is_model ? MODEL_NAME_FLAG : '',
      }));
    return {
      section,
      label: SECTION_LABELS[section] ?? section,
      lines,
      totalText: bom.price_book
        ? `${formatMoney(summary?.total ?? null, bom.currency)}${summary?.unpriced_lines ? ` (+${summary.unpriced_lines} unpriced)` : ''}`
        : 'no price book',
    };
  });
}

export function bomTotalText(bom: PricedBom): string {
  if (!bom.price_book) return 'no price book';
  const total = formatMoney(bom.total, bom.currency);
  return bom.unpriced_lines ? `${total} (excludes ${bom.unpriced_lines} unpriced lines)` : total;
}
