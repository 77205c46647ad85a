/**
 * The audit log area (docs/back-office.md "Audit log"; permission `audit.read`, upstream mode too): the site's audit
 * rows newest first, filtered by operator, action (exact, or `prefix.*`) and a time range [from, to), in pages
 * (`GET /console/api/audit`, the list convention of src/console/registry.ts), and the same filter as CSV
 * (`GET /console/api/audit.csv`, at most 10,000 rows) through a plain download link.
 */
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import { Datagrid, DateField, DateInput, List, TextField, TextInput, TopToolbar, useListContext } from 'react-admin';
import { CONSOLE_API, queryString } from '../dataProvider';
import type { ConsoleArea } from '../registry';

const filters = [
  <TextInput key="operator" source="operator" label="Operator" alwaysOn />,
  <TextInput key="action" source="action" label="Action" helperText="exact, or prefix.*" alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To (not included)" alwaysOn />,
];

/** The CSV export of the current filter (the server writes the file; no rows pass through the page). */
function AuditActions() {
  const { filterValues } = useListContext();
  const href = `${CONSOLE_API}audit.csv${queryString(filterValues as Record<string, string>)}`;
  return (
    <TopToolbar>
      <Button href={href} download startIcon={<DownloadIcon />} size="small">Export CSV</Button>
    </TopToolbar>
  );
}

/** The list: newest first only (the columns do not sort: the log is read by time). */
export function AuditList() {
  return (
    <List title="Audit log" filters={filters} actions={<AuditActions />} exporter={false} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="at" label="Time" sortable={false} showTime />
        <TextField source="operator" label="Operator" sortable={false} />
        <TextField source="action" label="Action" sortable={false} />
        <TextField source="target" label="Target" sortable={false} />
        <TextField source="before" label="Before" sortable={false} emptyText="–" />
        <TextField source="after" label="After" sortable={false} emptyText="–" />
        <TextField source="reason" label="Reason" sortable={false} emptyText="–" />
        <TextField source="address" label="Address" sortable={false} emptyText="–" />
      </Datagrid>
    </List>
  );
}

export const auditArea: ConsoleArea = {
  name: 'audit',
  permission: 'audit.read',
  upstream: true,
  resources: [{ name: 'audit', list: AuditList, icon: HistoryIcon, options: { label: 'Audit log' } }],
};
