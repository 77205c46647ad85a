/**
 * Operator script for the white-label sites, on the local D1 database or, with `--remote`, the deployed one:
 *   npm run operator -- maintenance on|off <merchant>
 *   npm run operator -- regions <merchant> <CC,CC,…|none>
 *   npm run operator -- domain add|remove <host> <merchant>
 *   npm run operator -- switch <merchant> <moduleId> on|off
 *   npm run operator -- list
 *   npm run operator -- content import|list|publish|unpublish|feedback <merchant> … (scripts/operator-content.ts)
 *   npm run operator -- withdrawals [merchant] | withdrawal approve <id> | withdrawal reject <id> [reason…]
 *   npm run operator -- message <merchant> member:<username>|agents|all <messageKey> <title> <html>
 *   npm run operator -- welcome <merchant> <language> <title> <html>
 *   CONSOLE_PASSWORD=… npm run operator -- console-operator <merchant> <username> <display name>
 *   npm run operator -- chat-url <merchant> <url template|none>
 *   npm run operator -- rewards <merchant> [key=value…] | promotion applications|approve|reject … | agents <merchant> |
 *                       agent approve|reject <merchant> <account> [reason…] (scripts/reward-commands.ts)
 * Every visitor sees a change within 30 s (the worker caches host → merchant answers per isolate for 30 s).
 * PLAYDECK_STATE selects another local state folder. Exit codes: 0 done, 1 refused (unknown merchant, host
 * routed elsewhere, …), 2 wrong arguments.
 */
import {
  changeSql, findDomainSql, findMerchantSql, formatList, LIST_SQL, parseCommand, USAGE, UsageError,
  type ListRow, type OperatorCommand,
} from './operator-commands.ts';
import { d1Execute, d1Location } from './wrangler.ts';
import { CONTENT_USAGE, runContentCommand } from './operator-content.ts';
import {
  decisionSql, findWithdrawalSql, formatWaiting, parseWithdrawalCommand, waitingSql, WITHDRAWAL_USAGE,
  type WaitingRow, type WithdrawalCommand,
} from './withdrawal-commands.ts';
import {
  CONVERSATION_USAGE, chatUrlSql, consoleOperatorSql, memberExistsSql, messageByKeySql, messageSql, parseConversationCommand,
  welcomeSql, type ConversationCommand,
} from './operator-conversations.ts';
import { hashPassword } from '../worker/services/crypto/password.ts';
import {
  agentApplicationsSql, agentDecisionSql, applicationsSql, findAgentApplicantSql, findApplicationSql, parseRewardCommand,
  promotionApproveSql, promotionRejectSql, REWARD_USAGE, rewardSettingsShowSql, rewardSettingsSql, type RewardCommand,
} from './reward-commands.ts';

const where = d1Location(process.argv);
const args = process.argv.slice(2).filter((a) => a !== '--remote');

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The stored spelling of a merchant code, or a refusal naming it. */
function merchantCode(merchant: string): string {
  const row = d1Execute<{ code: string }>(where, findMerchantSql(merchant)).results[0];
  return row?.code ?? refuse(`No merchant ${merchant}. See: npm run operator -- list`);
}

function run(command: OperatorCommand): string {
  if (command.kind === 'list') return formatList(d1Execute<ListRow>(where, LIST_SQL).results);
  const code = merchantCode(command.merchant);
  if (command.kind === 'domain-add' || command.kind === 'domain-remove') {
    // Checked before the change: local wrangler does not report how many rows a statement changed.
    const routed = d1Execute<{ merchant_code: string }>(where, findDomainSql(command.host)).results[0];
    if (command.kind === 'domain-remove' && routed?.merchant_code !== code) refuse(`${command.host} does not serve ${code}.`);
    if (command.kind === 'domain-add' && routed) {
      if (routed.merchant_code !== code) refuse(`${command.host} already serves ${routed.merchant_code}; remove it there first.`);
      return `${command.host} already serves ${code}.`;
    }
  }
  const sql = changeSql(command, code);
  if (sql) d1Execute(where, sql);
  return `${done(command, code)}\nVisitors see the change within 30 s.`;
}

function done(command: Exclude<OperatorCommand, { kind: 'list' }>, code: string): string {
  switch (command.kind) {
    case 'maintenance':
      return `${code}: maintenance ${command.on ? 'ON — pages answer 503 with the maintenance page' : 'off'}.`;
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

if (args[0] === 'content') {
  if (!args[2]) {
    console.error(`usage: npm run operator -- <command> [--remote]\n${CONTENT_USAGE}`);
    process.exit(2);
  }
  const code = merchantCode(args[2]);
  try {
    console.log(await runContentCommand([args[1] ?? '', ...args.slice(2)], where, code));
  } catch (error) {
    refuse((error as Error).message);
  }
  process.exit(0);
}

/** Withdrawal commands (scripts/withdrawal-commands.ts): the decision only; the worker pays out or releases. */
function runWithdrawal(command: WithdrawalCommand): string {
  if (command.kind === 'withdrawals') return formatWaiting(d1Execute<WaitingRow>(where, waitingSql(command.merchant)).results);
  const row = d1Execute<{ id: number; merchant_code: string; status: string }>(where, findWithdrawalSql(command.id)).results[0];
  if (!row) refuse(`No withdrawal #${command.id}. See: npm run operator -- withdrawals`);
  if (row.status !== 'pending') refuse(`Withdrawal #${command.id} is ${row.status}; only pending requests can be decided.`);
  d1Execute(where, decisionSql(command, Date.now()));
  return command.kind === 'withdrawal-approve'
    ? `Withdrawal #${command.id} (${row.merchant_code}) approved: it is paid out within a minute, or when the player opens the withdraw page.`
    : `Withdrawal #${command.id} (${row.merchant_code}) rejected: the held amount returns to the player's balance within a minute.`;
}

/** Runs a conversation command (scripts/operator-conversations.ts). */
async function runConversation(command: ConversationCommand): Promise<string> {
  const code = merchantCode(command.merchant);
  const now = Date.now();
  switch (command.kind) {
    case 'message': {
      if (command.audience.kind === 'member' && d1Execute(where, memberExistsSql(code, command.audience.username)).results.length === 0) {
        refuse(`No member ${command.audience.username} on ${code}.`);
      }
      d1Execute(where, messageSql(command, code, now));
      const stored = d1Execute<{ created_at: number }>(where, messageByKeySql(code, command.messageKey)).results[0];
      if (!stored) refuse('The message was not stored.');
      const to = command.audience.kind === 'member' ? command.audience.username : command.audience.kind === 'all' ? 'everyone' : 'the agents';
      return stored.created_at === now
        ? `${code}: message ${command.messageKey} sent to ${to}.`
        : `${code}: message ${command.messageKey} was already sent on ${new Date(stored.created_at).toISOString()}; nothing changed.`;
    }
    case 'welcome':
      d1Execute(where, welcomeSql(command, code));
      return `${code}: new members now receive this welcome message in ${command.language}.`;
    case 'console-operator': {
      const password = process.env.CONSOLE_PASSWORD ?? '';
      if (password.length < 10 || password.length > 200) refuse('Set CONSOLE_PASSWORD to the new password (10 to 200 characters).');
      d1Execute(where, consoleOperatorSql(command, code, await hashPassword(password), now));
      return `${code}: console operator ${command.username} can sign in at /console/.`;
    }
    case 'chat-url':
      d1Execute(where, chatUrlSql(command, code));
      return command.template ? `${code}: live chat opens ${command.template}.` : `${code}: live chat uses the built-in chat.`;
  }
}

/** Reward, promotion and agent commands (scripts/reward-commands.ts). */
function runReward(command: RewardCommand): string {
  const code = merchantCode(command.merchant);
  const now = Date.now();
  const table = (rows: Record<string, unknown>[]) => (rows.length === 0 ? 'Nothing waits.' : rows.map((r) => Object.values(r).join('  |  ')).join('\n'));
  switch (command.kind) {
    case 'rewards-show':
      return JSON.stringify(d1Execute(where, rewardSettingsShowSql(code)).results[0] ?? 'defaults (no settings stored)', null, 2);
    case 'rewards-set':
      d1Execute(where, rewardSettingsSql(code, command.changes));
      return `${code}: reward settings now ${JSON.stringify(d1Execute(where, rewardSettingsShowSql(code)).results[0])}`;
    case 'promotion-applications':
      return table(d1Execute<Record<string, unknown>>(where, applicationsSql(code)).results);
    case 'promotion-approve':
    case 'promotion-reject': {
      const row = d1Execute<{ status: string; account: string }>(where, findApplicationSql(code, command.applicationId)).results[0];
      if (!row) refuse(`No promotion application #${command.applicationId} on ${code}. See: npm run operator -- promotion applications ${code}`);
      if (row.status !== 'applying') refuse(`Application #${command.applicationId} is ${row.status}; only applications waiting (applying) can be decided.`);
      if (command.kind === 'promotion-reject') {
        d1Execute(where, promotionRejectSql(command.applicationId));
        return `${code}: application #${command.applicationId} of ${row.account} rejected.`;
      }
      d1Execute(where, promotionApproveSql(command.applicationId, command.amountMinor, now).join(';\n'));
      return `${code}: application #${command.applicationId} approved; ${(command.amountMinor / 100).toFixed(2)} waits in ${row.account}'s reward centre.`;
    }
    case 'agents':
      return table(d1Execute<Record<string, unknown>>(where, agentApplicationsSql(code)).results);
    case 'agent-approve':
    case 'agent-reject': {
      const row = d1Execute<{ id: number; type: number; status: string | null }>(where, findAgentApplicantSql(code, command.account)).results[0];
      if (!row) refuse(`No member ${command.account} on ${code}.`);
      if (row.status !== 'pending') refuse(`${command.account} has no agent application waiting (status: ${row.status ?? 'none'}). See: npm run operator -- agents ${code}`);
      if (command.kind === 'agent-approve' && row.type !== 0) refuse(`${command.account} is not a regular member account (type ${row.type}).`);
      d1Execute(where, agentDecisionSql(command.kind === 'agent-approve' ? 'approve' : 'reject', row.id, command.reason, now).join(';\n'));
      if (command.kind === 'agent-reject') return `${code}: ${command.account}'s agent application rejected.`;
      const agent = d1Execute<{ affiliate_code: string }>(where, findAgentApplicantSql(code, command.account)).results[0];
      return `${code}: ${command.account} is now an agent; affiliate code ${agent?.affiliate_code ?? '?'}.`;
    }
  }
}

let reward: RewardCommand | null = null;
try {
  reward = parseRewardCommand(args);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${REWARD_USAGE}`);
  process.exit(2);
}
if (reward) {
  console.log(runReward(reward));
  process.exit(0);
}

let conversation: ConversationCommand | null = null;
try {
  conversation = parseConversationCommand(args);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}\n${CONVERSATION_USAGE}`);
  process.exit(2);
}
if (conversation) {
  console.log(await runConversation(conversation));
  process.exit(0);
}

try {
  const withdrawal = parseWithdrawalCommand(args);
  console.log(withdrawal ? runWithdrawal(withdrawal) : run(parseCommand(args) satisfies OperatorCommand));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}\n${WITHDRAWAL_USAGE}\n${CONTENT_USAGE}\n${CONVERSATION_USAGE}\n${REWARD_USAGE}`);
  process.exit(2);
}
