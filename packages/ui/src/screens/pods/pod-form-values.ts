import { POD_SIZE_DEFAULT, podInputSchema, podKindProblems, type PodInput } from '@amiko/core';
import { z } from 'zod';

// What PodForm edits: the procedure's input and whether the pod meets online, its first values, and the
// rules it checks before sending.

export type Values = PodInput & { online: boolean };

/**
 * The procedure's own schema over what would be sent, and one rule of the form's: a pod "in a town" needs
 * its town (the procedure reads no town as an online pod).
 */
export const formSchema = z.custom<Values>().superRefine((values, context) => {
  const parsed = podInputSchema.safeParse(toInput(values));
  const issues = parsed.error?.issues.map((issue) => [issue.path[0], issue.message] as const) ?? [];
  // Every rule at once (issue 30.6): the schema asks the kind's rules only once the fields themselves pass.
  for (const [field, message] of podKindProblems(values))
    if (!issues.some(([path]) => path === field)) issues.push([field, message]);
  for (const [field, message] of issues)
    context.addIssue({ code: 'custom', path: field === undefined ? [] : [field], message });
  if (!values.online && values.placeId === null)
    context.addIssue({ code: 'custom', path: ['placeId'], message: 'pods:errors.placeRequired' });
});

export function toInput({ online, ...values }: Values): PodInput {
  return { ...values, placeId: online ? null : values.placeId };
}

export const INITIAL: Values = {
  name: '',
  kind: 'interests',
  interests: [],
  languages: [],
  level: null,
  placeId: null,
  online: false,
  description: '',
  sizeLimit: POD_SIZE_DEFAULT,
  joinRule: 'open',
};
