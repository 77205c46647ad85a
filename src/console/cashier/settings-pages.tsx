/**
 * The withdrawal settings, social log-in and the overview of the "Sign-up and payments" area (docs/back-office.md
 * "Sign-up and payments"; read `settings.read`, change `settings.write`, built-in mode only):
 * - withdrawals (`/console/api/withdraw-settings/site`): on or off, the payment method paying out and the limits
 *   per request in currency units;
 * - social log-in (`/console/api/social-logins`): Google and Facebook, each with its switch, client id and the NAME
 *   of the worker secret (never a value) and whether that secret is set; an empty client id removes the client;
 * - the overview (`/console/api/cashier-overview`): what needs attention, the required fields, the methods on.
 * Every change asks for a reason (the audit log's).
 */
import { useEffect, useState } from 'react';
import {
  BooleanField, BooleanInput, Datagrid, Edit, FormDataConsumer, List, NumberInput, SimpleForm, TextField, TextInput, required, useDataProvider,
} from 'react-admin';
import { Alert, Card, CardContent, List as MuiList, ListItem, Stack, Typography } from '@mui/material';
import type { ConsoleDataProvider } from '../registry';

export function WithdrawSettingsPage() {
  return (
    <Edit resource="withdraw-settings" id="site" mutationMode="pessimistic" redirect={false} title="Withdrawals">
      <SimpleForm>
        <BooleanInput source="enabled" label="Players may request withdrawals" />
        <FormDataConsumer>
          {({ formData }) => (formData.enabled ? (
            <Stack direction="row" spacing={2}>
              <TextInput source="payoutMethod" label="Payout method (a payment method's code)" validate={required()} />
              <NumberInput source="minAmount" label="Minimum per request" min={0.01} step={0.01} validate={required()} />
              <NumberInput source="maxAmount" label="Maximum per request" min={0.01} step={0.01} validate={required()} />
            </Stack>
          ) : null)}
        </FormDataConsumer>
        <TextInput source="reason" label="Reason (for the audit log)" validate={required()} fullWidth />
      </SimpleForm>
    </Edit>
  );
}

export function SocialLoginList() {
  return (
    <List title="Social log-in" exporter={false} pagination={false}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="id" label="Provider" sortable={false} />
        <TextField source="switchId" label="Switch" sortable={false} />
        <BooleanField source="switchOn" label="Switch on" sortable={false} />
        <TextField source="clientId" label="Client id" emptyText="–" sortable={false} />
        <TextField source="secretName" label="Secret name" emptyText="–" sortable={false} />
        <BooleanField source="secretSet" label="Secret set" sortable={false} />
        <TextField source="problem" label="Problem" emptyText="–" sortable={false} />
      </Datagrid>
    </List>
  );
}

export function SocialLoginEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(d: Record<string, unknown>) => ({ clientId: d.clientId ?? '', secretName: d.secretName ?? '', reason: d.reason })}>
      <SimpleForm>
        <TextField source="id" label="Provider" />
        <TextInput source="clientId" label="Client id (empty: remove)" fullWidth />
        <TextInput source="secretName" label="Worker secret NAME (e.g. GOOGLE_CLIENT_SECRET)" helperText="the name only; set the value with wrangler secret put" />
        <TextInput source="reason" label="Reason (for the audit log)" validate={required()} fullWidth />
      </SimpleForm>
    </Edit>
  );
}

interface Overview {
  problems: { id: string; message: string }[];
  registration: { required: string[]; optional: string[] };
  paymentMethods: { enabled: number; total: number };
  withdrawals: { enabled: boolean; payoutMethod: string; minAmount: number; maxAmount: number };
}

export function CashierOverview() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    dataProvider.get<Overview>('cashier-overview').then(setOverview, (e: unknown) => setError(e instanceof Error ? e.message : 'Could not load'));
  }, [dataProvider]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!overview) return <Typography sx={{ m: 2 }}>Loading…</Typography>;
  const w = overview.withdrawals;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6">Sign-up and payments</Typography>
        {overview.problems.length === 0
          ? <Alert severity="success">Nothing needs attention.</Alert>
          : <Alert severity="warning">Needs attention:<MuiList dense>{overview.problems.map((p) => <ListItem key={p.id}>{p.message}</ListItem>)}</MuiList></Alert>}
        <Typography sx={{ mt: 2 }}>Required fields: {overview.registration.required.join(', ') || 'none'}; optional: {overview.registration.optional.join(', ') || 'none'}</Typography>
        <Typography>Payment methods on: {overview.paymentMethods.enabled} of {overview.paymentMethods.total}</Typography>
        <Typography>Withdrawals: {w.enabled ? `${w.payoutMethod}, ${w.minAmount.toFixed(2)} – ${w.maxAmount.toFixed(2)} per request` : 'off'}</Typography>
      </CardContent>
    </Card>
  );
}
