import { profileSectionInputSchema, type ProfileFields, type ProfileSectionInput } from '@amiko/core';
import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogMultiSelect, CatalogSelect } from '../../components/CatalogSelect.tsx';
import { LevelsInput, MonthInput } from '../../components/FieldInputs.tsx';
import { NewInTownLine } from '../../components/NewInTown.tsx';
import { PlacePicker, type PlaceChoice } from '../../components/PlacePicker.tsx';
import { appCodeOf } from '../../errors.ts';
import { useAppForm } from '../../hooks/useAppForm.ts';
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
  const save = trpc.profile.saveSection.useMutation({
    onSuccess: async (saved) => {
      utils.profile.mine.setData(undefined, saved);
      await utils.auth.me.invalidate();
      void notify({ message: t('profile:saved'), color: 'teal' });
    },
  });
  // The form's values are the procedure's input, so that its schema checks them and the server's errors
  // ("values.city") find their fields.
  const { form, submit, pending, formError } = useAppForm(profileSectionInputSchema, save, {
    initialValues: { section, values: Object.fromEntries(fields.map((f) => [f.name, profile[f.name]])) },
    input: (input: { section: FieldSection; values: Values }) => input as ProfileSectionInput,
  });
  const { values } = form.getValues();
  /** The town a place field shows (issue 33); the section saves its id. */
  const [place, setPlace] = useState<PlaceChoice | null>(profile.place ?? null);

  const input = (spec: FieldSpec) => {
    const path = `values.${spec.name}`;
    // Error, focus and blur from the form; the value as each input holds it (an unset text is '').
    const { value, onChange, ...field } = form.getInputProps(path);
    const common = { label: t(`profile:fields.${spec.name}`), ...field };
    switch (spec.kind) {
      case 'select':
        return <CatalogSelect {...common} catalog={spec.catalog} value={value ?? null} onChange={onChange} />;
      case 'multi':
        return (
          <CatalogMultiSelect {...common} catalog={spec.catalog} value={value ?? []} onChange={onChange} />
        );
      case 'text':
        return <TextInput {...common} value={value ?? ''} onChange={onChange} />;
      case 'textarea':
        return <Textarea {...common} autosize minRows={2} value={value ?? ''} onChange={onChange} />;
      case 'levels':
        return (
          <LevelsInput
            {...common}
            keys={spec.keys}
            levels={spec.levels}
            value={value ?? {}}
            onChange={onChange}
          />
        );
      case 'month':
        return <MonthInput {...common} value={value ?? null} onChange={onChange} />;
      case 'place':
        return (
          <PlacePicker
            {...common}
            value={place}
            data-testid={`field-${spec.name}`}
            onChange={(chosen) => {
              setPlace(chosen);
              form.setFieldValue(path, chosen?.id ?? null);
            }}
          />
        );
      case 'switch':
        return (
          <Switch
            {...common}
            checked={value === true}
            onChange={(event) => form.setFieldValue(path, event.currentTarget.checked)}
          />
        );
    }
  };

  // Keys go straight on the element: React warns about a key inside spread props.
  const inputs = (specs: FieldSpec[]) =>
    specs.map((spec) => <Fragment key={spec.name}>{input(spec)}</Fragment>);

  // A refusal that names none of the fields: the server's own words for a check that failed, else ours.
  const generalError =
    formError && i18n.t(appCodeOf(save.error) === 'VALIDATION' ? formError : 'profile:errors.sectionSave');
  return (
    <form onSubmit={submit} data-testid={`section-${section}`}>
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
          <Button type="submit" loading={pending}>
            {t('profile:saveSection')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
