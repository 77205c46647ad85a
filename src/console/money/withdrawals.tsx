/**
 * Withdrawals in the money area (docs/back-office.md "Money"; `GET /console/api/withdrawals`, permission
 * `money.read`; decisions need `money.withdrawals`):
 * - the queue: pending requests oldest first, each with the player's key figures in the row and the whole context
 *   when the row is expanded, with Approve and Reject (src/console/money/decisions.tsx); a row opens the request;
 * - the request: its payee, state and the player's context (accounts sharing the address named);
 * - the history (a page at /console/withdrawal-history): every decided request (approved, paid, rejected, failed),
 *   newest decision first, filtered by player, status and a date range of the decision.
 */
import {
  Datagrid, DateField, DateInput, FunctionField, List, SelectInput, Show, SimpleShowLayout, TextField, TextInput, TopToolbar,
  useRecordContext,
} from 'react-admin';
import { Divider } from '@mui/material';
import { DecisionButtons } from './decisions';
import { MoneyField, PlayerContextPanel, RecordPlayerContext, SharedAddressField, type PlayerContextValue } from './fields';

const HISTORY_STATUSES = ['approved', 'paid', 'rejected', 'failed'].map((id) => ({ id, name: id }));

const queueFilters = [
  <TextInput key="player" source="player" label="Player" alwaysOn />,
  <DateInput key="from" source="from" label="Requested from" alwaysOn />,
  <DateInput key="to" source="to" label="Requested before" alwaysOn />,
];

const historyFilters = [
  <TextInput key="player" source="player" label="Player" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={HISTORY_STATUSES} alwaysOn />,
  <DateInput key="from" source="from" label="Decided from" alwaysOn />,
  <DateInput key="to" source="to" label="Decided before" alwaysOn />,
];

/** The queue of pending requests, oldest first. */
export function WithdrawalQueue() {
  return (
    <List title="Withdrawal queue" filter={{ view: 'queue' }} filters={queueFilters} exporter={false} sort={{ field: 'createdAt', order: 'ASC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick="show" expand={<RecordPlayerContext />}>
        <TextField source="id" label="Request" />
        <DateField source="createdAt" label="Requested" showTime />
        <TextField source="account" label="Player" sortable={false} />
        <MoneyField source="amount" label="Amount" sortBy="amount" />
        <MoneyField source="player.cashBalance" label="Cash balance" sortable={false} />
        <MoneyField source="player.deposits.total" label="Deposits" sortable={false} />
        <MoneyField source="player.withdrawals.paidTotal" label="Paid out" sortable={false} />
        <FunctionField label="Account age" sortable={false} render={(r: { player: PlayerContextValue }) => `${r.player.accountAgeDays} d`} />
        <SharedAddressField label="Shared address" />
        <DecisionButtons />
      </Datagrid>
    </List>
  );
}

/**
 * Every decided request, newest decision first; with its filters even while the site has none (react-admin's
 * "nothing yet" page would name the queue's resource).
 */
export function WithdrawalHistory() {
  return (
    <List
      resource="withdrawals" title="Withdrawal history" filter={{ view: 'history' }} filters={historyFilters} exporter={false}
      sort={{ field: 'decidedAt', order: 'DESC' }} perPage={25} storeKey="withdrawals.history" empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick="show" expand={<RecordPlayerContext />}>
        <TextField source="id" label="Request" />
        <DateField source="createdAt" label="Requested" showTime />
        <TextField source="account" label="Player" sortable={false} />
        <MoneyField source="amount" label="Amount" sortBy="amount" />
        <TextField source="status" label="Status" />
        <DateField source="decidedAt" label="Decided" showTime emptyText="–" />
        <TextField source="decidedBy" label="Decided by" emptyText="–" sortable={false} />
        <TextField source="reason" label="Reason" emptyText="–" sortable={false} />
        <DateField source="paidAt" label="Paid" showTime emptyText="–" sortable={false} />
      </Datagrid>
    </List>
  );
}

function ContextSection() {
  const record = useRecordContext<{ currency: string; player: PlayerContextValue }>();
  if (!record) return null;
  return <PlayerContextPanel player={record.player} currency={record.currency} />;
}

/** One request: its payee and state, the decision buttons while pending, and the player's whole context. */
export function WithdrawalShow() {
  return (
    <Show title="Withdrawal request" actions={<TopToolbar><DecisionButtons /></TopToolbar>}>
      <SimpleShowLayout>
        <TextField source="id" label="Request" />
        <TextField source="status" label="Status" />
        <MoneyField source="amount" label="Amount" />
        <TextField source="account" label="Player" />
        <TextField source="payeeName" label="Payee" />
        <TextField source="bankName" label="Bank" />
        <TextField source="accountNumber" label="Account number" />
        <DateField source="createdAt" label="Requested" showTime />
        <DateField source="decidedAt" label="Decided" showTime emptyText="–" />
        <TextField source="decidedBy" label="Decided by" emptyText="–" />
        <TextField source="reason" label="Reason" emptyText="–" />
        <DateField source="paidAt" label="Paid" showTime emptyText="–" />
        <TextField source="providerTxnId" label="Payout reference" emptyText="–" />
      </SimpleShowLayout>
      <Divider />
      <ContextSection />
    </Show>
  );
}
