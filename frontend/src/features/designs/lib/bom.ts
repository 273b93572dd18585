/** Bill of materials grouped by section, with quantities and money strings (never float sums). */
import { formatMoney } from '../../../components/format';
import type { BomLine, PricedBom } from '../api/types';

export const SECTION_LABELS: Record<string, string> = {
  servers: 'Servers',
  storage: 'Storage',
  network: 'Network',
  software: 'Software',
  miscellaneous: 'Miscellaneous',
};

export interface BomSectionView {
  section: string;
  label: string;
  lines: (BomLine & { unitText: string; extendedText: string })[];
  quantity: number;
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
      }));
    return {
      section,
      label: SECTION_LABELS[section] ?? section,
      lines,
      quantity: summary?.quantity ?? lines.reduce((n, l) => n + l.quantity, 0),
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
