import type { ConversationView } from '@amiko/api';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import defaultAvatar from '../../assets/default-avatar.svg';
import { formatListTime } from './format.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

interface Props {
  me: string;
  conversations: ConversationView[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry(): void;
  selectedMemberId: string | null;
  onSelect(memberId: string): void;
}

/** SPEC §2 Messages: the conversation list with its search by name. */
export function ConversationList({
  me,
  conversations,
  loading,
  error,
  onRetry,
  selectedMemberId,
  onSelect,
}: Props) {
  const { t, i18n } = useTranslation(['messages', 'common']);
  const [query, setQuery] = useState('');
  const term = query.trim().toLocaleLowerCase(i18n.language);
  const nameOf = (c: ConversationView) => (c.other.deleted ? t('deletedMember') : c.other.name);
  const shown = (conversations ?? []).filter(
    (c) => term === '' || nameOf(c).toLocaleLowerCase(i18n.language).includes(term),
  );

  return (
    <Stack gap={0} h="100%">
      <Box p="sm">
        <TextInput
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          placeholder={t('list.search')}
          aria-label={t('list.searchLabel')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          type="search"
          data-testid="conversation-search"
        />
      </Box>
      <ScrollArea style={{ flex: 1 }} type="auto">
        {loading ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label={t('common:loading')} />
          </Group>
        ) : error ? (
          <ErrorAlert m="sm" title={t('list.loadError')} onRetry={onRetry} />
        ) : conversations && conversations.length === 0 ? (
          <Stack p="md" gap="xs" data-testid="conversations-empty">
            <Text fw={600}>{t('list.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('list.emptyHint')}
            </Text>
            <Button component={Link} to="/community" variant="light" size="xs" w="fit-content">
              {t('list.toCommunity')}
            </Button>
          </Stack>
        ) : shown.length === 0 ? (
          <Text p="md" size="sm" c="dimmed">
            {t('list.noMatches', { query: query.trim() })}
          </Text>
        ) : (
          <Box component="ul" aria-label={t('list.label')} m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((c) => {
              const selected = c.other.id === selectedMemberId;
              const last = c.lastMessage;
              return (
                <li key={c.id}>
                  <UnstyledButton
                    onClick={() => onSelect(c.other.id)}
                    aria-current={selected ? 'true' : undefined}
                    data-testid="conversation-item"
                    data-member-id={c.other.id}
                    w="100%"
                    px="sm"
                    py="xs"
                    style={{
                      display: 'block',
                      background: selected ? 'var(--mantine-color-indigo-0)' : undefined,
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                    }}
                  >
                    <Group wrap="nowrap" gap="sm" align="flex-start">
                      <Avatar src={c.other.avatarUrl ?? defaultAvatar} alt="" radius="xl" size={44} />
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text
                            fw={c.unreadCount > 0 ? 700 : 500}
                            truncate="end"
                            c={c.other.deleted ? 'dimmed' : undefined}
                          >
                            {nameOf(c)}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                            {formatListTime(c.updatedAt, i18n.language)}
                          </Text>
                        </Group>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text size="sm" c="dimmed" lineClamp={1} style={{ wordBreak: 'break-word' }}>
                            {last
                              ? last.senderId === me
                                ? t('list.you', { body: last.body })
                                : last.body
                              : ''}
                          </Text>
                          {c.unreadCount > 0 && (
                            <Badge
                              color="red"
                              size="sm"
                              circle={c.unreadCount < 10}
                              aria-label={t('list.unread', { count: c.unreadCount })}
                              data-testid="unread-count"
                              style={{ flexShrink: 0 }}
                            >
                              {c.unreadCount}
                            </Badge>
                          )}
                        </Group>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Box>
        )}
      </ScrollArea>
    </Stack>
  );
}
