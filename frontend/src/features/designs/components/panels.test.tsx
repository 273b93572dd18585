import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
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
});
