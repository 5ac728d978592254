import { UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../hooks/useHydrated.ts';
import { useSession } from '../hooks/useSession.ts';
import { trpc } from '../trpc.ts';

/**
 * EN / DE, kept in sync with the translation language (SPEC §4); the choice is cached in localStorage and,
 * for a signed-in member, saved to the account so that Amiko's mail reaches them in it.
 * Two native radios styled as a segmented control (styles.css, `.amiko-language`): it is on every public
 * page's first load, where Mantine's SegmentedControl and its animated indicator cost 1.6 KiB (issue 18.12);
 * native radios bring their keyboard use (arrows, one tab stop) with them.
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
  const id = useId();
  const current = (i18n.resolvedLanguage ?? 'en') as UiLanguage;
  const choose = (language: UiLanguage) => {
    void i18n.changeLanguage(language);
    if (member && member.language !== language) save.mutate({ language });
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('footer.language')}
      className="amiko-language"
      data-testid="language-switcher"
    >
      {UI_LANGUAGES.map((lng) => (
        <span key={lng}>
          <input
            type="radio"
            id={`${id}-${lng}`}
            name={id}
            value={lng}
            checked={current === lng}
            disabled={!hydrated}
            onChange={() => choose(lng)}
          />
          {/* "EN" to the eye, "EN English" to a screen reader (the visible text stays part of the name). */}
          <label htmlFor={`${id}-${lng}`} lang={lng}>
            {`${lng.toUpperCase()} `}
            <span className="amiko-visually-hidden">{t(`languages.${lng}`)}</span>
          </label>
        </span>
      ))}
    </div>
  );
}
