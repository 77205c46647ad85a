/**
 * The Support area of the back office (docs/back-office.md "Support"): the chat console — conversations with the
 * player panel, assignment, canned answers, and a sound and badge for new messages — for roles with chat.read
 * (owner, admin, support; answering needs chat.answer, which the same roles have).
 * Not in upstream mode: there live chat is the platform's own (its `chatUrl`), PlayDeck's built-in chat service is
 * not offered (docs/upstream-mode.md, docs/operator-guide.md "Conversations"), so there is nothing to answer here.
 */
import type { ConsoleArea } from '../registry';
import { CannedAnswerCreate, CannedAnswerEdit, CannedAnswerList } from './CannedAnswers';
import { SupportPage } from './SupportPage';
import { SupportAlerts, SupportMenuBadge } from './SupportMenuBadge';
import { CANNED_ANSWERS } from './types';

export const supportArea: ConsoleArea = {
  name: 'support',
  permission: 'chat.read',
  upstream: false,
  pages: [{ path: 'support', label: 'Support', element: <SupportPage />, badge: <SupportMenuBadge /> }],
  watch: <SupportAlerts />,
  resources: [
    { name: CANNED_ANSWERS, list: CannedAnswerList, create: CannedAnswerCreate, edit: CannedAnswerEdit, options: { label: 'Canned answers' } },
  ],
};
