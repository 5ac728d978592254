import { Anchor, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import { useSession } from '../../hooks/useSession.ts';
import { PodActions, type Pod } from './PodActions.tsx';
import { MeetupAfter } from './MeetupAfter.tsx';
import { PodChat } from './PodChat.tsx';
import { PodMeetups } from './PodMeetups.tsx';
import { PodMemberMenu } from './PodMemberMenu.tsx';
import { PodQuietQuestion } from './PodQuiet.tsx';
import { PodSummary } from './PodSummary.tsx';

/** /pods/:podId: one pod, its members, and for its starter and hosts the requests to join. */
export default function PodScreen() {
  const { t, i18n } = useTranslation(['pods', 'common']);
  const { podId = '' } = useParams();
  const navigate = useNavigate();
  const pod = trpc.pods.get.useQuery({ podId }, { retry: false });
  const { member } = useSession();

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/pods" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden="true" />
            {t('pods:page.back')}
          </Group>
        </Anchor>
        {pod.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('common:loading')} />
          </Center>
        ) : pod.isError ? (
          <ErrorAlert>{i18n.t(errorKey(pod.error))}</ErrorAlert>
        ) : (
          <>
            <Stack gap="xs">
              <Title order={1}>{pod.data.name}</Title>
              <PodSummary pod={pod.data} />
              {pod.data.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{pod.data.description}</Text>}
              <PodQuietQuestion pod={pod.data} onClosed={() => void navigate('/pods')} />
              <PodActions pod={pod.data} onLeft={() => void navigate('/pods')} />
            </Stack>
            {pod.data.requests.length > 0 && <Requests pod={pod.data} />}
            <MeetupAfter pod={pod.data} />
            {pod.data.myRole !== null && <PodMeetups pod={pod.data} />}
            {pod.data.myRole !== null && member && <PodChat pod={pod.data} me={member.id} />}
            <Members pod={pod.data} me={member?.id} />
          </>
        )}
      </Stack>
    </Container>
  );
}

function Members({ pod, me }: { pod: Pod; me: string | undefined }) {
  const { t } = useTranslation(['pods']);
  return (
    <Stack gap="sm" component="section" aria-labelledby="pod-members">
      <Title order={2} size="h3" id="pod-members">
        {t('pods:page.members')}
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="pod-members">
        {pod.members.map((member) => (
          <Group key={member.id} component="li" gap="sm">
            <MemberAvatar src={member.avatarUrl} alt="" size="md" />
            <Stack gap={0}>
              <Anchor component={Link} to={`/profile-view/${member.id}`}>
                {member.firstName}
              </Anchor>
              {member.role !== 'member' && (
                <Text size="xs" c="dimmed">
                  {member.role === 'starter' ? t('pods:page.starter') : t('pods:page.host')}
                </Text>
              )}
            </Stack>
            {pod.myRole !== null && member.id !== me && <PodMemberMenu pod={pod} member={member} />}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** The requests to join, for the pod's starter and hosts: approve or decline each. */
function Requests({ pod }: { pod: Pod }) {
  const { t, i18n } = useTranslation(['pods', 'meetups']);
  const utils = trpc.useUtils();
  const answer = trpc.pods.answer.useMutation({
    onSuccess: async (_, input) => {
      const asker = pod.requests.find((r) => r.id === input.memberId);
      void notify({
        message: input.approve
          ? t('pods:notices.approved', { name: asker?.firstName ?? '' })
          : t('pods:notices.declined'),
      });
      await utils.pods.invalidate();
    },
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="pod-requests">
      <Title order={2} size="h3" id="pod-requests">
        {t('pods:page.requests')}
      </Title>
      {answer.error && <ErrorAlert>{i18n.t(errorKey(answer.error))}</ErrorAlert>}
      {pod.requests.map((asker) => (
        <Card key={asker.id} withBorder padding="sm" data-testid="pod-request">
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <MemberAvatar src={asker.avatarUrl} alt="" size="md" />
              <Anchor component={Link} to={`/profile-view/${asker.id}`}>
                {asker.firstName}
              </Anchor>
              {asker.meetups.of > 0 && (
                <Text size="xs" c="dimmed">
                  {t('meetups:after.cameTo', { came: asker.meetups.came, count: asker.meetups.of })}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                loading={answer.isPending}
                onClick={() => answer.mutate({ podId: pod.id, memberId: asker.id, approve: true })}
              >
                {t('pods:actions.approve')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ podId: pod.id, memberId: asker.id, approve: false })}
              >
                {t('pods:actions.decline')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
