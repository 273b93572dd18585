/** Catalog read API shapes (backend/catalog/serializers.py, backend/benchmarks/serializers.py). */

export interface Page<T> {
  count: number;
  results: T[];
}

export interface DecimalQuantity {
  value: string;
  unit: string;
}

export interface Part {
  id: number;
  manufacturer: string;
  part_number: string;
  part_number_is_model: boolean;
  kind: string;
  model: string;
  description: string;
  cores: number | null;
  sockets: number | null;
  clock_ghz: string | null;
  memory_gb: number | null;
  drive_count: number | null;
  drive_capacity_gb: string | null;
  drive_technology: string;
  raid_levels: string[];
  host_ports: number | null;
  host_port_speed_gbps: string | null;
  host_port_protocol: string;
  rack_units: number | null;
  cache_gb: string | null;
  source_document: string | null;
  source_locator: string;
}

export interface CurvePoint {
  position: number;
  conditions: Record<string, string | number | boolean | null>;
  values: { quantity: string; value: string; unit: string }[];
  source_document: string | null;
  source_locator: string;
}

export interface Curve {
  id: number;
  slug: string;
  title: string;
  configuration: string | null;
  tool: string;
  notes: string;
  source_document: string | null;
  source_locator: string;
  points: CurvePoint[];
}

export interface SizingRule {
  id: number;
  slug: string;
  version: number;
  kind: string;
  title: string;
  applies_to: string[];
  parameters: Record<string, DecimalQuantity>;
  severity: string;
  source_document: string | null;
  source_locator: string;
  is_current: boolean;
  created_at: string;
}

export interface ReferenceDesign {
  slug: string;
  name: string;
  platform: string;
  description: string;
  attributes: Record<string, DecimalQuantity>;
  document: string | null;
  source_locator: string;
}

export interface ReferenceBom {
  currency: string | null;
  lines: { line: number; section: string; part_number: string; description: string; quantity: number; rule: string; source: string }[];
}
