import { INTERESTS_MIN, type Interest } from '@amiko/core';
import type { RouterOutputs } from '@amiko/api';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InterestPicker } from '../../components/InterestPicker.tsx';
import { appCodeOf, errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';

type Profile = RouterOutputs['profile']['mine'];

/** The interests as badges, changed in the interests selection modal. */
export function InterestsSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(['common', 'profile', 'catalog']);
  const { refresh } = useSession();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Interest[]>(profile.interests as Interest[]);
  const [error, setError] = useState<string | null>(null);
  const save = trpc.profile.saveSection.useMutation();

  const submit = async () => {
    if (chosen.length < INTERESTS_MIN) {
      setError(t('profile:interests.selectMore', { count: INTERESTS_MIN - chosen.length }));
      return;
    }
    try {
      const saved = await save.mutateAsync({ section: 'interests', values: { interests: chosen } });
      utils.profile.mine.setData(undefined, saved);
      await refresh();
      setOpen(false);
      void notify({ message: t('profile:saved'), color: 'teal' });
    } catch (caught) {
      setError(i18n.t(appCodeOf(caught) === 'VALIDATION' ? errorKey(caught) : 'profile:errors.sectionSave'));
    }
  };

  return (
    <Stack>
      <Group gap="xs" data-testid="my-interests">
        {profile.interests.map((id) => (
          <Badge key={id} variant="light">
            {t(`catalog:interests.${id}`)}
          </Badge>
        ))}
        {profile.interests.length === 0 && <Text c="dimmed">{t('profile:interests.none')}</Text>}
      </Group>
      <Group>
        <Button
          variant="light"
          onClick={() => {
            setChosen(profile.interests as Interest[]);
            setError(null);
            setOpen(true);
          }}
        >
          {t('profile:interests.edit')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('profile:interests.modalTitle')} size="xl">
        <Stack>
          <InterestPicker value={chosen} onChange={setChosen} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {t('profile:saveSection')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
