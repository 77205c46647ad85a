/**
 * Operator script for the white-label sites, on the local D1 database or, with `--remote [--env preview|production]`,
 * the deployed one (docs/deployment.md):
 *   npm run operator -- maintenance on|off <merchant>
 *   npm run operator -- maintenance-text <merchant> <language|all> <text…|none>
 *   npm run operator -- regions <merchant> <CC,CC,…|none>
 *   npm run operator -- domain add|remove <host> <merchant>
 *   npm run operator -- switch <merchant> <moduleId> on|off
 *   npm run operator -- list
 *   npm run operator -- site create|show|list|set … (scripts/site-commands.ts, docs/sites.md)
 *   npm run operator -- content import|list|publish|unpublish|translate|method-name|feedback <merchant> … (scripts/operator-content.ts)
 *   npm run operator -- withdrawals [merchant] | withdrawal approve <id> | withdrawal reject <id> [reason…]
 *   npm run operator -- message <merchant> member:<username>|agents|all <messageKey> <title> <html>
 *   npm run operator -- welcome <merchant> <language> <title> <html>
 *   CONSOLE_PASSWORD=… npm run operator -- console-operator <merchant> <username> <display name> [--role R] [--sites A,B] …
 *   npm run operator -- audit <merchant> [filters] [--csv] (scripts/console-commands.ts; docs/back-office.md)
 *   npm run operator -- chat-url <merchant> <url template|none>
 *   npm run operator -- rewards <merchant> [key=value…] | promotion applications|approve|reject … | agents <merchant> |
 *                       agent approve|reject <merchant> <account> [reason…] (scripts/reward-commands.ts)
 *   npm run operator -- settings|registration|payment-methods|payment-method|withdraw-settings|links|link|social <merchant> …
 *                       (scripts/site-settings-commands.ts; docs/site-settings.md)
 *   npm run operator -- limits|exclusions <merchant> <username> | exclude <merchant> <username> --kind … --duration … --reason … |
 *                       protection-site <merchant> [settings…] (scripts/protection-commands.ts)
 *   npm run operator -- bonus-rules <merchant> [key=value…] (scripts/bonus-commands.ts)
 *   npm run operator -- adjustment-threshold <merchant> [amount] (scripts/player-commands.ts; docs/back-office.md)
 * Every visitor sees a change within 30 s (the worker caches host → merchant answers per isolate for 30 s).
 * Every command runs the query and service functions the worker uses (worker/db/queries, worker/services) on a
 * D1Database (scripts/database.ts). The site changes (switch, maintenance, maintenance-text, regions, domain, site
 * set) go through the back office's service (worker/services/sites/site-admin.ts) and write an audit row as
 * `cli:<user>` (docs/back-office.md "Site"). Everything it prints goes through scripts/operator-output.ts (escape sequences
 * and control characters of player-supplied text removed). PLAYDECK_STATE selects another local state folder. Exit codes: 0 done, 1 refused (unknown merchant, host
 * routed elsewhere, …), 2 wrong arguments.
 */
import {
  applyChange, formatList, parseCommand, USAGE, UsageError, type OperatorCommand,
} from './operator-commands.ts';
import { openDatabase } from './database.ts';
import { printError, printOut } from './operator-output.ts';
import { minorToWire } from '../contract/money.ts';
import { CONTENT_USAGE, runContentCommand } from './operator-content.ts';
import { formatWaiting, parseWithdrawalCommand, WITHDRAWAL_USAGE, type WithdrawalCommand } from './withdrawal-commands.ts';
import { CONVERSATION_USAGE, parseConversationCommand, type ConversationCommand } from './operator-conversations.ts';
import { cliOperator, CONSOLE_USAGE, parseConsoleCommand, runConsoleCommand } from './console-commands.ts';
import { parseRewardCommand, REWARD_USAGE, type RewardCommand } from './reward-commands.ts';
import { parseSiteCommand, runSiteCommand, SITE_USAGE } from './site-commands.ts';
import { parseSiteSettingsCommand, SITE_SETTINGS_USAGE } from './site-settings-commands.ts';
import { runSiteSettings, SettingsRefusal } from './site-settings.ts';
import { parseProtectionCommand, PROTECTION_USAGE, runProtectionCommand } from './protection-commands.ts';
import { BONUS_USAGE, parseBonusCommand, runBonusCommand } from './bonus-commands.ts';
import { PROVIDER_USAGE, parseProviderCommand, runProviderCommand } from './provider-commands.ts';
import { parsePlayerCommand, PLAYER_USAGE, runPlayerCommand } from './player-commands.ts';
import { findMemberByUsername } from '../worker/db/queries/members.ts';
import { sendInboxMessage } from '../worker/db/queries/inbox.ts';
import { findMerchantCode, listOperatorMerchants } from '../worker/db/queries/operator-sites.ts';
import { listWaitingWithdrawals } from '../worker/db/queries/operator-withdrawals.ts';
import { findMessageSentAt, setChatUrlTemplate, upsertWelcomeTemplate } from '../worker/db/queries/operator-conversations.ts';
import {
  decideAgentApplication, findAgentApplicant, findRewardSettingsRow,
  listAgentApplications, listPromotionApplications, updateRewardSettings,
} from '../worker/db/queries/operator-rewards.ts';

/** A command the operator asked for that cannot be done (exit code 1); the message says why. */
class Refusal extends Error {
  override name = 'Refusal';
}

function refuse(message: string): never {
  throw new Refusal(message);
}

/** The stored spelling of a merchant code, or a refusal naming it. */
async function merchantCode(db: D1Database, merchant: string): Promise<string> {
  return (await findMerchantCode(db, merchant)) ?? refuse(`No merchant ${merchant}. See: npm run operator -- list`);
}

async function run(db: D1Database, command: OperatorCommand): Promise<string> {
  if (command.kind === 'list') return formatList(await listOperatorMerchants(db));
  const code = await merchantCode(db, command.merchant);
  let changed: boolean;
  try {
    changed = await applyChange(db, command, code, cliOperator());
  } catch (error) {
    // The service's refusals (worker/services/sites/site-admin.ts), said as the command always said them.
    const errorCode = error instanceof Error && error.name === 'SiteChangeRefusal' ? (error as { errorCode?: string }).errorCode : null;
    if (errorCode === 'site_domain_taken' || errorCode === 'site_domain_not_found') refuse(error instanceof Error ? error.message : String(error));
    throw error;
  }
  if (command.kind === 'domain-add' && !changed) return `${command.host} already serves ${code}.`;
  return `${done(command, code)}\nVisitors see the change within 30 s.`;
}

function done(command: Exclude<OperatorCommand, { kind: 'list' }>, code: string): string {
  switch (command.kind) {
    case 'maintenance':
      return `${code}: maintenance ${command.on ? 'ON — pages answer 503 with the maintenance page' : 'off'}.`;
    case 'maintenance-text': {
      const where = command.language === '*' ? 'every language without its own' : command.language;
      return `${code}: maintenance text for ${where} ${command.text === null ? 'removed (built-in text)' : 'set'}.`;
    }
    case 'regions':
      return `${code}: restricted regions ${command.regions.join(',') || 'none'}.`;
    case 'domain-add':
      return `${command.host} now serves ${code}.`;
    case 'domain-remove':
      return `${command.host} no longer serves ${code}.`;
    case 'switch':
      return `${code}: ${command.moduleId} ${command.on ? 'on' : 'off'}.`;
  }
}

/**
 * Withdrawal commands (scripts/withdrawal-commands.ts): the decision only, through the service the back office uses
 * (worker/services/wallet/withdrawal-decisions.ts: one guarded change and its audit row, as `cli:<user>`); the
 * worker pays out or releases.
 */
async function runWithdrawal(db: D1Database, command: WithdrawalCommand): Promise<string> {
  if (command.kind === 'withdrawals') return formatWaiting(await listWaitingWithdrawals(db, command.merchant));
  // Loaded after the extensionless-import hook (scripts/console-commands.ts) is registered.
  const { decideWithdrawalRequest } = await import('../worker/services/wallet/withdrawal-decisions.ts');
  const approve = command.kind === 'withdrawal-approve';
  let merchant: string;
  try {
    const { before } = await decideWithdrawalRequest(db, {
      id: command.id, merchantCode: null, decision: approve ? 'approved' : 'rejected', reason: approve ? '' : command.reason,
      actor: { operatorId: null, operator: cliOperator() },
    });
    merchant = before.merchant_code;
  } catch (error) {
    const code = error instanceof Error && error.name === 'DecisionRefusal' ? (error as { errorCode?: string }).errorCode : null;
    if (code === 'withdrawal_not_found') refuse(`No withdrawal #${command.id}. See: npm run operator -- withdrawals`);
    if (code === 'withdrawal_not_pending') refuse(`Withdrawal #${command.id}: ${(error as Error).message}.`);
    throw error;
  }
  return approve
    ? `Withdrawal #${command.id} (${merchant}) approved: it is paid out within a minute, or when the player opens the withdraw page.`
    : `Withdrawal #${command.id} (${merchant}) rejected: the held amount returns to the player's balance within a minute.`;
}

/** Runs a conversation command (scripts/operator-conversations.ts). */
async function runConversation(db: D1Database, command: ConversationCommand): Promise<string> {
  const code = await merchantCode(db, command.merchant);
  const now = Date.now();
  switch (command.kind) {
    case 'message': {
      const { audience, messageKey, title, content } = command;
      if (audience.kind === 'member' && !(await findMemberByUsername(db, code, audience.username.toLowerCase()))) {
        refuse(`No member ${audience.username} on ${code}.`);
      }
      await sendInboxMessage(db, { merchantCode: code, audience, messageKey, title, content }, now);
      const storedAt = await findMessageSentAt(db, code, messageKey);
      if (storedAt === null) refuse('The message was not stored.');
      const to = audience.kind === 'member' ? audience.username : audience.kind === 'all' ? 'everyone' : 'the agents';
      return storedAt === now
        ? `${code}: message ${messageKey} sent to ${to}.`
        : `${code}: message ${messageKey} was already sent on ${new Date(storedAt).toISOString()}; nothing changed.`;
    }
    case 'welcome':
      await upsertWelcomeTemplate(db, code, command.language, command.title, command.content);
      return `${code}: new members now receive this welcome message in ${command.language}.`;
    case 'chat-url':
      await setChatUrlTemplate(db, code, command.template);
      return command.template ? `${code}: live chat opens ${command.template}.` : `${code}: live chat uses the built-in chat.`;
  }
}

/** Reward, promotion and agent commands (scripts/reward-commands.ts). */
async function runReward(db: D1Database, command: RewardCommand): Promise<string> {
  const code = await merchantCode(db, command.merchant);
  const now = Date.now();
  const table = (rows: Record<string, unknown>[]) => (rows.length === 0 ? 'Nothing waits.' : rows.map((r) => Object.values(r).join('  |  ')).join('\n'));
  switch (command.kind) {
    case 'rewards-show':
      return JSON.stringify((await findRewardSettingsRow(db, code)) ?? 'defaults (no settings stored)', null, 2);
    case 'rewards-set':
      await updateRewardSettings(db, code, command.changes);
      return `${code}: reward settings now ${JSON.stringify(await findRewardSettingsRow(db, code))}`;
    case 'promotion-applications':
      return table(await listPromotionApplications(db, code));
    case 'promotion-approve':
    case 'promotion-reject': {
      // The service the back office uses (one guarded change and its audit row, as `cli:<user>`); loaded after the
      // extensionless-import hook (scripts/console-commands.ts) is registered.
      const { decidePromotionApplication } = await import('../worker/services/rewards/promotion-decisions.ts');
      const approve = command.kind === 'promotion-approve';
      let decided: { account: string };
      try {
        decided = await decidePromotionApplication(db, {
          id: command.applicationId, merchantCode: code, decision: approve ? 'approve' : 'reject',
          amountMinor: approve ? command.amountMinor : undefined, reason: '', actor: { operatorId: null, operator: cliOperator() }, now,
        });
      } catch (error) {
        const refusal = error instanceof Error && error.name === 'PromotionDecisionRefusal' ? (error as { errorCode?: string }).errorCode : null;
        if (refusal === 'promotion_application_not_found') refuse(`No promotion application #${command.applicationId} on ${code}. See: npm run operator -- promotion applications ${code}`);
        if (refusal === 'promotion_application_decided') refuse(`Application #${command.applicationId}: ${(error as Error).message}.`);
        throw error;
      }
      if (!approve) return `${code}: application #${command.applicationId} of ${decided.account} rejected.`;
      return `${code}: application #${command.applicationId} approved; ${minorToWire(command.amountMinor).toFixed(2)} waits in ${decided.account}'s reward centre.`;
    }
    case 'agents':
      return table(await listAgentApplications(db, code));
    case 'agent-approve':
    case 'agent-reject': {
      const row = await findAgentApplicant(db, code, command.account);
      if (!row) refuse(`No member ${command.account} on ${code}.`);
      if (row.status !== 'pending') refuse(`${command.account} has no agent application waiting (status: ${row.status ?? 'none'}). See: npm run operator -- agents ${code}`);
      if (command.kind === 'agent-approve' && row.type !== 0) refuse(`${command.account} is not a regular member account (type ${row.type}).`);
      await decideAgentApplication(db, row.id, command.kind === 'agent-approve' ? 'approve' : 'reject', command.reason, now);
      if (command.kind === 'agent-reject') return `${code}: ${command.account}'s agent application rejected.`;
      const agent = await findAgentApplicant(db, code, command.account);
      return `${code}: ${command.account} is now an agent; affiliate code ${agent?.affiliate_code ?? '?'}.`;
    }
  }
}

/** A parsed command line, ready to run on a database; a usage error exits 2 before any database is opened. */
type Job = (db: D1Database) => Promise<string>;

function usage(message: string, text: string): never {
  printError(`${message}\n\n${text}`);
  process.exit(2);
}

/**
 * The command families with a parser of their own, tried in this order: each answers the job for a command line of
 * its own, null for anyone else's, and throws UsageError (exit 2, with its usage text) for its own command gone wrong.
 */
const FAMILIES: readonly { usage: string; parse(args: readonly string[]): Job | null }[] = [
  {
    usage: SITE_USAGE,
    parse: (args) => {
      const site = parseSiteCommand(args);
      return site && ((db) => runSiteCommand(db, site, refuse));
    },
  },
  {
    usage: SITE_SETTINGS_USAGE,
    parse: (args) => {
      const setting = parseSiteSettingsCommand(args);
      return setting && (async (db) => {
        try {
          return await runSiteSettings(db, setting, await merchantCode(db, setting.merchant), { remote: open.remote, env: deployEnv });
        } catch (error) {
          if (error instanceof SettingsRefusal) refuse(error.message);
          throw error;
        }
      });
    },
  },
  {
    usage: PROTECTION_USAGE,
    parse: (args) => {
      const protection = parseProtectionCommand(args);
      return protection && (async (db) => (await runProtectionCommand(db, protection, await merchantCode(db, protection.merchant), refuse))
        ?? refuse(`No member ${protection.kind === 'site' ? '' : protection.username} on ${protection.merchant}.`));
    },
  },
  {
    usage: BONUS_USAGE,
    parse: (args) => {
      const bonus = parseBonusCommand(args);
      return bonus && (async (db) => runBonusCommand(db, bonus, await merchantCode(db, bonus.merchant)));
    },
  },
  {
    usage: PLAYER_USAGE,
    parse: (args) => {
      const player = parsePlayerCommand(args);
      return player && (async (db) => runPlayerCommand(db, player, await merchantCode(db, player.merchant)));
    },
  },
  {
    usage: REWARD_USAGE,
    parse: (args) => {
      const reward = parseRewardCommand(args);
      return reward && ((db) => runReward(db, reward));
    },
  },
  {
    usage: CONSOLE_USAGE,
    parse: (args) => {
      const consoleCommand = parseConsoleCommand(args);
      return consoleCommand && ((db) => runConsoleCommand(db, consoleCommand, (m) => merchantCode(db, m), refuse));
    },
  },
  {
    usage: PROVIDER_USAGE,
    parse: (args) => {
      const provider = parseProviderCommand(args);
      return provider && (async (db) => runProviderCommand(db, provider, await merchantCode(db, provider.merchant), refuse));
    },
  },
  {
    usage: CONVERSATION_USAGE,
    parse: (args) => {
      const conversation = parseConversationCommand(args);
      return conversation && ((db) => runConversation(db, conversation));
    },
  },
];

/** Parses the arguments into the job to run (content, reward, conversation, withdrawal or site command). */
function parse(args: readonly string[]): Job {
  if (args[0] === 'content') {
    if (!args[2]) {
      printError(`usage: npm run operator -- <command> [--remote]\n${CONTENT_USAGE}`);
      process.exit(2);
    }
    return async (db) => {
      const code = await merchantCode(db, args[2]!);
      try {
        return await runContentCommand([args[1] ?? '', ...args.slice(2)], open, code);
      } catch (error) {
        refuse((error as Error).message);
      }
    };
  }
  for (const family of FAMILIES) {
    let job: Job | null;
    try {
      job = family.parse(args);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      usage(error.message, `usage: npm run operator -- <command> [--remote]\n${family.usage}`);
    }
    if (job) return job;
  }
  try {
    const withdrawal = parseWithdrawalCommand(args);
    if (withdrawal) return (db) => runWithdrawal(db, withdrawal);
    const command = parseCommand(args);
    return (db) => run(db, command);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    usage(error.message, `${USAGE}\n${SITE_USAGE}\n${WITHDRAWAL_USAGE}\n${CONTENT_USAGE}\n${CONVERSATION_USAGE}\n${CONSOLE_USAGE}\n${REWARD_USAGE}\n${SITE_SETTINGS_USAGE}\n${PROTECTION_USAGE}\n${BONUS_USAGE}\n${PROVIDER_USAGE}\n${PLAYER_USAGE}`);
  }
}

/** `--env <name>` (with `--remote`): that wrangler.jsonc environment's database and secrets (docs/deployment.md). */
const envAt = process.argv.indexOf('--env');
const deployEnv = envAt >= 0 ? process.argv[envAt + 1] : undefined;
if (envAt >= 0 && !deployEnv) usage('--env needs a name, e.g. --env preview', USAGE);
const job = parse(process.argv.slice(2).filter((a, i, all) => a !== '--remote' && a !== '--env' && all[i - 1] !== '--env'));
const open = await openDatabase(process.argv);
let exitCode = 0;
try {
  printOut(await job(open.db));
} catch (error) {
  // A refusal says why; anything else is a failure, printed (made safe: it may quote stored text) as its stack.
  printError(error instanceof Refusal ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
  exitCode = 1;
} finally {
  await open.close();
}
process.exit(exitCode);
