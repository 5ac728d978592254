import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyScreen } from '../lazy.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';

const VerifyEmailAction = lazyScreen(() => import('./auth/VerifyEmailAction.tsx'));
const ResetPasswordAction = lazyScreen(() => import('./auth/ResetPasswordAction.tsx'));

/**
 * /auth-action: the page links in mails lead to. `mode` decides what shows (SPEC §2): verifyEmail the
 * email verification, resetPassword the new-password form; any other mode and a missing one an error.
 */
export default function AuthActionScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  if (mode === 'verifyEmail') return <VerifyEmailAction />;
  if (mode === 'resetPassword') return <ResetPasswordAction />;
  return (
    <Container size="sm" py="xl">
      <ErrorAlert data-testid="auth-action-error">
        {mode ? t('authAction.unsupportedMode', { mode }) : t('authAction.invalidAction')}
      </ErrorAlert>
    </Container>
  );
}
