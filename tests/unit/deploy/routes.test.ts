import { describe, expect, it } from 'vitest';
import { deployedUrls, describeRoutes, planRoutes, unroutableReason } from '../../../scripts/deploy-routes';

/** Routes generated from the sites' domains (scripts/deploy-routes.ts; docs/deployment.md "Domains"). */
const domains = [
  { host: 'www.brand-two.example.net', merchantCode: 'TWO' },
  { host: 'play.brand-one.com', merchantCode: 'ONE' },
  { host: 'localhost', merchantCode: 'DEMO' },
  { host: '127.0.0.1', merchantCode: 'DEMO' },
  { host: 'play2.localhost', merchantCode: 'DEMO2' },
  { host: 'playdeck-preview.acme.workers.dev', merchantCode: 'ONE' },
];

describe('unroutableReason', () => {
  it.each([
    ['play.brand-one.com', null],
    ['brand.co.uk', null],
    ['xn--bcher-kva.example.com', null],
    ['localhost', 'a reserved name (.localhost) for local use'],
    ['play2.localhost', 'a reserved name (.localhost) for local use'],
    ['site.test', 'a reserved name (.test) for local use'],
    ['printer.local', 'a reserved name (.local) for local use'],
    ['127.0.0.1', 'an IP address'],
    ['::1', 'an IP address'],
    ['intranet', 'not a public name (one label)'],
    ['Play.Brand.com', 'not lower-case'],
    ['-bad.brand.com', 'not a valid host name'],
    ['under_score.brand.com', 'not a valid host name'],
    ['host.123', 'not a valid host name'],
    ['x.acme.workers.dev', 'a workers.dev address (served through workers_dev, not a route)'],
  ])('%s → %s', (host, reason) => {
    expect(unroutableReason(host)).toBe(reason);
  });
});

describe('planRoutes', () => {
  it('makes one custom domain per public host, in host order, and leaves the others out with the reason', () => {
    const plan = planRoutes(domains, 'custom-domain');
    expect(plan.args).toEqual(['--domain', 'play.brand-one.com', '--domain', 'www.brand-two.example.net']);
    expect(plan.routed.map((d) => d.merchantCode)).toEqual(['ONE', 'TWO']);
    expect(plan.skipped.map((d) => d.host)).toEqual(['127.0.0.1', 'localhost', 'play2.localhost', 'playdeck-preview.acme.workers.dev']);
  });

  it('makes zone routes host/* with --zone-routes', () => {
    expect(planRoutes(domains, 'zone-route').args).toEqual(['--route', 'play.brand-one.com/*', '--route', 'www.brand-two.example.net/*']);
  });

  it('routes a host once however often it is listed, and nothing for no domains', () => {
    expect(planRoutes([domains[1]!, domains[1]!], 'custom-domain').args).toEqual(['--domain', 'play.brand-one.com']);
    const none = planRoutes([], 'custom-domain');
    expect(none.args).toEqual([]);
    expect(describeRoutes(none).join('\n')).toContain('none: no site has a public domain');
  });

  it('describes each route with its site and each host left out with why', () => {
    const lines = describeRoutes(planRoutes(domains, 'zone-route'));
    expect(lines).toContain('  zone route play.brand-one.com/*  (site ONE)');
    expect(lines).toContain('  left out 127.0.0.1 (site DEMO): an IP address');
  });
});

describe('deployedUrls', () => {
  it('lists the routed hosts, then the workers.dev addresses wrangler printed, each once', () => {
    const output = 'Uploaded playdeck-preview\nDeployed playdeck-preview triggers\n  https://playdeck-preview.acme.workers.dev\n  https://playdeck-preview.acme.workers.dev\n';
    expect(deployedUrls(planRoutes(domains, 'custom-domain'), output)).toEqual([
      'https://play.brand-one.com/', 'https://www.brand-two.example.net/', 'https://playdeck-preview.acme.workers.dev/',
    ]);
  });
});
