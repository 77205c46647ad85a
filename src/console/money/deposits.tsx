/**
 * The deposits list of the money area (docs/back-office.md "Money"; `GET /console/api/deposits`, permission
 * `money.read`): the site's deposits newest first, searched by player (the start of a username), status, a date
 * range [from, to), an amount range and the order id (the deposit's number or the provider's transaction id), in
 * pages of 25.
 */
import { Datagrid, DateField, DateInput, List, NumberInput, SelectInput, TextField, TextInput } from 'react-admin';
import { MoneyField } from './fields';

const DEPOSIT_STATUSES = ['pending', 'credited', 'expired', 'failed'].map((id) => ({ id, name: id }));

const filters = [
  <TextInput key="player" source="player" label="Player" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={DEPOSIT_STATUSES} alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To (not included)" alwaysOn />,
  <NumberInput key="minAmount" source="minAmount" label="Amount from" min={0} />,
  <NumberInput key="maxAmount" source="maxAmount" label="Amount up to" min={0} />,
  <TextInput key="orderId" source="orderId" label="Order id" />,
];

export function DepositList() {
  return (
    <List title="Deposits" filters={filters} exporter={false} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" label="Order" />
        <DateField source="createdAt" label="Created" showTime />
        <TextField source="account" label="Player" sortable={false} />
        <MoneyField source="amount" label="Amount" sortBy="amount" />
        <TextField source="status" label="Status" />
        <TextField source="methodCode" label="Method" sortable={false} />
        <TextField source="providerTxnId" label="Provider reference" emptyText="–" sortable={false} />
        <DateField source="creditedAt" label="Credited" showTime emptyText="–" sortable={false} />
      </Datagrid>
    </List>
  );
}
