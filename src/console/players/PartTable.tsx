import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PlayersDataProvider } from './format';
import { Box, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';

/**
 * One paged part of a player's page (docs/back-office.md "Players"): `GET /console/api/players/<id>/<part>` with
 * `page`, `perPage` and the part's filters, shown as a table. Reloads when the page's version changes (after an
 * action on the player).
 */

/** The version of a player's page: actions bump it so every part reads again. */
export const PlayerPageVersion = createContext<{ version: number; bump(): void }>({ version: 0, bump: () => undefined });

/** One column: its header and how a row shows in it. */
export interface Column<T> {
  label: string;
  render(row: T): ReactNode;
  align?: 'left' | 'right';
}

interface Page<T> { items: T[]; total: number }

export function PartTable<T extends { id: number | string }>(props: {
  playerId: number | string;
  part: string;
  columns: readonly Column<T>[];
  filters?: Record<string, string | undefined>;
  empty?: string;
}) {
  const dataProvider = useDataProvider<PlayersDataProvider>();
  const notify = useNotify();
  const { version } = useContext(PlayerPageVersion);
  const [perPage, setPerPage] = useState(25);
  const [data, setData] = useState<Page<T> | null>(null);
  const filterKey = JSON.stringify(props.filters ?? {});
  // The page number belongs to the filters it was chosen under: new filters start again at the first page.
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  useEffect(() => {
    let live = true;
    dataProvider.get<Page<T>>(`players/${props.playerId}/${props.part}`, { page: page + 1, perPage, ...props.filters })
      .then((value) => { if (live) setData(value); })
      .catch((error: unknown) => { if (live) notify(error instanceof Error ? error.message : 'Could not load', { type: 'error' }); });
    return () => { live = false; };
    // props.filters is compared by its JSON (filterKey).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, notify, props.playerId, props.part, page, perPage, filterKey, version]);

  if (!data) return <Typography sx={{ p: 2 }}>Loading…</Typography>;
  return (
    <Box data-part={props.part}>
      <Table size="small">
        <TableHead>
          <TableRow>{props.columns.map((c) => <TableCell key={c.label} align={c.align ?? 'left'}>{c.label}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {data.items.length === 0 && (
            <TableRow><TableCell colSpan={props.columns.length}>{props.empty ?? 'Nothing yet.'}</TableCell></TableRow>
          )}
          {data.items.map((row) => (
            <TableRow key={row.id}>
              {props.columns.map((c) => <TableCell key={c.label} align={c.align ?? 'left'}><bdi>{c.render(row)}</bdi></TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div" count={data.total} page={page} rowsPerPage={perPage} rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_, next) => setPage(next)} onRowsPerPageChange={(event) => { setPerPage(Number(event.target.value)); setPage(0); }}
      />
    </Box>
  );
}
