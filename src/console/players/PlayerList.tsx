import {
  Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField, TextInput,
} from 'react-admin';
import { formatMoney } from './format';

/**
 * The player search (docs/back-office.md "Players"): `q` matches id, user name, e-mail, phone and IP; the other
 * filters match one field each. A row opens the player's page.
 */

export const STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'suspended', name: 'Suspended' },
  { id: 'closed', name: 'Closed' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Id, user name, e-mail, phone or IP" />,
  <TextInput key="username" source="username" label="User name" />,
  <TextInput key="email" source="email" label="E-mail" />,
  <TextInput key="phone" source="phone" label="Phone" />,
  <TextInput key="ip" source="ip" label="IP address" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} />,
];

type Row = { cash: number; bonus: number; currency: string };

export function PlayerList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25} title="Players">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="id" options={{ useGrouping: false }} />
        <TextField source="username" label="User name" />
        <TextField source="nickname" sortable={false} />
        <TextField source="status" sortable={false} />
        <TextField source="email" label="E-mail" sortable={false} />
        <TextField source="phone" sortable={false} />
        <FunctionField label="Cash" textAlign="right" sortable={false} render={(r: Row) => formatMoney(r.cash, r.currency)} />
        <FunctionField label="Bonus" textAlign="right" sortable={false} render={(r: Row) => formatMoney(r.bonus, r.currency)} />
        <DateField source="createdAt" label="Registered" showTime />
        <DateField source="lastLoginAt" label="Last log-in" showTime />
      </Datagrid>
    </List>
  );
}
