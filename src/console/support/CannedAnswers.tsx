/**
 * The site's canned answers as a react-admin resource (`support/canned-answers`, docs/back-office.md "Support"):
 * list, create, edit and delete. Agents (permission chat.answer) keep them themselves; every change is in the audit
 * log. Plain text, at most 1000 characters: what one chat message holds.
 */
import {
  Create, Datagrid, DateField, DeleteButton, Edit, EditButton, List, maxLength, required, SimpleForm, TextField, TextInput,
} from 'react-admin';

const titleRules = [required(), maxLength(80)];
const bodyRules = [required(), maxLength(1000)];

function Form() {
  return (
    <SimpleForm>
      <TextInput source="title" label="Title" validate={titleRules} fullWidth helperText="What agents see in the picker" />
      <TextInput source="body" label="Text" validate={bodyRules} multiline minRows={4} fullWidth helperText="Put into the answer box as it is; the agent may change it before sending" />
    </SimpleForm>
  );
}

export function CannedAnswerList() {
  return (
    <List title="Canned answers" perPage={100} pagination={false} sort={{ field: 'title', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Title" />
        <TextField source="body" label="Text" sx={{ whiteSpace: 'pre-wrap' }} />
        <DateField source="updatedAt" label="Changed" showTime />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}

export function CannedAnswerCreate() {
  return (
    <Create title="New canned answer" redirect="list">
      <Form />
    </Create>
  );
}

export function CannedAnswerEdit() {
  return (
    <Edit title="Canned answer" mutationMode="pessimistic" redirect="list">
      <Form />
    </Edit>
  );
}
