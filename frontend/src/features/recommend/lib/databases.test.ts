import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { addDatabase, DATABASE_BOUNDS, MAX_DATABASES, otherDatabaseErrors, removeDatabase, updateDatabase } from './databases';
import { EMPTY_FORM, otherErrors, toRequest, validateRequest, type RecommendForm } from './recommend-form';

/** The page of one OLTP database (60,000 TPS, 75 % reads kept as an input the page does not show), then a DSS one added. */
function twoDatabases(): RecommendForm {
  const one: RecommendForm = { ...EMPTY_FORM, targetTps: '60000', databaseSizeGb: '1000', extras: { read_pct: 75 }, priceBook: '4' };
  const two = addDatabase(one);
  return updateDatabase(updateDatabase(two, 0, { name: 'Orders', priority: '1', clones: '2' }), 1, {
    name: 'Warehouse',
    workload: { ...two.databases[1]!.workload, kind: 'dss', targetThroughputMbS: '2000', databaseSizeGb: '1000' },
  });
}

describe('the databases of a recommend request', () => {
  it('with one database sends today’s workload request, unchanged', () => {
    const one = { ...EMPTY_FORM, targetTps: '30000', slaResponseMs: '20' };
    expect(JSON.stringify(toRequest(one))).toBe(
      JSON.stringify({ workload: { kind: 'oltp', target_tps: 30000, sla_response_ms: 20 }, resilience: 'none', families: [], price_book: null }),
    );
  });

  it('adding a second makes the page’s workload the first database’s and sends `databases`', () => {
    const form = twoDatabases();
    expect(form.databases.map((d) => d.name)).toEqual(['Orders', 'Warehouse']);
    expect(toRequest(form)).toEqual({
      databases: [
        { name: 'Orders', workload: { read_pct: 75, kind: 'oltp', target_tps: 60000, database_size_gb: 1000 }, paused: false, priority: 1, clones: 2 },
        { name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000, database_size_gb: 1000 }, paused: false },
      ],
      resilience: 'none',
      families: [],
      price_book: 4,
    });
    expect(validateRequest(toRequest(form))).toEqual({});
  });

  it('names a new database after the ones there, and adds no more than the API takes', () => {
    let form = addDatabase(EMPTY_FORM);
    expect(form.databases.map((d) => d.name)).toEqual(['Database 1', 'Database 2']);
    form = updateDatabase(form, 1, { name: 'Database 3' });
    expect(addDatabase(form).databases.at(-1)?.name).toBe('Database 4');
    for (let i = 0; i < 10; i += 1) form = addDatabase(form);
    expect(form.databases).toHaveLength(MAX_DATABASES);
    expect(DATABASE_BOUNDS.priority).toEqual({ min: 1, max: MAX_DATABASES, default: 1 });
  });

  it('removing down to one makes the one left the page’s workload again', () => {
    const one = removeDatabase(twoDatabases(), 0);
    expect(one.databases).toEqual([]);
    expect(toRequest(one)).toEqual({ workload: { kind: 'dss', target_throughput_mb_s: 2000, database_size_gb: 1000 }, resilience: 'none', families: [], price_book: 4 });
    const three = addDatabase(twoDatabases());
    expect(removeDatabase(three, 1).databases.map((d) => d.name)).toEqual(['Orders', 'Database 3']);
  });

  it('files each database’s errors under its position, as the API does', () => {
    const form = updateDatabase(updateDatabase(twoDatabases(), 1, { name: ' orders ', clones: '30' }), 0, {
      workload: { ...twoDatabases().databases[0]!.workload, targetTps: '-5' },
    });
    expect(validateRequest(toRequest(form))).toEqual({
      'databases.0.workload.target_tps': ['must be at least 0.001'],
      'databases.1.clones': ['must be at most 20'],
      'databases.1.name': ['Another database has this name'],
    });
    expect(validateRequest(toRequest(updateDatabase(form, 1, { name: '  ', clones: '' })))['databases.1.name']).toEqual(['A database needs a name']);
  });

  it('reads a 400 however DRF nests a database’s errors (a list of rows, or objects by position)', () => {
    const asList = new ApiError(400, { databases: [{}, { workload: { target_tps: ['must be more than 0'] }, name: ['taken'] }], non_field_errors: ['x'] });
    expect(asList.fieldErrors).toEqual({ 'databases.1.workload.target_tps': ['must be more than 0'], 'databases.1.name': ['taken'], non_field_errors: ['x'] });
    const byPosition = new ApiError(400, { databases: { '1': { workload: { users: ['give either users or target_tps'] } } } });
    expect(byPosition.fieldErrors).toEqual({ 'databases.1.workload.users': ['give either users or target_tps'] });
  });

  it('keeps a database’s errors beside it, out of the page’s summary', () => {
    const form = twoDatabases();
    const errors = {
      'databases.1.workload.target_throughput_mb_s': ['too much'],
      'databases.1.workload.profile': ['unknown profile'],
      'databases.0.name': ['taken'],
      databases: ['at most 8 databases'],
      non_field_errors: ['give workload or databases'],
    };
    expect(otherErrors(errors, form)).toEqual(['give workload or databases']);
    const shownOfWarehouse = ['databases.1.workload.target_throughput_mb_s'];
    expect(otherDatabaseErrors(errors, 1, shownOfWarehouse)).toEqual(['workload.profile: unknown profile']);
    expect(otherDatabaseErrors(errors, 0, [])).toEqual([]);
  });
});
