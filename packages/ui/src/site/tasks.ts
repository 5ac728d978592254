/**
 * Resolves in a later task, after the browser's own turn (input, a frame). The public site starts in steps
 * with this between them: on a phone one long task blocks a tap for its whole length (Lighthouse's total
 * blocking time counts each task's time beyond 50 ms), several short ones do not.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
