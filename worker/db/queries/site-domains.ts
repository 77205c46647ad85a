/**
 * Every site's domains, as `npm run deploy` turns them into routes or custom domains (scripts/deploy-routes.ts;
 * docs/deployment.md "Domains"). Imports nothing, so the deploy script runs it under Node's type stripping.
 */

/** One host of `merchant_domains`: the lower-case host name without port and the site it serves. */
export interface SiteDomain {
  host: string;
  merchantCode: string;
}

/** Every host of every site, by host name. */
export async function listSiteDomains(db: D1Database): Promise<SiteDomain[]> {
  const { results } = await db
    .prepare(`SELECT host, merchant_code FROM merchant_domains ORDER BY host`)
    .all<{ host: string; merchant_code: string }>();
  return results.map((row) => ({ host: row.host, merchantCode: row.merchant_code }));
}
