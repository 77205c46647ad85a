import type { z } from 'zod';
import { REGISTER_FIELDS, type RegisterField } from '../../src/lib/fieldFormats';
import type { registerRuleSchema, WhitelabelNode } from '../../src/contract/calls/system';
import type { CustomerServiceEntry, RegistrationFieldRow } from '../db/queries/settings';

/** One registration field rule of the status answer (src/contract/calls/system.ts registerRuleSchema). */
export type RegisterRule = z.output<typeof registerRuleSchema>;

/**
 * Length bounds and input type of each registration field, from the format rules of src/lib/fieldFormats.ts
 * (which stay the authority: `acceptedPattern` is "*" because those rules are code, not one regex).
 */
const FIELD_SHAPES: Record<RegisterField, { minLength: number; maxLength: number; type: string }> = {
  countryDialingCode: { minLength: 1, maxLength: 5, type: 'tel' },
  username: { minLength: 4, maxLength: 16, type: 'text' },
  password: { minLength: 6, maxLength: 20, type: 'password' },
  confirmPassword: { minLength: 6, maxLength: 20, type: 'password' },
  paymentPassword: { minLength: 6, maxLength: 20, type: 'password' },
  affiliateCode: { minLength: 1, maxLength: 32, type: 'text' },
  recommenderId: { minLength: 1, maxLength: 32, type: 'text' },
  nickname: { minLength: 1, maxLength: 20, type: 'text' },
  payeeName: { minLength: 1, maxLength: 50, type: 'text' },
  email: { minLength: 3, maxLength: 254, type: 'email' },
  mobileNum: { minLength: 10, maxLength: 11, type: 'tel' },
  idNumber: { minLength: 4, maxLength: 32, type: 'text' },
  qqNum: { minLength: 5, maxLength: 12, type: 'number' },
  facebook: { minLength: 1, maxLength: 64, type: 'text' },
  wechat: { minLength: 1, maxLength: 64, type: 'text' },
  line: { minLength: 1, maxLength: 64, type: 'text' },
  whatsapp: { minLength: 6, maxLength: 16, type: 'tel' },
  zalo: { minLength: 6, maxLength: 16, type: 'tel' },
  captcha: { minLength: 1, maxLength: 16, type: 'text' },
  verificationCode: { minLength: 4, maxLength: 8, type: 'number' },
};

/**
 * The status answer's `register` map (platform-contract.md §2, same map as the registration-settings call):
 * field → `{ enabled, required, acceptedPattern, patternId, minLength, maxLength, type }` for every spec field.
 * DERIVED here from the merchant's registration field rows, because the registration-settings call's rule
 * source (accounts area) is not in this branch: a field without a row is disabled; `acceptedPattern` "*" (the
 * format rules of src/lib/fieldFormats.ts apply); `patternId` is the field name (message key
 * `reg_pattern_<field>`).
 */
export function registerRulesFromRows(rows: readonly RegistrationFieldRow[]): Record<string, RegisterRule> {
  const byField = new Map(rows.map((row) => [row.field, row]));
  return Object.fromEntries(
    REGISTER_FIELDS.map((field) => {
      const row = byField.get(field);
      const enabled = row?.enabled ?? false;
      const rule: RegisterRule = {
        enabled,
        required: enabled && (row?.required ?? false),
        acceptedPattern: '*',
        patternId: field,
        ...FIELD_SHAPES[field],
      };
      return [field, rule];
    }),
  );
}

/**
 * The whitelabel tree (platform-contract.md §2) of a flat switch map: PlayDeck stores no hierarchy, so every
 * switch is a root node without children, sorted by module id; `enabled` is the platform's string "1"/"0".
 */
export function whitelabelTree(switches: Readonly<Record<string, boolean>>): WhitelabelNode[] {
  return Object.keys(switches)
    .sort()
    .map((modId) => ({ modId, enabled: switches[modId] === true ? '1' : '0', childrenNodes: [] }));
}

/** Customer-service link type in the domain route's pathList (platform-contract.md §2). */
export const SERVICE_LINK_TYPE = '3';

/**
 * The domain-route answer (platform-contract.md §2): pathList holds one type "3" entry per customer-service
 * link (plain paths; the main "CS" entry first), domainList the site's host names.
 */
export function domainRoute(customerService: readonly CustomerServiceEntry[], hosts: readonly string[]) {
  const links = customerService.filter((entry) => entry.path);
  const ordered = [...links.filter((e) => e.csType === 'CS'), ...links.filter((e) => e.csType !== 'CS')];
  return {
    version: { pathList: ordered.map((entry) => ({ type: SERVICE_LINK_TYPE, path: entry.path })) },
    domainList: hosts.map((domainName) => ({ domainName })),
  };
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/** The merchant's main domain: its first real host name; an IP or localhost only when it has nothing else. */
export function mainDomainOf(hosts: readonly string[], requestHost: string): string {
  return hosts.find((h) => h !== 'localhost' && !isIpLiteral(h)) ?? requestHost;
}
