import { describe, expect, it } from 'vitest';
import { BUILD_FILES, fakeBuild, page } from './page-helpers';

// Each merchant has its own default theme (issue: white-label sites); DEMO is dark, DEMO2 (play2.localhost) light.
describe('site default theme', () => {
  it('marks the pages of a light site with data-site-theme="light" and drops the shared file ETag', async () => {
    const answer = await page('http://play2.localhost/m/home', { env: { ASSETS: fakeBuild(BUILD_FILES).assets } });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<html[^>]*data-site-theme="light"/);
    expect(answer.headers.get('ETag')).toBeNull();
  });

  it('leaves the pages of a dark site as built', async () => {
    const answer = await page('/m/home', { env: { ASSETS: fakeBuild(BUILD_FILES).assets } });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('data-site-theme');
  });
});
