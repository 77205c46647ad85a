import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';

// Width variants of the media bucket (worker/services/media/media.ts MEDIA_WIDTHS): `?w=` picks the copy made at import.
const HASH = 'c'.repeat(64);
const KEY = `content/DEMO/${HASH}.jpg`;

async function put(key: string, text: string, type: string): Promise<void> {
  await env.MEDIA.put(key, new TextEncoder().encode(text), { httpMetadata: { contentType: type, cacheControl: 'public, max-age=31536000, immutable' } });
}

async function get(path: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await createApp().request(`http://127.0.0.1${path}`, {}, env);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe('GET /media/<key>?w= (width variants made at import)', () => {
  it('answers the stored copy of an allowed width, immutable, and the original otherwise', async () => {
    await put(KEY, 'original', 'image/jpeg');
    await put(`content/DEMO/${HASH}-w360.jpg`, 'narrow', 'image/jpeg');
    const narrow = await get(`/media/${KEY}?w=360`);
    expect([narrow.status, narrow.text]).toEqual([200, 'narrow']);
    expect(narrow.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(narrow.headers.get('Content-Type')).toBe('image/jpeg');
    // No 720 copy (the original was narrower): the original.
    expect((await get(`/media/${KEY}?w=720`)).text).toBe('original');
    // A width outside the fixed set: the original, never a resize on demand.
    expect((await get(`/media/${KEY}?w=500`)).text).toBe('original');
    expect((await get(`/media/${KEY}`)).text).toBe('original');
  });

  it('never serves a copy key directly or a player upload, and SVG has no copies', async () => {
    expect((await get(`/media/content/DEMO/${HASH}-w360.jpg`)).status).toBe(404);
    await put(`content/DEMO/${HASH}.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    expect((await get(`/media/content/DEMO/${HASH}.svg?w=360`)).text).toContain('<svg');
    await put(`apply/DEMO/${HASH}.jpg`, 'private', 'image/jpeg');
    expect((await get(`/media/apply/DEMO/${HASH}.jpg?w=360`)).status).toBe(404);
  });
});
