import { useId, useState, type FormEvent } from 'react';
import { t } from '../../rules/i18n';
import { normaliseSearch } from '../../rules/search';

/** Props of the game-name search box. */
export interface SearchBoxProps {
  initial?: string;
  /** The input's id (default a React id). */
  id?: string | undefined;
  /** Called with the trimmed text, or undefined when the box is empty. */
  onSearch: (query: string | undefined) => void;
  /** The text field's name in the form's plain submit (the address parameter the page reads it from). */
  name?: string | undefined;
  /**
   * Fields a plain submit carries beside the text (hidden inputs; undefined ones left out): the address the page
   * needs besides the search, e.g. the game list's `gameType` and `vassalage`.
   */
  carry?: Readonly<Record<string, string | undefined>>;
}

/**
 * Game-name search (player-shell §2 Game list screen: "text, trimmed; Enter runs the search; placeholder key
 * in_slot_search"). With `name` (and `carry`), a search sent before the island has hydrated is the browser's plain
 * GET of the same page with the text and the carried fields, which the page reads on load.
 */
export default function SearchBox({ initial = '', onSearch, id: givenId, name, carry = {} }: SearchBoxProps) {
  const reactId = useId();
  const id = givenId ?? reactId;
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = normaliseSearch(text);
    setText(query ?? '');
    onSearch(query);
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label htmlFor={id}>{t('games.search.label')}</label>
      <div className="search-row">
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t('in_slot_search')}
          name={name}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn">{t('games.search.submit')}</button>
      </div>
      {Object.entries(carry).map(([field, value]) => value !== undefined && <input key={field} type="hidden" name={field} value={value} />)}
    </form>
  );
}
