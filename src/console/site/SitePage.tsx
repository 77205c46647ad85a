import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, Switch,
  Table, TableBody, TableCell, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../registry';
import { LANGUAGES } from '../../../contract/languageCodes';
import { changedSettings, languageLabel, regionList, SETTING_FIELDS, type PendingChange, type SiteView } from './site-view';

/**
 * The Site page (docs/back-office.md "Site"): every section shows the site as stored and asks, for each change, a
 * reason kept in the audit log (a dialog), then posts it to /console/api/site/… and shows the site as the answer
 * gives it. Refusals (a wrong value, another site's host) are shown as the server words them.
 */
export function SitePage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [view, setView] = useState<SiteView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);

  useEffect(() => {
    dataProvider.get<SiteView>('site').then(setView, (error: unknown) => setFailed(error instanceof Error ? error.message : 'Could not load the site'));
  }, [dataProvider]);

  const apply = useCallback(async (change: PendingChange, reason: string) => {
    try {
      setView(await dataProvider.post<SiteView>(change.path, { ...change.body, reason }));
      setPending(null);
      notify('Saved. Visitors see the change within 30 seconds.', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Refused', { type: 'error' });
    }
  }, [dataProvider, notify]);

  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!view) return <LinearProgress />;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="Site" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Changes reach visitors within 30 seconds: each server keeps a site&apos;s settings for 30 seconds. Every change asks for a reason and is
        kept in the audit log, as the operator command&apos;s are.
      </Alert>
      <Stack spacing={2}>
        <MaintenanceCard view={view} ask={setPending} />
        <SwitchesCard view={view} ask={setPending} />
        <BrandCard key={JSON.stringify(view.settings)} view={view} ask={setPending} />
        <RegionsCard key={view.regions.join()} view={view} ask={setPending} />
        <DomainsCard view={view} ask={setPending} />
      </Stack>
      {pending && <ReasonDialog change={pending} onCancel={() => setPending(null)} onConfirm={(reason) => apply(pending, reason)} />}
    </Box>
  );
}

type Ask = (change: PendingChange) => void;

/** Asks the reason of a change; confirms with it (1–500 characters). */
function ReasonDialog(props: { change: PendingChange; onCancel(): void; onConfirm(reason: string): Promise<void> }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await props.onConfirm(reason.trim());
    setBusy(false);
  };
  return (
    <Dialog open onClose={props.onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{props.change.title}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} required multiline minRows={2}
          sx={{ mt: 1 }} slotProps={{ htmlInput: { maxLength: 500 } }} helperText="Kept in the audit log" />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" disabled={busy || reason.trim() === ''} onClick={() => void confirm()}>Confirm</Button>
      </DialogActions>
    </Dialog>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={props.title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>{props.title}</Typography>
        {props.children}
      </CardContent>
    </Card>
  );
}

function MaintenanceCard({ view, ask }: { view: SiteView; ask: Ask }) {
  const [language, setLanguage] = useState('all');
  const [text, setText] = useState('');
  const on = view.maintenance;
  return (
    <Section title="Maintenance">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Chip label={on ? 'Maintenance ON' : 'Maintenance off'} color={on ? 'warning' : 'default'} />
        <Button variant="outlined" color={on ? 'primary' : 'warning'}
          onClick={() => ask({ title: on ? 'Turn maintenance off' : 'Turn maintenance on (pages answer with the maintenance page)', path: 'site/maintenance', body: { on: !on } })}>
          {on ? 'Turn maintenance off' : 'Turn maintenance on'}
        </Button>
      </Stack>
      <Table size="small" aria-label="Maintenance texts">
        <TableBody>
          {view.maintenanceTexts.length === 0 && <TableRow><TableCell>The built-in text, translated, in every language.</TableCell></TableRow>}
          {view.maintenanceTexts.map((t) => (
            <TableRow key={t.language}>
              <TableCell>{languageLabel(t.language)}</TableCell>
              <TableCell>{t.text}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => ask({ title: `Remove the maintenance text (${languageLabel(t.language)})`, path: 'site/maintenance-text', body: { language: t.language === '*' ? 'all' : t.language, text: null } })}>
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <TextField select label="Language" value={language} onChange={(e) => setLanguage(e.target.value)} sx={{ minWidth: 160 }}>
          <MenuItem value="all">Every language</MenuItem>
          {LANGUAGES.map((code) => <MenuItem key={code} value={code}>{code}</MenuItem>)}
        </TextField>
        <TextField label="Maintenance text" value={text} onChange={(e) => setText(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }}
          helperText="Plain text, at most 500 characters" />
        <Button variant="outlined" disabled={text.trim() === ''}
          onClick={() => ask({ title: `Set the maintenance text (${language === 'all' ? 'every language' : language})`, path: 'site/maintenance-text', body: { language, text } })}>
          Set text
        </Button>
      </Stack>
    </Section>
  );
}

function SwitchesCard({ view, ask }: { view: SiteView; ask: Ask }) {
  return (
    <Section title="Switches">
      <Typography variant="body2" sx={{ mb: 1 }}>The site&apos;s modules: a switch turned off hides its feature from players.</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 0.5 }}>
        {view.switches.map((w) => (
          <label key={w.moduleId} style={{ display: 'flex', alignItems: 'center' }}>
            <Switch checked={w.on} slotProps={{ input: { 'aria-label': w.moduleId } }}
              onChange={() => ask({ title: `Turn ${w.moduleId} ${w.on ? 'off' : 'on'}`, path: `site/switches/${w.moduleId}`, body: { on: !w.on } })} />
            <span>{w.moduleId}</span>
          </label>
        ))}
      </Box>
    </Section>
  );
}

function BrandCard({ view, ask }: { view: SiteView; ask: Ask }) {
  const [edited, setEdited] = useState<Record<string, string>>(view.settings);
  const changes = changedSettings(view.settings, edited);
  return (
    <Section title="Brand and theme">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {SETTING_FIELDS.map((field) => (
          <TextField key={field.key} label={field.label} value={edited[field.key] ?? ''} helperText={field.help} select={Boolean(field.choices) || field.key === 'language'}
            onChange={(e) => setEdited({ ...edited, [field.key]: e.target.value })}>
            {(field.choices ?? (field.key === 'language' ? [...LANGUAGES] : [])).map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
          </TextField>
        ))}
        <TextField label="Currency" value={view.settings.currency ?? ''} disabled
          helperText="Read-only: balances, bonuses and limits are kept in this currency, so changing it on a live site would misprice them" />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" disabled={Object.keys(changes).length === 0}
          onClick={() => ask({ title: `Change ${Object.keys(changes).join(', ')}`, path: 'site/settings', body: { values: changes } })}>
          Save brand and theme
        </Button>
        <Button disabled={Object.keys(changes).length === 0} onClick={() => setEdited(view.settings)}>Undo</Button>
      </Stack>
    </Section>
  );
}

function RegionsCard({ view, ask }: { view: SiteView; ask: Ask }) {
  const [text, setText] = useState(view.regions.join(', '));
  return (
    <Section title="Restricted regions">
      <Typography variant="body2" sx={{ mb: 1 }}>Visitors from these countries get the restricted page instead of the site.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField label="Country codes" value={text} onChange={(e) => setText(e.target.value)} fullWidth helperText="Two-letter codes (ISO 3166-1), e.g. US, FR; empty for none" />
        <Button variant="outlined" onClick={() => ask({ title: 'Change the restricted regions', path: 'site/regions', body: { regions: regionList(text) } })}>Save regions</Button>
      </Stack>
    </Section>
  );
}

function DomainsCard({ view, ask }: { view: SiteView; ask: Ask }) {
  const [host, setHost] = useState('');
  const here = typeof location === 'undefined' ? '' : location.hostname;
  return (
    <Section title="Domains">
      <Table size="small" aria-label="Domains">
        <TableBody>
          {view.domains.map((d) => (
            <TableRow key={d}>
              <TableCell>{d}{d === here ? ' (this back office)' : ''}</TableCell>
              <TableCell align="right">
                <Button size="small" color="error" disabled={d === here} onClick={() => ask({ title: `Stop routing ${d} to this site`, path: 'site/domains/remove', body: { host: d } })}>Remove</Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <TextField label="Host name" value={host} onChange={(e) => setHost(e.target.value)} fullWidth helperText="Without scheme or port, e.g. play.example.com; a host of another site is refused" />
        <Button variant="outlined" disabled={host.trim() === ''} onClick={() => ask({ title: `Route ${host.trim()} to this site`, path: 'site/domains', body: { host } })}>Add domain</Button>
      </Stack>
    </Section>
  );
}
