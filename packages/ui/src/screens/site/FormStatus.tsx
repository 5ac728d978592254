import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { appCodeOf, errorKey } from '../../errors.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/**
 * Why a form could not be sent: the form's own message (SPEC §8), and underneath the reason when it helps
 * (too many requests, Amiko unreachable). Field problems are shown next to the fields instead.
 */
export function FormFailure({ error, title }: { error: unknown; title: string }) {
  const { i18n } = useTranslation();
  const reason = appCodeOf(error) === 'VALIDATION' ? null : errorKey(error);
  return (
    <ErrorAlert title={title} data-testid="form-error">
      {reason && reason !== 'common:errors.unknown' ? i18n.t(reason) : undefined}
    </ErrorAlert>
  );
}

/** The thank-you that replaces a sent form; focus moves to it so screen readers announce it. */
export function FormSuccess({
  title,
  text,
  again,
  onAgain,
  testId,
}: {
  title: string;
  text: string;
  again: string;
  onAgain: () => void;
  testId: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper p="xl" radius="lg" withBorder data-testid={testId} maw={640}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        <Text>{text}</Text>
        <Button variant="light" onClick={onAgain}>
          {again}
        </Button>
      </Stack>
    </Paper>
  );
}
