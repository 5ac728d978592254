import { UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** EN / DE, kept in sync with the translation language (SPEC §4); the choice is cached in localStorage. */
export function LanguageSwitcher({ onChange }: { onChange?: (language: UiLanguage) => void }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as UiLanguage;
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('footer.language')}
      value={current}
      onChange={(value) => {
        const language = value as UiLanguage;
        void i18n.changeLanguage(language);
        onChange?.(language);
      }}
      data={UI_LANGUAGES.map((lng) => ({ value: lng, label: lng.toUpperCase() }))}
      data-testid="language-switcher"
    />
  );
}
