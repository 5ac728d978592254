import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearDrafts } from '../messaging/drafts.ts';
import { setOnboardingStep } from './useOnboardingStep.ts';
import { trpc } from '../trpc.ts';

/** Signs out everywhere, forgets everything cached about the member and returns to / (SPEC §2). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const mutation = trpc.auth.signOut.useMutation({
    onSettled: async () => {
      setOnboardingStep(null);
      clearDrafts();
      queryClient.clear();
      utils.auth.me.setData(undefined, null);
      await navigate('/');
    },
    onError: (error) => console.error('Sign-out failed', error),
  });
  return { signOut: () => mutation.mutate(), pending: mutation.isPending };
}
