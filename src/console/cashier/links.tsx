/**
 * The site's links (docs/back-office.md "Sign-up and payments"; `/console/api/site-links`, read `settings.read`,
 * change `settings.write`, in both modes: the platform-unavailable and gate pages show them in upstream mode too):
 * customer service, WhatsApp, live chat, Telegram and the social pages, app downloads. An address must be https
 * (iOS also itms-services); an empty address clears the link; resource links carry an English label. Every change
 * asks for a reason (the audit log's).
 */
import { Datagrid, Edit, FormDataConsumer, List, SimpleForm, TextField, TextInput, required } from 'react-admin';

export function SiteLinkList() {
  return (
    <List title="Links" exporter={false} pagination={false}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="type" label="Link" sortable={false} />
        <TextField source="url" label="Address" emptyText="–" sortable={false} />
        <TextField source="state" label="State" sortable={false} />
        <TextField source="purpose" label="Shown" sortable={false} />
      </Datagrid>
    </List>
  );
}

export function SiteLinkEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(d: Record<string, unknown>) => ({ url: d.url ?? '', ...(d.hasLabel && d.url ? { label: d.label } : {}), reason: d.reason })}>
      <SimpleForm>
        <TextField source="type" label="Link" />
        <TextField source="purpose" label="Shown" />
        <TextInput source="url" label="Address (https://…; empty: clear)" fullWidth />
        <FormDataConsumer>{({ formData }) => (formData.hasLabel ? <TextInput source="label" label="Label (English)" /> : null)}</FormDataConsumer>
        <TextInput source="reason" label="Reason (for the audit log)" validate={required()} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
