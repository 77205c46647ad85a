import type { ReactElement } from 'react';
import {
  BooleanInput, Create, Datagrid, DateField, DateTimeInput, Edit, FunctionField, List, NumberInput, SearchInput, SelectInput, SimpleForm,
  TextField, TextInput, TopToolbar, useGetOne, type ResourceProps,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Stack } from '@mui/material';
import type { AnnouncementKind } from '../../../contract/calls/console-content';
import { TextsInput } from './TextsInput';
import { ImagesInput } from './ImagesInput';
import { PreviewPane } from './PreviewPane';
import { PublishButton, StateChip } from './PublishButton';

/**
 * Banners, notices, popups and promotions in the back office (docs/back-office.md "Content"): a list per kind (state,
 * schedule, order, search), and an edit form with the words per language, the schedule, links, images, publication
 * and a preview of the saved item in the site's page beside it. One set of views serves the four kinds.
 */

const LABELS: Record<AnnouncementKind, string> = { banners: 'Banners', notices: 'Notices', popups: 'Popups', promotions: 'Promotions' };
const TYPES: Record<AnnouncementKind, { id: string; name: string }[]> = {
  banners: [{ id: 'B', name: 'Banner' }],
  notices: [{ id: 'A', name: 'Notice' }, { id: 'PL', name: 'Player notice' }],
  popups: [{ id: 'PU', name: 'Popup' }],
  promotions: [{ id: 'PR', name: 'Promotion' }],
};
const STATES = ['draft', 'scheduled', 'live', 'ended'].map((id) => ({ id, name: id }));

/** Epoch ms ⇄ the `datetime-local` text of the operator's time zone. */
const toLocal = (ms: unknown): string => {
  if (typeof ms !== 'number') return '';
  const d = new Date(ms);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (text: unknown): number | null => (typeof text === 'string' && text ? new Date(text).getTime() : null);

/** The site's default language (GET content/site). */
export function useDefaultLanguage(): string {
  const { data } = useGetOne<{ id: string; defaultLanguage: string }>('content', { id: 'site' });
  return data?.defaultLanguage ?? 'EN';
}

function AnnouncementList({ kind }: { kind: AnnouncementKind }) {
  return (
    <List resource={`content/${kind}`} title={LABELS[kind]} sort={{ field: 'order', order: 'ASC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="state" source="state" choices={STATES} />]}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" sortable={false} />
        <TextField source="slug" />
        <FunctionField label="State" render={() => <StateChip />} />
        <DateField source="startDate" label="Start" showTime />
        <DateField source="endDate" label="End" showTime emptyText="—" />
        <TextField source="order" />
        {kind === 'banners' ? <TextField source="groupName" label="Place" sortable={false} /> : null}
        <FunctionField label="Languages" render={(r: { texts: Record<string, unknown> }) => Object.keys(r.texts).sort().join(' ')} />
      </Datagrid>
    </List>
  );
}

/** A banner's link: none, a promotion of the site, a site path or https address, or a game. */
function LinkageInputs() {
  const type = useWatch({ name: 'linkage.type' }) as string | undefined;
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
      <SelectInput source="linkage.type" label="Leads to" choices={[
        { id: '', name: 'Nothing' }, { id: 'P', name: 'A promotion' }, { id: 'URL', name: 'A link' }, { id: 'G', name: 'A game' },
      ]} emptyValue="" />
      {type === 'P' ? <NumberInput source="linkage.promotionId" label="Promotion id" /> : null}
      {type === 'URL' ? <TextInput source="linkage.url" label="https://… or /m/…" /> : null}
      {type === 'G' ? (
        <>
          <NumberInput source="linkage.game.nodeId" label="Game node id" />
          <TextInput source="linkage.game.gameType" label="Game type" />
          <TextInput source="linkage.game.vendor" label="Vendor" />
        </>
      ) : null}
    </Stack>
  );
}

function AnnouncementForm({ kind, defaultLanguage }: { kind: AnnouncementKind; defaultLanguage: string }) {
  return (
    <SimpleForm defaultValues={() => ({ order: 0, startDate: Date.now(), endDate: null, linkage: { type: '' }, images: [], groupName: '', texts: {} })}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="slug" helperText="Letters, digits and dashes; made for you when empty" />
        {TYPES[kind].length > 1 ? <SelectInput source="type" choices={TYPES[kind]} /> : null}
        <NumberInput source="order" />
        {kind === 'banners' ? <SelectInput source="groupName" label="Place" emptyValue="" choices={[
          { id: 'm_home', name: 'Home carousel' }, { id: 'm_local', name: 'Local games' }, { id: 'm_youtube', name: 'Video' },
        ]} /> : null}
        {kind === 'popups' ? <SelectInput source="execution" label="Shown to" choices={[
          { id: 'A', name: 'Members' }, { id: 'B', name: 'Guests' }, { id: 'F', name: "A member's first login" },
        ]} /> : null}
        {kind === 'promotions' ? <TextInput source="promotionType" label="Category" /> : null}
        {kind === 'promotions' ? <BooleanInput source="applicable" label="Players may apply" /> : null}
      </Stack>
      <Stack direction="row" spacing={2}>
        <DateTimeInput source="startDate" label="Start" format={toLocal} parse={fromLocal} />
        <DateTimeInput source="endDate" label="End (empty: open-ended)" format={toLocal} parse={fromLocal} />
      </Stack>
      <TextsInput defaultLanguage={defaultLanguage} withLabel={kind === 'promotions'} />
      {kind === 'banners' ? <LinkageInputs /> : null}
      {kind === 'notices' ? null : <ImagesInput />}
      <TextInput source="reason" label="Reason (for the audit log)" fullWidth />
    </SimpleForm>
  );
}

function AnnouncementEdit({ kind }: { kind: AnnouncementKind }) {
  const defaultLanguage = useDefaultLanguage();
  return (
    <Edit resource={`content/${kind}`} mutationMode="pessimistic" actions={<TopToolbar><PublishButton /></TopToolbar>}
      aside={<Box sx={{ ml: 2 }}><PreviewPane /></Box>}>
      <AnnouncementForm kind={kind} defaultLanguage={defaultLanguage} />
    </Edit>
  );
}

function AnnouncementCreate({ kind }: { kind: AnnouncementKind }) {
  const defaultLanguage = useDefaultLanguage();
  return (
    <Create resource={`content/${kind}`} redirect="edit">
      <AnnouncementForm kind={kind} defaultLanguage={defaultLanguage} />
    </Create>
  );
}

/** The react-admin resource of one announcement kind. */
export function announcementResource(kind: AnnouncementKind): ResourceProps {
  const views: Record<'list' | 'edit' | 'create', ReactElement> = {
    list: <AnnouncementList kind={kind} />, edit: <AnnouncementEdit kind={kind} />, create: <AnnouncementCreate kind={kind} />,
  };
  return { name: `content/${kind}`, options: { label: LABELS[kind] }, recordRepresentation: 'title', ...views };
}
