import { POD_REMOVAL_REASON_MAX, podRemovalSchema } from '@amiko/core';
import type { PodMemberView } from '@amiko/api';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Textarea } from '@mantine/core';
import { IconDots, IconFlag, IconUserMinus, IconUserStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ReportDialog } from '../../components/ReportDialog.tsx';
import { errorKey } from '../../errors.ts';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import type { Pod } from './PodActions.tsx';

/** The removal form's one field; the pod and the member come from the menu. */
const removalFormSchema = podRemovalSchema.pick({ reason: true });

/**
 * What a member of the pod can do about another (issue 34.5): report them (with the pod's last messages as
 * evidence); for the starter and hosts, remove a member with a reason kept for moderation; for the starter,
 * name a host or make a host a member again. The server decides; this only offers what the role allows.
 */
export function PodMemberMenu({ pod, member }: { pod: Pod; member: PodMemberView }) {
  const { t, i18n } = useTranslation(['pods', 'common', 'community']);
  const utils = trpc.useUtils();
  const [reporting, setReporting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = trpc.pods.remove.useMutation({
    onSuccess: async () => {
      setRemoving(false);
      void notify({ message: t('pods:notices.removed', { name: member.firstName }) });
      await utils.pods.invalidate();
    },
  });
  const removal = useAppForm(removalFormSchema, remove, {
    initialValues: { reason: '' },
    input: ({ reason }) => ({ podId: pod.id, memberId: member.id, reason }),
    onSuccess: () => removal.form.reset(),
  });
  const setRole = trpc.pods.setRole.useMutation({
    onSuccess: async (_, input) => {
      void notify({
        message:
          input.role === 'host'
            ? t('pods:notices.madeHost', { name: member.firstName })
            : t('pods:notices.madeMember', { name: member.firstName }),
      });
      await utils.pods.invalidate();
    },
    onError: (error) => void notify({ message: i18n.t(errorKey(error)), color: 'red' }),
  });
  const starter = pod.myRole === 'starter';
  const mayRemove =
    member.role !== 'starter' && (starter || (pod.myRole === 'host' && member.role === 'member'));

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('pods:memberMenu.label', { name: member.firstName })}
            data-testid="pod-member-menu"
          >
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {starter && member.role !== 'starter' && (
            <Menu.Item
              leftSection={<IconUserStar size={16} aria-hidden="true" />}
              onClick={() =>
                setRole.mutate({
                  podId: pod.id,
                  memberId: member.id,
                  role: member.role === 'host' ? 'member' : 'host',
                })
              }
            >
              {member.role === 'host' ? t('pods:memberMenu.makeMember') : t('pods:memberMenu.makeHost')}
            </Menu.Item>
          )}
          {mayRemove && (
            <Menu.Item
              leftSection={<IconUserMinus size={16} aria-hidden="true" />}
              onClick={() => setRemoving(true)}
            >
              {t('pods:memberMenu.remove')}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconFlag size={16} aria-hidden="true" />}
            onClick={() => setReporting(true)}
          >
            {t('pods:memberMenu.report')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ReportDialog
        memberId={member.id}
        name={member.firstName}
        opened={reporting}
        onClose={() => setReporting(false)}
        pod={{ podId: pod.id }}
      />
      <Modal
        opened={removing}
        onClose={() => setRemoving(false)}
        title={t('pods:remove.title', { name: member.firstName, pod: pod.name })}
        centered
      >
        <form onSubmit={removal.submit} noValidate>
          <Stack>
            <Textarea
              label={t('pods:remove.reason')}
              description={t('pods:remove.reasonHint', { name: member.firstName })}
              {...removal.form.getInputProps('reason')}
              maxLength={POD_REMOVAL_REASON_MAX}
              autosize
              minRows={3}
              withAsterisk
            />
            {removal.formError && <ErrorAlert>{i18n.t(removal.formError)}</ErrorAlert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(false)}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" color="red" loading={removal.pending}>
                {t('pods:remove.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
