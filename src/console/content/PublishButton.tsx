import { useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext } from 'react-admin';
import { Button, Chip, Stack } from '@mui/material';
import type { ConsoleDataProvider } from '../registry';

const STATE_COLOURS = { draft: 'default', scheduled: 'info', live: 'success', ended: 'warning' } as const;

/** The item's state (draft, scheduled, live, ended) as a chip. */
export function StateChip() {
  const record = useRecordContext<{ state: keyof typeof STATE_COLOURS }>();
  return record ? <Chip size="small" label={record.state} color={STATE_COLOURS[record.state]} /> : null;
}

/**
 * Publish or unpublish the saved item (docs/back-office.md "Content": shown within its schedule once published;
 * audited `content.publish|unpublish`), then reload it.
 */
export function PublishButton() {
  const record = useRecordContext<{ id: number | string; published: boolean }>();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const act = async () => {
    try {
      await dataProvider.action(resource, record.id, record.published ? 'unpublish' : 'publish', {});
      notify(record.published ? 'Unpublished' : 'Published', { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <StateChip />
      <Button variant="contained" color={record.published ? 'warning' : 'success'} onClick={() => void act()}>
        {record.published ? 'Unpublish' : 'Publish'}
      </Button>
    </Stack>
  );
}
