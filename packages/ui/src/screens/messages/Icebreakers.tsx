import { pickIcebreakers } from '@amiko/core';
import { catalogKey } from '@amiko/i18n';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.ts';

/**
 * Suggested first lines for an empty conversation (issue 19.3): up to three, one about the town both
 * members name when they do, then from the interests both share and the other member's own (core's
 * pickIcebreakers, the same for a pair every time), each a template of the catalog. A click puts the line in the message box to edit; nothing is sent.
 */
export function Icebreakers({
  me,
  peerId,
  onPick,
}: {
  me: string;
  peerId: string;
  onPick(line: string): void;
}) {
  const { t } = useTranslation(['messages', 'catalog']);
  // The profile the thread's header links to; a member who is not shown (blocked, gone) gets no lines.
  const profile = trpc.profile.view.useQuery({ memberId: peerId }, { retry: false, staleTime: 60_000 });
  if (!profile.data) return null;
  const lines = pickIcebreakers({
    me,
    other: peerId,
    myInterests: profile.data.sharedInterests,
    theirInterests: profile.data.interests,
    myTown: profile.data.viewerTown ?? undefined,
    theirTown: profile.data,
  }).map((line) =>
    'interest' in line
      ? t(`icebreakers.lines.${line.template}`, { interest: t(catalogKey('interests', line.interest)) })
      : t(`icebreakers.lines.${line.template}`, { city: line.city }),
  );
  return <IcebreakerLines lines={lines} onPick={onPick} testId="icebreakers" />;
}

/** Suggested first lines as buttons under "Not sure how to start?": one-to-one chat's and a pod's. */
export function IcebreakerLines({
  lines,
  onPick,
  testId,
}: {
  lines: string[];
  onPick(line: string): void;
  testId: string;
}) {
  const { t } = useTranslation(['messages']);
  if (lines.length === 0) return null;
  return (
    <Stack gap="xs" align="center" data-testid={testId}>
      <Text size="sm" c="dimmed" ta="center">
        {t('icebreakers.title')}
      </Text>
      {lines.map((line) => (
        <Button
          key={line}
          variant="light"
          radius="xl"
          size="compact-sm"
          h="auto"
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          aria-label={t('icebreakers.use', { line })}
          onClick={() => onPick(line)}
        >
          {line}
        </Button>
      ))}
    </Stack>
  );
}
