import { useMemo, useState } from 'react';
import { FunctionField, Labeled, Show, TabbedShowLayout, TabbedShowLayoutTabs, TextField, useRecordContext } from 'react-admin';
import { MenuItem, Stack, TextField as Input, Typography } from '@mui/material';
import { PartTable, PlayerPageVersion, type Column } from './PartTable';
import { AdjustAction, MessageAction, NoteAction, ResetPasswordAction, StatusAction } from './ActionDialogs';
import { formatMoney, formatTime, LEDGER_KINDS } from './format';
import type { z } from 'zod';
import type { consolePlayer, consolePlayerSummary } from '../../../contract/calls/console-players';

/**
 * A player's page (docs/back-office.md "Players"): the profile, status and both balances, the actions, and a tab per
 * part (ledger with kind and date filters, deposits, withdrawals, game record, bonuses, promotion applications,
 * messages, chats, log-ins, notes, audit).
 */

/**
 * The player as the console API sends it: the contract's shapes on the wire (money in decimal currency units),
 * declared once in contract/calls/console-players.ts — the search row's summary at first, the whole record (profile,
 * wagering, addresses, adjustments waiting) once it has loaded.
 */
type Summary = z.input<typeof consolePlayerSummary>;
type Player = Summary & Partial<Omit<z.input<typeof consolePlayer>, keyof Summary>>;
type Row = Record<string, unknown> & { id: number | string };

const text = (key: string) => (r: Row) => String(r[key] ?? '');
const time = (key: string) => (r: Row) => formatTime(r[key] as number | null);

function Actions() {
  const record = useRecordContext<Player>();
  if (!record) return null;
  return (
    // Scrolled to (a tap after a search, the keyboard's focus), a button stops below the app bar, which stays fixed
    // on top of the page on a phone (56 px there, 64 px from the sm breakpoint) instead of sliding under it.
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, p: 2, '& button': { scrollMarginTop: { xs: 72, sm: 80 } } }} role="toolbar" aria-label="Actions on the player">
      {record.status === 'active' && <StatusAction action="suspend" label="Suspend" />}
      {record.status !== 'closed' && <StatusAction action="close" label="Close" />}
      {record.status !== 'active' && <StatusAction action="reopen" label="Reopen" />}
      <ResetPasswordAction />
      <MessageAction />
      <NoteAction />
      <AdjustAction />
    </Stack>
  );
}

function Part(props: { part: string; columns: readonly Column<Row>[]; filters?: Record<string, string | undefined> }) {
  const record = useRecordContext<Player>();
  if (!record) return null;
  return <PartTable playerId={record.id} part={props.part} columns={props.columns} {...(props.filters ? { filters: props.filters } : {})} />;
}

/** The ledger with its filters: one kind (or all) and a period. */
function LedgerTab() {
  const record = useRecordContext<Player>();
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const money = (key: string) => (r: Row) => formatMoney(r[key] as number, record?.currency);
  const columns = useMemo<Column<Row>[]>(() => [
    { label: 'Time', render: time('createdAt') }, { label: 'Kind', render: text('kind') },
    { label: 'Cash', render: money('cash'), align: 'right' }, { label: 'Bonus', render: money('bonus'), align: 'right' },
    { label: 'Cash after', render: money('cashAfter'), align: 'right' }, { label: 'Bonus after', render: money('bonusAfter'), align: 'right' },
    { label: 'Reference', render: text('reference') },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [record?.currency]);
  const filters = { kind: kind || undefined, from: from || undefined, to: to || undefined };
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Input select size="small" label="Kind" value={kind} onChange={(e) => setKind(e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">All</MenuItem>
          {LEDGER_KINDS.map((k) => <MenuItem key={k} value={k}>{k}</MenuItem>)}
        </Input>
        <Input size="small" type="date" label="From" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Input size="small" type="date" label="To (before)" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      <Part part="ledger" columns={columns} filters={filters} />
    </>
  );
}

function Profile() {
  const record = useRecordContext<Player>();
  // A row opened from the search shows its summary first (no profile or addresses yet) until the record loads.
  if (!record?.profile || !record.addresses) return null;
  return (
    <Stack spacing={1}>
      {Object.entries(record.profile).map(([key, value]) => (
        <Labeled key={key} label={key}><Typography component="bdi">{value}</Typography></Labeled>
      ))}
      <Labeled label="Addresses used">
        <Typography component="div">
          {record.addresses.map((a) => (
            <div key={a.address}><bdi>{a.address}</bdi> — {formatTime(a.lastAt)}{a.otherPlayers > 0 ? ` — shared with ${a.otherPlayers} other player(s)` : ''}</div>
          ))}
        </Typography>
      </Labeled>
    </Stack>
  );
}

function withMoney(currency: string | undefined, columns: [string, string, 'money' | 'time' | 'text'][]): Column<Row>[] {
  return columns.map(([label, key, kind]) => ({
    label, align: kind === 'money' ? 'right' : 'left',
    render: kind === 'money' ? (r: Row) => formatMoney(r[key] as number, currency) : kind === 'time' ? time(key) : text(key),
  }));
}

function Tabs() {
  const record = useRecordContext<Player>();
  const c = record?.currency;
  return (
    // Twelve tabs are wider than a phone: they scroll sideways instead of widening the page (a page wider than the
    // screen is zoomed out, and taps on the action buttons land beside them).
    <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
      <TabbedShowLayout.Tab label="Profile">
        <TextField source="username" label="User name" />
        <TextField source="nickname" />
        <TextField source="status" />
        <FunctionField label="Cash" render={(r: Player) => formatMoney(r.cash, r.currency)} />
        <FunctionField label="Bonus" render={(r: Player) => (r.wageringRequired === undefined ? formatMoney(r.bonus, r.currency)
          : `${formatMoney(r.bonus, r.currency)} (wagered ${formatMoney(r.wageringDone, r.currency)} of ${formatMoney(r.wageringRequired, r.currency)})`)} />
        <FunctionField label="Adjustments waiting for approval" render={(r: Player) => String(r.pendingAdjustments ?? '')} />
        <TextField source="email" label="E-mail" />
        <TextField source="phone" />
        <TextField source="registerIp" label="Registration address" />
        <FunctionField label="Registered" render={(r: { createdAt: number }) => formatTime(r.createdAt)} />
        <FunctionField label="Last log-in" render={(r: { lastLoginAt: number | null }) => formatTime(r.lastLoginAt)} />
        <Profile />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Ledger" path="ledger"><LedgerTab /></TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Deposits" path="deposits">
        <Part part="deposits" columns={withMoney(c, [['Time', 'createdAt', 'time'], ['Method', 'methodCode', 'text'], ['Amount', 'amount', 'money'], ['Status', 'status', 'text'], ['Credited', 'creditedAt', 'time'], ['Provider id', 'providerTxnId', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Withdrawals" path="withdrawals">
        <Part part="withdrawals" columns={withMoney(c, [['Time', 'createdAt', 'time'], ['Amount', 'amount', 'money'], ['Status', 'status', 'text'], ['Reason', 'reason', 'text'], ['Payee', 'payeeName', 'text'], ['Bank', 'bankName', 'text'], ['Account', 'accountNumber', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Games" path="games">
        <Part part="games" columns={withMoney(c, [['Time', 'createdAt', 'time'], ['Kind', 'kind', 'text'], ['Game', 'gameName', 'text'], ['Provider', 'provider', 'text'], ['Stake', 'stake', 'money'], ['Win', 'win', 'money'], ['Refund', 'refund', 'money'], ['Status', 'status', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Bonuses" path="bonuses">
        <Part part="bonuses" columns={withMoney(c, [['Time', 'createdAt', 'time'], ['Kind', 'kind', 'text'], ['Title', 'title', 'text'], ['Amount', 'amount', 'money'], ['Status', 'status', 'text'], ['Claimed', 'claimedAt', 'time']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Promotions" path="promotions">
        <Part part="promotions" columns={withMoney(c, [['Time', 'createdAt', 'time'], ['Promotion', 'title', 'text'], ['Remark', 'remark', 'text'], ['Images', 'images', 'text'], ['Status', 'status', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Messages" path="messages">
        <Part part="messages" columns={withMoney(c, [['Time', 'createdAt', 'time'], ['Title', 'title', 'text'], ['Broadcast', 'broadcast', 'text'], ['Read', 'read', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Chats" path="chats">
        <Part part="chats" columns={withMoney(c, [['Started', 'createdAt', 'time'], ['Last message', 'lastMessageAt', 'time'], ['Status', 'status', 'text'], ['Messages', 'messages', 'text'], ['Unread by agents', 'agentUnread', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Log-ins" path="logins">
        <Part part="logins" columns={withMoney(c, [['Time', 'at', 'time'], ['How', 'method', 'text'], ['Address', 'address', 'text'], ['Device', 'device', 'text'], ['Browser', 'userAgent', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Notes" path="notes">
        <Part part="notes" columns={withMoney(c, [['Time', 'createdAt', 'time'], ['Operator', 'operator', 'text'], ['Note', 'body', 'text']])} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Audit" path="audit">
        <Part part="audit" columns={withMoney(c, [['Time', 'at', 'time'], ['Operator', 'operator', 'text'], ['Action', 'action', 'text'], ['Before', 'before', 'text'], ['After', 'after', 'text'], ['Reason', 'reason', 'text']])} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  );
}

export function PlayerShow() {
  const [version, setVersion] = useState(0);
  const context = useMemo(() => ({ version, bump: () => setVersion((v) => v + 1) }), [version]);
  return (
    <PlayerPageVersion.Provider value={context}>
      <Show actions={false} title={<PlayerTitle />}>
        <Actions />
        <Tabs />
      </Show>
    </PlayerPageVersion.Provider>
  );
}

function PlayerTitle() {
  const record = useRecordContext<Player>();
  return <span>{record ? `Player ${record.username} (#${record.id})` : 'Player'}</span>;
}
