import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import { extensionCalls } from '../../../contract/calls/extensions';
import { allCalls } from '../../../contract/index';

const app = createApp();

describe('GET /wps/playdeck/openapi.json', () => {
  it('answers the OpenAPI 3.1 document as plain JSON (no envelope), cacheable, with every call', async () => {
    const res = await app.request('http://127.0.0.1/wps/playdeck/openapi.json', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    const body = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(extensionCalls.openApiDocument.value.safeParse(body).success).toBe(true);
    expect(body).not.toHaveProperty('success');
    for (const def of allCalls()) expect(body.paths[def.path]?.[def.method.toLowerCase()]?.operationId).toBe(def.name);
  });

  it('answers 404 unknown_site on a domain no site serves, like every API call', async () => {
    const res = await app.request('http://nobody.example/wps/playdeck/openapi.json', {}, env);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe('unknown_site');
  });
});
