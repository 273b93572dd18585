import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Design } from '../api/types';
import { draftOf, validateDatabases, type DatabasesDraft } from '../lib/databases';
import { formFromInputs, type DesignForm } from '../lib/design-form';
import { designInputsOf, type DesignInputs } from '../lib/evaluate-request';
import { DatabasesPanel } from './databases-panel';

const PLATFORM = { family: 'xtremio', storage_model: 'X-Brick', rac_nodes: 4, arrays: 2 } as Design['platform'];
const SAVED = { platform: PLATFORM, reference_configuration: null };

/** The editor's part of it: the form and the databases draft, and what would be sent. */
function Harness({ initial, onInputs }: { initial: DatabasesDraft; onInputs: (inputs: DesignInputs | null, form: DesignForm) => void }) {
  const [form, setForm] = useState(() => formFromInputs({ kind: 'oltp', users: 64, read_pct: 75, database_size_gb: 1000 }, PLATFORM));
  const [draft, setDraft] = useState(initial);
  const inputs = designInputsOf(form, SAVED, undefined, draft);
  onInputs(inputs, form);
  return <DatabasesPanel draft={draft} onChange={setDraft} form={form} onFormChange={setForm} workload={inputs?.workload ?? null} clientErrors={validateDatabases(draft)} apiErrors={{}} />;
}

function setup(initial: DatabasesDraft = { rows: [], cloneReductionRatio: '' }) {
  const seen: { inputs: DesignInputs | null; form: DesignForm | null } = { inputs: null, form: null };
  render(
    <Harness
      initial={initial}
      onInputs={(inputs, form) => {
        seen.inputs = inputs;
        seen.form = form;
      }}
    />,
  );
  return seen;
}

describe('DatabasesPanel', () => {
  it('says a design of one database is one, and adds a second one (Production and Database 2)', () => {
    const seen = setup();
    expect(screen.getByTestId('single-database-note')).toHaveTextContent('One database');
    expect(seen.inputs?.databases).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a database' }));
    expect(screen.getByLabelText('Name', { selector: '#database-0-name' })).toHaveValue('Production');
    expect(screen.getByLabelText('Name', { selector: '#database-1-name' })).toHaveValue('Database 2');
    const databases = seen.inputs?.databases ?? [];
    expect(databases.map((d) => d.name)).toEqual(['Production', 'Database 2']);
    // The first database's workload is the design's, the same object the request sends as `workload`.
    expect(databases[0]?.workload).toEqual(seen.inputs?.workload);
    expect(databases[1]?.workload).toEqual({ kind: 'oltp', users: 100 });
  });

  it('renames, turns a database into DSS with its MB/s, pauses it and sends all of it', () => {
    const seen = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add a database' }));
    const second = screen.getByTestId('database-1');
    fireEvent.change(within(second).getByLabelText('Name'), { target: { value: 'Warehouse' } });
    fireEvent.change(within(second).getByLabelText('Kind'), { target: { value: 'dss' } });
    fireEvent.change(within(second).getByLabelText(/Target throughput \(MB\/s\)/), { target: { value: '2000' } });
    fireEvent.change(within(second).getByLabelText(/Clones/), { target: { value: '2' } });
    fireEvent.click(within(second).getByRole('checkbox', { name: /Pause/ }));
    expect(seen.inputs?.databases?.[1]).toEqual({ name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000 }, clones: 2, paused: true });
    expect(within(second).getByText('paused')).toBeInTheDocument();
  });

  it('ranks each database by its priority (bounds of the API), sent and evaluated as typed', () => {
    const seen = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add a database' }));
    const first = within(screen.getByTestId('database-0')).getByLabelText(/Priority/);
    const second = within(screen.getByTestId('database-1')).getByLabelText(/Priority/);
    // The bounds and the default are the generated schema's (1 = the most important, at most 8).
    expect(first).toHaveAttribute('min', '1');
    expect(first).toHaveAttribute('max', '8');
    expect(first).toHaveAttribute('placeholder', '1');
    fireEvent.change(second, { target: { value: '2' } });
    expect(seen.inputs?.databases?.map((d) => d.priority)).toEqual([undefined, 2]);
    fireEvent.change(first, { target: { value: '3' } });
    expect(seen.inputs?.databases?.map((d) => d.priority)).toEqual([3, 2]);
    // Beyond the bounds: said on the field, nothing sent.
    fireEvent.change(second, { target: { value: '9' } });
    expect(seen.inputs).toBeNull();
    expect(within(screen.getByTestId('database-1')).getByText('must be at most 8')).toBeInTheDocument();
    fireEvent.change(second, { target: { value: '' } });
    expect(seen.inputs?.databases?.map((d) => d.priority)).toEqual([3, undefined]);
  });

  it('shows the priority a saved design has', () => {
    const initial = draftOf({
      databases: [
        { name: 'Orders', workload: { kind: 'oltp', users: 64 }, clones: 0, clone_load_pct: 50, priority: 2, paused: false },
        { name: 'Billing', workload: { kind: 'oltp', users: 20 }, clones: 0, clone_load_pct: 50, priority: 1, paused: false },
      ],
      clone_reduction_ratio: null,
    });
    const seen = setup(initial);
    expect(within(screen.getByTestId('database-0')).getByLabelText(/Priority/)).toHaveValue(2);
    expect(within(screen.getByTestId('database-1')).getByLabelText(/Priority/)).toHaveValue(1);
    expect(seen.inputs?.databases?.map((d) => d.priority)).toEqual([2, 1]);
  });

  it("edits the first database's load through the design form (workload and databases[0] stay equal)", () => {
    const seen = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add a database' }));
    fireEvent.change(within(screen.getByTestId('database-0')).getByLabelText(/Users/), { target: { value: '80' } });
    expect(seen.form?.users).toBe('80');
    expect(seen.inputs?.workload.users).toBe(80);
    expect(seen.inputs?.databases?.[0]?.workload.users).toBe(80);
  });

  it('flags a duplicate name and sends nothing until it is fixed', () => {
    const seen = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add a database' }));
    fireEvent.change(screen.getByLabelText('Name', { selector: '#database-1-name' }), { target: { value: 'production' } });
    expect(seen.inputs).toBeNull();
  });

  it('removing down to one makes it a design of one again, the remaining database its workload', () => {
    const initial = draftOf({
      databases: [
        { name: 'Orders', workload: { kind: 'oltp', users: 64 }, clones: 0, clone_load_pct: 50, priority: 1, paused: false },
        { name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000, database_size_gb: 1000 }, clones: 0, clone_load_pct: 50, priority: 2, paused: false },
      ],
      clone_reduction_ratio: null,
    });
    const seen = setup(initial);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Orders' }));
    expect(screen.getByTestId('single-database-note')).toBeInTheDocument();
    expect(seen.inputs?.databases).toEqual([]);
    expect(seen.inputs?.workload).toMatchObject({ kind: 'dss', target_throughput_mb_s: 2000, database_size_gb: 1000 });
    expect(seen.form?.family).toBe('xtremio');
  });
});
