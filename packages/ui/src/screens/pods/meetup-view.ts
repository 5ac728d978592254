import type { RouterOutputs } from '@amiko/api';

/** A meetup as the member sees it (meetups.ofPod, meetups.find): what the cards and their actions show. */
export type Meetup = RouterOutputs['meetups']['ofPod'][number];
