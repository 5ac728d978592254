import type { RouterOutputs } from '@amiko/api';
import { Button, Group, Text } from '@mantine/core';
import { IconBan, IconFlag, IconHeart, IconHeartFilled, IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PaymentNeededNote } from '../../components/PaymentNeededNote.tsx';
import { ReportDialog } from '../../components/ReportDialog.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';

/** What a member can do on another's profile: favourite, message, block and report. */
export function ProfileActions({ profile }: { profile: RouterOutputs['profile']['view'] }) {
  const { t, i18n } = useTranslation(['common', 'profile', 'community', 'catalog']);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const toggle = trpc.favorites.toggle.useMutation({
    onSuccess: ({ isFavorite }) => {
      utils.profile.view.setData({ memberId: profile.id }, (old) => (old ? { ...old, isFavorite } : old));
      void utils.favorites.list.invalidate();
    },
  });
  const block = trpc.blocks.block.useMutation({
    onSuccess: async () => {
      await Promise.all([
        utils.community.directory.invalidate(),
        utils.favorites.list.invalidate(),
        utils.blocks.list.invalidate(),
      ]);
      void notify({ message: t('community:block.done', { name: profile.name }), color: 'teal' });
      await navigate('/community');
    },
  });

  return (
    <>
      <Group gap="sm" mt="sm">
        <Button
          variant={profile.isFavorite ? 'filled' : 'light'}
          leftSection={
            profile.isFavorite ? (
              <IconHeartFilled size={16} aria-hidden="true" />
            ) : (
              <IconHeart size={16} aria-hidden="true" />
            )
          }
          aria-pressed={profile.isFavorite}
          loading={toggle.isPending}
          onClick={() => toggle.mutate({ memberId: profile.id })}
          data-testid="favorite-toggle"
        >
          {profile.isFavorite ? t('community:favorites.remove') : t('community:favorites.add')}
        </Button>
        <Button
          component={Link}
          to={`/messages?with=${encodeURIComponent(profile.id)}`}
          variant="light"
          leftSection={<IconMessageCircle size={16} aria-hidden="true" />}
        >
          {t('community:profile.message')}
        </Button>
        <Button
          variant="outline"
          color="red.8"
          leftSection={<IconBan size={16} aria-hidden="true" />}
          onClick={() => setBlocking(true)}
        >
          {t('community:block.action')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFlag size={16} aria-hidden="true" />}
          onClick={() => setReporting(true)}
        >
          {t('community:report.action')}
        </Button>
      </Group>
      <PaymentNeededNote />
      {toggle.error && (
        <Text c="red.8" size="sm" role="alert">
          {i18n.t(errorKey(toggle.error))}
        </Text>
      )}
      <ConfirmModal
        opened={blocking}
        title={t('community:block.title', { name: profile.name })}
        confirmLabel={t('community:block.confirm')}
        onConfirm={() => block.mutate({ memberId: profile.id })}
        onClose={() => setBlocking(false)}
        loading={block.isPending}
        error={block.error ? i18n.t(errorKey(block.error)) : null}
        danger
      >
        {t('community:block.text', { name: profile.name })}
      </ConfirmModal>
      <ReportDialog
        memberId={profile.id}
        name={profile.name}
        opened={reporting}
        onClose={() => setReporting(false)}
      />
    </>
  );
}
