/**
 * The back office's first page (docs/back-office.md "The back office app"): who is signed in (name and role), on
 * which site (sites are per host), whether the site runs in upstream mode, and the site switcher — the same back
 * office on each other site of the operator, on that site's own host (a session belongs to one host, so the other
 * site asks for its own sign-in).
 */
import { Card, CardContent, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useMe, type ConsoleMe } from './session';

/** Links to the back office of the operator's other sites (empty when they have one site). */
export function SiteSwitcher({ me }: { me: ConsoleMe }) {
  const links = me.siteLinks ?? [];
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="site-switcher-title">
      <Typography id="site-switcher-title" component="h2" variant="h6">Your other sites</Typography>
      <List dense>
        {links.map((site) => (
          <ListItem key={site.code} disableGutters>
            <Link href={site.url}>{site.name} ({site.code})</Link>
          </ListItem>
        ))}
      </List>
    </nav>
  );
}

export function Dashboard() {
  const me = useMe();
  if (!me) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Back office" />
      <CardContent>
        <Stack spacing={1}>
          <Typography component="h1" variant="h5">Welcome, {me.name}</Typography>
          <Typography data-testid="dashboard-role">Role: {me.role}</Typography>
          <Typography data-testid="dashboard-site">Site: {me.merchant}{me.upstream ? ' (upstream mode: players and money are on the platform)' : ''}</Typography>
          <Typography>Two-factor sign-in: {me.totpEnabled ? 'on' : 'off'}</Typography>
          <SiteSwitcher me={me} />
        </Stack>
      </CardContent>
    </Card>
  );
}
