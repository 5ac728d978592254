import { UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../hooks/useHydrated.ts';
import { useSession } from '../hooks/useSession.ts';
import { trpc } from '../trpc.ts';

/**
 * EN / DE, kept in sync with the translation language (SPEC §4); the choice is cached in localStorage and,
 * for a signed-in member, saved to the account so that Amiko's mail reaches them in it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { member } = useSession();
  const utils = trpc.useUtils();
  const save = trpc.site.setLanguage.useMutation({
    onSuccess: ({ language }) => utils.auth.me.setData(undefined, (me) => (me ? { ...me, language } : me)),
    onError: (error) => console.error('Language not saved to the account', error),
  });
  const hydrated = useHydrated();
  const current = (i18n.resolvedLanguage ?? 'en') as UiLanguage;
  return (
    <SegmentedControl
      size="xs"
      disabled={!hydrated}
      aria-label={t('footer.language')}
      value={current}
      onChange={(value) => {
        const language = value as UiLanguage;
        void i18n.changeLanguage(language);
        if (member && member.language !== language) save.mutate({ language });
      }}
      data={UI_LANGUAGES.map((lng) => ({
        value: lng,
        // "EN" to the eye, "EN English" to a screen reader (the visible text stays part of the name).
        label: (
          <span lang={lng}>
            {lng.toUpperCase()}
            <VisuallyHidden> {t(`languages.${lng}`)}</VisuallyHidden>
          </span>
        ),
      }))}
      data-testid="language-switcher"
    />
  );
}
