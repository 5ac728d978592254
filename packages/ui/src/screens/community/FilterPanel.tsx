import {
  AGE_MAX,
  AGE_MIN,
  NEAR_ME_DISTANCES,
  type DirectoryFilters,
  type NearMeDistance,
  type NewInTownFilter,
} from '@amiko/core';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogMultiSelect, CatalogSelect } from '../../components/CatalogSelect.tsx';
import { PlacePicker } from '../../components/PlacePicker.tsx';
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
          <PlacePicker
            label={t('community:filters.city')}
            value={form.place}
            onChange={(place) => set('place', place)}
            data-testid="filter-place"
          />
          <Select
            label={t('community:filters.distance')}
            data={NEAR_ME_DISTANCES.map((km) => ({
              value: String(km),
              label: t('community:filters.withinKm', { km }),
            }))}
            value={form.withinKm === null ? null : String(form.withinKm)}
            onChange={(value) => set('withinKm', value ? (Number(value) as NearMeDistance) : null)}
            placeholder={t(form.place ? 'community:filters.onlyThisPlace' : 'community:filters.any')}
            description={
              form.withinKm !== null && !form.place ? t('community:filters.fromMyPlace') : undefined
            }
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-distance"
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
