import { EARLY_ACCESS_LIMIT, pricingDestination, type PricingCard } from '@amiko/core';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIGN_UP_PATH } from '../../app/links.ts';
import { useSession, type SessionMember } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';

const FEATURES = ['communityAccess', 'profileCustomization', 'unlimitedMessaging'] as const;
const CARDS: PricingCard[] = ['earlyAccess', 'standardAccess'];

/** /pricing (SPEC §2): two cards, each button leading where the member's access state says. */
export default function PricingScreen() {
  const { t } = useTranslation('payment');
  const session = useSession();
  const count = trpc.meta.memberCount.useQuery();

  // SPEC §7: a failed "fetched number" is only logged. The count then counts as reached: members with
  // access still go to /community, and everyone else can still pay.
  useEffect(() => {
    if (count.error) console.error('pricing: the member count could not be fetched', count.error);
  }, [count.error]);

  // The page shows at once (and prerendered, to a visitor without JavaScript); only the buttons wait for the
  // session and the count, which decide where they lead. The status line keeps its place: nothing shifts.
  const loading = session.loading || count.isPending;
  const memberCount = count.data?.count ?? EARLY_ACCESS_LIMIT;

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" ta="center">
          <Title order={1}>{t('pricing.title')}</Title>
          <Text c="dimmed" maw={560} mx="auto">
            {t('pricing.intro')}
          </Text>
          <Text
            role="status"
            aria-live="polite"
            size="sm"
            c="dimmed"
            mih="1.5em"
            data-testid={loading ? 'pricing-loading' : undefined}
          >
            {loading ? t('pricing.loading') : ''}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {CARDS.map((card) => (
            <PricingCardView
              key={card}
              card={card}
              member={session.member}
              memberCount={memberCount}
              loading={loading}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function PricingCardView({
  card,
  member,
  memberCount,
  loading,
}: {
  card: PricingCard;
  member: SessionMember | null;
  memberCount: number;
  loading: boolean;
}) {
  const { t } = useTranslation('payment');
  const rule = pricingDestination({ card, member, memberCount });
  // A visitor's way to either access begins with an account: the Sign Up tab (issue 18.4).
  const destination = rule === '/auth' ? SIGN_UP_PATH : rule;
  const yours =
    (card === 'earlyAccess' && member?.hasFreeAccess) || (card === 'standardAccess' && member?.hasPaid);
  const earlyAccessFull = !loading && card === 'earlyAccess' && memberCount >= EARLY_ACCESS_LIMIT;
  const titleId = `pricing-${card}-title`;

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      shadow="sm"
      padding="xl"
      radius="lg"
      data-testid={`pricing-${card}`}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h3" id={titleId}>
            {t(`pricing.${card}.title`)}
          </Title>
          {!loading && yours && <Badge variant="light">{t('pricing.yourAccess')}</Badge>}
        </Group>
        <div>
          <Text fz={36} fw={800} lh={1.1}>
            {t(`pricing.${card}.price`)}
          </Text>
          <Text c="dimmed">{t(`pricing.${card}.description`)}</Text>
          {earlyAccessFull && (
            <Text size="sm" fw={600} c="dimmed" mt={4}>
              {t('pricing.earlyAccess.full')}
            </Text>
          )}
        </div>
        <List
          spacing="xs"
          aria-label={t('pricing.includes')}
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" aria-hidden="true">
              <IconCheck size={14} />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          {FEATURES.map((feature) => (
            <List.Item key={feature}>{t(`pricing.features.${feature}`)}</List.Item>
          ))}
        </List>
        {loading ? (
          <Button size="md" fullWidth loading>
            {t(`pricing.${card}.button`)}
          </Button>
        ) : destination === null ? (
          // No early-access place left: nothing free to get, and no way to the payment from this card.
          <Button size="md" fullWidth disabled data-testid={`pricing-${card}-unavailable`}>
            {t('pricing.earlyAccess.noPlaces')}
          </Button>
        ) : (
          <Button component={Link} to={destination} size="md" fullWidth data-destination={destination}>
            {t(`pricing.${card}.button`)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
