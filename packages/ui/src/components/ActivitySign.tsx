import type { ActivityBucket } from '@amiko/core';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const DOT_COLOR = { now: 'teal.6', today: 'blue.5', week: 'gray.5' } as const satisfies Record<
  ActivityBucket,
  string
>;

/**
 * "Active now", "Active today" or "Active this week" with a coloured dot (issue 19.2); nothing for null.
 * The server sends only the bucket, never a time.
 */
export function ActivitySign({
  activity,
  justify,
}: {
  activity: ActivityBucket | null;
  justify?: 'center' | 'flex-start';
}) {
  const { t } = useTranslation('community');
  if (!activity) return null;
  return (
    <Group gap={6} justify={justify} wrap="nowrap" data-testid="activity-sign" data-activity={activity}>
      <Box
        w={8}
        h={8}
        bg={DOT_COLOR[activity]}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        aria-hidden="true"
      />
      <Text size="sm" c="dimmed">
        {t(`activity.${activity}`)}
      </Text>
    </Group>
  );
}
