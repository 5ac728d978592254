import { MESSAGE_MAX_LENGTH, messageBodySchema } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../errors.ts';

interface Props {
  disabled: boolean;
  onSend(body: string): void;
  onTyping(): void;
  /** A line put in the box from outside (an icebreaker): replaces the text, focused, not sent. */
  suggestion?: { text: string } | null;
  /** The text the box starts with: the draft kept for this conversation. */
  initialText?: string;
  /** Every change of the text, to keep it as the draft ('' once sent). */
  onDraftChange?(text: string): void;
}

/** The message field: Enter sends, Shift+Enter starts a new line; too long or empty says so next to it. */
export function Composer({
  disabled,
  onSend,
  onTyping,
  suggestion = null,
  initialText = '',
  onDraftChange,
}: Props) {
  const { t, i18n } = useTranslation('messages');
  const [body, setBodyState] = useState(initialText);
  const setBody = (text: string) => {
    setBodyState(text);
    onDraftChange?.(text);
  };
  const [error, setError] = useState<TranslationKey | null>(null);
  const remaining = MESSAGE_MAX_LENGTH - body.length;
  const field = useRef<HTMLTextAreaElement>(null);
  // A new suggestion replaces the text while rendering (React's way to follow a prop), then takes focus.
  const [taken, setTaken] = useState(suggestion);
  if (suggestion !== taken) {
    setTaken(suggestion);
    if (suggestion) {
      setBodyState(suggestion.text);
      setError(null);
    }
  }
  // The latest draft callback, for the effect below, which runs for a new suggestion only.
  const keepDraft = useRef(onDraftChange);
  useEffect(() => {
    keepDraft.current = onDraftChange;
  });
  useEffect(() => {
    if (!suggestion) return;
    field.current?.focus();
    keepDraft.current?.(suggestion.text);
  }, [suggestion]);

  const submit = () => {
    if (disabled) return;
    const parsed = messageBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(messageKey(parsed.error.issues[0]?.message ?? 'messages:errors.empty'));
      return;
    }
    onSend(parsed.data);
    setBody('');
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          ref={field}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (error) setError(null);
            if (event.currentTarget.value.trim() !== '') onTyping();
          }}
          onKeyDown={onKeyDown}
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          description={
            remaining < 0
              ? t('composer.tooLong', { count: -remaining })
              : remaining < 200
                ? t('composer.remaining', { count: remaining })
                : undefined
          }
          error={error ? i18n.t(error) : undefined}
          disabled={disabled}
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
          aria-describedby="composer-hint"
          data-testid="composer"
        />
        <ActionIcon
          type="submit"
          size={36}
          mb={error ? 22 : 0}
          aria-label={t('composer.send')}
          disabled={disabled}
          data-testid="send"
        >
          <IconSend size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <Text id="composer-hint" size="xs" c="dimmed" mt={4} visibleFrom="sm">
        {t('composer.hint')}
      </Text>
    </form>
  );
}
