import { CATALOGS, type CatalogName } from '@amiko/core';
import { catalogKey } from '@amiko/i18n';
import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A catalog's options with their labels in the interface language, sorted by label. */
export function useCatalogOptions(catalog: CatalogName, sorted = true) {
  const { t, i18n } = useTranslation(['catalog']);
  return useMemo(() => {
    const options = CATALOGS[catalog].map((id) => ({ value: id, label: t(catalogKey(catalog, id)) }));
    return sorted ? options.sort((a, b) => a.label.localeCompare(b.label, i18n.language)) : options;
  }, [catalog, sorted, t, i18n.language]);
}

/**
 * One choice from a catalog (searchable when long, clearable). While searching, the first match is
 * highlighted, so Enter picks it (issue 30.4: "Chess" and Enter picked nothing).
 */
export function CatalogSelect({
  catalog,
  sorted,
  ...props
}: Omit<SelectProps, 'data'> & { catalog: CatalogName; sorted?: boolean }) {
  const data = useCatalogOptions(catalog, sorted);
  return (
    <Select
      data={data}
      searchable={data.length > 8}
      selectFirstOptionOnChange
      clearable
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

/** Several choices from a catalog; as above, Enter picks the first match of what was typed. */
export function CatalogMultiSelect({
  catalog,
  ...props
}: Omit<MultiSelectProps, 'data'> & { catalog: CatalogName }) {
  const data = useCatalogOptions(catalog);
  return (
    <MultiSelect
      data={data}
      searchable
      selectFirstOptionOnChange
      clearable
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
