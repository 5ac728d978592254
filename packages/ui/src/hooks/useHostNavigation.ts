import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePlatform } from '../platform.tsx';

/** Follows the host when it sends the UI somewhere: a notification clicked, an amiko:// link, the tray. */
export function useHostNavigation(): void {
  const platform = usePlatform();
  const navigate = useNavigate();
  useEffect(() => platform.onNavigate((path) => void navigate(path)), [platform, navigate]);
}
