import {
  Create, Datagrid, Edit, FunctionField, List, NumberInput, SearchInput, SimpleForm, TextField, TextInput, TopToolbar, type ResourceProps,
} from 'react-admin';
import { Box, Stack } from '@mui/material';
import { TextsInput } from './TextsInput';
import { PreviewPane } from './PreviewPane';
import { PublishButton, StateChip } from './PublishButton';
import { useDefaultLanguage } from './AnnouncementViews';

/**
 * Help items in the back office (docs/back-office.md "Content"): sections and their items, one slug in every language
 * it has; the section (`parent`: a section's slug, empty for a section), tag and order are the same in every language.
 */

function HelpList() {
  return (
    <List resource="content/help" title="Help" sort={{ field: 'order', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" sortable={false} />
        <TextField source="slug" />
        <TextField source="parent" label="Section" emptyText="—" sortable={false} />
        <FunctionField label="State" render={() => <StateChip />} />
        <TextField source="order" />
        <FunctionField label="Languages" render={(r: { texts: Record<string, unknown> }) => Object.keys(r.texts).sort().join(' ')} />
      </Datagrid>
    </List>
  );
}

function HelpForm({ create }: { create: boolean }) {
  const defaultLanguage = useDefaultLanguage();
  return (
    <SimpleForm defaultValues={() => ({ parent: null, order: 0, tag: '', texts: {} })}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <TextInput source="slug" disabled={!create} helperText={create ? 'Letters, digits and dashes' : 'Fixed'} />
        <TextInput source="parent" label="Section (slug; empty for a section)" parse={(v: string) => v || null} format={(v: string | null) => v ?? ''} />
        <TextInput source="tag" />
        <NumberInput source="order" />
      </Stack>
      <TextsInput defaultLanguage={defaultLanguage} withLabel={false} />
      <TextInput source="reason" label="Reason (for the audit log)" fullWidth />
    </SimpleForm>
  );
}

/** The react-admin resource of help items. */
export const helpResource: ResourceProps = {
  name: 'content/help',
  options: { label: 'Help' },
  recordRepresentation: 'title',
  list: <HelpList />,
  edit: (
    <Edit resource="content/help" mutationMode="pessimistic" actions={<TopToolbar><PublishButton /></TopToolbar>} aside={<Box sx={{ ml: 2 }}><PreviewPane /></Box>}>
      <HelpForm create={false} />
    </Edit>
  ),
  create: <Create resource="content/help" redirect="edit"><HelpForm create /></Create>,
};
