/**
 * The registration form's fields in the "Sign-up and payments" area (docs/back-office.md "Sign-up and payments";
 * `/console/api/registration-fields`, read `settings.read`, change `settings.write`): every field of the form with
 * its rule — off (not shown), optional or required — in form order, and a field's edit form (rule, place, reason
 * for the audit log). The player's registration form shows the change on its next load.
 */
import { Datagrid, Edit, List, NumberField, NumberInput, SelectField, SelectInput, SimpleForm, TextField, TextInput, required } from 'react-admin';

const RULES = [{ id: 'off', name: 'Off' }, { id: 'optional', name: 'Optional' }, { id: 'required', name: 'Required' }];

export function RegistrationFieldList() {
  return (
    <List title="Registration form" exporter={false} pagination={false}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <NumberField source="sortOrder" label="Order" sortable={false} />
        <TextField source="field" label="Field" sortable={false} />
        <SelectField source="rule" label="Rule" choices={RULES} sortable={false} />
      </Datagrid>
    </List>
  );
}

export function RegistrationFieldEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <TextField source="field" label="Field" />
        <SelectInput source="rule" label="Rule" choices={RULES} validate={required()} />
        <NumberInput source="sortOrder" label="Order (smaller first)" step={10} />
        <TextInput source="reason" label="Reason (for the audit log)" validate={required()} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
