import { describe, expect, it } from 'vitest';
import type { ReferenceDesign } from '../api/types';
import { formFromInputs, toInputs } from './design-form';
import { publishedContract, type WorkloadKind } from './input-contract';
import { defaultDesignName, newDesignInputs, startingPoints } from './presets';

const quarter: ReferenceDesign = {
  slug: 'oracle-fs1-quarter-rack',
  name: 'Oracle FS1-2 quarter rack (2-node RAC)',
  platform: 'oracle-fs1',
  description: '…',
  document: 'oracle-fs1-2016',
  source_locator: 'Table 2',
  platform_inputs: { family: 'oracle-fs1', storage_model: 'FS1-2', reference: 'oracle-fs1-quarter-rack', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 },
};

describe('startingPoints', () => {
  it('offers the reference configurations with their platform inputs and source', () => {
    const [first] = startingPoints([quarter]);
    expect(first).toMatchObject({
      id: 'oracle-fs1-quarter-rack',
      referenceConfiguration: 'oracle-fs1-quarter-rack',
      source: 'oracle-fs1-2016, Table 2',
      platform: { rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 },
    });
  });
  it('adds EqualLogic and NetApp (with and without PAM) starts when the catalog has no reference for them', () => {
    const ids = startingPoints([quarter]).map((s) => s.id);
    expect(ids).toEqual(['oracle-fs1-quarter-rack', 'equallogic-ps6010xv', 'equallogic-ps6110xv-dss', 'netapp-fas3140', 'netapp-fas3140-pam']);
    const netappReference = { ...quarter, slug: 'netapp-ref', platform: 'netapp' };
    expect(startingPoints([netappReference]).map((s) => s.id)).not.toContain('netapp-fas3140');
  });
});

describe('defaultDesignName', () => {
  it('names a new design after its starting point, unique among existing names', () => {
    const [start] = startingPoints([quarter]);
    expect(defaultDesignName(start!, [])).toBe('Oracle FS1-2 quarter rack');
    expect(defaultDesignName(start!, ['Oracle FS1-2 quarter rack', 'Oracle FS1-2 quarter rack (2)'])).toBe(
      'Oracle FS1-2 quarter rack (3)',
    );
  });
});

/** The published contract's default of each of `fields` (undefined where it declares none: the field is left out). */
const declaredDefaults = (kind: WorkloadKind, fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, publishedContract(kind).rules.workload[field]?.default]));

describe('newDesignInputs', () => {
  it('writes every default out, so a save without changes sends the same inputs', () => {
    const inputs = newDesignInputs(startingPoints([quarter])[0]!);
    expect(inputs.workload).toMatchObject({ kind: 'oltp', users: 1000 });
    const fields = ['database_size_gb', 'horizon_years', 'read_pct', 'block_size_kb'];
    expect(Object.fromEntries(fields.map((f) => [f, inputs.workload[f]]))).toEqual(declaredDefaults('oltp', fields));
    expect(inputs.platform).toMatchObject({ reference: 'oracle-fs1-quarter-rack', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 });
    expect(toInputs(formFromInputs(inputs.workload, inputs.platform))).toEqual(inputs);
  });
  it('starts the DSS report setup as a DSS design with its defaults written out', () => {
    const start = startingPoints([]).find((s) => s.id === 'equallogic-ps6110xv-dss')!;
    const inputs = newDesignInputs(start);
    expect(inputs.workload).toMatchObject({ kind: 'dss', target_throughput_mb_s: 1000 });
    const fields = ['block_size_kb', 'query_streams', 'database_size_gb'];
    expect(Object.fromEntries(fields.map((f) => [f, inputs.workload[f]]))).toEqual(declaredDefaults('dss', fields));
    expect(inputs.platform).toMatchObject({ storage_model: 'PS6110XV', arrays: 2, raid: 'raid50' });
    expect(toInputs(formFromInputs(inputs.workload, inputs.platform))).toEqual(inputs);
  });
  it("keeps the EqualLogic start's 8 cores per node", () => {
    const start = startingPoints([]).find((s) => s.id === 'equallogic-ps6010xv')!;
    expect(newDesignInputs(start).platform).toMatchObject({ cores_per_node: 8, raid: 'raid10' });
  });
});
