import { describe, expect, it } from 'vitest';
import { parseProviderCommand } from '../../../scripts/provider-commands';

// docs/game-providers.md "Operator commands": `npm run operator -- provider …` and `provider-vendor …`.
describe('the game provider operator commands', () => {
  it('lists, adds with every option, and gives a vendor to a provider', () => {
    expect(parseProviderCommand(['provider', 'DEMO'])).toEqual({ kind: 'list', merchant: 'DEMO' });
    expect(parseProviderCommand(['provider', 'DEMO', 'studiox', '--name', 'Studio X', '--launch-url', 'https://x.example/launch',
      '--secret-name', 'PROVIDER_SECRET_STUDIOX', '--currencies', 'usd,php', '--off'])).toEqual({
      kind: 'put', merchant: 'DEMO', code: 'studiox', name: 'Studio X', launchUrl: 'https://x.example/launch',
      secretName: 'PROVIDER_SECRET_STUDIOX', currencies: ['USD', 'PHP'], enabled: false,
    });
    expect(parseProviderCommand(['provider-vendor', 'DEMO', 'PD_SLOTS', 'studiox'])).toEqual({ kind: 'vendor', merchant: 'DEMO', vassalage: 'PD_SLOTS', code: 'studiox' });
    expect(parseProviderCommand(['list'])).toBeNull();
  });

  it('refuses a plain-http launch endpoint, a key given as a name, a bad code and unknown options', () => {
    expect(() => parseProviderCommand(['provider', 'DEMO', 'studiox', '--launch-url', 'http://x.example/launch'])).toThrow(/https/);
    expect(parseProviderCommand(['provider', 'DEMO', 'studiox', '--launch-url', 'http://127.0.0.1:9000/launch'])).toMatchObject({ launchUrl: 'http://127.0.0.1:9000/launch' });
    expect(() => parseProviderCommand(['provider', 'DEMO', 'studiox', '--secret-name', 'sk_live_abc'])).toThrow(/secret name/);
    expect(() => parseProviderCommand(['provider', 'DEMO', 'Studio X'])).toThrow(/provider code/);
    expect(() => parseProviderCommand(['provider', 'DEMO', 'studiox', '--colour', 'red'])).toThrow(/unknown option/);
    expect(() => parseProviderCommand(['provider', 'DEMO', 'studiox', '--currencies', 'dollars'])).toThrow(/ISO codes/);
  });
});
