import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { getStatement, type StatementData } from '../../api/protection-tools';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { defaultStatementPeriod, statementCsv, statementFileName, type StatementLabels } from '../../../rules/statement';
import { serverErrorKey } from '../../../rules/validation';
import type { MessageKey } from '../../../rules/i18n';
import { saveTextFile } from '../../lib/download';
import { createPage } from '../kit/page';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** The statement page's flow (docs/player-protection.md "Statements"). */
export interface StatementState {
  phase: 'loading' | 'ready' | 'failed';
  /** The chosen period, UTC days YYYY-MM-DD (both included). */
  from: string;
  to: string;
  data: StatementData | null;
  error: MessageKey | null;
}

function errorKey(error: unknown): MessageKey {
  return error instanceof ApiRequestError ? serverErrorKey(error.errorCode) : 'error.network';
}

/**
 * The activity statement page: opens on the default period (the first day of last month to today), shows the
 * statement of the chosen period (viewing it is this month's review) and downloads it as CSV, made in the browser
 * from the figures shown (rules/statement.ts statementCsv). Answers that arrive after the page exits are dropped.
 */
export const statementPage = createPage('statement', (visit) => {
  const $statement = atom<StatementState>({ phase: 'loading', ...defaultStatementPeriod(Date.now()), data: null, error: null });

  async function load(): Promise<void> {
    if (!hasCapability(CAPABILITIES.payments)) {
      $statement.set({ ...$statement.get(), phase: 'failed', error: 'error.feature_disabled' });
      return;
    }
    const { from, to } = $statement.get();
    $statement.set({ ...$statement.get(), phase: 'loading', error: null });
    try {
      const data = await getStatement(from, to);
      if (!visit.exited) $statement.set({ ...$statement.get(), phase: 'ready', data });
    } catch (error) {
      if (!visit.exited) $statement.set({ ...$statement.get(), phase: 'failed', error: errorKey(error) });
    }
  }

  /** Sets one end of the period (as the date field gives it); the statement is asked again with `load`. */
  function setPeriod(end: 'from' | 'to', value: string): void {
    $statement.set({ ...$statement.get(), [end]: value });
  }

  /** Downloads the statement shown as CSV, with the row labels in the page's language. */
  function download(labels: StatementLabels): void {
    const data = $statement.get().data;
    if (data) saveTextFile(statementFileName(data), statementCsv(data, labels, data.currencySymbol), 'text/csv');
  }

  return { $statement, load, setPeriod, download };
});
