import { describe, expect, it } from 'vitest';
import { changedFields, exportLinks } from './history';

describe('changedFields', () => {
  it('names the nested keys that changed', () => {
    const text = changedFields({
      number: 2,
      changes: [
        { field: 'platform', before: { family: 'oracle-fs1', rac_nodes: 2 }, after: { family: 'oracle-fs1', rac_nodes: 1 } },
        { field: 'status', before: 'draft', after: 'proposed' },
      ],
    });
    expect(text).toBe('Changed: platform (rac_nodes 2 → 1), status');
  });
  it('says nothing for the first revision (everything is new)', () => {
    expect(changedFields({ number: 1, changes: [{ field: 'name', before: null, after: 'x' }] })).toBe('');
    expect(changedFields({ number: 3, changes: [] })).toBe('No content change');
  });
});

describe('exportLinks', () => {
  it('says which revision a saved export shows', () => {
    expect(exportLinks(7, 4).map((l) => [l.revisionNote, l.postsOnScreenInputs])).toEqual([
      ['exports revision 4', false],
      ['exports revision 4', false],
      ['exports revision 4', false],
      ['exports revision 4', false],
      ['exports revision 4', false],
    ]);
  });

  it('with unsaved changes, the proposal exports the screen and the BOM files say they leave the changes out', () => {
    const [proposal, annex, ...boms] = exportLinks(7, 4, true);
    for (const document of [proposal!, annex!]) {
      expect(document.postsOnScreenInputs).toBe(true);
      expect(document.revisionNote).toBe('exports what is on screen, marked "unsaved changes, not a saved revision"');
    }
    expect(boms.map((l) => [l.revisionNote, l.postsOnScreenInputs])).toEqual([
      ['exports revision 4 (unsaved changes not included)', false],
      ['exports revision 4 (unsaved changes not included)', false],
      ['exports revision 4 (unsaved changes not included)', false],
    ]);
  });

  it('points at the five export endpoints of the design', () => {
    expect(exportLinks(7).map((l) => l.href)).toEqual([
      '/api/v1/designs/7/export/proposal.pdf',
      '/api/v1/designs/7/export/annex.pdf',
      '/api/v1/designs/7/export/bom.pdf',
      '/api/v1/designs/7/export/bom.csv',
      '/api/v1/designs/7/export/bom.xlsx',
    ]);
  });
});
