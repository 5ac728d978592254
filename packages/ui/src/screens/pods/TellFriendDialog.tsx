import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey, fieldErrorsOf, messageKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';

/**
 * "Tell a friend" (issue 35.7): mails the meetup's time, place and pod to an address the member chooses, so
 * that someone knows where they are. The server checks the address and limits how often it is sent.
 */
export function TellFriendDialog({
  meetupId,
  opened,
  onClose,
}: {
  meetupId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['meetups']);
  const [email, setEmail] = useState('');
  const tell = trpc.meetups.tellFriend.useMutation({
    onSuccess: () => {
      setEmail('');
      onClose();
      void notify({ message: t('meetups:actions.toldFriend') });
    },
  });
  const fieldError = tell.error ? fieldErrorsOf(tell.error).email : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    tell.mutate({ meetupId, email: email.trim() });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('meetups:actions.tellFriendTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('meetups:actions.tellFriendText')}</Text>
          <TextInput
            type="email"
            label={t('meetups:actions.friendEmail')}
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError ? i18n.t(messageKey(fieldError)) : undefined}
            data-autofocus
          />
          {tell.error && !fieldError && <ErrorAlert>{i18n.t(errorKey(tell.error))}</ErrorAlert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('meetups:form.cancel')}
            </Button>
            <Button type="submit" loading={tell.isPending} disabled={email.trim() === ''}>
              {t('meetups:actions.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
