import { BIG_FIVE_LEVELS, BIG_FIVE_TRAITS, type ProfileFields, type ProfileSectionInput } from '@amiko/core';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogMultiSelect, CatalogSelect } from '../../components/CatalogSelect.tsx';
import { appCodeOf, errorKey, fieldErrorsOf, messageKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { SECTION_FIELDS, type FieldSection, type FieldSpec } from './fields.ts';

type Values = Record<string, unknown>;

/** One profile section: its fields, saved on their own and merged into the profile (SPEC §3). */
export function SectionForm({ section, profile }: { section: FieldSection; profile: ProfileFields }) {
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

  const input = (spec: FieldSpec) => {
    const label = t(`profile:fields.${spec.name}`);
    const common = { label, error: fieldError(spec.name), key: spec.name };
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
      case 'bigFive': {
        const traits = (values.bigFiveTraits ?? {}) as Record<string, string>;
        return (
          <fieldset key={spec.name} style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              {label}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {BIG_FIVE_TRAITS.map((trait) => (
                <Select
                  key={trait}
                  label={t(`catalog:bigFiveTraits.${trait}`)}
                  data={BIG_FIVE_LEVELS.map((level) => ({
                    value: level,
                    label: t(`catalog:bigFiveLevels.${level}`),
                  }))}
                  value={traits[trait] ?? null}
                  clearable
                  onChange={(level) => {
                    const next = { ...traits };
                    if (level) next[trait] = level;
                    else delete next[trait];
                    set('bigFiveTraits', next);
                  }}
                />
              ))}
            </SimpleGrid>
          </fieldset>
        );
      }
    }
  };

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
          {fields.filter((f) => f.kind !== 'bigFive' && f.kind !== 'textarea').map(input)}
        </SimpleGrid>
        {fields.filter((f) => f.kind === 'bigFive' || f.kind === 'textarea').map(input)}
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
