import { EARLY_ACCESS_LIMIT, pricingDestination, type PricingCard } from '@amiko/core';
import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
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

  if (session.loading || count.isPending) {
    return (
      <Center mih="50vh" role="status" aria-live="polite" data-testid="pricing-loading">
        <Stack align="center" gap="xs">
          <Loader aria-hidden="true" />
          <Text c="dimmed">{t('pricing.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  const memberCount = count.data?.count ?? EARLY_ACCESS_LIMIT;

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" ta="center">
          <Title order={1}>{t('pricing.title')}</Title>
          <Text c="dimmed" maw={560} mx="auto">
            {t('pricing.intro')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {CARDS.map((card) => (
            <PricingCardView key={card} card={card} member={session.member} memberCount={memberCount} />
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
}: {
  card: PricingCard;
  member: SessionMember | null;
  memberCount: number;
}) {
  const { t } = useTranslation('payment');
  const destination = pricingDestination({ card, member, memberCount });
  const yours =
    (card === 'earlyAccess' && member?.hasFreeAccess) || (card === 'standardAccess' && member?.hasPaid);
  const earlyAccessFull = card === 'earlyAccess' && memberCount >= EARLY_ACCESS_LIMIT;
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
          {yours && <Badge variant="light">{t('pricing.yourAccess')}</Badge>}
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
        <Button component={Link} to={destination} size="md" fullWidth data-destination={destination}>
          {t(`pricing.${card}.button`)}
        </Button>
      </Stack>
    </Card>
  );
}
