import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import { pickGame } from '../fixtures';

const app = createApp();

async function get(path: string, host = '127.0.0.1') {
  const response = await app.request(`http://${host}${path}`, {}, env);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('GET /icons/game/:nodeId.svg', () => {
  it('draws a cacheable SVG tile with the game name and vendor label', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, headers, text } = await get(`/icons/game/${game.node_id}.svg`);
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toBe('image/svg+xml');
    expect(headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text).toContain('Orbit Originals');
  });

  it('draws the same bytes every time (deterministic)', async () => {
    const game = await pickGame(`vassalage = 'CARD_PVP'`);
    const a = await get(`/icons/game/${game.node_id}.svg`);
    const b = await get(`/icons/game/${game.node_id}.svg`, 'play2.localhost');
    expect(a.text).toBe(b.text);
  });

  it('escapes names with XML special characters', async () => {
    const game = await env.DB.prepare(`SELECT node_id, game_name FROM games WHERE game_name LIKE '%&%' LIMIT 1`).first<{ node_id: number; game_name: string }>();
    const { text } = await get(`/icons/game/${game!.node_id}.svg`);
    expect(text).toContain('&amp;');
    expect(text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('answers 404 for an unknown game and 400 for a malformed file name', async () => {
    expect((await get('/icons/game/999999.svg')).status).toBe(404);
    const bad = await get('/icons/game/abc.svg');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ success: false, errorCode: 'request_param_err' });
  });
});

describe('GET /icons/banner/:id.svg', () => {
  it('draws a 16:9 banner with its title', async () => {
    const banner = await env.DB.prepare(`SELECT id, title FROM banners WHERE merchant_code = 'DEMO' AND group_name = 'm_home' ORDER BY id LIMIT 1`)
      .first<{ id: number; title: string }>();
    const { status, headers, text } = await get(`/icons/banner/${banner!.id}.svg`);
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toBe('image/svg+xml');
    expect(text).toContain('viewBox="0 0 1280 720"');
    expect(text).toContain('PlayDeck Demo');
  });

  it('answers 404 for an unknown banner and 400 for a malformed id', async () => {
    expect((await get('/icons/banner/424242.svg')).status).toBe(404);
    expect((await get('/icons/banner/1.png')).status).toBe(400);
  });
});
