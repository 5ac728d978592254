import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconHeartHandshake,
  IconMoodHeart,
  IconPlant2,
  IconShieldLock,
  IconSparkles,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Reveal } from '../../components/Reveal.tsx';
import { EarlyAccessBanner } from './EarlyAccessBanner.tsx';
import { HeroArt } from './HeroArt.tsx';
import { SIGN_UP_PATH } from '../../app/links.ts';

const VALUES: {
  id: 'kindness' | 'authenticity' | 'openness' | 'safety' | 'curiosity' | 'belonging';
  icon: Icon;
}[] = [
  { id: 'kindness', icon: IconHeartHandshake },
  { id: 'authenticity', icon: IconMoodHeart },
  { id: 'openness', icon: IconUsersGroup },
  { id: 'safety', icon: IconShieldLock },
  { id: 'curiosity', icon: IconSparkles },
  { id: 'belonging', icon: IconPlant2 },
];

/**
 * Home: hero, about us, mission, vision and values. The route table serves it only at / and /index.html,
 * which is where SPEC §2 allows the early-access banner. Its texts live in "common", which the app loads
 * before the first paint: the landing page needs no further locale request.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const about = t('home.about.body', { returnObjects: true }) as string[];
  return (
    <>
      <EarlyAccessBanner />
      <Box component="section" className="hero" aria-labelledby="home-title">
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
            <Stack gap="lg" maw={700}>
              <Title id="home-title" order={1} fz={{ base: 34, sm: 48, md: 56 }} lh={1.1}>
                {t('home.title')}
              </Title>
              <Text fz={{ base: 'lg', sm: 'xl' }} c="dark.6" maw={640}>
                {t('home.subtitle')}
              </Text>
              <Group gap="sm">
                <Button component={Link} to={SIGN_UP_PATH} size="md">
                  {t('home.ctaJoin')}
                </Button>
                <Button component={Link} to="/how-it-works" size="md" variant="default">
                  {t('home.ctaHow')}
                </Button>
              </Group>
            </Stack>
            <Box visibleFrom="md" style={{ flexShrink: 0 }}>
              <HeroArt />
            </Box>
          </Group>
        </Container>
      </Box>

      <Container size="lg" pt={{ base: 32, sm: 48 }} pb={{ base: 48, sm: 80 }}>
        <Stack gap={64}>
          <Reveal component="section" aria-labelledby="about-title">
            <Title id="about-title" order={2} mb="md">
              {t('home.about.title')}
            </Title>
            <Stack gap="sm" maw={760}>
              {about.map((paragraph) => (
                <Text key={paragraph} size="lg">
                  {paragraph}
                </Text>
              ))}
              <Text size="lg" fw={600} data-testid="new-in-town-note">
                {t('home.about.newInTown')}
              </Text>
              {/* The founder's story, which the wide header leaves to the menu and this page (issue 30.17). */}
              <Anchor component={Link} to="/my-story" size="lg" fw={600} data-testid="my-why-link">
                {t('home.about.myWhy')}
              </Anchor>
            </Stack>
          </Reveal>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {(['mission', 'vision'] as const).map((id) => (
              <Reveal key={id} component="section" aria-labelledby={`${id}-title`} h="100%">
                <Paper p="xl" radius="lg" h="100%" className="soft-card">
                  <Title id={`${id}-title`} order={2} mb="sm">
                    {t(`home.${id}.title`)}
                  </Title>
                  <Text size="lg">{t(`home.${id}.text`)}</Text>
                </Paper>
              </Reveal>
            ))}
          </SimpleGrid>

          <Reveal component="section" aria-labelledby="values-title">
            <Title id="values-title" order={2}>
              {t('home.values.title')}
            </Title>
            <Text c="dimmed" size="lg" mt="xs" mb="lg">
              {t('home.values.intro')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" component="ul" className="plain-list">
              {VALUES.map(({ id, icon: ValueIcon }) => (
                <Paper component="li" key={id} p="lg" radius="lg" withBorder>
                  <ThemeIcon size={44} radius="xl" variant="light" mb="sm" aria-hidden="true">
                    <ValueIcon size={24} stroke={1.6} />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mb={6}>
                    {t(`home.values.${id}.title`)}
                  </Title>
                  <Text>{t(`home.values.${id}.text`)}</Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Reveal>

          <Reveal component="section" aria-labelledby="closing-title">
            <Paper p={{ base: 'xl', sm: 48 }} radius="lg" className="cta-panel">
              <Stack gap="md" align="flex-start">
                <Title id="closing-title" order={2}>
                  {t('home.closing.title')}
                </Title>
                <Text size="lg">{t('home.closing.text')}</Text>
                <Button component={Link} to={SIGN_UP_PATH} size="md">
                  {t('home.closing.cta')}
                </Button>
              </Stack>
            </Paper>
          </Reveal>
        </Stack>
      </Container>
    </>
  );
}
