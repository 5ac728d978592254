import type { ProfileFields, ProfileSectionInput } from '@amiko/core';
import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogMultiSelect, CatalogSelect } from '../../components/CatalogSelect.tsx';
import { LevelsInput, MonthInput } from '../../components/FieldInputs.tsx';
import { NewInTownLine } from '../../components/NewInTown.tsx';
import { PlacePicker, type PlaceChoice } from '../../components/PlacePicker.tsx';
import { appCodeOf, errorKey, fieldErrorsOf, messageKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { SECTION_FIELDS, type FieldSection, type FieldSpec } from './fields.ts';

type Values = Record<string, unknown>;
/** Inputs that take the whole width below the two-column grid. */
const WIDE_KINDS: FieldSpec['kind'][] = ['levels', 'textarea', 'switch'];

/** The profile as a section form reads it: its fields, and the member's place as a place field shows it. */
type SectionProfile = ProfileFields & { place?: PlaceChoice | null; city?: string | null };

/** One profile section: its fields, saved on their own and merged into the profile (SPEC §3). */
export function SectionForm({ section, profile }: { section: FieldSection; profile: SectionProfile }) {
  const { t, i18n } = useTranslation(['common', 'profile', 'catalog']);
  const utils = trpc.useUtils();
  const fields = SECTION_FIELDS[section];
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(fields.map((f) => [f.name, profile[f.name]])),
  );
  const save = trpc.profile.saveSection.useMutation({
    onSuccess: async (saved) => {
      utils.profile.mine.setData(undefined, saved);
      await utils.auth.me.invalidate();
      void notify({ message: t('profile:saved'), color: 'teal' });
    },
  });
  const fieldErrors = fieldErrorsOf(save.error);
  const fieldError = (name: string) => {
    const key = fieldErrors[`values.${name}`];
    return key ? i18n.t(messageKey(key)) : undefined;
  };
  const set = (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value }));
  /** The town a place field shows (issue 33); the section saves its id. */
  const [place, setPlace] = useState<PlaceChoice | null>(profile.place ?? null);

  const input = (spec: FieldSpec) => {
    const label = t(`profile:fields.${spec.name}`);
    const common = { label, error: fieldError(spec.name) };
    switch (spec.kind) {
      case 'select':
        return (
          <CatalogSelect
            {...common}
            catalog={spec.catalog}
            value={(values[spec.name] as string | null) ?? null}
            onChange={(value) => set(spec.name, value)}
          />
        );
      case 'multi':
        return (
          <CatalogMultiSelect
            {...common}
            catalog={spec.catalog}
            value={(values[spec.name] as string[]) ?? []}
            onChange={(value) => set(spec.name, value)}
          />
        );
      case 'text':
        return (
          <TextInput
            {...common}
            value={(values[spec.name] as string | null) ?? ''}
            onChange={(event) => set(spec.name, event.currentTarget.value)}
          />
        );
      case 'textarea':
        return (
          <Textarea
            {...common}
            autosize
            minRows={2}
            value={(values[spec.name] as string | null) ?? ''}
            onChange={(event) => set(spec.name, event.currentTarget.value)}
          />
        );
      case 'levels':
        return (
          <LevelsInput
            {...common}
            keys={spec.keys}
            levels={spec.levels}
            value={(values[spec.name] ?? {}) as Record<string, string>}
            onChange={(value) => set(spec.name, value)}
          />
        );
      case 'month':
        return (
          <MonthInput
            {...common}
            value={(values[spec.name] as string | null) ?? null}
            onChange={(value) => set(spec.name, value)}
          />
        );
      case 'place':
        return (
          <PlacePicker
            {...common}
            value={place}
            data-testid={`field-${spec.name}`}
            onChange={(chosen) => {
              setPlace(chosen);
              set(spec.name, chosen?.id ?? null);
            }}
          />
        );
      case 'switch':
        return (
          <Switch
            {...common}
            checked={values[spec.name] === true}
            onChange={(event) => set(spec.name, event.currentTarget.checked)}
          />
        );
    }
  };

  // Keys go straight on the element: React warns about a key inside spread props.
  const inputs = (specs: FieldSpec[]) =>
    specs.map((spec) => <Fragment key={spec.name}>{input(spec)}</Fragment>);

  const generalError =
    save.error && Object.keys(fieldErrors).length === 0
      ? i18n.t(appCodeOf(save.error) === 'VALIDATION' ? errorKey(save.error) : 'profile:errors.sectionSave')
      : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ section, values } as ProfileSectionInput);
      }}
      data-testid={`section-${section}`}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {inputs(fields.filter((f) => !WIDE_KINDS.includes(f.kind)))}
        </SimpleGrid>
        {inputs(fields.filter((f) => WIDE_KINDS.includes(f.kind)))}
        {section === 'newInTown' && (
          <NewInTownLine
            profile={{
              ...profile,
              ...values,
              city: place ? place.name : values.placeId ? null : (profile.city ?? null),
            }}
          />
        )}
        {generalError && (
          <Text c="red.8" size="sm" role="alert">
            {generalError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('profile:saveSection')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
