import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify.tsx';
import { trpc } from '../trpc.ts';
import { PlacePicker, type PlaceChoice } from './PlacePicker.tsx';

/**
 * Asks a member whose typed city matched no place to pick their city (issue 33.4), once: the server records
 * that they were asked as the question is shown (profile.placeAsked), so it never comes back, whether
 * they pick a city, say "Not now" or just move on. Their typed city stays until they pick one.
 */
export function PlacePrompt() {
  const { t } = useTranslation(['profile']);
  const utils = trpc.useUtils();
  const mine = trpc.profile.mine.useQuery();
  const asked = trpc.profile.placeAsked.useMutation();
  const save = trpc.profile.saveSection.useMutation({
    onSuccess: (saved) => {
      utils.profile.mine.setData(undefined, saved);
      setOpen(false);
      void notify({ message: t('profile:placePrompt.saved'), color: 'teal' });
    },
  });
  const [place, setPlace] = useState<PlaceChoice | null>(null);
  /** Shown in this visit: stays until answered, though the server already knows it was asked. */
  const [open, setOpen] = useState(false);
  const recorded = useRef(false);
  const ask = mine.data?.askPlace === true;

  useEffect(() => {
    if (!ask || recorded.current) return;
    recorded.current = true;
    setOpen(true);
    asked.mutate();
  }, [ask, asked]);

  if (!open || !mine.data) return null;
  return (
    <Alert color="indigo" variant="light" title={t('profile:placePrompt.title')} data-testid="place-prompt">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (place) save.mutate({ section: 'basic', values: { placeId: place.id } });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('profile:placePrompt.text', { city: mine.data.city ?? '' })}</Text>
          <PlacePicker
            label={t('profile:fields.placeId')}
            value={place}
            onChange={setPlace}
            data-testid="place-prompt-field"
          />
          <Group gap="sm">
            <Button type="submit" size="xs" disabled={!place} loading={save.isPending}>
              {t('profile:placePrompt.save')}
            </Button>
            <Button variant="subtle" size="xs" onClick={() => setOpen(false)}>
              {t('profile:placePrompt.later')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}
