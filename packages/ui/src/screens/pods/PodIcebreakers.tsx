import type { PodTogether } from '@amiko/api';
import { pickPodIcebreakers } from '@amiko/core';
import { catalogKey } from '@amiko/i18n';
import { IcebreakerLines } from '../messages/Icebreakers.tsx';
import { useTranslation } from 'react-i18next';
import type { Pod } from './PodActions.tsx';

/**
 * First lines for a new pod's empty chat (issue 34.4), from what brought its members together and what they
 * share (`together`, from the chat's first page): an interest several hold, its interests or a café's
 * languages, where it meets or a welcome to its newcomers, doing something together. A click puts the line
 * in the message box to edit; nothing is sent.
 */
export function PodIcebreakers({
  pod,
  together,
  onPick,
}: {
  pod: Pod;
  together?: PodTogether | undefined;
  onPick(line: string): void;
}) {
  const { t } = useTranslation(['pods', 'messages', 'catalog']);
  const language = (id: string) => t(catalogKey('languages', id as Pod['languages'][number]));
  const lines = pickPodIcebreakers({
    id: pod.id,
    interests: pod.interests,
    cafeLanguages:
      pod.kind === 'languageCafe' && pod.languages.length === 2
        ? [language(pod.languages[0]!), language(pod.languages[1]!)]
        : null,
    city: pod.place?.label ?? null,
    shared: together?.shared ?? [],
    newcomers: together?.newcomers ?? null,
  }).map((line) => {
    switch (line.template) {
      case 'place':
        return t('pods:chat.icebreakers.place', { city: line.city });
      case 'online':
        return t('pods:chat.icebreakers.online');
      case 'cafe':
        return t('pods:chat.icebreakers.cafe', { first: line.languages[0], second: line.languages[1] });
      case 'together':
        return t('pods:chat.icebreakers.together');
      case 'newcomer':
        return line.city === null
          ? t(`pods:chat.icebreakers.newcomer.${line.who}Online`)
          : t(`pods:chat.icebreakers.newcomer.${line.who}`, { city: line.city });
      default:
        return t(`pods:chat.icebreakers.${line.template}`, {
          interest: t(catalogKey('interests', line.interest)),
        });
    }
  });
  return <IcebreakerLines lines={lines} onPick={onPick} testId="pod-icebreakers" />;
}
