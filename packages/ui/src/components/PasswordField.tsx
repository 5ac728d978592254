import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's PasswordInput with a translated name on its show/hide button. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }} {...props} />;
}
