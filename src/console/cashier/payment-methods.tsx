/**
 * Deposit payment methods in the "Sign-up and payments" area (docs/back-office.md "Sign-up and payments";
 * `/console/api/payment-methods`, read `settings.read`, change `settings.write`): the list with limits, order and
 * state; a method's edit form (limits in currency units with at most 2 decimals, on/off, order, name and names per
 * language, provider and its endpoint, account and secret NAME) and the form adding one. Every change asks for a
 * reason (the audit log's); the server checks limits and provider settings again and answers a refusal as a
 * notification.
 */
import {
  ArrayInput, BooleanField, BooleanInput, Create, Datagrid, Edit, FormDataConsumer, List, NumberField, NumberInput, SelectInput, SimpleForm,
  SimpleFormIterator, TextField, TextInput, required,
} from 'react-admin';
import { Stack } from '@mui/material';
import { LANGUAGES } from '../../../contract/languageCodes';

const PROVIDERS = [{ id: 'demo', name: 'Demo (no money moves)' }, { id: 'http', name: 'HTTP payment provider' }];
const LANGUAGE_CHOICES = LANGUAGES.map((id) => ({ id, name: id }));
const amount = { min: 0.01, step: 0.01, validate: required() };

type Name = { language: string; name: string | null };

/** Names removed in the form are sent as null, so the server removes them (the method's own name shows there). */
function withRemovedNames(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const now = (data.names as Name[] | undefined) ?? [];
  const before = (previous?.names as Name[] | undefined) ?? [];
  const removed = before.filter((b) => !now.some((n) => n.language === b.language)).map((b) => ({ language: b.language, name: null }));
  return { ...data, names: [...now.filter((n) => n.name), ...removed] };
}

function MethodFields({ create }: { create: boolean }) {
  return (
    <>
      {create ? <TextInput source="methodCode" label="Method code (e.g. BANK_TRANSFER)" validate={required()} parse={(v: string) => v.toUpperCase()} /> : null}
      <Stack direction="row" spacing={2}>
        <TextInput source="displayName" label="Name" validate={required()} />
        <BooleanInput source="enabled" label="On" defaultValue />
        <NumberInput source="sortOrder" label="Order" step={10} />
      </Stack>
      <Stack direction="row" spacing={2}>
        <NumberInput source="minAmount" label="Minimum deposit" {...amount} />
        <NumberInput source="maxAmount" label="Maximum deposit" {...amount} />
      </Stack>
      <ArrayInput source="names" label="Names in other languages">
        <SimpleFormIterator inline disableReordering>
          <SelectInput source="language" label="Language" choices={LANGUAGE_CHOICES} validate={required()} />
          <TextInput source="name" label="Name" validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
      <SelectInput source="provider" label="Provider" choices={PROVIDERS} validate={required()} defaultValue="demo" />
      <FormDataConsumer>
        {({ formData }) => (formData.provider === 'http' ? (
          <Stack direction="row" spacing={2}>
            <TextInput source="endpointUrl" label="Endpoint (https://…)" />
            <TextInput source="accountId" label="Account id" />
            <TextInput source="secretName" label="Worker secret NAME" helperText="the name only; the value is set with wrangler secret put" />
          </Stack>
        ) : null)}
      </FormDataConsumer>
      <TextInput source="reason" label="Reason (for the audit log)" validate={required()} fullWidth />
    </>
  );
}

export function PaymentMethodList() {
  return (
    <List title="Payment methods" exporter={false} pagination={false} sort={{ field: 'sortOrder', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="methodCode" label="Code" sortable={false} />
        <TextField source="displayName" label="Name" sortable={false} />
        <BooleanField source="enabled" label="On" sortable={false} />
        <NumberField source="minAmount" label="Minimum" sortable={false} options={{ minimumFractionDigits: 2 }} />
        <NumberField source="maxAmount" label="Maximum" sortable={false} options={{ minimumFractionDigits: 2 }} />
        <NumberField source="sortOrder" label="Order" sortable={false} />
        <TextField source="provider" label="Provider" sortable={false} />
        <BooleanField source="paysOut" label="Pays out withdrawals" sortable={false} />
      </Datagrid>
    </List>
  );
}

export function PaymentMethodEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) => withRemovedNames(data, options?.previousData)}>
      <SimpleForm>
        <MethodFields create={false} />
      </SimpleForm>
    </Edit>
  );
}

export function PaymentMethodCreate() {
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => withRemovedNames(data)}>
      <SimpleForm>
        <MethodFields create />
      </SimpleForm>
    </Create>
  );
}
