import { useRef, type KeyboardEvent } from 'react';

/** One tab: its id (used in element ids) and its visible label. */
export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/** Props of the tab switch; the panel it controls carries id `${idPrefix}-panel`. */
export interface TabSwitchProps<T extends string> {
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
}

/** Element id of a tab, for the panel's aria-labelledby. */
export function tabId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`;
}

/**
 * A tab switch (accounts §2 login "tab switch between password login and SMS-code login", registration "tab switch
 * between username registration and mobile-number registration") following the ARIA tabs pattern: one tab in the
 * tab order, arrow keys, Home and End move between tabs and select them.
 */
export default function TabSwitch<T extends string>({ label, idPrefix, tabs, selected, onSelect }: TabSwitchProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = next > last ? 0 : next < 0 ? last : next;
    const tab = tabs[wrapped];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current[wrapped]?.focus();
  };
  return (
    <div className="tab-switch" role="tablist" aria-label={label} onKeyDown={move}>
      {tabs.map((tab, i) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[i] = element;
          }}
          id={tabId(idPrefix, tab.id)}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
