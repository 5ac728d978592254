import { Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { trpc } from '../../trpc.ts';
import { UserInfoForm } from './UserInfoForm.tsx';

/** Settings → User Info: the basic profile fields, saved as the profile's 'basic' section (a merge). */
export default function UserInfoScreen() {
  const { t } = useTranslation(['settings', 'common']);
  const mine = trpc.profile.mine.useQuery();
  return (
    <Stack>
      <Title order={2}>{t('userInfo.title')}</Title>
      {mine.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common:loading')} />
        </Center>
      ) : mine.isError ? (
        <ErrorAlert onRetry={() => void mine.refetch()}>{t('errors.loadFailed')}</ErrorAlert>
      ) : (
        <UserInfoForm profile={mine.data} />
      )}
    </Stack>
  );
}
