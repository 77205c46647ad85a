import { it } from 'vitest';
import { CALLS } from '../../contract/index';
import * as acc from '../../contract/calls/accounts';
import * as lot from '../../contract/calls/lottery-shapes';
import * as sys from '../../contract/calls/system';
import * as sysc from '../../contract/calls/system-client-schemas';

it('probe', () => {
  const named: Record<string, unknown> = { ...acc, ...lot, ...sys, ...sysc };
  const out: string[] = [];
  for (const [k, c] of Object.entries(CALLS)) {
    const q = c.query ? (Object.entries(named).find(([, v]) => v === c.query)?.[0] ?? 'inline') : '-';
    const b = c.body ? (Object.entries(named).find(([, v]) => v === c.body)?.[0] ?? 'inline') : '-';
    out.push(`${k} ${c.method} ${c.path} q=${q} b=${b}`);
  }
  console.log('OUT\n' + out.join('\n'));
});
