/**
 * The Support page of the back office (docs/back-office.md "Support"): the site's conversations (open or closed;
 * everyone's, mine or unassigned) with unread badges and the assigned agent, refreshed every 3 s; the chosen
 * conversation beside it (ConversationView) and the player panel (PlayerPanel). Desktop: three columns; a phone:
 * one above the other. The chosen conversation is in the address (`?c=<id>`), so a reload or a link keeps it.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Box, Chip, List, ListItemButton, ListItemText, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import type { ConsoleDataProvider } from '../registry';
import { ConversationView } from './ConversationView';
import { PlayerPanel } from './PlayerPanel';
import { CONVERSATIONS, type Page, type SupportConversation } from './types';

type Status = 'open' | 'closed';
type Whose = 'all' | 'me' | 'none';

/** How often the list asks again (ms). */
export const LIST_POLL_MS = 3000;

function ConversationList({ status, whose, current, onOpen }: { status: Status; whose: Whose; current: string | null; onOpen: (id: string) => void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['support', 'conversations', status, whose],
    queryFn: () => dataProvider.get<Page<SupportConversation>>(CONVERSATIONS, { status, perPage: 100, ...(whose === 'all' ? {} : { assigned: whose }) }),
    refetchInterval: LIST_POLL_MS,
  });
  if (error) return <Typography color="error" role="alert">The conversations could not be loaded.</Typography>;
  if (data && data.items.length === 0) return <Typography sx={{ p: 1 }}>{status === 'open' ? 'No open conversations.' : 'No closed conversations.'}</Typography>;
  return (
    <List dense aria-label="Conversations" sx={{ overflow: 'auto', maxHeight: '65vh' }}>
      {(data?.items ?? []).map((c) => (
        <ListItemButton key={c.id} selected={c.id === current} aria-current={c.id === current ? 'true' : undefined} onClick={() => onOpen(c.id)}>
          <ListItemText
            primary={c.account}
            secondary={`${new Date(c.lastMessageAt).toLocaleString('en-GB')}${c.assignedTo ? ` · ${c.assignedTo.name}` : ''}`}
          />
          {c.agentUnread > 0 ? <Chip size="small" color="error" className="unread" label={c.agentUnread} aria-label={`${c.agentUnread} unread`} /> : null}
        </ListItemButton>
      ))}
    </List>
  );
}

/** The conversation chosen in the address, loaded by id (it may be in neither filter of the list). */
function Chosen({ id }: { id: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['support', 'conversation', id],
    queryFn: () => dataProvider.get<SupportConversation>(`${CONVERSATIONS}/${id}`),
    refetchInterval: LIST_POLL_MS * 2,
  });
  if (error) return <Typography color="error" role="alert">This conversation is not available.</Typography>;
  if (!data) return null;
  return (
    <>
      <ConversationView key={data.id} conversation={data} />
      <PlayerPanel conversationId={data.id} />
    </>
  );
}

/** The page at /console/support. */
export function SupportPage() {
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'closed' ? 'closed' : 'open';
  const whose: Whose = params.get('whose') === 'me' ? 'me' : params.get('whose') === 'none' ? 'none' : 'all';
  const current = params.get('c');
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next);
  };
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="Support" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(14rem, 1fr) 2fr', lg: 'minmax(14rem, 1fr) 2.2fr minmax(16rem, 1fr)' } }}>
        <Box component="nav" aria-label="Conversation list" sx={{ minWidth: 0 }}>
          <Tabs value={status} onChange={(_, value: Status) => set('status', value)} aria-label="Conversation status">
            <Tab value="open" label="Open" />
            <Tab value="closed" label="Closed" />
          </Tabs>
          <ToggleButtonGroup
            exclusive size="small" value={whose} aria-label="Whose conversations" sx={{ my: 1 }}
            onChange={(_, value: Whose | null) => set('whose', value && value !== 'all' ? value : null)}
          >
            <ToggleButton value="all">All</ToggleButton>
            <ToggleButton value="me">Mine</ToggleButton>
            <ToggleButton value="none">Unassigned</ToggleButton>
          </ToggleButtonGroup>
          <ConversationList status={status} whose={whose} current={current} onOpen={(id) => set('c', id)} />
        </Box>
        {current ? <Chosen id={current} /> : <Typography sx={{ alignSelf: 'center' }}>Choose a conversation.</Typography>}
      </Box>
    </Box>
  );
}
