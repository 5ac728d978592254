import { profileSections, STORY_MAX_LENGTH, STORY_MIN_LENGTH } from '@amiko/core';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appCodeOf, errorKey, messageKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';

/** Writes the story (SPEC §5: required, at least 300 characters, with a countdown of what is missing). */
export function StoryForm(props: { initial: string; submitLabel: string; onSaved: () => void }) {
  const { t, i18n } = useTranslation(['common', 'profile']);
  const utils = trpc.useUtils();
  const [story, setStory] = useState(props.initial);
  // After the first submit the form's own check follows what is typed ('Your story is required.' turns
  // into the 300-character message as soon as there is text); the server's refusals last until the next
  // keystroke.
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = trpc.profile.saveSection.useMutation({
    onSuccess: (profile) => utils.profile.mine.setData(undefined, profile),
  });
  const missing = STORY_MIN_LENGTH - story.trim().length;
  const checked = profileSections.story.safeParse({ story });
  const formError =
    submitted && !checked.success ? i18n.t(messageKey(checked.error.issues[0]?.message)) : null;
  const error = formError ?? serverError;

  const submit = async () => {
    setSubmitted(true);
    setServerError(null);
    if (!checked.success) return;
    try {
      await save.mutateAsync({ section: 'story', values: { story: checked.data.story } });
      props.onSaved();
    } catch (caught) {
      // Refusals of the text itself are shown as they are; anything else is the spec's save error.
      setServerError(
        i18n.t(appCodeOf(caught) === 'VALIDATION' ? errorKey(caught) : 'profile:errors.storySave'),
      );
    }
  };

  return (
    <Stack>
      <Textarea
        label={t('profile:story.label')}
        description={t('profile:story.description')}
        value={story}
        onChange={(event) => {
          setStory(event.currentTarget.value);
          setServerError(null);
        }}
        autosize
        minRows={8}
        maxLength={STORY_MAX_LENGTH}
        error={error}
        data-testid="story-input"
      />
      <Text size="sm" c={missing > 0 ? 'dimmed' : 'teal.9'} aria-live="polite" data-testid="story-counter">
        {missing > 0
          ? t('profile:story.moreNeeded', { count: missing })
          : t('profile:story.length', { count: story.trim().length })}
      </Text>
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {props.submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
