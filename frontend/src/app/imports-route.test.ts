import { describe, expect, it } from 'vitest';
import { startingPoints } from '../features/designs/lib/presets';
import { designRequest, oltpStartGroups } from '../features/imports/lib/awr';
import { platformRegistry } from '../lib/platforms-fixture';
import { awrDesignInputs } from './imports-route';

const AWR = {
  workload: { kind: 'oltp', profile: 'custom', target_tps: 123.4, tx_per_s: 123.4, reads_per_s: 1234.5, writes_per_s: 210.9, db_cpu_s_per_s: 0.6512, redo_mb_per_s: 1.2346 },
};

describe("a design from an AWR import, with the new-design page's starts", () => {
  const starts = startingPoints([], platformRegistry());

  it('offers every OLTP platform start by family, the EqualLogic PS6010S among them', () => {
    const groups = oltpStartGroups(starts);
    expect(groups.map((g) => g.family)).toEqual(['oracle-fs1', 'equallogic', 'xtremio', 'netapp']);
    const equallogic = groups.find((g) => g.family === 'equallogic')!;
    expect(equallogic.starts.some((s) => /PS6010S/.test(s.label))).toBe(true);
    expect(equallogic.starts.every((s) => s.workload?.kind !== 'dss')).toBe(true);
  });

  it("writes the inputs out as the editor sends them, keeping the AWR's custom profile and rate", () => {
    const start = starts.find((s) => s.platform.storage_model === 'PS6010S')!;
    const body = designRequest({ awr: AWR, start, name: 'E2EAWR from AWR', team: 1, inputs: awrDesignInputs(starts) });
    expect(body.workload).toMatchObject({ ...AWR.workload, database_size_gb: 2000 });
    expect(body.workload.users).toBeUndefined();
    expect(body.platform).toMatchObject({ family: 'equallogic', storage_model: 'PS6010S' });
    expect(body.platform.raid).toBeTruthy();
  });
});
