import {
  destinationAfterSignIn,
  DIRECTORY_PAGE_SIZE,
  nextOnboardingStep,
  type DirectoryFilters,
  type DirectorySort,
} from '@amiko/core';
import {
  Alert,
  Button,
  Center,
  Collapse,
  Container,
  Flex,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberCard } from '../../components/MemberCard.tsx';
import { PlacePrompt } from '../../components/PlacePrompt.tsx';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { SIGN_UP_PATH } from '../../app/links.ts';

const ThisWeek = lazy(() => import('../meetups/ThisWeek.tsx'));

/**
 * /community: the directory with filters, its orders (shared interests, newest, recently active), cards and
 * Load More. Visitors see less.
 */
export default function CommunityScreen() {
  const { t, i18n } = useTranslation(['common', 'community']);
  const { member, loading } = useSession();
  const full = member?.emailVerified === true;
  // An address never confirmed sees no member at all (the server refuses too): it is asked to verify.
  const unverified = member !== null && !member.emailVerified;
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const [filters, setFilters] = useState<DirectoryFilters>({});
  const [chosenSort, setSort] = useState<DirectorySort>('sharedInterests');
  // "Recently active" is offered to members who show their own activity (who hides theirs sees nobody's).
  const privacy = trpc.account.privacy.useQuery(undefined, { enabled: full });
  const seesActivity = privacy.data?.showActivity === true;
  const sort = chosenSort === 'recentlyActive' && !seesActivity ? 'sharedInterests' : chosenSort;

  const directory = trpc.community.directory.useInfiniteQuery(
    { filters: full ? filters : {}, sort: full ? sort : 'newest', limit: DIRECTORY_PAGE_SIZE },
    {
      enabled: !loading && !unverified,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      initialCursor: null,
    },
  );
  const cards = directory.data?.pages.flatMap((page) => page.items) ?? [];
  const limited = directory.data?.pages[0]?.limited ?? !full;
  const showFilters = filtersOpen ?? wide;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('community:title')}</Title>
          <Text c="dimmed">{t('community:intro')}</Text>
        </div>
        {member && !unverified && (
          <Suspense fallback={null}>
            <ThisWeek />
          </Suspense>
        )}

        {member && unverified ? (
          <Alert color="indigo" variant="light" data-testid="verify-note" title={t('community:verifyTitle')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('community:verifyNote', { email: member.email })}</Text>
              <Button component={Link} to="/verify-email" size="xs">
                {t('nav.verifyEmail')}
              </Button>
            </Stack>
          </Alert>
        ) : full ? (
          <>
            <PlacePrompt />
            {member && nextOnboardingStep(member) && (
              <Alert color="indigo" variant="light" data-testid="onboarding-note">
                <Group justify="space-between" gap="sm">
                  <Text size="sm">{t('community:onboardingNote')}</Text>
                  <Button component={Link} to={destinationAfterSignIn(member)} size="xs">
                    {t('nav.setUpProfile')}
                  </Button>
                </Group>
              </Alert>
            )}
            <Flex
              direction={wide ? 'row' : 'column'}
              justify="space-between"
              align={wide ? 'center' : 'stretch'}
              gap="sm"
            >
              <SegmentedControl
                fullWidth={!wide}
                orientation={wide ? 'horizontal' : 'vertical'}
                value={sort}
                onChange={(value) => setSort(value as DirectorySort)}
                data={[
                  { value: 'sharedInterests', label: t('community:sort.sharedInterests') },
                  { value: 'newest', label: t('community:sort.newest') },
                  ...(seesActivity
                    ? [{ value: 'recentlyActive', label: t('community:sort.recentlyActive') }]
                    : []),
                  { value: 'nearby', label: t('community:sort.nearby') },
                ]}
                aria-label={t('community:sort.label')}
              />
              <Button
                variant="default"
                leftSection={<IconAdjustments size={16} aria-hidden="true" />}
                onClick={() => setFiltersOpen(!showFilters)}
                aria-expanded={showFilters}
                aria-controls="community-filters"
              >
                {showFilters ? t('community:filters.hide') : t('community:filters.show')}
              </Button>
            </Flex>
            <Collapse expanded={showFilters} id="community-filters">
              <FilterPanel onChange={setFilters} />
            </Collapse>
          </>
        ) : (
          !loading && (
            <Alert color="indigo" variant="light" data-testid="visitor-note">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('community:visitorNote')}</Text>
                {!member && (
                  <Button component={Link} to={SIGN_UP_PATH} size="xs">
                    {t('nav.signInUp')}
                  </Button>
                )}
              </Group>
            </Alert>
          )
        )}

        {unverified ? null : directory.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : directory.isError ? (
          <ErrorAlert onRetry={() => void directory.refetch()}>
            {i18n.t(errorKey(directory.error))}
          </ErrorAlert>
        ) : cards.length === 0 ? (
          <Text ta="center" py="xl" c="dimmed" data-testid="directory-empty">
            {t('community:empty')}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="directory">
              {cards.map((card) => (
                <MemberCard key={card.id} member={card} limited={limited} />
              ))}
            </SimpleGrid>
            {directory.hasNextPage && (
              <Center>
                <Button
                  variant="light"
                  onClick={() => void directory.fetchNextPage()}
                  loading={directory.isFetchingNextPage}
                >
                  {t('community:loadMore')}
                </Button>
              </Center>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
