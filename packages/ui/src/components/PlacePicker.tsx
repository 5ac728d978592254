import type { RouterOutputs } from '@amiko/api';
import { CloseButton, Combobox, InputBase, Loader, Text, VisuallyHidden, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';

// The one place field of Amiko (issue 33): Basic info, onboarding, "new in town" and the directory's
// filter choose a town of the gazetteer with it, never type free text. What the member types is searched
// on the server (places.search, debounced), which answers a few towns named in the member's language; the
// browser never holds the whole list. A combobox as WAI-ARIA describes it (Mantine's: role combobox,
// aria-expanded, aria-controls, aria-activedescendant): arrows move through the towns, Enter picks one,
// Escape closes the list, and the number of towns found is announced.

/** A town as a place field shows it: a search result, or the member's own place from their profile. */
export type PlaceChoice = Pick<
  RouterOutputs['places']['search'][number],
  'id' | 'name' | 'region' | 'country' | 'regionNeeded'
>;

/** How long typing must pause before the server is asked. */
export const PLACE_SEARCH_DEBOUNCE_MS = 250;
const RESULTS = 8;

/** The town's name, with its region where names repeat ("Cambridge, England"), unless it says the same. */
export function placeText(place: PlaceChoice): string {
  return place.regionNeeded && place.region && place.region !== place.name
    ? `${place.name}, ${place.region}`
    : place.name;
}

interface PlacePickerProps {
  label: string;
  value: PlaceChoice | null;
  onChange(place: PlaceChoice | null): void;
  description?: string;
  error?: string | undefined;
  placeholder?: string;
  'data-testid'?: string;
}

export function PlacePicker({
  label,
  value,
  onChange,
  description,
  error,
  placeholder,
  ...rest
}: PlacePickerProps) {
  const { t } = useTranslation(['common']);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const shown = value ? placeText(value) : '';
  /** What the member types; while they are not typing, the field shows the town chosen. */
  const [query, setQuery] = useState('');
  const [typing, setTyping] = useState(false);
  const [debounced] = useDebouncedValue(query.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const search = trpc.places.search.useQuery(
    { query: debounced, limit: RESULTS },
    { enabled: typing && debounced.length > 0, staleTime: 5 * 60_000 },
  );
  const results = typing && debounced.length > 0 ? (search.data ?? []) : [];

  // The best town is highlighted as results arrive, so Enter picks it.
  useEffect(() => {
    if (results.length > 0) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.data]);

  const choose = (place: PlaceChoice | null) => {
    onChange(place);
    setTyping(false);
    combobox.closeDropdown();
  };

  const pending = typing && debounced !== query.trim();
  const searching = typing && debounced.length > 0 && (search.isFetching || pending);
  const open = typing && query.trim().length > 0;

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => choose(results.find((place) => String(place.id) === id) ?? null)}
    >
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={label}
          description={description}
          error={error}
          placeholder={placeholder ?? t('common:placePicker.placeholder')}
          value={typing ? query : shown}
          autoComplete="off"
          aria-autocomplete="list"
          data-testid={rest['data-testid']}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setQuery(text);
            setTyping(true);
            if (text.trim() === '') onChange(null);
            combobox.openDropdown();
          }}
          onBlur={() => {
            // Leaving the field without picking keeps the town chosen before.
            combobox.closeDropdown();
            setTyping(false);
          }}
          rightSection={
            searching ? (
              <Loader size="xs" aria-label={t('common:placePicker.searching')} />
            ) : value ? (
              <CloseButton
                size="sm"
                aria-label={t('common:placePicker.clear')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(null)}
              />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open || (results.length === 0 && searching)}>
        <Combobox.Options>
          {results.map((place) => (
            <Combobox.Option
              value={String(place.id)}
              key={place.id}
              aria-label={[place.name, place.region, place.country].filter(Boolean).join(', ')}
            >
              <Text size="sm">{place.name}</Text>
              <Text size="xs" c="dimmed">
                {[place.region, place.country].filter(Boolean).join(', ')}
              </Text>
            </Combobox.Option>
          ))}
          {results.length === 0 && !searching && search.isFetched && (
            <Combobox.Empty>{t('common:placePicker.nothingFound')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
      <VisuallyHidden role="status" aria-live="polite">
        {open && !searching && search.isFetched
          ? t('common:placePicker.found', { count: results.length })
          : ''}
      </VisuallyHidden>
    </Combobox>
  );
}
