/**
 * The site's unread chat count while the back office is open (docs/back-office.md "Support"): polls
 * `GET /console/api/support/unread` every 5 s, shows the count of unread player messages in the document's title
 * and rings (alerts.ts) when it grows. Shared by the menu badge and the Support page through react-query's cache
 * (one request per interval however many use it).
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../registry';
import { beep, setTitleCount, unreadRinger } from './alerts';
import type { Unread } from './types';

/** How often the badge asks (ms). */
export const UNREAD_POLL_MS = 5000;

/** The unread counts (zeros until the first answer); `ring` makes the count ring and title itself (one user per app). */
export function useUnread(ring = false): Unread {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data } = useQuery({
    queryKey: ['support', 'unread'],
    queryFn: () => dataProvider.get<Unread>('support/unread'),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const ringer = useRef(unreadRinger());
  const messages = data?.messages;
  useEffect(() => {
    if (!ring || messages === undefined) return;
    setTitleCount(messages);
    if (ringer.current(messages)) beep();
  }, [ring, messages]);
  useEffect(() => (ring ? () => setTitleCount(0) : undefined), [ring]);
  return data ?? { conversations: 0, messages: 0 };
}
