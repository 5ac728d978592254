import type { RouterOutputs } from '@amiko/api';
import { Anchor, Button, Card, Checkbox, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import { dayOf } from './meetup-dates.ts';
import { MeetupForm } from './MeetupForm.tsx';
import { MeetupReportButton, MeetupReportCard, MeetupReportDialog } from './MeetupReportAction.tsx';
import type { Pod } from './PodActions.tsx';

type Question = RouterOutputs['meetups']['afterQuestions'][number];
type Results = RouterOutputs['meetups']['mutual'];

/**
 * "See you again" on a pod's page (issue 35.5): after one of its meetups, who came and, privately for each,
 * "Would you like to meet … again?"; then what is mutual ("You and Lena would both like to meet again", with
 * their conversation) and a circle's next meetup. The server shows nothing but mutual choices.
 */
export function MeetupAfter({ pod }: { pod: Pod }) {
  const { t, i18n } = useTranslation(['meetups']);
  const questions = trpc.meetups.afterQuestions.useQuery(undefined, { retry: false });
  const results = trpc.meetups.mutual.useQuery(undefined, { retry: false });
  const asked = questions.data?.filter((q) => q.podId === pod.id) ?? [];
  const pairs = results.data?.pairs.filter((p) => p.podId === pod.id) ?? [];
  const circles = results.data?.circles.filter((c) => c.meetupPodId === pod.id) ?? [];
  if (asked.length + pairs.length + circles.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="meetup-after" data-testid="meetup-after">
      <Title order={2} size="h3" id="meetup-after">
        {t('meetups:after.title')}
      </Title>
      {asked.map((question) =>
        question.answered ? (
          <MeetupReportCard
            key={question.meetupId}
            meetupId={question.meetupId}
            date={dayOf(question.startsAt, question.timeZone, i18n.language)}
            others={question.others}
          />
        ) : (
          <AfterForm key={question.meetupId} question={question} />
        ),
      )}
      {pairs.map((pair) => (
        <Card key={`${pair.meetupId}:${pair.other.id}`} withBorder padding="sm" data-testid="meetup-mutual">
          <Group gap="sm" wrap="wrap">
            <MemberAvatar src={pair.other.avatarUrl} alt="" size="md" />
            <Text>{t('meetups:after.mutual', { name: pair.other.firstName })}</Text>
            <Anchor component={Link} to={`/messages?${new URLSearchParams({ with: pair.other.id })}`}>
              {t('meetups:after.write', { name: pair.other.firstName })}
            </Anchor>
          </Group>
        </Card>
      ))}
      {circles.map((circle) => (
        <Circle key={`${circle.meetupId}:${circle.podId}`} circle={circle} pod={pod} />
      ))}
    </Stack>
  );
}

/** A meetup's questions: who came (all checked to begin with) and, for each, meeting again (none chosen). */
function AfterForm({ question }: { question: Question }) {
  const { t, i18n } = useTranslation(['meetups']);
  const utils = trpc.useUtils();
  const [came, setCame] = useState<string[]>(() => question.others.map((o) => o.id));
  const [again, setAgain] = useState<string[]>([]);
  const [reporting, setReporting] = useState<{ id: string; firstName: string } | null>(null);
  const answer = trpc.meetups.answerAfter.useMutation({
    onSuccess: async () => {
      void notify({ message: t('meetups:after.sent') });
      await Promise.all([utils.meetups.afterQuestions.invalidate(), utils.meetups.mutual.invalidate()]);
    },
  });
  const date = dayOf(question.startsAt, question.timeZone, i18n.language);
  const toggle = (id: string, on: boolean) =>
    setAgain((list) => (on ? [...list, id] : list.filter((x) => x !== id)));

  return (
    <Card withBorder padding="md" data-testid="meetup-after-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!answer.isPending) answer.mutate({ meetupId: question.meetupId, came, again });
        }}
      >
        <Stack gap="md">
          <Text fw={500}>{t('meetups:after.meetupOn', { date })}</Text>
          <Checkbox.Group label={t('meetups:after.whoCame')} value={came} onChange={setCame}>
            <Stack gap={6} mt={6}>
              {question.others.map((other) => (
                <Group key={other.id} gap="xs" justify="space-between" wrap="nowrap">
                  <Checkbox value={other.id} label={other.firstName} />
                  <MeetupReportButton person={other} onReport={setReporting} />
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
          <Stack gap={6} role="group" aria-labelledby={`again-${question.meetupId}`}>
            <Text size="sm" fw={500} id={`again-${question.meetupId}`}>
              {t('meetups:after.againTitle')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('meetups:after.private')}
            </Text>
            {question.others.map((other) => (
              <Group key={other.id} gap="sm" wrap="nowrap">
                <MemberAvatar src={other.avatarUrl} alt="" size="sm" />
                <Switch
                  label={t('meetups:after.again', { name: other.firstName })}
                  checked={again.includes(other.id)}
                  onChange={(event) => toggle(other.id, event.currentTarget.checked)}
                />
              </Group>
            ))}
          </Stack>
          {answer.error && <ErrorAlert>{i18n.t(errorKey(answer.error))}</ErrorAlert>}
          <Group>
            <Button type="submit" loading={answer.isPending}>
              {t('meetups:after.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <MeetupReportDialog
        meetupId={question.meetupId}
        person={reporting}
        onClose={() => setReporting(null)}
      />
    </Card>
  );
}

/** Three or more who all chose each other: propose the next meetup here, or go to their new pod. */
function Circle({ circle, pod }: { circle: Results['circles'][number]; pod: Pod }) {
  const { t, i18n } = useTranslation(['meetups']);
  const utils = trpc.useUtils();
  const [proposing, setProposing] = useState(false);
  const people = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format([
    ...circle.others.map((o) => o.firstName),
    t('meetups:after.you'),
  ]);
  const here = circle.kind === 'samePod' && circle.podId === pod.id && pod.myRole !== null;

  return (
    <Card withBorder padding="md" data-testid="meetup-circle">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('meetups:after.meetAgain')}
        </Title>
        <Text>{t('meetups:after.circle', { people })}</Text>
        {circle.kind === 'newPod' && (
          <Text size="sm">{t('meetups:after.newPod', { podName: circle.podName })}</Text>
        )}
        <Group>
          {here ? (
            <Button variant="light" onClick={() => setProposing(true)}>
              {t('meetups:after.proposeNext')}
            </Button>
          ) : (
            <Anchor
              component={Link}
              to={circle.kind === 'newPod' ? '/pods' : `/pods/${circle.podId}?propose=1`}
            >
              {circle.kind === 'newPod' ? t('meetups:after.openInvitation') : t('meetups:after.proposeNext')}
            </Anchor>
          )}
        </Group>
      </Stack>
      <Modal opened={proposing} onClose={() => setProposing(false)} title={t('meetups:form.title')} size="lg">
        <MeetupForm
          pod={pod}
          onCancel={() => setProposing(false)}
          onProposed={() => {
            setProposing(false);
            void notify({ message: t('meetups:notices.proposed') });
            void utils.meetups.mutual.invalidate();
          }}
        />
      </Modal>
    </Card>
  );
}
