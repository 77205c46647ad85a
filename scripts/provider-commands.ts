/**
 * Operator commands of a site's game providers (docs/game-providers.md "Operator commands"):
 *   npm run operator -- provider <merchant>                                   list the site's providers and vendors
 *   npm run operator -- provider <merchant> <code> --name "Studio X" --launch-url https://… --secret-name SECRET
 *                                  [--currencies USD,PHP] [--off|--on]        add or change one
 *   npm run operator -- provider-vendor <merchant> <vassalage> <code>         the vendor's games launch through it
 * The key itself is a worker secret (`npx wrangler secret put <SECRET>`), never an argument. Parsing is pure
 * (UsageError, exit 2); the rows are written by worker/db/queries/provider-wallet.ts.
 */
import { UsageError } from './operator-commands.ts';
import { BUILT_IN_PROVIDER_CODE, findGameProvider, listGameProviders, putGameProvider, putVendorProvider } from '../worker/db/queries/provider-wallet.ts';

/** Usage lines of the commands (appended to the operator's usage). */
export const PROVIDER_USAGE = `  provider <merchant> [<code> --name N --launch-url URL --secret-name S [--currencies USD,PHP] [--off|--on]]
                                           list the site's game providers, or add/change one
  provider-vendor <merchant> <vassalage> <code>   the vendor's games on the site launch through that provider`;

/** A parsed provider command. */
export type ProviderCommand =
  | { kind: 'list'; merchant: string }
  | { kind: 'put'; merchant: string; code: string; name?: string; launchUrl?: string; secretName?: string; currencies?: string[]; enabled?: boolean }
  | { kind: 'vendor'; merchant: string; vassalage: string; code: string };

const MERCHANT = /^[A-Za-z0-9_]{1,32}$/;
const CODE = /^[a-z0-9]{2,32}$/;
const SECRET = /^[A-Z][A-Z0-9_]{2,63}$/;

function flagValue(args: readonly string[], at: number, flag: string): string {
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
  return value;
}

/** The command of `args`, or null when they are not a provider command. Throws UsageError on wrong arguments. */
export function parseProviderCommand(args: readonly string[]): ProviderCommand | null {
  if (args[0] !== 'provider' && args[0] !== 'provider-vendor') return null;
  const merchant = args[1] ?? '';
  if (!MERCHANT.test(merchant)) throw new UsageError(`merchant code expected, got ${JSON.stringify(merchant)}`);
  if (args[0] === 'provider-vendor') {
    const [vassalage = '', code = ''] = args.slice(2);
    if (!/^[A-Z0-9_]{1,40}$/.test(vassalage)) throw new UsageError(`vendor code (vassalage) expected, got ${JSON.stringify(vassalage)}`);
    if (!CODE.test(code)) throw new UsageError(`provider code ([a-z0-9], 2-32) expected, got ${JSON.stringify(code)}`);
    return { kind: 'vendor', merchant, vassalage, code };
  }
  if (args.length === 2) return { kind: 'list', merchant };
  const code = args[2] ?? '';
  if (!CODE.test(code)) throw new UsageError(`provider code ([a-z0-9], 2-32) expected, got ${JSON.stringify(code)}`);
  const command: Extract<ProviderCommand, { kind: 'put' }> = { kind: 'put', merchant, code };
  for (let at = 3; at < args.length; at += 1) {
    const flag = args[at]!;
    switch (flag) {
      case '--name':
        command.name = flagValue(args, at++, flag).trim();
        if (!command.name || command.name.length > 60) throw new UsageError('--name takes 1-60 characters');
        break;
      case '--launch-url': {
        const text = flagValue(args, at++, flag);
        let url: URL;
        try {
          url = new URL(text);
        } catch {
          throw new UsageError(`--launch-url is not a URL: ${JSON.stringify(text)}`);
        }
        if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))) {
          throw new UsageError('--launch-url must be https (http only on localhost)');
        }
        command.launchUrl = url.toString();
        break;
      }
      case '--secret-name':
        command.secretName = flagValue(args, at++, flag);
        if (!SECRET.test(command.secretName)) throw new UsageError('--secret-name is a worker secret name: A-Z, 0-9 and _, starting with a letter');
        break;
      case '--currencies': {
        const list = flagValue(args, at++, flag).split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
        if (list.length === 0 || list.some((c) => !/^[A-Z]{3}$/.test(c))) throw new UsageError('--currencies takes ISO codes separated by commas, e.g. USD,PHP');
        command.currencies = list;
        break;
      }
      case '--off':
      case '--on':
        command.enabled = flag === '--on';
        break;
      default:
        throw new UsageError(`unknown option ${JSON.stringify(flag)}`);
    }
  }
  return command;
}

/** Runs a provider command on the merchant `code` (its stored spelling); answers what to print. */
export async function runProviderCommand(db: D1Database, command: ProviderCommand, code: string, refuse: (why: string) => never): Promise<string> {
  if (command.kind === 'list') {
    const providers = await listGameProviders(db, code);
    if (providers.length === 0) return `${code}: no game providers`;
    return providers.map((p) => `${p.code}\t${p.enabled ? 'on' : 'off'}\t${p.name}\t${p.launchUrl}\tsecret ${p.secretName}\t${p.currencies.join(',') || 'any currency'}\tvendors ${p.vendors.join(',') || '-'}`).join('\n');
  }
  if (command.kind === 'vendor') {
    if (!(await findGameProvider(db, code, command.code))) refuse(`No game provider ${command.code} on ${code}.`);
    await putVendorProvider(db, code, command.vassalage, command.code);
    return `${code}: ${command.vassalage} games launch through ${command.code}`;
  }
  if (command.code === BUILT_IN_PROVIDER_CODE) refuse(`The code ${BUILT_IN_PROVIDER_CODE} is the built-in games' own (docs/game-providers.md).`);
  const existing = await findGameProvider(db, code, command.code);
  const name = command.name ?? existing?.name;
  const launchUrl = command.launchUrl ?? existing?.launchUrl;
  const secretName = command.secretName ?? existing?.secretName;
  if (!name || !launchUrl || !secretName) refuse('A new provider needs --name, --launch-url and --secret-name.');
  await putGameProvider(db, {
    merchantCode: code, code: command.code, name, launchUrl, secretName,
    currencies: command.currencies ?? existing?.currencies ?? [], enabled: command.enabled ?? existing?.enabled ?? true,
  }, Date.now());
  return `${code}: provider ${command.code} ${existing ? 'changed' : 'added'}; set its key with: npx wrangler secret put ${secretName}`;
}
