import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Reveal } from '../../components/Reveal.tsx';
import { SitePage } from './SitePage.tsx';

/** The date of the policy's last change; shown in the reader's language. */
const UPDATED = new Date(Date.UTC(2026, 10, 29));

const SECTIONS = [
  'controller',
  'account',
  'profile',
  'places',
  'photos',
  'messages',
  'pods',
  'analytics',
  'storage',
  'push',
  'payments',
  'mail',
  'contact',
  'logs',
  'legalBases',
  'recipients',
  'retention',
  'deletion',
  'security',
  'age',
  'rights',
  'changes',
] as const;

interface Section {
  title: string;
  body?: string[];
  items?: string[];
  after?: string;
}

/**
 * /privacy-policy: what Amiko stores and why, under the GDPR. SPEC §2: the German version when the
 * language is German, otherwise the English one; both are whole texts in the locale files.
 */
export default function PrivacyPolicyScreen() {
  const { t } = useTranslation('site');
  const date = t('privacy.updated', {
    date: UPDATED,
    formatParams: { date: { dateStyle: 'long', timeZone: 'UTC' } },
  });
  return (
    <SitePage
      title={t('privacy.title')}
      meta={
        <Text c="dimmed" size="sm" data-testid="privacy-updated">
          {date}
        </Text>
      }
      intro={t('privacy.intro')}
    >
      <Stack gap="xl" component="article" maw={760}>
        {SECTIONS.map((id, index) => {
          const section = t(`privacy.${id}`, { returnObjects: true }) as Section;
          return (
            <Reveal component="section" key={id} aria-labelledby={`privacy-${id}`}>
              <Title id={`privacy-${id}`} order={2} fz="xl" mb="xs">
                {`${index + 1}. ${section.title}`}
              </Title>
              <Stack gap="xs">
                {section.body?.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
                {section.items && (
                  <List spacing={4} withPadding>
                    {section.items.map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                )}
                {section.after && <Text>{section.after}</Text>}
              </Stack>
            </Reveal>
          );
        })}
        <Button component={Link} to="/contact-us" variant="light" w="fit-content">
          {t('privacy.contactCta')}
        </Button>
      </Stack>
    </SitePage>
  );
}
