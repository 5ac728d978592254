import { EASE_OF_CONNECTION, FEEDBACK_TYPES, feedbackSchema, RATING_MAX } from '@amiko/core';
import { catalogKey } from '@amiko/i18n';
import { Button, Group, Input, NativeSelect, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StarRating } from '../../components/StarRating.tsx';
import { translatedError, useAppForm } from '../../hooks/useAppForm.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { trpc } from '../../trpc.ts';
import { FormFailure, FormSuccess } from './FormStatus.tsx';
import { SitePage } from './SitePage.tsx';

interface FeedbackValues {
  rating: number;
  type: string;
  suggestions: string;
  liked: string;
  easeOfConnection: string;
  comments: string;
}

const EMPTY: FeedbackValues = {
  rating: 0,
  type: '',
  suggestions: '',
  liked: '',
  easeOfConnection: '',
  comments: '',
};

function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t, i18n } = useTranslation(['site', 'catalog', 'common']);
  const feedback = trpc.site.feedback.useMutation();
  const { form, submit, pending } = useAppForm(feedbackSchema, feedback, {
    initialValues: EMPTY,
    input: (values) => ({
      ...feedbackSchema.parse(values),
      language: i18n.resolvedLanguage === 'de' ? 'de' : 'en',
    }),
    onSuccess: onSent,
  });
  const hydrated = useHydrated();
  const ratingError = translatedError(i18n, form.errors.rating);
  return (
    <form onSubmit={submit} noValidate aria-label={t('feedback.title')}>
      <fieldset disabled={!hydrated} className="plain-fieldset">
        <Stack gap="lg" maw={640}>
          <Input.Wrapper
            id="feedback-rating"
            label={t('feedback.rating')}
            labelElement="div"
            labelProps={{ id: 'feedback-rating-label' }}
            required
            error={ratingError}
          >
            <StarRating
              labelledBy="feedback-rating-label"
              describedBy={ratingError ? 'feedback-rating-error' : undefined}
              // The form's field (as getInputProps would mark it), so a missing rating takes focus.
              path="rating"
              count={RATING_MAX}
              value={form.values.rating}
              onChange={(value) => {
                form.setFieldValue('rating', value);
                form.validateField('rating');
              }}
              label={(value) => t('feedback.ratingValue', { count: value })}
            />
          </Input.Wrapper>
          <NativeSelect
            label={t('feedback.type')}
            required
            data={[
              { value: '', label: t('feedback.typePlaceholder'), disabled: true },
              ...FEEDBACK_TYPES.map((type) => ({ value: type, label: t(catalogKey('feedbackTypes', type)) })),
            ]}
            {...form.getInputProps('type')}
          />
          <Textarea
            label={t('feedback.suggestions')}
            autosize
            minRows={3}
            required
            {...form.getInputProps('suggestions')}
          />
          <Textarea
            label={t('feedback.liked')}
            autosize
            minRows={3}
            required
            {...form.getInputProps('liked')}
          />
          <Radio.Group
            label={t('feedback.easeOfConnection')}
            required
            {...form.getInputProps('easeOfConnection')}
          >
            <Group gap="md" mt="xs">
              {EASE_OF_CONNECTION.map((level) => (
                <Radio key={level} value={level} label={t(`catalog:easeOfConnection.${level}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t('feedback.comments')}
            description={t('feedback.optional')}
            autosize
            minRows={3}
            {...form.getInputProps('comments')}
          />
          {feedback.isError && <FormFailure error={feedback.error} title={t('errors.feedbackFailed')} />}
          <Button type="submit" loading={pending} w="fit-content" size="md">
            {t('feedback.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

/** /feedback: SPEC §3's feedback, validated like on the server (SPEC §5) and sent to the team. */
export default function FeedbackScreen() {
  const { t } = useTranslation('site');
  const [sent, setSent] = useState(false);
  return (
    <SitePage title={t('feedback.title')} intro={t('feedback.intro')}>
      {sent ? (
        <FormSuccess
          testId="feedback-success"
          title={t('feedback.successTitle')}
          text={t('feedback.successText')}
          again={t('feedback.again')}
          onAgain={() => setSent(false)}
        />
      ) : (
        <FeedbackForm onSent={() => setSent(true)} />
      )}
    </SitePage>
  );
}
