import {
  AGE_MAX,
  AGE_MIN,
  ageRangeSchema,
  DIRECTORY_PAGE_SIZE,
  type DirectoryFilters,
  type DirectorySort,
} from '@amiko/core';
import {
  Alert,
  Button,
  Card,
  Center,
  Collapse,
  Container,
  Flex,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CatalogMultiSelect, CatalogSelect } from '../../components/CatalogSelect.tsx';
import { MemberCard } from '../../components/MemberCard.tsx';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

interface FilterForm {
  minAge: number | string;
  maxAge: number | string;
  gender: string | null;
  country: string | null;
  city: string;
  languages: string[];
  lookingFor: string[];
  interests: string[];
  newMembers: boolean;
}

const EMPTY: FilterForm = {
  minAge: AGE_MIN,
  maxAge: AGE_MAX,
  gender: null,
  country: null,
  city: '',
  languages: [],
  lookingFor: [],
  interests: [],
  newMembers: false,
};

/** The filters as the API takes them; null with the field errors when the age range is not valid. */
function toFilters(form: FilterForm): { filters: DirectoryFilters } | { errors: Record<string, string> } {
  const minAge = form.minAge === '' ? AGE_MIN : Number(form.minAge);
  const maxAge = form.maxAge === '' ? AGE_MAX : Number(form.maxAge);
  const age = ageRangeSchema.safeParse({ minAge, maxAge });
  if (!age.success) {
    const errors: Record<string, string> = {};
    for (const issue of age.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { errors };
  }
  const filters: DirectoryFilters = {};
  // The whole range is no filter at all: members without a birthday stay in.
  if (minAge !== AGE_MIN || maxAge !== AGE_MAX) filters.age = { minAge, maxAge };
  if (form.gender) filters.gender = form.gender as DirectoryFilters['gender'];
  if (form.country) filters.country = form.country as DirectoryFilters['country'];
  if (form.city.trim()) filters.city = form.city.trim();
  if (form.languages.length) filters.languages = form.languages as DirectoryFilters['languages'];
  if (form.lookingFor.length) filters.lookingFor = form.lookingFor as DirectoryFilters['lookingFor'];
  if (form.interests.length) filters.interests = form.interests as DirectoryFilters['interests'];
  if (form.newMembers) filters.newMembers = true;
  return { filters };
}

/** /community: the directory with filters, two orders, cards and Load More. Visitors see less. */
export default function CommunityScreen() {
  const { t } = useTranslation(['common', 'community']);
  const { member, loading } = useSession();
  const full = member?.emailVerified === true;
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [filters, setFilters] = useState<DirectoryFilters>({});
  const [sort, setSort] = useState<DirectorySort>('sharedInterests');

  const directory = trpc.community.directory.useInfiniteQuery(
    { filters: full ? filters : {}, sort: full ? sort : 'newest', limit: DIRECTORY_PAGE_SIZE },
    { enabled: !loading, getNextPageParam: (page) => page.nextCursor ?? undefined, initialCursor: null },
  );
  const cards = directory.data?.pages.flatMap((page) => page.items) ?? [];
  const limited = directory.data?.pages[0]?.limited ?? !full;
  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const apply = () => {
    const result = toFilters(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setFilters(result.filters);
  };
  const showFilters = filtersOpen ?? wide;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('community:title')}</Title>
          <Text c="dimmed">{t('community:intro')}</Text>
        </div>

        {full ? (
          <>
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
              <Card
                withBorder
                component="form"
                onSubmit={(event) => {
                  event.preventDefault();
                  apply();
                }}
                aria-label={t('community:filters.title')}
              >
                <Stack>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                    <NumberInput
                      label={t('community:filters.minAge')}
                      value={form.minAge}
                      onChange={(value) => set('minAge', value)}
                      min={AGE_MIN}
                      max={AGE_MAX}
                      allowDecimal={false}
                      clampBehavior="none"
                      error={errors.minAge ? t(errors.minAge) : undefined}
                    />
                    <NumberInput
                      label={t('community:filters.maxAge')}
                      value={form.maxAge}
                      onChange={(value) => set('maxAge', value)}
                      min={AGE_MIN}
                      max={AGE_MAX}
                      allowDecimal={false}
                      clampBehavior="none"
                      error={errors.maxAge ? t(errors.maxAge) : undefined}
                    />
                    <CatalogSelect
                      label={t('community:filters.gender')}
                      catalog="genders"
                      sorted={false}
                      value={form.gender}
                      onChange={(value) => set('gender', value)}
                      placeholder={t('community:filters.any')}
                    />
                    <CatalogSelect
                      label={t('community:filters.country')}
                      catalog="countries"
                      value={form.country}
                      onChange={(value) => set('country', value)}
                      placeholder={t('community:filters.any')}
                    />
                    <TextInput
                      label={t('community:filters.city')}
                      value={form.city}
                      onChange={(event) => set('city', event.currentTarget.value)}
                      maxLength={80}
                    />
                    <CatalogMultiSelect
                      label={t('community:filters.languages')}
                      catalog="languages"
                      value={form.languages}
                      onChange={(value) => set('languages', value)}
                    />
                    <CatalogMultiSelect
                      label={t('community:filters.lookingFor')}
                      catalog="lookingFor"
                      value={form.lookingFor}
                      onChange={(value) => set('lookingFor', value)}
                    />
                    <CatalogMultiSelect
                      label={t('community:filters.interests')}
                      description={t('community:filters.interestsHint')}
                      catalog="interests"
                      value={form.interests}
                      onChange={(value) => set('interests', value)}
                    />
                  </SimpleGrid>
                  <Group justify="space-between" wrap="wrap">
                    <Switch
                      label={t('community:filters.newMembers')}
                      checked={form.newMembers}
                      onChange={(event) => set('newMembers', event.currentTarget.checked)}
                    />
                    <Group gap="sm">
                      <Button
                        variant="default"
                        onClick={() => {
                          setForm(EMPTY);
                          setErrors({});
                          setFilters({});
                        }}
                      >
                        {t('community:filters.reset')}
                      </Button>
                      <Button type="submit">{t('community:filters.apply')}</Button>
                    </Group>
                  </Group>
                </Stack>
              </Card>
            </Collapse>
          </>
        ) : (
          !loading && (
            <Alert color="indigo" variant="light" data-testid="visitor-note">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('community:visitorNote')}</Text>
                {!member && (
                  <Button component={Link} to="/auth" size="xs">
                    {t('nav.signInUp')}
                  </Button>
                )}
              </Group>
            </Alert>
          )
        )}

        {directory.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : directory.isError ? (
          <ErrorAlert onRetry={() => void directory.refetch()}>{t(errorKey(directory.error))}</ErrorAlert>
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
