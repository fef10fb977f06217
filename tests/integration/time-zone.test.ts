// The visitor's time zone (src/domain/scheduling/zone.ts) and the database's check on it
// (is_time_zone_name, supabase/migrations/20261124000000_booking_trust.sql) agree: every zone this
// runtime knows passes both, and what the domain refuses never reaches the column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_MAX, timeZoneOf } from '../../src/domain/scheduling/zone';
import { openTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const zones = Intl.supportedValuesOf('timeZone');

async function databaseAccepts(values: string[]): Promise<boolean[]> {
  const { rows } = await app.store.db.query<{ ok: boolean }>('select is_time_zone_name(v) as ok from unnest($1::text[]) with ordinality as x(v, i) order by i', [values]);
  return rows.map((r) => r.ok);
}

describe('the lead\'s time zone', () => {
  it('accepts every IANA zone Intl knows, in its canonical name, and the database accepts each', async () => {
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of zones) expect(timeZoneOf(zone), zone).toBe(zone);
    expect(await databaseAccepts(zones)).toEqual(zones.map(() => true));
    expect(timeZoneOf('america/sao_paulo')).toBe('America/Sao_Paulo');
    expect(timeZoneOf('UTC')).toBe('UTC');
  });

  it('refuses anything else as null; the database refuses what is not a zone name', async () => {
    const refused = ['Mars/Olympus', '', ' ', '+03:00', '-0300', 'Europe/Lisbon ', '../etc/passwd', 'America/Sao_Paulo;drop', 'x'.repeat(TIME_ZONE_MAX + 1),
      'x'.repeat(10 * 1024), '<script>', 'Europe//Lisbon'];
    for (const value of refused) expect(timeZoneOf(value), value.slice(0, 30)).toBeNull();
    for (const value of [42, null, undefined, {}, ['UTC'], true]) expect(timeZoneOf(value), String(value)).toBeNull();
    expect(await databaseAccepts(['+03:00', 'Europe/Lisbon ', '../etc/passwd', 'America/Sao_Paulo;drop', 'x'.repeat(TIME_ZONE_MAX + 1), '<script>', '', 'Europe//Lisbon']))
      .toEqual([false, false, false, false, false, false, false, false]);
  });
});
