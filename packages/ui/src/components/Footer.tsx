import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

/** SPEC §2 Footer: privacy policy, contact us, feedback, FAQ, the EN/DE switcher and a copyright line. */
export function Footer() {
  const { t } = useTranslation();
  const links = [
    { to: '/privacy-policy', label: t('footer.privacyPolicy') },
    { to: '/contact-us', label: t('footer.contactUs') },
    { to: '/feedback', label: t('footer.feedback') },
    { to: '/faq', label: t('footer.faq') },
  ];
  return (
    <Box
      component="footer"
      py="lg"
      mt="auto"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Group gap="lg" component="nav" aria-label={t('footer.navigation')}>
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dark.7">
                {link.label}
              </Anchor>
            ))}
          </Group>
          <LanguageSwitcher />
        </Group>
        <Text size="sm" c="dimmed" mt="md">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
