import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GATED_SWITCHES, gatedBy, parseSwitchList } from '../../../src/lib/switchGate';
import { SOCIAL_LOGIN_CAPABILITIES } from '../../../contract/capabilities';

const css = readFileSync(new URL('../../../src/styles/switches.css', import.meta.url), 'utf8');

describe('parts gated by a site switch before any script runs', () => {
  it.each(GATED_SWITCHES)('%s has its hiding rule in switches.css', (id) => {
    expect(css).toContain(`html[data-switches]:not([data-switches~='${id}']) [data-switch='${id}']`);
    expect(gatedBy(id)).toEqual({ 'data-switch': id });
  });

  it('hides the social block when neither social switch is on', () => {
    expect(css).toContain(`html[data-switches]:not([data-switches~='FACEBOOKLOGIN3']):not([data-switches~='GOOGLELOGIN3']) .social-login`);
  });
});

describe("reading the edge's data-switches", () => {
  it.each([
    ['CBS3 FREEPLAY3', { CBS3: true, FREEPLAY3: true }],
    ['', {}],
    ['  CBS3   REWCEN3 ', { CBS3: true, REWCEN3: true }],
    ['CBS3 <script> x"y', { CBS3: true }],
  ])('%j → %j', (value, switches) => {
    expect(parseSwitchList(value)).toEqual(switches);
  });

  it('knows nothing when the page did not come through the edge', () => {
    expect(parseSwitchList(null)).toBeNull();
    expect(parseSwitchList(undefined)).toBeNull();
  });
});

describe('unconfigured social providers (issue 10)', () => {
  it.each(Object.values(SOCIAL_LOGIN_CAPABILITIES))('hides the %s button while the edge does not write that capability', (capability) => {
    expect(css).toContain(`html[data-capabilities]:not([data-capabilities~='${capability}']) [data-capability='${capability}']`);
  });

  it('hides the whole social block when no provider is configured', () => {
    expect(css).toContain(`html[data-capabilities]:not([data-capabilities~='oauth-google']):not([data-capabilities~='oauth-facebook']) .social-login`);
  });
});
