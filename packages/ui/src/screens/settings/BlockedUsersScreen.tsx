import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** Settings → Blocked Users: everyone the member has blocked, each with Unblock (SPEC §4). */
export default function BlockedUsersScreen() {
  const { t, i18n } = useTranslation(['common', 'community']);
  const utils = trpc.useUtils();
  const list = trpc.blocks.list.useQuery();
  const unblock = trpc.blocks.unblock.useMutation({
    onSuccess: async (_, { memberId }) => {
      const name = list.data?.find((m) => m.id === memberId)?.name ?? '';
      void notify({ message: t('community:blocked.unblocked', { name }), color: 'teal' });
      await Promise.all([utils.blocks.list.invalidate(), utils.community.directory.invalidate()]);
    },
  });

  return (
    <Stack gap="md">
      <Title order={2}>{t('community:blocked.title')}</Title>
      <Text c="dimmed">{t('community:blocked.intro')}</Text>
      {unblock.error && <ErrorAlert>{i18n.t(errorKey(unblock.error))}</ErrorAlert>}
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : list.isError ? (
        <ErrorAlert onRetry={() => void list.refetch()}>{i18n.t(errorKey(list.error))}</ErrorAlert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" py="lg" data-testid="blocked-empty">
          {t('community:errors.noBlockedUsers')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.map((blocked) => (
            <Card key={blocked.id} withBorder component="li" data-testid="blocked-user">
              <Group justify="space-between" wrap="wrap">
                <Group gap="sm">
                  <MemberAvatar src={blocked.avatarUrl} size={48} radius={48} alt="" />
                  <Text fw={600}>{blocked.name}</Text>
                </Group>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => unblock.mutate({ memberId: blocked.id })}
                  loading={unblock.isPending && unblock.variables?.memberId === blocked.id}
                  aria-label={t('community:blocked.unblockNamed', { name: blocked.name })}
                >
                  {t('community:blocked.unblock')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
