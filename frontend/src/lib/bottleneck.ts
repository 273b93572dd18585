/**
 * The engine's bottleneck station in words (sizing.projection.bottleneck), wherever one is shown: the
 * editor's headline tiles and the recommendation table.
 */
const BOTTLENECKS: Record<string, string> = {
  cpu: 'Server CPU',
  storage: 'Storage',
  network: 'Network',
  think: 'None (think time)',
};

export const bottleneckWords = (name: string): string => BOTTLENECKS[name] ?? name.replace(/[-_]/g, ' ');
