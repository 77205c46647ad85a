import { useStore } from '@nanostores/react';
import { useHydrated } from './useHydrated';
import { socialLinks } from '../../rules/download';
import { $status } from '../stores/concepts/settings';
import FollowLinksView from './FollowLinksView';

/**
 * Follow-us links of the login and registration screens (accounts §2 "Follow-us links, one per resource type the
 * server provides (Facebook, Instagram, YouTube, Telegram, Discord, LinkedIn)"), from the status resources: the view
 * FollowLinksView.tsx.
 */
export default function FollowLinks() {
  const hydrated = useHydrated();
  const status = useStore($status);
  // Read after hydration only (another island may have loaded the status already): the pre-rendered HTML has none.
  return <FollowLinksView links={hydrated ? socialLinks(status?.info.resources ?? []) : []} />;
}
