import {
  Anchor,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ActivitySign } from '../../components/ActivitySign.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** /favorites: the members one keeps, searchable by name, each removable after a confirmation. */
export default function FavoritesScreen() {
  const { t, i18n } = useTranslation(['common', 'community']);
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const list = trpc.favorites.list.useQuery(
    { search: debounced || undefined },
    { placeholderData: (previous) => previous },
  );
  // Nothing found while searching: whether there is any favourite at all decides what the page says (issue
  // 30.15: removing the only favourite while searching said "No favorite matches your search.").
  const all = trpc.favorites.list.useQuery({}, { enabled: Boolean(debounced) && list.data?.length === 0 });
  const noneAtAll = !debounced || all.data?.length === 0;
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const remove = trpc.favorites.remove.useMutation({
    onSuccess: async () => {
      setRemoving(null);
      await utils.favorites.list.invalidate();
    },
  });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('community:favorites.title')}</Title>
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('community:favorites.searchPlaceholder')}
          aria-label={t('community:favorites.search')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          maxLength={80}
        />
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : list.isError ? (
          <ErrorAlert onRetry={() => void list.refetch()}>{i18n.t(errorKey(list.error))}</ErrorAlert>
        ) : list.data.length === 0 ? (
          <Stack align="center" py="xl" gap="xs" data-testid="favorites-empty">
            <Text c="dimmed">
              {noneAtAll ? t('community:favorites.empty') : t('community:favorites.noMatch')}
            </Text>
            {noneAtAll && (
              <Anchor component={Link} to="/community">
                {t('community:favorites.browse')}
              </Anchor>
            )}
          </Stack>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.map((favorite) => (
              <Card key={favorite.id} withBorder component="li" data-testid="favorite">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <MemberAvatar src={favorite.avatarUrl} size={56} radius={56} alt="" />
                    <div>
                      <Text fw={600}>{favorite.name}</Text>
                      <Text size="sm" c="dimmed">
                        {[
                          favorite.age !== null ? t('community:card.age', { count: favorite.age }) : null,
                          favorite.city,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                      <ActivitySign activity={favorite.activity} />
                    </div>
                  </Group>
                  <Group gap="xs">
                    <Button component={Link} to={`/profile-view/${favorite.id}`} variant="light" size="xs">
                      {t('community:card.viewProfile')}
                    </Button>
                    <Button
                      variant="outline"
                      color="red.8"
                      size="xs"
                      onClick={() => setRemoving({ id: favorite.id, name: favorite.name })}
                      aria-label={t('community:favorites.removeNamed', { name: favorite.name })}
                    >
                      {t('community:favorites.removeShort')}
                    </Button>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('community:favorites.confirmTitle')}
        confirmLabel={t('community:favorites.removeShort')}
        onConfirm={() => removing && remove.mutate({ memberId: removing.id })}
        onClose={() => setRemoving(null)}
        loading={remove.isPending}
        error={remove.error ? i18n.t(errorKey(remove.error)) : null}
        danger
      >
        {t('community:favorites.confirmText', { name: removing?.name ?? '' })}
      </ConfirmModal>
    </Container>
  );
}
