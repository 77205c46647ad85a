import { useId, useState, type FormEvent } from 'react';
import { t } from '../lib/i18n';
import { normaliseSearch } from '../lib/search';

/** Props of the game-name search box. */
export interface SearchBoxProps {
  initial?: string;
  /** The input's id (default a React id). */
  id?: string | undefined;
  /** Called with the trimmed text, or undefined when the box is empty. */
  onSearch: (query: string | undefined) => void;
}

/**
 * Game-name search (player-shell §2 Game list screen: "text, trimmed; Enter runs the search; placeholder key
 * in_slot_search").
 */
export default function SearchBox({ initial = '', onSearch, id: givenId }: SearchBoxProps) {
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
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn">{t('games.search.submit')}</button>
      </div>
    </form>
  );
}
