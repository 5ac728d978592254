import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LandingNoticeKind } from './landingNotice.ts';

/**
 * The confirmation of what just happened elsewhere (a password reset, an account deleted), on the page the
 * member lands on, until they leave it or close it: a toast was gone after about 4 s, and members missed
 * it (issue 30.10). It lives in the history entry's state (landingNotice.ts), so a reload keeps it and
 * closing clears it. Its own chunk: a first visit never needs it.
 */
export default function LandingNotice({ kind }: { kind: LandingNoticeKind }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Container size="lg" pt="md">
      <Alert
        color="teal"
        role="status"
        withCloseButton
        closeButtonLabel={t('notices.close')}
        onClose={() =>
          void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
        }
        data-testid="landing-notice"
      >
        {t(`notices.${kind}`)}
      </Alert>
    </Container>
  );
}
