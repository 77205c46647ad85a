import { describe, expect, it } from 'vitest';
import { allCalls } from '../../../contract/index';
import { buildOpenApiDocument } from '../../../contract/openapi';
import { systemCalls } from '../../../contract/calls/system';

const document = buildOpenApiDocument();
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op: op as Record<string, unknown> })));

/** Resolves a local `#/…` JSON pointer in the document. */
function resolvePointer(ref: string): unknown {
  return ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsOf(value, out);
    }
  }
  return out;
}

describe('OpenAPI document (contract/openapi.ts)', () => {
  it('is an OpenAPI 3.1 document with info, paths and components', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document).toMatchObject({ info: { title: expect.any(String), version: expect.any(String) } });
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    for (const path of Object.keys(document.paths)) expect(path.startsWith('/')).toBe(true);
  });

  it('has every call of allCalls() at its path and method, with operationId = the call name', () => {
    for (const def of allCalls()) {
      const op = document.paths[def.path]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${def.path}`).toBeDefined();
      expect(op?.operationId).toBe(def.name);
      expect(op?.['x-extension']).toBe(def.extension === true);
      if (def.moduleId) expect(op?.['x-module-id']).toBe(def.moduleId);
      if (def.encrypted) expect(op?.['x-encrypted']).toBe(true);
    }
  });

  it('has no duplicate operationIds, and only the methods OpenAPI knows', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method } of operations) expect(['get', 'post', 'put', 'delete']).toContain(method);
  });

  it('describes a 200 answer and an error answer with errorCode for every operation', () => {
    for (const { op } of operations) {
      const answers = op.responses as Record<string, { content?: Record<string, unknown> }>;
      expect(answers['200']?.content?.['application/json'] ?? answers['200']?.content?.['text/plain']).toBeDefined();
      expect(answers.default?.content?.['application/json']).toBeDefined();
    }
    const failure = resolvePointer('#/components/schemas/FailureEnvelope') as { properties: Record<string, unknown> };
    expect(Object.keys(failure.properties)).toEqual(expect.arrayContaining(['success', 'value', 'message', 'errorCode']));
  });

  it('resolves every $ref inside the document', () => {
    for (const ref of refsOf(document)) {
      expect(ref.startsWith('#/components/schemas/'), ref).toBe(true);
      expect(resolvePointer(ref), ref).toBeDefined();
    }
  });

  it('is plain JSON (survives a round trip unchanged)', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });
});

describe('OpenAPI document: the system calls', () => {
  const op = (path: string, method = 'get') => document.paths[path]?.[method] as Record<string, unknown> & {
    parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
    responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
  };

  it.each([
    ['/wps/v2/system/status', 'systemStatus', 'COMM3'],
    ['/wps/system/status', 'systemStatusLegacy', 'COMM3'],
    ['/wps/system/whitelabel', 'whitelabel', 'COMM3'],
    ['/wps/system/domainRoute', 'domainRoute', 'COMM3'],
    ['/wps/captcha', 'captcha', 'CAPTCHA3'],
    ['/wps/system/country', 'systemCountry', 'COMM3'],
    ['/wps/system/settings/consolidated', 'consolidatedSettings', 'COMM3'],
  ])('GET %s is %s with ModuleId %s in a required header', (path, name, moduleId) => {
    const operation = op(path);
    expect(operation.operationId).toBe(name);
    expect(operation['x-module-id']).toBe(moduleId);
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'ModuleId', in: 'header', required: true, schema: { type: 'string', const: moduleId } }));
    for (const name of ['Merchant', 'Language', 'X-Real-UA']) expect(operation.parameters.map((p) => p.name)).toContain(name);
    expect(operation.parameters.some((p) => p.name === 'moduleId')).toBe(false);
  });

  it('lists the status query parameters and wraps the status value in the envelope', () => {
    const status = op('/wps/v2/system/status');
    const query = status.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(['device', 'track', 'originalDomain', 'url']);
    const schema = status.responses['200']?.content['application/json']?.schema as { properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(Object.keys(schema.properties)).toEqual(['success', 'value', 'message', 'errorCode']);
    expect(Object.keys(schema.properties.value?.properties ?? {})).toEqual(['info', 'location', 'maintenance', 'regionRestriction']);
  });

  it('sends no token for the captcha, and answers a base64 string', () => {
    const captcha = op('/wps/captcha');
    expect(captcha.parameters.some((p) => p.name === 'Authorization')).toBe(false);
    const schema = captcha.responses['200']?.content['application/json']?.schema as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.value).toMatchObject({ type: 'string' });
  });

  it('serves the document itself as plain JSON (no envelope)', () => {
    const self = op('/wps/playdeck/openapi.json');
    expect(self['x-extension']).toBe(true);
    const schema = self.responses['200']?.content['application/json']?.schema as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toContain('openapi');
    expect(Object.keys(schema.properties)).not.toContain('success');
  });

  it('covers exactly the system calls of the system area file', () => {
    expect(Object.values(systemCalls).map((c) => c.name).sort()).toEqual(
      [
        'captcha', 'collect', 'consolidatedSettings', 'customerServiceScript', 'domainRoute', 'downloadSetting', 'location', 'systemCountry',
        'systemStatus', 'systemStatusLegacy', 'templates', 'webManifest', 'whitelabel',
      ],
    );
  });
});

describe('the game providers\' wallet calls (docs/game-providers.md)', () => {
  it('lists every wallet operation as a signed POST with its body, the OK answer and each refusal', () => {
    for (const name of ['authenticate', 'balance', 'debit', 'credit', 'rollback']) {
      const op = document.paths[`/wps/playdeck/games/wallet/{provider}/${name}`]?.post as Record<string, unknown> | undefined;
      expect(op?.tags).toEqual(['provider-wallet']);
      expect((op?.parameters as { name: string }[]).map((p) => p.name)).toEqual(['provider', 'X-Timestamp', 'X-Signature']);
      expect(Object.keys(op?.responses as object)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', 'default']));
    }
  });
});
