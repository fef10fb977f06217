// Which requests get the CSV gzipped (exports.ts): what browsers and tools send in Accept-Encoding.
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './exports';

describe('acceptsGzip', () => {
  it('is gzip for what browsers send, and for a wildcard that does not refuse gzip', () => {
    for (const header of ['gzip, deflate, br, zstd', 'gzip, deflate', 'br;q=1.0, gzip;q=0.8, *;q=0.1', 'x-gzip', '*', 'GZIP']) {
      expect(acceptsGzip(header), header).toBe(true);
    }
  });

  it('is plain for no header, identity only, or gzip refused with q=0', () => {
    for (const header of [null, '', 'identity', 'br', 'gzip;q=0', 'gzip; q=0, identity', '*, gzip;q=0', 'deflate, *;q=0']) {
      expect(acceptsGzip(header), String(header)).toBe(false);
    }
  });
});
