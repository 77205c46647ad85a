/**
 * One conversation in the Support area (docs/back-office.md "Support"): its messages over the chat's WebSocket
 * (chat-socket.ts; text only, always rendered as text), the answer box with the canned-answer picker, the
 * assignment (to me, to another agent of the site, to nobody) and the close button. A closed conversation shows
 * its history read-only. A player message arriving while the page is hidden rings (alerts.ts).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { ChatMessage } from '../../../contract/chat-protocol';
import type { ConsoleDataProvider } from '../registry';
import { beep } from './alerts';
import { AgentChatSocket, type ChatTicket } from './chat-socket';
import { CANNED_ANSWERS, CONVERSATIONS, type CannedAnswer, type Page, type SupportAgent, type SupportConversation } from './types';

const ERROR_TEXT: Record<string, string> = {
  TOO_MANY_REQUEST: 'Not sent: too many messages at once; wait a second.',
  chat_closed: 'Not sent: the conversation is closed.',
  request_param_err: 'Not sent: the message is empty or too long.',
  'user.or.token.invalid': 'Your session has ended; sign in again.',
  conversation_not_found: 'This conversation is not available.',
};

/** The assignment select and "Assign to me". */
function Assignment({ conversation }: { conversation: SupportConversation }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data: agents } = useQuery({
    queryKey: ['support', 'agents'],
    queryFn: () => dataProvider.get<Page<SupportAgent>>('support/agents'),
    staleTime: 60_000,
  });
  const me = agents?.items.find((a) => a.me);
  const assign = async (operatorId: number | 'me' | null) => {
    try {
      await dataProvider.action(CONVERSATIONS, conversation.id, 'assign', { operatorId });
      await queryClient.invalidateQueries({ queryKey: ['support'] });
    } catch (error) {
      notify((error as Error).message || 'The assignment failed', { type: 'error' });
      await queryClient.invalidateQueries({ queryKey: ['support'] });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select size="small" label="Assigned to" sx={{ minWidth: 200 }}
        value={conversation.assignedTo ? String(conversation.assignedTo.id) : ''}
        onChange={(event) => void assign(event.target.value === '' ? null : Number(event.target.value))}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Nobody</MenuItem>
        {(agents?.items ?? []).map((a) => <MenuItem key={a.id} value={String(a.id)}>{a.name}</MenuItem>)}
        {conversation.assignedTo && !agents?.items.some((a) => a.id === conversation.assignedTo?.id)
          ? <MenuItem value={String(conversation.assignedTo.id)}>{conversation.assignedTo.name}</MenuItem> : null}
      </TextField>
      {conversation.assignedTo === null || conversation.assignedTo.id !== me?.id ? <Button size="small" onClick={() => void assign('me')}>Assign to me</Button> : null}
    </Stack>
  );
}

/** The canned-answer picker: choosing one puts its text into the answer box. */
function CannedPicker({ onPick }: { onPick: (text: string) => void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data } = useQuery({
    queryKey: ['support', 'canned'],
    queryFn: () => dataProvider.get<Page<CannedAnswer>>(CANNED_ANSWERS, { perPage: 100 }),
    staleTime: 30_000,
  });
  const answers = data?.items ?? [];
  return (
    <TextField
      select size="small" label="Canned answer" value="" sx={{ minWidth: 200 }} disabled={answers.length === 0}
      onChange={(event) => {
        const picked = answers.find((a) => String(a.id) === event.target.value);
        if (picked) onPick(picked.body);
      }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      helperText={answers.length === 0 ? 'None yet: add them under Canned answers' : undefined}
    >
      <MenuItem value="" disabled>{answers.length === 0 ? 'None' : 'Choose…'}</MenuItem>
      {answers.map((a) => <MenuItem key={a.id} value={String(a.id)}>{a.title}</MenuItem>)}
    </TextField>
  );
}

/** The conversation `conversation`, live while it is on screen. */
export function ConversationView({ conversation }: { conversation: SupportConversation }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<readonly ChatMessage[]>([]);
  const [closed, setClosed] = useState(conversation.status === 'closed');
  const [status, setStatus] = useState('');
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const socket = useMemo(() => new AgentChatSocket(
    async () => (await dataProvider.action<ChatTicket>(CONVERSATIONS, conversation.id, 'ticket')).data,
    {
      messages: setMessages,
      closed: () => {
        setClosed(true);
        void queryClient.invalidateQueries({ queryKey: ['support'] });
      },
      error: (code) => setStatus(ERROR_TEXT[code] ?? `Not sent: ${code}`),
      playerMessage: () => {
        if (document.hidden) beep();
      },
    },
  ), [conversation.id, dataProvider, queryClient]);

  // The view is keyed by the conversation (SupportPage), so its state starts afresh with each one.
  useEffect(() => {
    socket.start();
    return () => socket.stop();
  }, [socket]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
    void queryClient.invalidateQueries({ queryKey: ['support', 'unread'] });
  }, [messages, queryClient]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setStatus('');
    socket.send(text);
    setText('');
  };

  return (
    <Box component="section" aria-labelledby="conversation-title" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="conversation-title" variant="h6" component="h2">Conversation with {conversation.account}</Typography>
        <Assignment conversation={conversation} />
      </Stack>
      <Box
        component="ol" ref={list} aria-label="Messages" aria-live="polite"
        sx={{ listStyle: 'none', m: 0, p: 1, height: '50vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        {messages.map((m) => (
          <Box
            component="li" key={m.seq} className={`chat-message ${m.role}`}
            sx={{ p: 1, my: 0.5, borderRadius: 1, maxWidth: '80%', ml: m.role === 'agent' ? 'auto' : 0, bgcolor: m.role === 'agent' ? 'action.selected' : 'action.hover' }}
          >
            <Typography variant="caption" component="div" color="text.secondary">
              {m.role === 'agent' ? m.author : conversation.account} · {new Date(m.sentAt).toLocaleTimeString('en-GB')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</Typography>
          </Box>
        ))}
      </Box>
      {closed ? (
        <Typography role="status">This conversation is closed.</Typography>
      ) : (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <CannedPicker onPick={(body) => setText(body)} />
          <TextField
            label="Answer" multiline minRows={3} value={text} onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
            }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button type="submit" variant="contained" disabled={!text.trim()}>Send</Button>
            <Button type="button" color="warning" onClick={() => socket.close()}>Close conversation</Button>
          </Stack>
          {status ? <Typography role="status" color="error">{status}</Typography> : null}
        </Box>
      )}
    </Box>
  );
}
