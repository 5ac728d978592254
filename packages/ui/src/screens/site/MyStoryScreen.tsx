import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Reveal } from '../../components/Reveal.tsx';
import { SitePage } from './SitePage.tsx';
import { SIGN_UP_PATH } from '../../app/links.ts';

/** /my-story ('My Why' in the menu): the founder's story, in the first person. */
export default function MyStoryScreen() {
  const { t } = useTranslation('site');
  const paragraphs = t('myStory.paragraphs', { returnObjects: true }) as string[];
  return (
    <SitePage title={t('myStory.title')} intro={t('myStory.lead')}>
      <Stack gap="lg" component="article" maw={720}>
        {paragraphs.map((paragraph) => (
          <Reveal key={paragraph}>
            <Text size="lg" lh={1.75}>
              {paragraph}
            </Text>
          </Reveal>
        ))}
        <Reveal>
          <Text size="xl" fw={600} c="indigo.9" lh={1.6}>
            {t('myStory.closing')}
          </Text>
        </Reveal>
        <Button component={Link} to={SIGN_UP_PATH} size="md" w="fit-content">
          {t('myStory.cta')}
        </Button>
      </Stack>
    </SitePage>
  );
}
