import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useResourceContext } from 'react-admin';
import { Box, Button, Link, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import type { ConsoleDataProvider } from '../registry';

/**
 * The item as saved, in the site's real page (docs/back-office.md "Preview"): pick a language the item has, ask for
 * a preview address (15 minutes), and see the page in a phone-sized frame beside the form, or open it in a tab.
 * Published or not, scheduled or not: the page shows this item as it is saved.
 */
export function PreviewPane() {
  const record = useRecordContext<{ id: number | string; texts: Record<string, unknown>; defaultLanguage?: string }>();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const languages = record ? Object.keys(record.texts ?? {}).sort() : [];
  const [language, setLanguage] = useState(record?.defaultLanguage ?? languages[0] ?? 'EN');
  const [url, setUrl] = useState<string | null>(null);
  if (!record) return null;

  const show = async () => {
    try {
      const { data } = await dataProvider.action<{ url: string }>(resource, record.id, 'preview', { language });
      setUrl(data.url);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ minWidth: 320 }} aria-label="Preview">
      <Typography variant="h6">Preview</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
        <MuiTextField select size="small" label="Language" value={language} onChange={(e) => setLanguage(e.target.value)}>
          {languages.map((code) => <MenuItem key={code} value={code}>{code}</MenuItem>)}
        </MuiTextField>
        <Button variant="outlined" onClick={() => void show()}>Preview</Button>
        {url ? <Link href={url} target="_blank" rel="noopener">Open in a tab</Link> : null}
      </Stack>
      {url ? (
        <iframe title="Site preview" src={url} width={390} height={720} style={{ border: '1px solid #ccc', borderRadius: 12, maxWidth: '100%' }} />
      ) : <Typography variant="body2">Save, then preview the page as players will see it.</Typography>}
    </Box>
  );
}
