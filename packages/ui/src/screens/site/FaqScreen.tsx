import { EARLY_ACCESS_LIMIT } from '@amiko/core';
import { Accordion, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Reveal } from '../../components/Reveal.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { formatPrice } from './format.ts';
import { SitePage } from './SitePage.tsx';

const QUESTIONS = [
  'what',
  'who',
  'cost',
  'firstMessage',
  'interests',
  'visibility',
  'block',
  'meetAgain',
  'noShows',
  'meetSafely',
  'payment',
  'delete',
  'languages',
  'more',
] as const;

/** /faq: questions a visitor asks before joining; each answer opens with the keyboard too. */
export default function FaqScreen() {
  const { t, i18n } = useTranslation('site');
  // Prerendered: until the app has taken over, a tap on a question would be lost (it opens with React), so
  // the questions wait disabled, looking as they will (no fading in a moment later).
  const hydrated = useHydrated();
  const values = { limit: EARLY_ACCESS_LIMIT, price: formatPrice(i18n.resolvedLanguage ?? 'en') };
  return (
    <SitePage title={t('faq.title')} intro={t('faq.intro')}>
      <Reveal>
        <Accordion
          variant="separated"
          radius="md"
          multiple
          defaultValue={['what']}
          order={2}
          maw={860}
          styles={hydrated ? undefined : { control: { opacity: 1, cursor: 'progress' } }}
        >
          {QUESTIONS.map((id) => (
            <Accordion.Item key={id} value={id}>
              <Accordion.Control disabled={!hydrated}>{t(`faq.${id}.q`)}</Accordion.Control>
              <Accordion.Panel>
                <Text>{t(`faq.${id}.a`, values)}</Text>
                {id === 'more' && (
                  <Anchor component={Link} to="/contact-us" fw={600} mt="xs" display="inline-block">
                    {t('faq.contactLink')}
                  </Anchor>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Reveal>
    </SitePage>
  );
}
