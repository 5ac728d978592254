import { EARLY_ACCESS_LIMIT, freePlacesLeft, showEarlyAccessBanner } from '@amiko/core';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trpc } from '../../trpc.ts';
import { SIGN_UP_PATH } from '../../app/links.ts';

/**
 * SPEC §1: the extra early-access banner, shown while the fetched member count is below 500, with the free
 * places left. While the count loads, the banner's space is held (invisible) so the page does not jump;
 * if the count cannot be fetched, nothing shows and the failure is only logged.
 */
export function EarlyAccessBanner() {
  const { t } = useTranslation();
  const count = trpc.meta.memberCount.useQuery(undefined, { staleTime: 0 });
  useEffect(() => {
    if (count.error) console.error('Member count not fetched', count.error);
  }, [count.error]);
  if (count.isError) return null;
  const loading = count.isPending;
  if (!loading && !showEarlyAccessBanner(count.data.count)) return null;
  const left = loading ? EARLY_ACCESS_LIMIT : freePlacesLeft(count.data.count);
  return (
    <Box
      component="section"
      aria-label={t('home.banner.label')}
      className="early-access"
      data-testid="early-access-banner"
      data-loading={loading || undefined}
      aria-hidden={loading || undefined}
      style={loading ? { visibility: 'hidden' } : undefined}
    >
      <Container size="lg" py="sm">
        <Group gap="xs" justify="center" wrap="wrap" ta="center">
          <Text fw={800} c="indigo.9" size="sm" tt="uppercase" lts={0.5}>
            {t('home.banner.label')}
          </Text>
          <Text size="sm" c="dark.8">
            {t('home.banner.text', { limit: EARLY_ACCESS_LIMIT })}{' '}
            <strong data-testid="free-places-left">{t('home.banner.placesLeft', { count: left })}</strong>
          </Text>
          <Anchor
            component={Link}
            to={SIGN_UP_PATH}
            size="sm"
            fw={700}
            c="indigo.9"
            tabIndex={loading ? -1 : 0}
          >
            {t('home.banner.cta')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
