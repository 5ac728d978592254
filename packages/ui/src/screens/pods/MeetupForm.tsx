import {
  MEETUP_CAPACITY_MAX,
  MEETUP_LINK_MAX,
  MEETUP_PLACE_KINDS,
  MEETUP_VENUE_ADDRESS_MAX,
  MEETUP_VENUE_NAME_MAX,
} from '@amiko/core';
import { Button, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogSelect } from '../../components/CatalogSelect.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';
import {
  extraPlacesMax,
  formSchemaFor,
  initialValues,
  ownTimeZone,
  toInput,
  type MeetupPod,
  type Values,
} from './meetup-form-values.ts';

/**
 * Proposing a meetup of a pod (issue 35.1): when (a wall-clock time in the pod's town, or the member's own
 * time zone online), where (a public venue of a listed kind with its name and address, or a link), the
 * language, and extra places that open it to others. The proposer is going.
 */
export function MeetupForm({
  pod,
  onProposed,
  onCancel,
}: {
  pod: MeetupPod;
  onProposed: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['meetups', 'catalog']);
  const utils = trpc.useUtils();
  const propose = trpc.meetups.propose.useMutation({
    onSuccess: () => utils.meetups.ofPod.invalidate({ podId: pod.id }),
  });
  const schema = useMemo(() => formSchemaFor(pod), [pod]);
  const { form, submit, pending, formError } = useAppForm(schema, propose, {
    initialValues: initialValues(pod, i18n.language),
    input: (values: Values) => toInput(pod, values),
    onSuccess: onProposed,
  });
  const values = form.getValues();
  const online = values.placeKind === 'online';
  const extraMax = extraPlacesMax(pod);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={t('meetups:form.placeKind')}
          description={t('meetups:form.publicOnly')}
          data={MEETUP_PLACE_KINDS.map((kind) => ({ value: kind, label: t(`meetups:kinds.${kind}`) }))}
          {...form.getInputProps('placeKind')}
          data-path="placeKind"
        />
        <TextInput
          type="datetime-local"
          label={t('meetups:form.startsAt')}
          description={
            pod.place && !online
              ? t('meetups:form.startsAtPlace', { place: pod.place.label })
              : t('meetups:form.startsAtOwn', { zone: ownTimeZone().replace(/_/g, ' ') })
          }
          required
          {...form.getInputProps('startsAt')}
          data-path="startsAt"
        />
        {online ? (
          <TextInput
            type="url"
            label={t('meetups:form.onlineLink')}
            placeholder="https://"
            maxLength={MEETUP_LINK_MAX}
            required
            {...form.getInputProps('onlineLink')}
            data-path="onlineLink"
          />
        ) : (
          <>
            <TextInput
              label={t('meetups:form.venueName')}
              maxLength={MEETUP_VENUE_NAME_MAX}
              required
              {...form.getInputProps('venueName')}
              data-path="venueName"
            />
            <TextInput
              label={t('meetups:form.venueAddress')}
              maxLength={MEETUP_VENUE_ADDRESS_MAX}
              autoComplete="street-address"
              required
              {...form.getInputProps('venueAddress')}
              data-path="venueAddress"
            />
          </>
        )}
        <CatalogSelect
          catalog="languages"
          label={t('meetups:form.language')}
          required
          clearable={false}
          {...form.getInputProps('language')}
          data-path="language"
        />
        <NumberInput
          label={t('meetups:form.extraPlaces')}
          description={t('meetups:form.extraPlacesHint', { max: MEETUP_CAPACITY_MAX })}
          min={0}
          max={extraMax}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('extraPlaces')}
          data-path="extraPlaces"
        />
        {formError && <ErrorAlert>{i18n.t(formError)}</ErrorAlert>}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onCancel}>
            {t('meetups:form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('meetups:form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
