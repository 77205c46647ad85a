import { Datagrid, DateField, FunctionField, List, SelectInput, TextField, type ResourceProps } from 'react-admin';
import { Stack } from '@mui/material';
import { ApplicationDecisionButtons } from './ApplicationDecisions';

/**
 * Players' promotion applications with their evidence images (docs/back-office.md "Content", "Applications"): the
 * images come from the console API only (never public) and only roles with `content.evidence` see this list; the
 * same roles approve (with the reward's amount) or reject (with a reason) an application waiting
 * (src/console/content/ApplicationDecisions.tsx).
 */

const STATUSES = ['applying', 'issued', 'rejected', 'claimed', 'process', 'joined'].map((id) => ({ id, name: id }));

function Evidence({ record }: { record: { id: number; images: number } }) {
  const urls = Array.from({ length: record.images }, (_, n) => `/console/api/content/applications/${record.id}/images/${n}`);
  return (
    <Stack direction="row" spacing={1}>
      {urls.map((url, n) => (
        <a key={url} href={url} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
          <img src={url} alt={`Evidence ${n + 1} of application ${record.id}`} width={64} height={64} style={{ objectFit: 'cover' }} />
        </a>
      ))}
    </Stack>
  );
}

/** The react-admin resource of promotion applications (a list, with the decisions in its rows). */
export const applicationsResource: ResourceProps = {
  name: 'content/applications',
  options: { label: 'Applications' },
  list: (
    <List resource="content/applications" title="Promotion applications" filters={[<SelectInput key="s" source="status" choices={STATUSES} alwaysOn />]}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" />
        <TextField source="promotion" sortable={false} />
        <TextField source="account" sortable={false} />
        <TextField source="remark" sortable={false} />
        <TextField source="status" sortable={false} />
        <DateField source="createdAt" showTime sortable={false} />
        <FunctionField label="Evidence" render={(r: { id: number; images: number }) => <Evidence record={r} />} />
        <ApplicationDecisionButtons label="Decision" />
      </Datagrid>
    </List>
  ),
};
