import type { RouterOutputs } from '@amiko/api';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';

export type Pod = RouterOutputs['pods']['get'];

/**
 * What the member can do with a pod from its card or page: join it (or ask to), withdraw a request, say yes or
 * no to an invitation (a suggested pod's, issue 34.3), leave.
 * Every answer refreshes the member's pods and the pods on offer; a refusal is shown beside the button.
 */
export function PodActions({ pod, onLeft }: { pod: Pod; onLeft?: () => void }) {
  const { t, i18n } = useTranslation(['pods']);
  const utils = trpc.useUtils();
  const refresh = () => utils.pods.invalidate();
  const join = trpc.pods.join.useMutation({
    onSuccess: async ({ outcome }) => {
      void notify({
        message: t(outcome === 'joined' ? 'pods:notices.joined' : 'pods:notices.requested', {
          name: pod.name,
        }),
      });
      await refresh();
    },
  });
  const leave = trpc.pods.leave.useMutation({
    onSuccess: async () => {
      if (pod.myRole) void notify({ message: t('pods:notices.left', { name: pod.name }) });
      await refresh();
      if (pod.myRole) onLeft?.();
    },
  });
  const error = join.error ?? leave.error;
  const busy = join.isPending || leave.isPending;

  return (
    <Group gap="sm" wrap="wrap">
      {pod.myRole ? (
        <Button variant="default" loading={leave.isPending} onClick={() => leave.mutate({ podId: pod.id })}>
          {t('pods:actions.leave')}
        </Button>
      ) : pod.invited ? (
        <>
          <Text size="sm">{t('pods:actions.invitation')}</Text>
          <Button
            loading={join.isPending}
            onClick={() => join.mutate({ podId: pod.id })}
            data-testid="pod-accept"
          >
            {t('pods:actions.join')}
          </Button>
          <Button variant="subtle" loading={leave.isPending} onClick={() => leave.mutate({ podId: pod.id })}>
            {t('pods:actions.decline')}
          </Button>
        </>
      ) : pod.requested ? (
        <>
          <Text size="sm" c="dimmed">
            {t('pods:actions.requested')}
          </Text>
          <Button variant="subtle" loading={busy} onClick={() => leave.mutate({ podId: pod.id })}>
            {t('pods:actions.withdraw')}
          </Button>
        </>
      ) : pod.freePlaces > 0 ? (
        <Button loading={busy} onClick={() => join.mutate({ podId: pod.id })} data-testid="pod-join">
          {pod.joinRule === 'ask' ? t('pods:actions.ask') : t('pods:actions.join')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('pods:card.full')}
        </Text>
      )}
      {error && <ErrorAlert>{i18n.t(errorKey(error))}</ErrorAlert>}
    </Group>
  );
}
