import { beforeEach, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { z } from 'zod';
import { clearEdgeAnswers, directValue, type DirectSource } from '../../../worker/edge/fills/api';

// docs/edge.md "Where a fill's data comes from": in built-in mode a fill reads the query its route calls
// (fills/api.ts directValue), shaped by the call's schema and kept per isolate like the fetched answers.

beforeEach(() => clearEdgeAnswers());

const def = { name: 'testCall', value: z.object({ first: z.number(), second: z.string() }) };
const kept: DirectSource = { db: env.DB, cacheMs: 60_000 };
const everyTime: DirectSource = { db: env.DB, cacheMs: 0 };

describe('directValue', () => {
  it('gives the value as the call\'s schema shapes it (its fields, in its order)', async () => {
    const value = await directValue(kept, def, 'k', async () => ({ second: 'b', first: 1, extra: true }) as never);
    expect(JSON.stringify(value)).toBe('{"first":1,"second":"b"}');
  });

  it('keeps a value for the lifetime and shares one read between readers at once', async () => {
    let reads = 0;
    const load = async () => ({ first: ++reads, second: 'x' });
    const [a, b] = await Promise.all([directValue(kept, def, 'k', load), directValue(kept, def, 'k', load)]);
    expect([a?.first, b?.first, reads]).toEqual([1, 1, 1]);
    expect((await directValue(kept, def, 'k', load))?.first).toBe(1);
    expect((await directValue(kept, def, 'other', load))?.first).toBe(2);
    expect((await directValue(everyTime, def, 'k', load))?.first).toBe(3);
  });

  it('answers the last good value when a read fails, else null', async () => {
    const failing = async (): Promise<never> => {
      throw new Error('D1 down');
    };
    expect(await directValue(everyTime, def, 'k', failing)).toBeNull();
    await directValue(everyTime, def, 'k', async () => ({ first: 7, second: 'good' }));
    expect(await directValue(everyTime, def, 'k', failing)).toEqual({ first: 7, second: 'good' });
    expect(await directValue(everyTime, def, 'k', async () => ({ first: 'not a number' }) as never)).toEqual({ first: 7, second: 'good' });
  });
});
