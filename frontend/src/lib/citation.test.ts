import { describe, expect, it } from 'vitest';
import { citation } from './citation';
import { CONFIGURATIONS, DOCUMENTS, RULES } from './display-names.generated';

describe('citation', () => {
  it('names the document in place of its slug, every time it appears', () => {
    expect(citation('oracle-fs1-2016, Table 1')).toBe(`${DOCUMENTS['oracle-fs1-2016']}, Table 1`);
    expect(citation('dell-equallogic-oltp-2010, Table 7; oracle-fs1-2016, Balance Charts')).toBe(
      `${DOCUMENTS['dell-equallogic-oltp-2010']}, Table 7; ${DOCUMENTS['oracle-fs1-2016']}, Balance Charts`,
    );
  });

  it("names a reference configuration and a rule an engine text gives by slug", () => {
    expect(citation('the value at which the oracle-fs1-quarter-rack (2 x 36 cores) carries 25,800 TPS')).toBe(
      `the value at which the ${CONFIGURATIONS['oracle-fs1-quarter-rack']} (2 x 36 cores) carries 25,800 TPS`,
    );
    expect(citation('linear per X-Brick, rule xtremio-linear-scaling)')).toBe(`linear per X-Brick, rule ${RULES['xtremio-linear-scaling']})`);
  });

  it('leaves other text alone, a longer word that starts like a slug included', () => {
    expect(citation('design input')).toBe('design input');
    expect(citation('oracle-fs1-2016-draft')).toBe('oracle-fs1-2016-draft');
  });
});
