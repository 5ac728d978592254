import { deleteAccountSchema } from '@amiko/core';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { landingNotice } from '../../components/landingNotice.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { setOnboardingStep } from '../../hooks/useOnboardingStep.ts';
import { trpc } from '../../trpc.ts';

/** Irreversible: the password is checked again, then the member is signed out and back on the home page. */
export function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useTranslation(['settings', 'auth', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const remove = trpc.account.delete.useMutation({
    onSuccess: async () => {
      setOnboardingStep(null);
      queryClient.clear();
      utils.auth.me.setData(undefined, null);
      // Said on the home page until the visitor leaves it or closes it (issue 30.10).
      await navigate('/', { replace: true, ...landingNotice('accountDeleted') });
    },
  });
  const { form, submit, pending, formError } = useAppForm(deleteAccountSchema, remove, {
    initialValues: { password: '' },
    fallbackError: 'settings:errors.deleteFailed',
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Alert color="red" title={t('account.delete.title')}>
          {t('account.delete.warning')}
        </Alert>
        {formError && <ErrorAlert data-testid="delete-account-error">{i18n.t(formError)}</ErrorAlert>}
        <PasswordField
          label={t('account.delete.password')}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="red" loading={pending} data-testid="delete-account-submit">
            {t('account.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
