import { useCallback, useEffect, useId, useState } from 'react';
import { assetCodes } from '../../../../src-preload/contract/asset-table';
import { PAGE_SIZES, type HistoryFilters } from '../../../../src-preload/contract/history';
import { useText } from '../../i18n/use-text';
import { useHistoryStore } from '../../stores/history-store';
import { HistoryDateRange } from './history-date-range';
import { typeChoiceKey, typeChoices } from './history-format';

const SEARCH_DEBOUNCE_MS = 300;

/** Search waits for a pause in typing, so each keystroke does not become a service call. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }): React.JSX.Element {
  const t = useText();
  const [text, setText] = useState(value);
  // The remembered filter can change from outside (another account's filters): take it over while rendering.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <input
      type="search"
      aria-label={t('history.filters.search')}
      placeholder={t('history.filters.searchPlaceholder')}
      value={text}
      maxLength={200}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text);
      }}
    />
  );
}

export function HistoryFilterBar({ filters }: { filters: HistoryFilters }): React.JSX.Element {
  const t = useText();
  const setFilters = useHistoryStore((state) => state.setFilters);
  const typeId = useId();
  const sizeId = useId();
  const typeKey = typeChoiceKey(filters.withdrawTypes);
  const onSearch = useCallback((text: string) => setFilters({ filter: text }), [setFilters]);

  const toggleSymbol = (code: string, on: boolean): void => {
    const symbols = on ? [...filters.symbols, code] : filters.symbols.filter((s) => s !== code);
    setFilters({ symbols: assetCodes.filter((c) => symbols.includes(c)) });
  };

  return (
    <div className="history-filters" role="search" aria-label={t('history.filters.label')}>
      <SearchBox value={filters.filter} onSearch={onSearch} />
      {/* Each label in one piece with its list: the bar wraps between fields, never inside one. */}
      <span className="history-field">
        <label htmlFor={typeId}>{t('history.filters.type')}</label>
        <select
          id={typeId}
          value={typeKey}
          onChange={(event) => {
            const choice = typeChoices.find((c) => c.key === event.target.value);
            if (choice) setFilters({ withdrawTypes: [...choice.withdrawTypes] });
          }}
        >
          {typeChoices.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {t(choice.label)}
            </option>
          ))}
          {typeKey === 'custom' && <option value="custom">{t('history.filters.custom')}</option>}
        </select>
      </span>
      <label className="history-check">
        <input
          type="checkbox"
          checked={filters.hideLowAmounts}
          onChange={(event) => setFilters({ hideLowAmounts: event.target.checked })}
        />
        {t('history.filters.hideSmall')}
      </label>
      <span className="history-field">
        <label htmlFor={sizeId}>{t('history.filters.rowsPerPage')}</label>
        <select
          id={sizeId}
          value={filters.recordsPerPage}
          onChange={(event) => setFilters({ recordsPerPage: Number(event.target.value) })}
        >
          {[...new Set<number>([...PAGE_SIZES, filters.recordsPerPage])]
            .sort((a, b) => a - b)
            .map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
        </select>
      </span>
      <HistoryDateRange filters={filters} onChange={setFilters} />
      <fieldset className="history-symbols">
        <legend>{t('history.filters.symbols', { count: filters.symbols.length })}</legend>
        {assetCodes.map((code) => (
          <label key={code} className="history-check">
            <input
              type="checkbox"
              checked={filters.symbols.includes(code)}
              onChange={(event) => toggleSymbol(code, event.target.checked)}
            />
            {code}
          </label>
        ))}
        {filters.symbols.length > 0 && (
          <button type="button" className="secondary" onClick={() => setFilters({ symbols: [] })}>
            {t('history.filters.allSymbols')}
          </button>
        )}
      </fieldset>
    </div>
  );
}
