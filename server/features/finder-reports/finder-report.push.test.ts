import { describe, expect, it } from 'vitest';
import { finderReportPush } from './finder-report.push';
import type { FinderReportRow } from './finder-reports.repository';

const pet = { id: '5d0b7a4e-8c1f-4a57-9f43-0d1e2a3b4c5d', name: 'Biscuit' };
const report = (overrides: Partial<FinderReportRow>) =>
  ({ id: 'a1b2c3d4-0000-4000-8000-000000000001', finderLocation: 'By the bakery', ...overrides }) as FinderReportRow;

describe('the alert of a finder report', () => {
  it('names the pet and the place, and opens the report', () => {
    expect(finderReportPush(pet, report({}))).toEqual({
      title: 'Biscuit was found',
      body: 'Where: By the bakery',
      url: `/pet/${pet.id}#report-a1b2c3d4-0000-4000-8000-000000000001`,
    });
  });

  it('when the finder gave only coordinates, then it says so', () => {
    expect(
      finderReportPush(pet, report({ finderLocation: ' ', finderLatitude: '45.5', finderLongitude: '-122.6' })).body,
    ).toBe('Shared GPS position');
  });

  it('cuts a long name and place to 100 and 240 characters', () => {
    const alert = finderReportPush({ ...pet, name: 'N'.repeat(300) }, report({ finderLocation: 'P'.repeat(500) }));
    expect(alert.title).toHaveLength(100);
    expect(alert.body).toHaveLength(240);
  });
});
