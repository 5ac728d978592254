import { POD_DESCRIPTION_MAX, POD_NAME_MAX, POD_SIZE_MAX, POD_SIZE_MIN, type PodInput } from '@amiko/core';
import { catalogKey } from '@amiko/i18n';
import {
  Button,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogMultiSelect, CatalogSelect } from '../../components/CatalogSelect.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PlacePicker, type PlaceChoice } from '../../components/PlacePicker.tsx';
import { useAppForm, type FormMutation } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';
import type { Pod } from './PodActions.tsx';
import type { Suggestion } from './PodSuggestion.tsx';
import { formSchema, INITIAL, toInput } from './pod-form-values.ts';

/** A pod just started; `invited`: how many neighbours a suggested pod invited (null: not a suggested pod). */
export interface Started {
  pod: Pod;
  invited: number | null;
}

/**
 * Starting a pod: what it is about, where it meets, how many and who may join. From a suggestion (issue
 * 34.3), filled in with its interest, the member's town and language, and sent as pods.startSuggested, which
 * also invites the neighbours.
 */
export function PodForm({
  suggestion,
  onStarted,
  onCancel,
}: {
  suggestion?: Suggestion | undefined;
  onStarted: (started: Started) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['pods', 'common', 'catalog']);
  const utils = trpc.useUtils();
  const [place, setPlace] = useState<PlaceChoice | null>(suggestion?.place ?? null);
  const start = trpc.pods.start.useMutation({ onSuccess: () => utils.pods.invalidate() });
  const startSuggested = trpc.pods.startSuggested.useMutation({ onSuccess: () => utils.pods.invalidate() });
  const mutation: FormMutation<PodInput, Started> = suggestion
    ? {
        isPending: startSuggested.isPending,
        mutate: (pod, callbacks) => startSuggested.mutate({ interest: suggestion.interest, pod }, callbacks),
      }
    : {
        isPending: start.isPending,
        mutate: (pod, { onSuccess, onError }) =>
          start.mutate(pod, { onSuccess: (started) => onSuccess({ pod: started, invited: null }), onError }),
      };
  const { form, submit, pending, formError } = useAppForm(formSchema, mutation, {
    initialValues: suggestion
      ? {
          ...INITIAL,
          name: t('pods:suggestion.name', {
            interest: t(catalogKey('interests', suggestion.interest)),
            place: suggestion.place.name,
          }),
          interests: [suggestion.interest],
          languages: suggestion.languages,
          placeId: suggestion.place.id,
        }
      : INITIAL,
    input: toInput,
    onSuccess: onStarted,
  });
  const values = form.getValues();
  const cafe = values.kind === 'languageCafe';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('pods:form.name')}
          placeholder={t('pods:form.namePlaceholder')}
          maxLength={POD_NAME_MAX}
          required
          {...form.getInputProps('name')}
          data-path="name"
        />
        <Radio.Group label={t('pods:form.kind')} {...form.getInputProps('kind')}>
          <Group gap="lg" mt={4}>
            <Radio value="interests" label={t('pods:form.kindInterests')} />
            <Radio value="languageCafe" label={t('pods:form.kindCafe')} />
          </Group>
        </Radio.Group>
        {cafe ? (
          <>
            <CatalogMultiSelect
              catalog="languages"
              label={t('pods:form.cafeLanguages')}
              maxValues={2}
              {...form.getInputProps('languages')}
              data-path="languages"
            />
            <CatalogSelect
              catalog="cafeLevels"
              sorted={false}
              label={t('pods:form.level')}
              {...form.getInputProps('level')}
              data-path="level"
            />
          </>
        ) : (
          <>
            <CatalogMultiSelect
              catalog="interests"
              label={t('pods:form.interests')}
              maxValues={2}
              {...form.getInputProps('interests')}
              data-path="interests"
            />
            <CatalogMultiSelect
              catalog="languages"
              label={t('pods:form.languages')}
              maxValues={3}
              {...form.getInputProps('languages')}
              data-path="languages"
            />
          </>
        )}
        <Stack gap={6}>
          <SegmentedControl
            aria-label={t('pods:form.where')}
            data={[
              { value: 'place', label: t('pods:form.atPlace') },
              { value: 'online', label: t('pods:form.online') },
            ]}
            value={values.online ? 'online' : 'place'}
            onChange={(value) => form.setFieldValue('online', value === 'online')}
          />
          {!values.online && (
            <PlacePicker
              label={t('pods:form.place')}
              value={place}
              onChange={(chosen) => {
                setPlace(chosen);
                form.setFieldValue('placeId', chosen?.id ?? null);
              }}
              error={form.getInputProps('placeId').error as string | undefined}
              data-testid="pod-place"
            />
          )}
        </Stack>
        <Textarea
          label={t('pods:form.description')}
          placeholder={t('pods:form.descriptionPlaceholder')}
          autosize
          minRows={2}
          maxLength={POD_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <NumberInput
          label={t('pods:form.sizeLimit')}
          min={POD_SIZE_MIN}
          max={POD_SIZE_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          {...form.getInputProps('sizeLimit')}
        />
        <Radio.Group label={t('pods:form.joinRule')} {...form.getInputProps('joinRule')}>
          <Stack gap={6} mt={4}>
            <Radio value="open" label={t('pods:form.joinOpen')} />
            <Radio value="ask" label={t('pods:form.joinAsk')} />
          </Stack>
        </Radio.Group>
        {formError && <ErrorAlert>{i18n.t(formError)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('pods:form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('pods:form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
