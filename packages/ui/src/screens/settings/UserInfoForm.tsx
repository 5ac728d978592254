import type { RouterOutputs } from '@amiko/api';
import { CATALOGS, GENDERS, profileSections, type CatalogName } from '@amiko/core';
import { catalogKey } from '@amiko/i18n';
import { Alert, Button, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PlacePicker, type PlaceChoice } from '../../components/PlacePicker.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';

type OwnProfile = RouterOutputs['profile']['mine'];
type BasicInput = z.input<typeof profileSections.basic>;

/** The form's values: text inputs hold '' where the profile holds null. */
interface UserInfoValues {
  name: string;
  phone: string;
  birthday: string;
  gender: string | null;
  nativeLanguage: string | null;
  otherLanguages: string[];
  country: string | null;
  /** The member's place (issue 33): chosen with the place field, never typed. */
  placeId: number | null;
  timezone: string | null;
}

function formValues(profile: OwnProfile): UserInfoValues {
  return {
    name: profile.name,
    phone: profile.phone ?? '',
    birthday: profile.birthday ?? '',
    gender: profile.gender,
    nativeLanguage: profile.nativeLanguage,
    otherLanguages: profile.otherLanguages,
    country: profile.country,
    placeId: profile.placeId,
    timezone: profile.timezone,
  };
}

/** What the 'basic' profile section saves (the schema turns '' into null for optional texts). */
function sectionValues(values: UserInfoValues): BasicInput {
  return { ...values, birthday: values.birthday === '' ? null : values.birthday } as BasicInput;
}

/** The section's own schema, checking the form's values as they will be saved. */
const userInfoSchema = z.preprocess(
  (values) => sectionValues(values as UserInfoValues),
  profileSections.basic,
);

/** The basic profile fields of Settings → User Info, filled from the member's profile. */
export function UserInfoForm({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation(['settings', 'catalog', 'auth', 'common']);
  const utils = trpc.useUtils();
  const save = trpc.profile.saveSection.useMutation({
    onSuccess: (saved) => {
      utils.profile.mine.setData(undefined, saved);
      void utils.auth.me.invalidate();
    },
  });
  const { form, submit, pending, formError } = useAppForm(userInfoSchema, save, {
    initialValues: formValues(profile),
    input: (values) => ({ section: 'basic', values: sectionValues(values) }),
    onSuccess: (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
    },
    fallbackError: 'settings:errors.saveFailed',
  });

  const [place, setPlace] = useState<PlaceChoice | null>(profile.place);
  const language = i18n.resolvedLanguage ?? 'en';
  const options = useMemo(() => {
    const sorted = (catalog: CatalogName) =>
      CATALOGS[catalog]
        .map((id) => ({ value: id, label: t(catalogKey(catalog, id)) }))
        .sort((a, b) => a.label.localeCompare(b.label, language));
    const zones = Intl.supportedValuesOf('timeZone');
    if (profile.timezone && !zones.includes(profile.timezone)) zones.push(profile.timezone);
    return {
      genders: GENDERS.map((id) => ({ value: id, label: t(catalogKey('genders', id)) })),
      languages: sorted('languages'),
      countries: sorted('countries'),
      timezones: zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    };
  }, [t, language, profile.timezone]);

  const selectProps = {
    searchable: true,
    clearable: true,
    placeholder: t('userInfo.choose'),
    nothingFoundMessage: t('userInfo.nothingFound'),
    comboboxProps: { withinPortal: true },
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {formError && <ErrorAlert data-testid="user-info-error">{i18n.t(formError)}</ErrorAlert>}
        {save.isSuccess && !form.isDirty() && (
          <Alert color="green" role="status" data-testid="user-info-saved">
            {t('userInfo.saved')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t('userInfo.name')}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('userInfo.email')}
            value={profile.email}
            readOnly
            variant="filled"
            description={t('userInfo.emailHint')}
          />
          <TextInput
            label={t('userInfo.phone')}
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('userInfo.birthday')}
            type="date"
            autoComplete="bday"
            {...form.getInputProps('birthday')}
          />
          <Select
            label={t('userInfo.gender')}
            data={options.genders}
            {...selectProps}
            {...form.getInputProps('gender')}
          />
          <Select
            label={t('userInfo.nativeLanguage')}
            data={options.languages}
            {...selectProps}
            {...form.getInputProps('nativeLanguage')}
          />
          <MultiSelect
            label={t('userInfo.otherLanguages')}
            data={options.languages}
            {...selectProps}
            placeholder={form.values.otherLanguages.length ? undefined : t('userInfo.choose')}
            hidePickedOptions
            {...form.getInputProps('otherLanguages')}
          />
          <Select
            label={t('userInfo.country')}
            data={options.countries}
            {...selectProps}
            {...form.getInputProps('country')}
          />
          <PlacePicker
            label={t('userInfo.city')}
            value={place}
            description={
              // A city typed before Amiko knew places, which matched none (issue 33.4).
              !place && profile.city ? i18n.t('profile:placePrompt.text', { city: profile.city }) : undefined
            }
            error={form.errors.placeId as string | undefined}
            data-testid="user-info-place"
            onChange={(chosen) => {
              setPlace(chosen);
              form.setFieldValue('placeId', chosen?.id ?? null);
            }}
          />
          <Select
            label={t('userInfo.timezone')}
            data={options.timezones}
            limit={50}
            {...selectProps}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={pending} data-testid="user-info-save">
            {t('userInfo.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
