import type { RouterOutputs } from '@amiko/api';
import { CATALOGS, GENDERS, profileSections, type CatalogName } from '@amiko/core';
import { catalogKey, type TranslationKey } from '@amiko/i18n';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showRequestError, translatedInputProps } from '../../components/forms.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

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
  city: string;
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
    city: profile.city ?? '',
    timezone: profile.timezone,
  };
}

/** What the 'basic' profile section saves (the schema turns '' into null for optional texts). */
function sectionValues(values: UserInfoValues): BasicInput {
  return { ...values, birthday: values.birthday === '' ? null : values.birthday } as BasicInput;
}

/** Settings → User Info: the basic profile fields, saved as the profile's 'basic' section (a merge). */
export default function UserInfoScreen() {
  const { t } = useTranslation(['settings', 'common']);
  const mine = trpc.profile.mine.useQuery();
  return (
    <Stack>
      <Title order={2}>{t('userInfo.title')}</Title>
      {mine.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common:loading')} />
        </Center>
      ) : mine.isError ? (
        <ErrorAlert onRetry={() => void mine.refetch()}>{t('errors.loadFailed')}</ErrorAlert>
      ) : (
        <UserInfoForm profile={mine.data} />
      )}
    </Stack>
  );
}

function UserInfoForm({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation(['settings', 'catalog', 'auth', 'common']);
  const utils = trpc.useUtils();
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm<UserInfoValues>({
    mode: 'controlled',
    initialValues: formValues(profile),
    validate: (values) =>
      zod4Resolver(profileSections.basic)(sectionValues(values) as Record<string, unknown>),
    validateInputOnBlur: true,
  });
  const save = trpc.profile.saveSection.useMutation({
    onSuccess: (saved) => {
      utils.profile.mine.setData(undefined, saved);
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      void utils.auth.me.invalidate();
    },
    onError: (error) => setFormError(showRequestError(form, error, 'settings:errors.saveFailed')),
  });

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
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.reset();
        save.mutate({ section: 'basic', values: sectionValues(values) });
      })}
    >
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
            {...translatedInputProps(form, i18n, 'name')}
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
            {...translatedInputProps(form, i18n, 'phone')}
          />
          <TextInput
            label={t('userInfo.birthday')}
            type="date"
            autoComplete="bday"
            {...translatedInputProps(form, i18n, 'birthday')}
          />
          <Select
            label={t('userInfo.gender')}
            data={options.genders}
            {...selectProps}
            {...translatedInputProps(form, i18n, 'gender')}
          />
          <Select
            label={t('userInfo.nativeLanguage')}
            data={options.languages}
            {...selectProps}
            {...translatedInputProps(form, i18n, 'nativeLanguage')}
          />
          <MultiSelect
            label={t('userInfo.otherLanguages')}
            data={options.languages}
            {...selectProps}
            placeholder={form.values.otherLanguages.length ? undefined : t('userInfo.choose')}
            hidePickedOptions
            {...translatedInputProps(form, i18n, 'otherLanguages')}
          />
          <Select
            label={t('userInfo.country')}
            data={options.countries}
            {...selectProps}
            {...translatedInputProps(form, i18n, 'country')}
          />
          <TextInput
            label={t('userInfo.city')}
            autoComplete="address-level2"
            {...translatedInputProps(form, i18n, 'city')}
          />
          <Select
            label={t('userInfo.timezone')}
            data={options.timezones}
            limit={50}
            {...selectProps}
            {...translatedInputProps(form, i18n, 'timezone')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="user-info-save">
            {t('userInfo.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
