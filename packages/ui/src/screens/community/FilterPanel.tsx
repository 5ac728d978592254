import { AGE_MAX, AGE_MIN, type DirectoryFilters, type NewInTownFilter } from '@amiko/core';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogMultiSelect, CatalogSelect } from '../../components/CatalogSelect.tsx';
import { EMPTY_FILTERS, toFilters, type FilterErrors, type FilterForm } from './filters.ts';

/**
 * The directory's filters (SPEC §5): nothing applies until Apply; Reset empties the form and the filters.
 * `onChange` gets the filters as the API takes them.
 */
export function FilterPanel({ onChange }: { onChange(filters: DirectoryFilters): void }) {
  const { t, i18n } = useTranslation(['common', 'community']);
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTERS);
  const [errors, setErrors] = useState<FilterErrors>({});
  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const apply = () => {
    const result = toFilters(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onChange(result.filters);
  };

  return (
    <Card
      withBorder
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      aria-label={t('community:filters.title')}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <NumberInput
            label={t('community:filters.minAge')}
            value={form.minAge}
            onChange={(value) => set('minAge', value)}
            min={AGE_MIN}
            max={AGE_MAX}
            allowDecimal={false}
            clampBehavior="none"
            error={errors.minAge ? i18n.t(errors.minAge) : undefined}
          />
          <NumberInput
            label={t('community:filters.maxAge')}
            value={form.maxAge}
            onChange={(value) => set('maxAge', value)}
            min={AGE_MIN}
            max={AGE_MAX}
            allowDecimal={false}
            clampBehavior="none"
            error={errors.maxAge ? i18n.t(errors.maxAge) : undefined}
          />
          <CatalogSelect
            label={t('community:filters.gender')}
            catalog="genders"
            sorted={false}
            value={form.gender}
            onChange={(value) => set('gender', value)}
            placeholder={t('community:filters.any')}
          />
          <CatalogSelect
            label={t('community:filters.country')}
            catalog="countries"
            value={form.country}
            onChange={(value) => set('country', value)}
            placeholder={t('community:filters.any')}
          />
          <TextInput
            label={t('community:filters.city')}
            value={form.city}
            onChange={(event) => set('city', event.currentTarget.value)}
            maxLength={80}
          />
          <Select
            label={t('community:filters.newInTown')}
            data={[
              { value: 'newcomers', label: t('community:filters.newcomers') },
              { value: 'welcomers', label: t('community:filters.welcomers') },
            ]}
            value={form.newInTown}
            onChange={(value) => set('newInTown', value as NewInTownFilter | null)}
            placeholder={t('community:filters.any')}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <CatalogMultiSelect
            label={t('community:filters.languages')}
            catalog="languages"
            value={form.languages}
            onChange={(value) => set('languages', value)}
          />
          <CatalogMultiSelect
            label={t('community:filters.lookingFor')}
            catalog="lookingFor"
            value={form.lookingFor}
            onChange={(value) => set('lookingFor', value)}
          />
          <CatalogMultiSelect
            label={t('community:filters.interests')}
            description={t('community:filters.interestsHint')}
            catalog="interests"
            value={form.interests}
            onChange={(value) => set('interests', value)}
          />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap">
          <Switch
            label={t('community:filters.newMembers')}
            checked={form.newMembers}
            onChange={(event) => set('newMembers', event.currentTarget.checked)}
          />
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setForm(EMPTY_FILTERS);
                setErrors({});
                onChange({});
              }}
            >
              {t('community:filters.reset')}
            </Button>
            <Button type="submit">{t('community:filters.apply')}</Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
