import type { RouterInputs, RouterOutputs } from '@amiko/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { podOnItsPage } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import type { TestApi } from '../../test/trpc-double.ts';
import { MeetupAfter } from './MeetupAfter.tsx';

// "See you again" on a pod's page (issue 35.5): who came (everyone checked to begin with), privately whom to
// meet again (nobody chosen to begin with), the answers sent as they are; then what is mutual, with a link to
// the conversation, and a circle's next meetup. Nothing shows for a pod without any of it.

const pod = podOnItsPage();

const person = (id: string, firstName: string) => ({ id, firstName, avatarUrl: null });
const question: RouterOutputs['meetups']['afterQuestions'][number] = {
  meetupId: 'm1',
  answered: false,
  podId: 'p1',
  podName: 'Hiking Reykjavík',
  startsAt: Date.UTC(2026, 10, 27, 18, 0),
  timeZone: 'Atlantic/Reykjavik',
  others: [person('lena', 'Lena'), person('tom', 'Tom')],
};
const none: RouterOutputs['meetups']['mutual'] = { pairs: [], circles: [] };

describe('see you again on a pod’s page', () => {
  it('asks who came and, privately, whom to meet again; then shows what is mutual', async () => {
    const answers: RouterInputs['meetups']['answerAfter'][] = [];
    let results = none;
    const api: TestApi = {
      meetups: {
        afterQuestions: () => [{ ...question, answered: answers.length > 0 }],
        mutual: () => results,
        answerAfter: (input) => {
          answers.push(input);
          results = {
            pairs: [
              {
                meetupId: 'm1',
                podId: 'p1',
                podName: 'Hiking Reykjavík',
                startsAt: question.startsAt,
                other: person('lena', 'Lena'),
                conversationId: 'c1',
              },
            ],
            circles: [],
          };
          // The answer carries nothing (what a member learns comes from meetups.mutual alone).
          return undefined as never;
        },
      },
    };
    const { user } = renderWithApp(<MeetupAfter pod={pod} />, { api });
    const form = await screen.findByTestId('meetup-after-form');
    expect(within(form).getByText('The meetup on Friday, November 27')).toBeTruthy();
    const came = within(form).getByRole('group', { name: 'Who came?' });
    expect(within(came).getByRole('checkbox', { name: 'Lena' })).toHaveProperty('checked', true);
    await user.click(within(came).getByRole('checkbox', { name: 'Tom' }));
    const again = within(form).getByRole('group', { name: 'Would you like to meet them again?' });
    expect(within(again).getByRole('switch', { name: 'Would you like to meet Tom again?' })).toHaveProperty(
      'checked',
      false,
    );
    await user.click(within(again).getByRole('switch', { name: 'Would you like to meet Lena again?' }));
    await user.click(within(form).getByRole('button', { name: 'Send my answers' }));
    await waitFor(() => expect(answers).toEqual([{ meetupId: 'm1', came: ['lena'], again: ['lena'] }]));

    const mutual = await screen.findByTestId('meetup-mutual');
    expect(within(mutual).getByText('You and Lena would both like to meet again')).toBeTruthy();
    expect(within(mutual).getByRole('link', { name: 'Write to Lena' }).getAttribute('href')).toBe(
      '/messages?with=lena',
    );
    await waitFor(() => expect(screen.queryByTestId('meetup-after-form')).toBeNull());
    // Answered: nothing more is asked, and whoever was there can still be reported.
    const answered = await screen.findByTestId('meetup-after-answered');
    expect(within(answered).getByText('The meetup on Friday, November 27')).toBeTruthy();
    expect(within(answered).getByRole('button', { name: 'Report Tom' })).toBeTruthy();
    expect(within(answered).queryByRole('checkbox')).toBeNull();
  });

  it('proposes the next meetup of a circle here, and shows nothing for a pod without any of it', async () => {
    const api: TestApi = {
      meetups: {
        afterQuestions: () => [{ ...question, podId: 'elsewhere' }],
        mutual: () => ({
          pairs: [],
          circles: [
            {
              meetupId: 'm1',
              meetupPodId: 'p1',
              podId: 'p1',
              podName: 'Hiking Reykjavík',
              kind: 'samePod',
              others: [person('lena', 'Lena'), person('tom', 'Tom')],
            },
          ],
        }),
      },
    };
    const { user } = renderWithApp(<MeetupAfter pod={pod} />, { api });
    const circle = await screen.findByTestId('meetup-circle');
    expect(within(circle).getByText('Lena, Tom, and you would all like to meet again.')).toBeTruthy();
    expect(screen.queryByTestId('meetup-after-form')).toBeNull();
    await user.click(within(circle).getByRole('button', { name: 'Propose the next meetup' }));
    expect(await screen.findByRole('dialog', { name: 'Propose a meetup' })).toBeTruthy();

    const empty: TestApi = { meetups: { afterQuestions: () => [], mutual: () => none } };
    const { container } = renderWithApp(<MeetupAfter pod={{ ...pod, id: 'p2' }} />, { api: empty });
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="meetup-after"]')).toBeNull();
  });

  it.each([false, true])(
    'reports someone who was going, with the meetup (issue 35.7), answered: %s',
    async (answered) => {
      const reports: RouterInputs['meetups']['report'][] = [];
      const api: TestApi = {
        meetups: {
          afterQuestions: () => [{ ...question, answered }],
          mutual: () => none,
          report: (input) => {
            reports.push(input);
            return { id: 'r1' };
          },
        },
      };
      const { user } = renderWithApp(<MeetupAfter pod={pod} />, { api });
      await user.click(await screen.findByRole('button', { name: 'Report Tom' }));
      const dialog = await screen.findByRole('dialog', { name: 'Report Tom' });
      await user.click(within(dialog).getByRole('radio', { name: 'Harassment or threats' }));
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      await waitFor(() => expect(reports).toHaveLength(1));
      expect(reports[0]).toMatchObject({ meetupId: 'm1', memberId: 'tom', reason: 'harassment' });
    },
  );
});
