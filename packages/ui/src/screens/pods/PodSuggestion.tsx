import type { RouterOutputs } from '@amiko/api';
import { catalogKey, labelInSentence } from '@amiko/i18n';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';

export type Suggestion = NonNullable<RouterOutputs['pods']['suggestion']>;

/**
 * "4 people near you love board games — start a pod?" (issue 34.3), above the member's pods while they have
 * a suggestion they have not answered. Starting it opens the pod's form filled in; "Not now" answers it for
 * good. Nothing shows while it loads or if it fails: it is an offer, and the page is whole without it.
 */
export function PodSuggestionCard({ onStart }: { onStart: (suggestion: Suggestion) => void }) {
  const { t, i18n } = useTranslation(['pods', 'catalog']);
  const utils = trpc.useUtils();
  const { data: suggestion } = trpc.pods.suggestion.useQuery();
  const dismiss = trpc.pods.dismissSuggestion.useMutation({
    onSuccess: () => utils.pods.suggestion.invalidate(),
  });
  if (!suggestion) return null;
  const interest = labelInSentence(t(catalogKey('interests', suggestion.interest)), i18n.language);
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="pod-suggestion"
      data-testid="pod-suggestion"
    >
      <Stack gap="xs">
        <Text fw={600} id="pod-suggestion">
          {t('pods:suggestion.title', { count: suggestion.people, interest })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('pods:suggestion.hint')}
        </Text>
        <Group gap="sm">
          <Button onClick={() => onStart(suggestion)}>{t('pods:suggestion.start')}</Button>
          <Button
            variant="subtle"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate({ interest: suggestion.interest })}
          >
            {t('pods:suggestion.dismiss')}
          </Button>
        </Group>
        {dismiss.error && <ErrorAlert>{i18n.t(errorKey(dismiss.error))}</ErrorAlert>}
      </Stack>
    </Card>
  );
}
