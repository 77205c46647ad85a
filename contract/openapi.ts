import { z } from 'zod';
import { allCalls } from './index';
import { isGatewayCall, type CallDef } from './call';
import { envelopeSchema, failureEnvelopeSchema, gatewayErrorSchema } from './envelope';
import { HEADER } from './headers';
import { isMoneyCodec } from './money';
import { WALLET_ERRORS, WALLET_OPERATIONS, walletErrorAnswer, walletOkAnswer } from './provider-wallet';

/**
 * The OpenAPI 3.1 description of PlayDeck's API, built from the call definitions (src/contract, one source:
 * docs/design.md "One contract source"). Pure (no DOM, no Workers types): the worker serves it at
 * GET /wps/playdeck/openapi.json, `npm run openapi` writes it to a file.
 *
 * Per call: path and method; operationId = the call's name; headers `ModuleId` (const, required when the call has
 * one), `Authorization` (the bare session token; required for member calls), `Merchant`, `Language`, `X-Real-UA`,
 * `Device` (calls that send it); query parameters from the query schema; the JSON or form body; the 200 answer (the
 * envelope around `value` for /wps, the plain value for /lgw and `plain` calls); error answers with `errorCode`;
 * `x-module-id`, `x-extension`, `x-auth`, and `x-encrypted` for sealed bodies (§1.6).
 */

/** A JSON Schema object, as z.toJSONSchema gives it. */
type JsonSchema = Record<string, unknown>;

/** The OpenAPI document (loosely typed: it is JSON). */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

/** Shared schemas of every error answer. */
const ERROR_SCHEMAS = { FailureEnvelope: failureEnvelopeSchema, GatewayError: gatewayErrorSchema } as const;

/**
 * JSON Schema of a zod schema, with its local `$defs` (recursive types) moved into `components.schemas` (under
 * their registered id, else `<prefix>_<n>`) and the references rewritten (an embedded `#/$defs/…` would resolve against the document).
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', override: (ctx) => moneyOnTheWire(ctx, io) }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  // A schema registered with an id (`.meta({ id })`) keeps its name, shared by every call; anonymous ones get the prefix.
  const rename = (name: string) => (name.startsWith('__') ? `${prefix}${name.replace(/[^A-Za-z0-9_.-]/g, '_')}` : name);
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
        ? `#/components/schemas/${rename(value.slice('#/$defs/'.length))}`
        : rewrite(value);
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = rewrite(def) as JsonSchema;
  return rewrite(json) as JsonSchema;
}

/**
 * A money field (contract/money.ts `money()`) is described by its wire side in answers too: the decimal number in
 * currency units, not the integer minor units the codec decodes it to (bodies read the wire side anyway).
 */
function moneyOnTheWire(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }, io: 'input' | 'output'): void {
  if (io === 'input' || !isMoneyCodec(ctx.zodSchema)) return;
  const wire = z.toJSONSchema((ctx.zodSchema as z.ZodPipe).in, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete wire.$schema;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, wire);
}

function header(name: string, required: boolean, description: string, schema: JsonSchema = { type: 'string' }) {
  return { name, in: 'header', required, description, schema };
}

/** The header parameters of one call (platform-contract.md §1.2). */
function headerParameters(def: CallDef): Record<string, unknown>[] {
  const params = [
    header(HEADER.merchant, false, 'The merchant code (exactly one value).'),
    header(HEADER.language, false, 'Interface language code, upper case; default EN.'),
    header(HEADER.realUserAgent, false, "Base64 of the browser's user agent."),
  ];
  if (def.auth !== 'none') {
    params.unshift(header(HEADER.authorization, def.auth === 'member', 'The bare session token (the built-in API also accepts `Bearer <token>`).'));
  }
  if (def.moduleId) params.push(header(HEADER.moduleId, true, 'Module id of the call (§1.3).', { type: 'string', const: def.moduleId }));
  if (def.device) {
    params.push(header(HEADER.device, false, 'Client kind (§1.2).', { type: 'string', enum: ['IPAD', 'PWA', 'WEBCLIP', 'OTHERS'] }));
  }
  return params;
}

/** Query and path parameters of one call. */
function otherParameters(def: CallDef, components: Record<string, JsonSchema>): Record<string, unknown>[] {
  const params: Record<string, unknown>[] = [];
  for (const match of def.path.matchAll(/\{(\w+)\}/g)) {
    params.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (def.query) {
    const json = toSchema(def.query, 'input', `${def.name}_query`, components);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      params.push({ name, in: 'query', required: required.has(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  return params;
}

/** The answers of one call: 200 with its value (envelope for /wps), and the error shapes. */
function responses(def: CallDef, components: Record<string, JsonSchema>): Record<string, unknown> {
  const plain = isGatewayCall(def) || def.plain === true || def.text === true;
  const success = plain ? def.value : envelopeSchema(def.value);
  // Only the lottery gateway answers its errors as `{ errorCode }`; every /wps path fails with the envelope.
  const error = { $ref: `#/components/schemas/${isGatewayCall(def) ? 'GatewayError' : 'FailureEnvelope'}` };
  const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: error } } });
  const out: Record<string, unknown> = {
    200: {
      description: plain ? 'The answer (plain JSON).' : 'The envelope `{ success: true, value, message, errorCode: "" }`.',
      content: { [def.text ? 'text/plain' : 'application/json']: { schema: toSchema(success, 'output', `${def.name}_answer`, components) } },
    },
  };
  if (def.query || def.body) out[400] = errorAnswer('Refused input: errorCode `request_param_err` (value.issues lists the fields).');
  if (def.auth === 'member') out[401] = errorAnswer('No or invalid session: errorCode `customer.not.login` or `user.or.token.invalid`.');
  if (def.console && def.console !== 'public') {
    out[401] = errorAnswer('No live console session (none, expired after 12 h or 30 min idle, revoked): errorCode `customer.not.login`.');
    out[403] = errorAnswer('Refused: `console_site_forbidden`, `csrf_invalid`, `console_totp_enrolment_required` or `console_role_forbidden`.');
  }
  out.default = errorAnswer('Any other failure, with its errorCode (contract/errors.ts).');
  return out;
}

/** The operation object of one call. */
function operation(def: CallDef, components: Record<string, JsonSchema>): Record<string, unknown> {
  const op: Record<string, unknown> = {
    operationId: def.name,
    summary: def.summary,
    tags: [def.extension ? 'playdeck' : def.path.startsWith('/lgw/') ? 'lgw' : 'wps'],
    parameters: [...otherParameters(def, components), ...headerParameters(def)],
    responses: responses(def, components),
    security: def.console && def.console !== 'public' ? [{ consoleSession: [] }]
      : def.auth === 'member' ? [{ session: [] }] : def.auth === 'optional' ? [{}, { session: [] }] : [],
    'x-auth': def.auth,
    'x-extension': def.extension === true,
  };
  if (def.moduleId) op['x-module-id'] = def.moduleId;
  if (def.console) {
    op.tags = ['console'];
    op['x-console-permission'] = def.console;
    if (def.method !== 'GET') {
      (op.parameters as unknown[]).push(header('X-CSRF-Token', def.console !== 'public', "The console session's CSRF token (sign-in and me answer it)."));
    }
  }
  if (def.encrypted) op['x-encrypted'] = true;
  if (def.body) {
    const mediaType = def.multipart ? 'multipart/form-data' : def.form ? 'application/x-www-form-urlencoded' : 'application/json';
    op.requestBody = {
      required: true,
      ...(def.encrypted
        ? { description: 'Sealed by the browser (src/api/sealed.ts; platform-contract.md §1.6): this schema is the plaintext.' }
        : {}),
      content: { [mediaType]: { schema: toSchema(def.body, 'input', `${def.name}_body`, components) } },
    };
  }
  return op;
}

/**
 * The game providers' seamless-wallet calls (contract/provider-wallet.ts; docs/game-providers.md), server to server
 * and signed with the provider's HMAC key: one POST per operation under /wps/playdeck/games/wallet/{provider}, tag
 * `provider-wallet`, answering `{ status: 'OK', … }` or `{ status: 'ERROR', errorCode, … }` with the code's status.
 */
function walletPaths(components: Record<string, JsonSchema>): OpenApiDocument['paths'] {
  components.WalletOk ??= toSchema(walletOkAnswer, 'output', 'WalletOk', components);
  components.WalletError ??= toSchema(walletErrorAnswer, 'output', 'WalletError', components);
  const statuses = [...new Set(Object.values(WALLET_ERRORS))].sort();
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, body] of Object.entries(WALLET_OPERATIONS)) {
    const codes = (status: number) => Object.entries(WALLET_ERRORS).filter(([, s]) => s === status).map(([code]) => `\`${code}\``).join(', ');
    paths[`/wps/playdeck/games/wallet/{provider}/${name}`] = {
      post: {
        operationId: `providerWallet_${name}`,
        summary: `Seamless wallet: ${name} (docs/game-providers.md "Operations").`,
        tags: ['provider-wallet'],
        parameters: [
          { name: 'provider', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{2,32}$' } },
          header('X-Timestamp', true, 'Epoch milliseconds of the signature (at most 10 minutes from the server clock).'),
          header('X-Signature', true, 'Lower-case hex HMAC-SHA256 of `<X-Timestamp>.<raw body>` under the provider key.'),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: toSchema(body, 'input', `providerWallet_${name}_body`, components) } } },
        responses: {
          200: { description: 'Done (or the first result of a repeated transaction id).', content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletOk' } } } },
          ...Object.fromEntries(statuses.map((status) => [status, {
            description: `Refused: ${codes(status)}.`, content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletError' } } },
          }])),
          default: { description: 'Any other failure: retry later.', content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletError' } } } },
        },
        security: [],
        'x-auth': 'none',
        'x-extension': true,
      },
    };
  }
  return paths;
}

/**
 * Builds the OpenAPI 3.1 document of `calls` (default: every call of the contract). A second call with the same
 * method and path as an earlier one is left out (the first wins); operationIds are the call names.
 */
export function buildOpenApiDocument(calls: readonly CallDef[] = allCalls()): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(ERROR_SCHEMAS)) components[name] = toSchema(schema, 'output', name, components);
  const paths: OpenApiDocument['paths'] = {};
  for (const def of calls) {
    const item = (paths[def.path] ??= {});
    const method = def.method.toLowerCase();
    if (item[method]) continue;
    item[method] = operation(def, components);
  }
  Object.assign(paths, walletPaths(components));
  return {
    openapi: '3.1.0',
    info: {
      title: 'PlayDeck API',
      version: '1.0.0',
      description:
        "The real platform's API as PlayDeck speaks it (platform-contract.md), plus PlayDeck's extensions under " +
        '/wps/playdeck. /wps answers the envelope { success, value, message, errorCode }; /lgw answers plain JSON.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        session: { type: 'apiKey', in: 'header', name: HEADER.authorization, description: 'The bare session token.' },
        consoleSession: { type: 'apiKey', in: 'cookie', name: 'pd_console', description: 'The operator console session (HttpOnly, SameSite=Strict).' },
      },
    },
  };
}
