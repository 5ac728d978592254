import { meetupTellFriendSchema } from '@amiko/core';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';

/** The form's one field; the meetup comes from the card. */
const formSchema = meetupTellFriendSchema.pick({ email: true });

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
  const tell = trpc.meetups.tellFriend.useMutation({
    onSuccess: () => {
      onClose();
      void notify({ message: t('meetups:actions.toldFriend') });
    },
  });
  const { form, submit, pending, formError } = useAppForm(formSchema, tell, {
    initialValues: { email: '' },
    input: (values) => ({ meetupId, email: values.email.trim() }),
    onSuccess: () => form.reset(),
  });

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
            {...form.getInputProps('email')}
            data-autofocus
          />
          {formError && <ErrorAlert>{i18n.t(formError)}</ErrorAlert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('meetups:form.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={form.getValues().email.trim() === ''}>
              {t('meetups:actions.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
