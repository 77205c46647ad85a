/**
 * Writes the OpenAPI 3.1 document of PlayDeck's API (contract/openapi.ts) to dist/openapi.json, or to the path
 * given as the first argument (the player API and the operator console's /console/api): `npm run openapi [-- out.json]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import './extensionless-imports.ts';
import { dirname, resolve } from 'node:path';

const { buildOpenApiDocument } = await import('../contract/openapi.ts');
const { allCalls } = await import('../contract/index.ts');
const { consoleCallList } = await import('../contract/calls/console.ts');
const out = resolve(process.argv[2] ?? 'dist/openapi.json');
const document = buildOpenApiDocument([...allCalls(), ...consoleCallList()]);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${out}: ${Object.keys(document.paths).length} paths`);
