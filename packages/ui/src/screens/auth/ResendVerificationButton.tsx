import type { TranslationKey } from '@amiko/i18n';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appCodeOf, errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';

/**
 * Sends the verification mail again (SPEC §4): once sent, the button is disabled and says so. Within a minute
 * of the previous mail, or over the limits, the server's 'Please wait…' / 'Too many requests…' shows as an
 * alert; other failures are only logged (SPEC §8).
 */
export function ResendVerificationButton() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const [alert, setAlert] = useState<TranslationKey | null>(null);
  const resend = trpc.auth.resendVerification.useMutation({
    onMutate: () => setAlert(null),
    onError: (error) => {
      if (appCodeOf(error) === 'RATE_LIMITED') setAlert(errorKey(error));
      else console.error('Resending the verification mail failed', error);
    },
  });
  const sent = resend.isSuccess;
  return (
    <Stack gap="xs">
      {alert && (
        <Alert color="orange" role="alert" data-testid="resend-error">
          {i18n.t(alert)}
        </Alert>
      )}
      <Button
        variant={sent ? 'light' : 'filled'}
        onClick={() => resend.mutate()}
        loading={resend.isPending}
        disabled={sent}
        leftSection={sent ? <IconCheck size={18} aria-hidden="true" /> : undefined}
        data-testid="resend-verification"
      >
        {sent ? t('resend.sent') : t('resend.button')}
      </Button>
    </Stack>
  );
}
