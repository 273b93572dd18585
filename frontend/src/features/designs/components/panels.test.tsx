import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import { profiledRegistry } from '../../../lib/profiles-fixture';
import { bandView } from '../lib/bands';
import { quarterRack } from '../lib/fixture';
import { HeadlineTiles } from './headline-tiles';
import { TargetsTable } from './targets-table';
import { formatQuantity } from '../../../components/format';
import { formFromInputs, type DesignForm } from '../lib/design-form';
import { PlatformPanel } from './platform-panel';
import { WorkloadPanel } from './workload-panel';

const REGISTRY = platformRegistry();
const form = formFromInputs({ users: 1000 }, { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 });

describe('input panels', () => {
  it('shows an API error next to the field it concerns, tied to the input for screen readers', () => {
    render(<PlatformPanel form={form} onChange={() => undefined} clientErrors={{}} apiErrors={{ 'platform.rac_nodes': ['At most 16 RAC nodes.'] }} registry={REGISTRY} />);
    const input = screen.getByLabelText(/RAC nodes/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At most 16 RAC nodes.');
    expect(screen.getByLabelText(/Drive enclosures/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('labels every workload input with its unit and reports edits', () => {
    const onChange = vi.fn();
    render(<WorkloadPanel form={form} onChange={onChange} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />);
    for (const label of [/Users \(users\)/, /Database size \(GB\)/, /Read share \(%\)/, /Block size \(KB\)/, /SLA response \(ms\)/, /Horizon \(years\)/]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    fireEvent.change(screen.getByLabelText(/Users \(users\)/), { target: { value: '2500' } });
    expect(onChange).toHaveBeenCalledWith({ ...form, users: '2500' });
  });

  it('groups the SLA response and the targets, and keeps the OLTP-only targets out of a DSS design', () => {
    const onChange = vi.fn();
    const { rerender } = render(<WorkloadPanel form={form} onChange={onChange} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />);
    const targets = screen.getByRole('group', { name: 'Targets' });
    for (const label of [/SLA response \(ms\)/, /Max CPU \(%\)/, /Max storage latency \(ms\)/, /Min headroom \(%\)/]) {
      expect(within(targets).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(targets).getByLabelText(/Max CPU/)).toHaveValue(null); // empty: the catalog's limit
    expect(within(targets).getByLabelText(/Min headroom/)).toHaveValue(0);
    fireEvent.change(within(targets).getByLabelText(/Max CPU/), { target: { value: '70' } });
    expect(onChange).toHaveBeenCalledWith({ ...form, maxCpuPct: '70' });
    rerender(<WorkloadPanel form={{ ...form, kind: 'dss' }} onChange={onChange} clientErrors={{}} apiErrors={{ 'workload.min_headroom_pct': ['bad'] }} registry={REGISTRY} />);
    expect(screen.queryByLabelText(/Max CPU/)).toBeNull();
    expect(screen.getByLabelText(/Min headroom/)).toHaveAccessibleDescription(/bad/);
  });

  it('shows the loading state while the registry loads, and the kind cannot be switched yet', () => {
    render(<PlatformPanel form={form} onChange={() => undefined} clientErrors={{}} apiErrors={{}} registry={undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading platform families');
    expect(screen.queryByLabelText(/Platform family/)).toBeNull();
    const onChange = vi.fn();
    render(<WorkloadPanel form={form} onChange={onChange} clientErrors={{}} apiErrors={{}} registry={undefined} />);
    expect(screen.getByRole('radio', { name: /DSS/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /DSS/ }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("offers the registry's families, storage models and RAID levels, with the family's default RAID", () => {
    render(<PlatformPanel form={{ ...form, family: 'equallogic', storageModel: 'PS6110XV' }} onChange={() => undefined} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />);
    const equallogic = REGISTRY.find((f) => f.family === 'equallogic')!;
    const options = (label: RegExp) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options(/Platform family/)).toEqual(REGISTRY.map((f) => f.label));
    expect(options(/Storage model/)).toEqual(equallogic.storage_models.map((m) => m.label));
    const defaultRaid = equallogic.raid_levels.find((r) => r.value === equallogic.default_raid)!.label;
    expect(options(/RAID/)).toEqual([`Default (${defaultRaid})`, ...equallogic.raid_levels.map((r) => r.label)]);
    expect(screen.getByLabelText(new RegExp(equallogic.storage_models[2]!.array_unit_label))).toBeInTheDocument();
  });

  it('offers PAM only where the registry says so', () => {
    const { rerender } = render(<PlatformPanel form={form} onChange={() => undefined} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />);
    expect(screen.queryByLabelText(/Performance Acceleration Module/)).toBeNull();
    rerender(<PlatformPanel form={{ ...form, family: 'netapp', storageModel: 'FAS3140' }} onChange={() => undefined} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />);
    expect(screen.getByLabelText(/Performance Acceleration Module/)).not.toBeChecked();
  });

  it("names the family's measured server as the empty cores-per-node default", () => {
    const { rerender } = render(<PlatformPanel form={form} onChange={() => undefined} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />);
    expect(screen.getByLabelText(/Cores per node/)).toHaveAttribute('placeholder', '36');
    rerender(<PlatformPanel form={{ ...form, family: 'equallogic', storageModel: 'PS6010XV' }} onChange={() => undefined} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />);
    expect(screen.getByLabelText(/Cores per node/)).toHaveAttribute('placeholder', '8');
    expect(screen.getByText(/PowerEdge R710/)).toBeInTheDocument();
  });

  it('says when a switch to DSS replaced the platform, and OLTP brings the platform back', () => {
    const quarter = formFromInputs({ users: 1000 }, { family: 'oracle-fs1', storage_model: 'FS1-2', reference: 'oracle-fs1-quarter-rack', arrays: 2 });
    let latest: DesignForm = quarter;
    function Editor() {
      const [current, setCurrent] = useState(quarter);
      latest = current;
      return <WorkloadPanel form={current} onChange={setCurrent} clientErrors={{}} apiErrors={{}} registry={REGISTRY} />;
    }
    render(<Editor />);
    expect(screen.queryByTestId('dss-platform-notice')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /DSS/ }));
    expect(screen.getByTestId('dss-platform-notice')).toHaveTextContent(
      /the platform was switched from FS1-2 × 2, reference oracle-fs1-quarter-rack to PS6110XV × 2, RAID 50\.$/,
    );
    expect(latest).toMatchObject({ family: 'equallogic', storageModel: 'PS6110XV' });
    fireEvent.click(screen.getByRole('radio', { name: /OLTP/ }));
    expect(screen.queryByTestId('dss-platform-notice')).toBeNull();
    expect(latest).toMatchObject({ kind: 'oltp', family: 'oracle-fs1', storageModel: 'FS1-2', reference: 'oracle-fs1-quarter-rack', arrays: '2' });
  });

  it("offers the workload profiles with the platform's own shown, and the AWR fields only for your own workload", () => {
    const registry = profiledRegistry();
    let latest: DesignForm = form;
    function Editor() {
      const [current, setCurrent] = useState(form);
      latest = current;
      return <WorkloadPanel form={current} onChange={setCurrent} clientErrors={{}} apiErrors={{}} registry={registry} />;
    }
    render(<Editor />);
    const select = screen.getByLabelText('Workload profile') as HTMLSelectElement;
    expect(select.value).toBe('swingbench-oe');
    expect(select.selectedOptions[0]!.textContent).toBe("Swingbench Order Entry (Oracle FS1-2) (this platform's own)");
    expect([...select.options].map((o) => o.value)).toEqual(['swingbench-oe', 'tpcc', 'slob', 'netapp-oet', 'custom']);
    expect(select).toHaveAccessibleDescription("The benchmark this platform's document ran");
    expect(screen.queryByTestId('custom-profile-fields')).toBeNull();
    expect(screen.getByLabelText(/Read share/)).toHaveAttribute('placeholder', "profile's mix");
    expect(screen.getByLabelText(/Warehouses/)).toHaveAttribute('placeholder', "profile's measured");
    expect(screen.getByLabelText(/SGA per instance \(GB\)/)).toHaveAttribute('placeholder', "profile's measured");
    expect(screen.getByLabelText(/Think time/)).toHaveAttribute('min', '0');

    fireEvent.change(select, { target: { value: 'tpcc' } });
    expect(latest.profile).toBe('tpcc');
    expect(screen.getByLabelText('Workload profile')).toHaveAccessibleDescription(/Measured on Dell EqualLogic's servers/);

    fireEvent.change(screen.getByLabelText('Workload profile'), { target: { value: 'custom' } });
    const awr = screen.getByTestId('custom-profile-fields');
    for (const label of [/Transactions \(per s\)/, /Physical reads \(per s\)/, /Physical writes \(per s\)/, /DB CPU \(s per s\)/, /Redo \(MB per s\)/]) {
      expect(within(awr).getByLabelText(label)).toBeInTheDocument();
    }
    fireEvent.change(within(awr).getByLabelText(/Transactions/), { target: { value: '1200' } });
    expect(latest).toMatchObject({ profile: 'custom', txPerS: '1200' });
  });

  it("marks the AWR fields the custom profile needs, in the API's words", () => {
    const custom = { ...form, profile: 'custom' };
    const errors = { 'workload.reads_per_s': ['is required for the custom profile'] };
    const unnamed = REGISTRY.map((f) => ({ ...f, profile: '', profile_label: '' }));
    render(<WorkloadPanel form={custom} onChange={() => undefined} clientErrors={errors} apiErrors={{}} registry={unnamed} />);
    expect(screen.getByLabelText(/Physical reads/)).toHaveAccessibleDescription('is required for the custom profile');
    // Families that publish no profile yet: their own benchmark is an empty choice.
    expect((screen.getByLabelText('Workload profile') as HTMLSelectElement).options[0]!.textContent).toBe("The platform's own benchmark");
  });

  it('says until which month a holds-until design holds, and shows each target against its limit', () => {
    const payload = quarterRack();
    const evaluation = payload.evaluation;
    evaluation.verdict = 'holds-until';
    evaluation.targets = { ...evaluation.targets, months_until_missed: 23, first_missed: 'cpu' };
    evaluation.targets.checks[1] = { ...evaluation.targets.checks[1]!, months_until_missed: 23 };
    render(
      <>
        <HeadlineTiles payload={payload} />
        <TargetsTable evaluation={evaluation} />
      </>,
    );
    expect(screen.getByTestId('verdict')).toHaveTextContent('The design holds until month 23 of the 3-year growth horizon');
    expect(screen.getByTestId('verdict')).toHaveClass('verdict-holds-until');
    const cpu = screen.getByTestId('target-cpu');
    expect(cpu).toHaveTextContent('CPU at the design load');
    expect(within(cpu).getByTitle("the catalog's CPU utilisation limit")).toHaveTextContent('≤ 80%');
    expect(cpu).toHaveTextContent('Missed in month 23');
    expect(screen.getByTestId('target-sla')).toHaveTextContent(/8,700 TPS.*≤ 25,800 TPS.*Met/);
  });

  it('shows each banded projection with its interval, the basis on hover, and a widened marker', () => {
    const payload = quarterRack();
    const [tps] = payload.evaluation.bands;
    payload.evaluation.bands[0] = { ...tps!, low: { value: 22700, unit: 'TPS' }, high: { value: 28900, unit: 'TPS' }, half_width: { value: 12, unit: '%' }, basis: 'worst absolute error of 16 held-out throughput rows of this family' };
    payload.evaluation.bands[2] = { ...payload.evaluation.bands[2]!, widened: true };
    render(<HeadlineTiles payload={payload} />);
    expect(screen.getByTestId('tps-at-sla-value')).toHaveTextContent(/^25,800 TPS$/);
    const band = screen.getByTestId('tps-at-sla-band');
    expect(band).toHaveTextContent('22,700–28,900 TPS (±12%)');
    expect(band).toHaveAttribute('title', 'Interval from held-out validation: worst absolute error of 16 held-out throughput rows of this family');
    expect(band).not.toHaveTextContent('widened');
    expect(screen.getByTestId('response-band')).toHaveTextContent(bandView(payload.evaluation.bands[1]!).halfWidth);
    expect(screen.getByTestId('storage-latency-band')).toHaveTextContent('widened');
    expect(screen.getByTestId('storage-latency-value')).toHaveTextContent(formatQuantity(payload.evaluation.summary.storage_latency_at_design));
    expect(screen.getByTestId('utilisation-value')).toHaveTextContent(/^CPU \d+% · storage \d+%$/);
    expect(screen.getByTestId('profile-value')).toHaveTextContent(payload.evaluation.demand.profile_label || "The platform's own benchmark");
  });
});
