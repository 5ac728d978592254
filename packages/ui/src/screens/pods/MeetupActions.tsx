import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import type { Meetup } from './meetup-view.ts';
import { TellFriendDialog } from './TellFriendDialog.tsx';

/**
 * A meetup card's actions (issue 35.4, 35.7): "Add to calendar" (the meetup's .ics, with the venue only for
 * those going), "Tell a friend", and for whoever may (the server's `mayCancel`) "Cancel meetup", after a
 * confirmation; the server tells everyone going or waiting.
 */
export function MeetupActions({ meetup }: { meetup: Meetup }) {
  const { t, i18n } = useTranslation(['meetups']);
  const utils = trpc.useUtils();
  const [telling, setTelling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = trpc.meetups.cancel.useMutation({
    onSuccess: async () => {
      setConfirming(false);
      utils.meetups.ofPod.setData({ podId: meetup.podId }, (list) => list?.filter((m) => m.id !== meetup.id));
      void notify({ message: t('meetups:actions.cancelled') });
      await utils.meetups.ofPod.invalidate({ podId: meetup.podId });
    },
  });

  return (
    <>
      <Group gap="md" wrap="wrap" data-testid="meetup-actions">
        <Anchor
          size="sm"
          href={`/meetups/${encodeURIComponent(meetup.id)}/calendar.ics`}
          download="meetup.ics"
        >
          {t('meetups:actions.calendar')}
        </Anchor>
        <Button size="compact-sm" variant="subtle" onClick={() => setTelling(true)}>
          {t('meetups:actions.tellFriend')}
        </Button>
        {meetup.mayCancel && (
          <Button size="compact-sm" variant="subtle" color="red.8" onClick={() => setConfirming(true)}>
            {t('meetups:actions.cancel')}
          </Button>
        )}
      </Group>
      <TellFriendDialog meetupId={meetup.id} opened={telling} onClose={() => setTelling(false)} />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('meetups:actions.cancelTitle')}
      >
        <Stack gap="sm">
          <Text size="sm">{t('meetups:actions.cancelText')}</Text>
          {cancel.error && <ErrorAlert>{i18n.t(errorKey(cancel.error))}</ErrorAlert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('meetups:actions.keep')}
            </Button>
            <Button
              color="red.8"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ meetupId: meetup.id })}
            >
              {t('meetups:actions.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
